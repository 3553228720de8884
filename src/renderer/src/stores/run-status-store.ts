import { create } from 'zustand';
import type { RunStatus } from '../../../shared/domain/run-spec';
import type { EventPayload } from '../../../shared/ipc/contract';

interface RunStatusState {
  /** The latest status main reported for each run seen in a run.progress event. */
  statuses: Record<string, RunStatus>;
  /** Bumped whenever a run's status changes, so lists of runs read the history again. */
  version: number;
  onProgress(p: EventPayload<'run.progress'>): void;
}

/**
 * Live run statuses for every run, not only the one the run board shows: lists read from
 * the history once (the run picker) stay right when a run pauses, finishes or fails later.
 */
export const useRunStatusStore = create<RunStatusState>((set, get) => ({
  statuses: {},
  version: 0,
  onProgress(p) {
    if (get().statuses[p.runId] === p.status) return;
    set((s) => ({ statuses: { ...s.statuses, [p.runId]: p.status }, version: s.version + 1 }));
  },
}));
