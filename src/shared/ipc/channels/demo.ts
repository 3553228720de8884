import { z } from 'zod';
import { invokeChannel } from '../define';

// A labelled synthetic demo history, built through the real run engine against the
// in-process sandbox with a clock that walks the past N days.

export interface DemoStatusView {
  /** A demo history is in the open history file. */
  present: boolean;
  /** A build is under way. */
  building: boolean;
  days: number | null;
  /**
   * The demo's first and last day (UTC, YYYY-MM-DD) when one is present: a demo built before
   * 07:00 UTC ends yesterday (its day's 06:00 runs were still to come), so these, not the clock
   * of whoever reads the demo later, say which days it holds.
   */
  firstDay?: string;
  lastDay?: string;
  builtAt: number | null;
  runs: number;
  results: number;
  /** 'preview': every engine through the "Preview: all engines" profile; absent/'spec' otherwise. */
  variant?: 'spec' | 'preview';
}

export interface DemoBuildView {
  days: number;
  monitors: number;
  runs: number;
  results: number;
  brands: number;
  elapsedMs: number;
  /** True when it was canceled part-way (what was built is kept and can be deleted). */
  canceled: boolean;
  /** 'preview': every engine through the "Preview: all engines" profile. */
  variant?: 'spec' | 'preview';
}

export const demoChannels = {
  'demo.status': invokeChannel(z.object({}).strict()).returns<DemoStatusView>(),
  /** Builds the demo history; progress arrives as 'demo.progress' events. */
  'demo.load': invokeChannel(
    z
      .object({
        days: z.number().int().min(1).max(365).default(90),
        /** Every engine through the "Preview: all engines" profile (shown as a preview). */
        preview: z.boolean().optional(),
      })
      .strict(),
  ).returns<DemoBuildView>(),
  'demo.cancel': invokeChannel(z.object({}).strict()).returns<{ canceled: boolean }>(),
  /** Deletes every demo run, monitor and brand in one transaction. */
  'demo.delete': invokeChannel(z.object({}).strict()).returns<{
    runs: number;
    monitors: number;
    brands: number;
  }>(),
};
