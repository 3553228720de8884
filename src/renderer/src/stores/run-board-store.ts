import { create } from 'zustand';
import type { JobState, RunStatus } from '../../../shared/domain/run-spec';
import type { MatrixCellView, RunDetailView, RunProgressView } from '../../../shared/ipc/channels/runs';
import type { EventPayload } from '../../../shared/ipc/contract';
import { call } from '../ipc/client';
import { toShownError, type ShownError } from '../lib/errors';
import { notifyRunDone } from '../lib/notify-done';
import { runName } from '../lib/run-label';
import { plural } from '../lib/format';

export const TERMINAL_STATUSES: ReadonlySet<RunStatus> = new Set([
  'completed',
  'failed',
  'canceled',
  'interrupted',
]);

interface RunBoardState {
  runId: string | null;
  detail: RunDetailView | null;
  progress: RunProgressView | null;
  cells: MatrixCellView[];
  loading: boolean;
  error: ShownError | null;
  actionError: ShownError | null;
  load(runId: string): Promise<void>;
  onProgress(p: EventPayload<'run.progress'>): void;
  onJob(j: EventPayload<'run.job'>): void;
  act(action: 'pause' | 'resume' | 'cancel' | 'rerun', clearQueue?: boolean): Promise<void>;
}

function announceEnd(detail: RunDetailView | null, p: RunProgressView): void {
  const name = detail ? runName(detail) : 'A run';
  const done = p.counts.succeeded ?? 0;
  notifyRunDone(
    `${name} ${p.status}`,
    `${done} of ${plural(p.total, 'job')} succeeded, ${plural(p.creditsSpent, 'credit')} spent`,
    p.status === 'completed',
  );
}

/** The live run board: one run's detail, progress and job grid, kept current by events. */
export const useRunBoardStore = create<RunBoardState>((set, get) => ({
  runId: null,
  detail: null,
  progress: null,
  cells: [],
  loading: false,
  error: null,
  actionError: null,
  async load(runId) {
    set({ runId, loading: true, error: null, actionError: null, detail: null, progress: null, cells: [] });
    try {
      const [detail, progress, cells] = await Promise.all([
        call('runs.get', { runId }),
        call('runs.progress', { runId }),
        call('runs.matrix', { runId }),
      ]);
      if (get().runId !== runId) return;
      set({ detail, progress, cells, loading: false });
    } catch (error) {
      if (get().runId === runId) set({ error: toShownError(error), loading: false });
    }
  },
  onProgress(p) {
    const { runId, progress, detail } = get();
    if (p.runId !== runId) return;
    const wasRunning = progress !== null && !TERMINAL_STATUSES.has(progress.status);
    set({ progress: p, detail: detail ? { ...detail, status: p.status, counts: p.counts } : detail });
    if (wasRunning && TERMINAL_STATUSES.has(p.status)) announceEnd(detail, p);
  },
  onJob(j) {
    if (j.runId !== get().runId) return;
    set((s) => ({
      cells: s.cells.map((c) =>
        c.jobId === j.jobId
          ? {
              ...c,
              jobState: j.state as JobState,
              resultId: j.resultId ?? c.resultId,
              error: j.errorCode
                ? {
                    code: j.errorCode,
                    message: c.error?.message ?? j.errorCode,
                    requestId: c.error?.requestId ?? null,
                    status: c.error?.status ?? null,
                  }
                : c.error,
            }
          : c,
      ),
    }));
  },
  async act(action, clearQueue = false) {
    const runId = get().runId;
    if (!runId) return;
    set({ actionError: null });
    try {
      const progress =
        action === 'pause'
          ? await call('runs.pause', { runId })
          : action === 'resume'
            ? await call('runs.resume', { runId })
            : action === 'cancel'
              ? await call('runs.cancel', { runId, clearQueue })
              : await call('runs.rerunInterrupted', { runId });
      get().onProgress(progress);
    } catch (error) {
      set({ actionError: toShownError(error) });
    }
  },
}));
