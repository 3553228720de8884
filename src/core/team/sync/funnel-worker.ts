import { Worker } from 'node:worker_threads';
import type { FunnelDay } from '../../outcomes';
import type { WorkerScript } from '../../platform';

// The funnel totals a sync shares, computed on a thread of their own in the app: a year of
// imported logs takes one to three seconds to roll up per day, site, engine and page, which on
// the Electron main process would stall the window and its IPC. The thread opens the history
// read-only (WAL: it reads beside the app's connection), computes them as this thread would
// (funnel-thread.ts) and posts the rows back in one message: at most a few hundred thousand
// small rows. Runs in positioning-worker.ts's script (role 'funnel-days'), which every build ships.

/** What the shared totals are computed for: the history file, the days and the clock. */
export interface FunnelDaysRequest {
  dbPath: string;
  days: number;
  now: number;
}

/** Computes the shared totals elsewhere; without one, the sync computes them on its own thread. */
export type FunnelDaysOnThread = (request: FunnelDaysRequest) => Promise<FunnelDay[]>;

/** The worker data of the thread's role in positioning-worker.ts. */
export interface FunnelDaysWorkerData {
  role: 'funnel-days';
  request: FunnelDaysRequest;
}

export type FunnelDaysMessage = { type: 'rows'; rows: FunnelDay[] } | { type: 'error'; message: string };

/** The rows the thread `spawn` starts posts; rejects with its failure, said in one line. */
export function funnelDaysFrom(
  spawn: (data: FunnelDaysWorkerData) => Worker,
  request: FunnelDaysRequest,
): Promise<FunnelDay[]> {
  return new Promise((resolve, reject) => {
    const worker = spawn({ role: 'funnel-days', request });
    let settled = false;
    const settle = (done: () => void): void => {
      if (settled) return;
      settled = true;
      done();
      void worker.terminate();
    };
    worker.on('message', (message: FunnelDaysMessage) =>
      settle(() =>
        message.type === 'rows'
          ? resolve(message.rows)
          : reject(new Error(`The funnel totals could not be computed: ${message.message}`)),
      ),
    );
    worker.on('error', (error) =>
      settle(() => reject(new Error(`The funnel totals' thread failed: ${error.message}`))),
    );
    worker.on('exit', (code) =>
      settle(() => reject(new Error(`The funnel totals' thread stopped (exit code ${code})`))),
    );
  });
}

/** Computes the shared totals on threads started from `script` (positioning-worker.ts). */
export function funnelDaysOn(script: WorkerScript): FunnelDaysOnThread {
  return (request) =>
    funnelDaysFrom(
      (data) => new Worker(script.file, { workerData: data, execArgv: script.execArgv ?? [] }),
      request,
    );
}
