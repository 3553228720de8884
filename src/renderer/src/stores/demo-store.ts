import { create } from 'zustand';
import type { DemoBuildView, DemoStatusView } from '../../../shared/ipc/channels/demo';
import type { EventPayload } from '../../../shared/ipc/contract';
import { call, subscribe } from '../ipc/client';
import { toShownError, type ShownError } from '../lib/errors';

export type DemoProgress = EventPayload<'demo.progress'>;

/** The history lengths offered: a month to look around, a quarter for trends. */
export const DEMO_DAYS = [30, 90] as const;
export type DemoDays = (typeof DEMO_DAYS)[number];

export interface DemoDeleted {
  runs: number;
  monitors: number;
  brands: number;
}

interface DemoState {
  status: DemoStatusView | null;
  days: DemoDays;
  /** Every engine through the "Preview: all engines" profile (the spec lists most as coming soon). */
  preview: boolean;
  /** This window started a build that has not finished yet. */
  building: boolean;
  /** The latest 'demo.progress' of the build under way (or of the last one). */
  progress: DemoProgress | null;
  /** The last build's outcome (canceled part-way or complete). */
  lastBuild: DemoBuildView | null;
  error: ShownError | null;
  setDays(days: DemoDays): void;
  setPreview(preview: boolean): void;
  refresh(): Promise<void>;
  /** Builds the demo history; resolves to its outcome, or null when it failed (see error). */
  load(): Promise<DemoBuildView | null>;
  cancel(): Promise<void>;
  /** Deletes the demo history; resolves to what was deleted, or null when it failed. */
  remove(): Promise<DemoDeleted | null>;
}

/** The labelled synthetic demo history: its status, a build with progress, its deletion. */
export const useDemoStore = create<DemoState>((set, get) => ({
  status: null,
  days: 30,
  // Every engine side by side by default: the preview profile, labelled as such.
  preview: true,
  building: false,
  progress: null,
  lastBuild: null,
  error: null,
  setDays: (days) => set({ days }),
  setPreview: (preview) => set({ preview }),
  async refresh() {
    try {
      set({ status: await call('demo.status', {}) });
    } catch (error) {
      set({ error: toShownError(error) });
    }
  },
  async load() {
    if (get().building) return null;
    const days = get().days;
    set({
      building: true,
      error: null,
      lastBuild: null,
      progress: { phase: 'building', day: 0, days, runs: 0, results: 0, message: null },
    });
    // Progress is followed only while this build runs, whichever view is on screen.
    const off = subscribe('demo.progress', (progress) => set({ progress }));
    try {
      const lastBuild = await call('demo.load', { days, ...(get().preview ? { preview: true } : {}) });
      set({ lastBuild });
      return lastBuild;
    } catch (error) {
      set({ error: toShownError(error) });
      return null;
    } finally {
      off();
      set({ building: false });
      void get().refresh();
    }
  },
  async cancel() {
    try {
      await call('demo.cancel', {});
    } catch (error) {
      set({ error: toShownError(error) });
    }
  },
  async remove() {
    set({ error: null });
    try {
      const deleted = await call('demo.delete', {});
      set({ lastBuild: null, progress: null });
      return deleted;
    } catch (error) {
      set({ error: toShownError(error) });
      return null;
    } finally {
      void get().refresh();
    }
  },
}));
