import type { HistoryStore } from '../history';
import type { DemoVariant } from './plan';

// What the demo created, remembered in the history's meta table so it can be listed and
// deleted later (from the app or the CLI, in another process), and so a second demo is
// refused on top of the first.

export const DEMO_META_KEY = 'demo.history';

export interface DemoRecord {
  version: 1;
  /** building: under way (or stopped by a crash); canceled: stopped part-way, kept. */
  status: 'building' | 'built' | 'canceled' | 'failed';
  days: number;
  /** UTC midnight of the first and last day. */
  firstDay: number;
  lastDay: number;
  /** Real time the build started and ended. */
  startedAt: number;
  builtAt: number | null;
  monitorIds: string[];
  brandIds: string[];
  runIds: string[];
  /** 'preview': every engine through the Preview profile (absent in records before it: 'spec'). */
  variant?: DemoVariant;
}

type MetaStore = Pick<HistoryStore, 'getMeta' | 'setMeta'>;

export function readDemoRecord(store: MetaStore): DemoRecord | null {
  const raw = store.getMeta(DEMO_META_KEY);
  if (raw === null) return null;
  try {
    const parsed = JSON.parse(raw) as Partial<DemoRecord>;
    return {
      version: 1,
      status: parsed.status ?? 'failed',
      days: parsed.days ?? 0,
      firstDay: parsed.firstDay ?? 0,
      lastDay: parsed.lastDay ?? 0,
      startedAt: parsed.startedAt ?? 0,
      builtAt: parsed.builtAt ?? null,
      monitorIds: parsed.monitorIds ?? [],
      brandIds: parsed.brandIds ?? [],
      runIds: parsed.runIds ?? [],
      variant: parsed.variant === 'preview' ? 'preview' : 'spec',
    };
  } catch {
    // An unreadable record still marks a demo as present (so it can be deleted, not rebuilt over).
    return {
      version: 1,
      status: 'failed',
      days: 0,
      firstDay: 0,
      lastDay: 0,
      startedAt: 0,
      builtAt: null,
      monitorIds: [],
      brandIds: [],
      runIds: [],
    };
  }
}

export function writeDemoRecord(store: MetaStore, record: DemoRecord): void {
  store.setMeta(DEMO_META_KEY, JSON.stringify(record));
}
