import { create } from 'zustand';
import type { CommerceOption, RunSpec } from '../../../shared/domain/run-spec';
import type { MonitorView } from '../../../shared/ipc/channels/library';
import type { InvokeInput } from '../../../shared/ipc/contract';
import { call } from '../ipc/client';
import { errorOf, toShownError, type ShownError } from '../lib/errors';

interface MonitorsState {
  monitors: MonitorView[] | null;
  error: ShownError | null;
  /** A failed run now / delete / enable toggle. */
  actionError: ShownError | null;
  /** The monitor whose "Run now" is starting. */
  starting: string | null;
  load(): Promise<void>;
  /** Returns null when saved, or the error for the form to show next to its fields. */
  save(input: InvokeInput<'monitors.save'>): Promise<ShownError | null>;
  setEnabled(monitor: MonitorView, enabled: boolean): Promise<void>;
  /** Tracks shopping and ads, or expands products, on the monitor's next runs (or stops); the other switch stays. */
  setCommerce(monitor: MonitorView, change: Partial<CommerceOption>): Promise<void>;
  remove(id: string): Promise<void>;
  /** Starts the monitor's run now; returns the new run's id (null when it did not start). */
  runNow(id: string): Promise<string | null>;
}

type Set = (fn: (s: MonitorsState) => Partial<MonitorsState>) => void;

/** Saves a changed monitor, shown at once; the list read after the save (or a failure) has the real state. */
async function saveShown(set: Set, get: () => MonitorsState, m: MonitorView): Promise<void> {
  set((s) => ({
    actionError: null,
    monitors: s.monitors?.map((x) => (x.id === m.id ? m : x)) ?? null,
  }));
  try {
    await call('monitors.save', {
      id: m.id,
      name: m.name,
      spec: m.spec,
      cadence: m.cadence,
      enabled: m.enabled,
    });
    await get().load();
  } catch (error) {
    set(() => ({ actionError: toShownError(error) }));
    await get().load();
  }
}

/** Saved run specs that run on a cadence (daily, weekly or cron), and their last runs. */
export const useMonitorsStore = create<MonitorsState>((set, get) => ({
  monitors: null,
  error: null,
  actionError: null,
  starting: null,
  async load() {
    try {
      set({ monitors: await call('monitors.list', {}), error: null });
    } catch (error) {
      set({ error: toShownError(error) });
    }
  },
  async save(input) {
    return errorOf(async () => {
      await call('monitors.save', input);
      await get().load();
    });
  },
  async setEnabled(m, enabled) {
    await saveShown(set, get, { ...m, enabled });
  },
  async setCommerce(m, change) {
    const commerce: CommerceOption = {
      shoppingAndAds: m.spec.commerce?.shoppingAndAds ?? false,
      expandProducts: m.spec.commerce?.expandProducts ?? false,
      ...change,
    };
    const spec: RunSpec = { ...m.spec, commerce };
    if (!commerce.shoppingAndAds && !commerce.expandProducts) delete spec.commerce;
    await saveShown(set, get, { ...m, spec });
  },
  async remove(id) {
    set({ actionError: null });
    const failed = await errorOf(async () => {
      await call('monitors.delete', { id });
      await get().load();
    });
    if (failed) set({ actionError: failed });
  },
  async runNow(id) {
    set({ actionError: null, starting: id });
    try {
      const { runId } = await call('monitors.runNow', { id });
      set({ starting: null });
      void get().load();
      return runId;
    } catch (error) {
      set({ actionError: toShownError(error), starting: null });
      return null;
    }
  },
}));
