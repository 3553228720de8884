import { create } from 'zustand';
import type { SyncConflictView, SyncStatusView } from '../../../shared/ipc/channels/sync';
import { call } from '../ipc/client';
import { toShownError, type ShownError } from '../lib/errors';

// The background sync's state for the sidebar (kept live by 'sync.status' events) and the
// drafts a conflict left, with "apply my draft" / "discard".

interface SyncState {
  status: SyncStatusView | null;
  conflicts: SyncConflictView[] | null;
  error: ShownError | null;
  load(): Promise<void>;
  onStatus(status: SyncStatusView): void;
  syncNow(): Promise<void>;
  /** Stops a new workspace's seed download (the switch to it is called off). */
  cancelSeed(): Promise<void>;
  loadConflicts(): Promise<void>;
  resolve(id: number, action: 'apply' | 'discard'): Promise<void>;
}

export const useSyncStore = create<SyncState>((set, get) => {
  const guarded = async (fn: () => Promise<void>): Promise<void> => {
    set({ error: null });
    try {
      await fn();
    } catch (err) {
      set({ error: toShownError(err) });
    }
  };
  return {
    status: null,
    conflicts: null,
    error: null,
    load: () => guarded(async () => set({ status: await call('sync.status', {}) })),
    onStatus(status) {
      const before = get().status?.conflicts ?? 0;
      set({ status });
      // A sync that made drafts: the open list shows them.
      if (get().conflicts !== null && status.conflicts !== before) void get().loadConflicts();
    },
    syncNow: () => guarded(async () => set({ status: await call('sync.now', {}) })),
    cancelSeed: () => guarded(async () => void (await call('sync.cancelSeed', {}))),
    loadConflicts: () => guarded(async () => set({ conflicts: await call('sync.conflicts', {}) })),
    resolve: (id, action) =>
      guarded(async () => {
        const left = await call('sync.resolve', { id, action });
        const status = get().status;
        set({ conflicts: left, status: status ? { ...status, conflicts: left.length } : status });
      }),
  };
});
