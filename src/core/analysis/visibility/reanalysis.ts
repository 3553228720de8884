import type { ReanalysisProgress } from '../../../shared/visibility/types';
import type { EventBus } from '../../platform';
import { REANALYSIS_BATCH } from '../../history';

// After a brand change the store clears every brand-derived row and records a re-analysis job
// in the file (meta 'vis_reanalysis': a cursor over the stored answers); it analyses the first
// batch at once, so a small history is done before the save returns. This driver runs the
// rest in the app: one batch per event-loop turn, each its own short transaction, so IPC reads
// (and the window) keep working between batches. It reports progress as
// 'visibility.reanalysis' and ends with 'visibility.changed'. The job survives a crash or a
// quit: the core kicks the driver at open and it resumes from the recorded cursor.

export { REANALYSIS_BATCH };
const RETRY_MS = 2000;
const MAX_RETRIES = 3;

export interface ReanalysisStore {
  visReanalysis(): ReanalysisProgress | null;
  visReanalyseStep(maxResults: number): (ReanalysisProgress & { finished: boolean }) | null;
}

export interface ReanalysisDriver {
  /** Continues a pending re-analysis in the background; nothing when none is pending or one runs. */
  kick(): void;
  /** True while batches are being run. */
  readonly running: boolean;
  /** Stops after the batch under way (the job stays recorded and resumes at the next open). */
  close(): Promise<void>;
}

export function createReanalysisDriver(deps: {
  store: ReanalysisStore;
  events: Pick<EventBus, 'emit' | 'subscribe'>;
  batch?: number;
  logError?: (message: string) => void;
  /** Schedules the next batch; setImmediate lets pending I/O (IPC calls) run first. */
  defer?: (fn: () => void) => void;
  /** Wait before retrying a failed batch (another process holding the write lock, most likely). */
  retryMs?: number;
}): ReanalysisDriver {
  const batch = deps.batch ?? REANALYSIS_BATCH;
  const retryMs = deps.retryMs ?? RETRY_MS;
  const defer = deps.defer ?? ((fn: () => void) => setImmediate(fn));
  let running = false;
  let closed = false;
  let failures = 0;
  let idle: Promise<void> = Promise.resolve();
  let settle: () => void = () => undefined;
  let retry: NodeJS.Timeout | null = null;

  function finish(): void {
    running = false;
    settle();
  }

  function step(): void {
    if (closed) return finish();
    let progress: ReturnType<ReanalysisStore['visReanalyseStep']>;
    try {
      progress = deps.store.visReanalyseStep(batch);
      failures = 0;
    } catch (error) {
      // Most likely another process (the CLI) holds the write lock: try again shortly.
      failures += 1;
      deps.logError?.(
        `brand re-analysis: ${error instanceof Error ? error.message : String(error)}` +
          (failures <= MAX_RETRIES ? ' (retrying)' : ' (stopped; it resumes at the next start)'),
      );
      if (failures <= MAX_RETRIES) {
        retry = setTimeout(() => {
          retry = null;
          step();
        }, retryMs);
        retry.unref?.();
      } else finish();
      return;
    }
    if (progress === null || progress.finished) {
      finish();
      const { done, total } = progress ?? { done: 0, total: 0 };
      deps.events.emit('visibility.reanalysis', { phase: 'done', done, total });
      deps.events.emit('visibility.changed', { reason: 'brands' });
      return;
    }
    deps.events.emit('visibility.reanalysis', {
      phase: 'running',
      done: progress.done,
      total: progress.total,
      ...(progress.searchResults === true ? { searchResults: true } : {}),
    });
    defer(step);
  }

  function kick(): void {
    if (running || closed) return;
    const pending = deps.store.visReanalysis();
    if (pending === null) return;
    running = true;
    failures = 0;
    idle = new Promise((resolve) => (settle = resolve));
    deps.events.emit('visibility.reanalysis', { phase: 'running', ...pending });
    defer(step);
  }

  // A brand save, a demo build or a demo deletion may have left a job: continue it.
  const unsubscribe = deps.events.subscribe((event, payload) => {
    if (event !== 'visibility.changed') return;
    const reason = (payload as { reason: string }).reason;
    if (reason === 'brands' || reason === 'demo' || reason === 'delete') kick();
  });

  return {
    kick,
    get running() {
      return running;
    },
    async close() {
      closed = true;
      unsubscribe();
      if (retry) {
        clearTimeout(retry);
        retry = null;
        finish();
      }
      await idle;
    },
  };
}
