import { Worker } from 'node:worker_threads';
import { BUILTIN_JUDGE_REF } from '../../../shared/positioning';
import type { EventBus, WorkerScript } from '../../platform';
import type { PositioningJobApi, RescoreRequest } from '../../history';
import type { RescoreWorkerData, RescoreWorkerMessage } from './positioning-worker';
import { runBuiltinRescore } from './builtin-rescore';
import type { RescoreOutcome } from './rescore-pipeline';

// The app's side of the built-in judge's re-score: runs the pending job on a worker thread
// (positioning-worker.ts: its own connection, the judging on a pool of threads), so the window
// and IPC keep working throughout; only a batch's short write transaction is ever waited for.
// Reports 'positioning.rescore' events (running after each batch, then done, paused or failed).
// A job left by a crash or a quit resumes at the next start (kick); a job the analyst stopped
// (paused) waits to be started again. Without a worker script (tests) the batches run
// in-process, one per event-loop turn. Jobs of another judge (a model's) are not run here.

export interface RescoreDriver {
  /** Runs the pending built-in job in the background (nothing when none, paused, or running). */
  kick(): void;
  /** Records the analyst's re-score (or resumes the same one paused) and runs it. */
  start(request?: RescoreRequest): void;
  /** Stops after the batch under way; the job stays recorded, paused. */
  cancel(): Promise<void>;
  readonly running: boolean;
  /** Stops without pausing (the job resumes at the next start). */
  close(): Promise<void>;
}

export interface RescoreDriverDeps {
  store: PositioningJobApi;
  events: Pick<EventBus, 'emit' | 'subscribe'>;
  dbPath: string;
  /** positioning-worker's script; without it the batches run on this thread. */
  worker?: WorkerScript;
  threads?: number;
  batchSize?: number;
  logError?: (message: string) => void;
}

interface Running {
  stop(): void;
  done: Promise<void>;
}

export function createRescoreDriver(deps: RescoreDriverDeps): RescoreDriver {
  let running: Running | null = null;
  let closed = false;

  const emit = (
    phase: 'running' | 'done' | 'paused' | 'failed',
    done: number,
    total: number,
    message: string | null = null,
  ) => deps.events.emit('positioning.rescore', { phase, done, total, message });

  function ended(result: RescoreOutcome | Error): void {
    running = null;
    if (result instanceof Error) {
      deps.logError?.(`positioning re-score: ${result.message} (it resumes at the next start)`);
      const job = deps.store.posRescoreState().job;
      emit('failed', job?.done ?? 0, job?.total ?? 0, result.message);
      return;
    }
    if (result.outcome === 'finished') emit('done', result.done, result.total);
    else if (result.outcome === 'canceled') emit('paused', result.done, result.total);
    // A brand change may have re-aimed the job while the last batch ran: go on.
    if (!closed && result.outcome === 'finished') kick();
  }

  function inProcess(): Running {
    const abort = new AbortController();
    const done = runBuiltinRescore(deps.store, {
      ...(deps.batchSize ? { batchSize: deps.batchSize } : {}),
      signal: abort.signal,
      onProgress: (p) => emit('running', p.done, p.total),
    }).then(ended, (error: unknown) => ended(error instanceof Error ? error : new Error(String(error))));
    return { stop: () => abort.abort(), done };
  }

  function onWorker(script: WorkerScript): Running {
    const data: RescoreWorkerData = {
      role: 'rescore',
      dbPath: deps.dbPath,
      script: {
        file: script.file instanceof URL ? script.file.href : script.file,
        isUrl: script.file instanceof URL,
        ...(script.execArgv ? { execArgv: script.execArgv } : {}),
      },
      ...(deps.threads ? { threads: deps.threads } : {}),
      ...(deps.batchSize ? { batchSize: deps.batchSize } : {}),
    };
    const worker = new Worker(script.file, { workerData: data, execArgv: script.execArgv ?? [] });
    let result: RescoreOutcome | Error | null = null;
    worker.on('message', (m: RescoreWorkerMessage) => {
      if (m.type === 'progress') emit('running', m.done, m.total);
      else if (m.type === 'done') result = m.result;
      else result = new Error(m.message);
    });
    worker.on('error', (error) => (result ??= error));
    const done = new Promise<void>((resolve) =>
      worker.once('exit', (code) => {
        ended(result ?? new Error(`the re-score thread stopped (exit code ${code})`));
        resolve();
      }),
    );
    return { stop: () => worker.postMessage({ type: 'cancel' }), done };
  }

  function kick(): void {
    if (running || closed) return;
    const job = deps.store.posRescoreState().job;
    if (job === null || job.paused || job.judge !== BUILTIN_JUDGE_REF.id) return;
    emit('running', job.done, job.total);
    running = deps.worker ? onWorker(deps.worker) : inProcess();
  }

  // A brand change (re-aiming the job), a demo build or deletion may have left a job.
  const unsubscribe = deps.events.subscribe((event, payload) => {
    if (event !== 'visibility.changed') return;
    const reason = (payload as { reason: string }).reason;
    if (reason === 'brands' || reason === 'demo' || reason === 'delete') kick();
  });

  return {
    kick,
    start(request = {}) {
      deps.store.posRescoreStart(request);
      kick();
    },
    async cancel() {
      deps.store.posRescorePause();
      const current = running;
      if (current) {
        current.stop();
        await current.done;
      }
    },
    get running() {
      return running !== null;
    },
    async close() {
      closed = true;
      unsubscribe();
      const current = running;
      if (current) {
        current.stop();
        await current.done;
      }
    },
  };
}
