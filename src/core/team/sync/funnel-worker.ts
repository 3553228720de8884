import { Worker } from 'node:worker_threads';
import type { FunnelDay } from '../../outcomes';
import type { WorkerScript } from '../../platform';

// The funnel totals a sync shares, computed on a thread of their own in the app: a year of
// imported logs takes one to three seconds to roll up per day, site, engine and page, which on
// the Electron main process would stall the window and its IPC. The thread opens the history
// read-only (WAL: it reads beside the app's connection), computes them as this thread would
// (funnel-thread.ts) and posts the rows back in chunks, the next once this thread took one: a
// busy site's year is a million rows, whose arrival in one message would hold this thread a
// second (the clone is undone here); chunks of 2,000 hold it 20 ms at most (10,000: about
// 100 ms), and the window's events run between chunks (`npm run bench -- funnel-share-thread`).
// Runs in positioning-worker.ts's script (role 'funnel-days'), which every build ships.

/** Rows per message from the thread. */
export const FUNNEL_CHUNK_ROWS = 2_000;

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

export type FunnelDaysMessage =
  { type: 'rows'; rows: FunnelDay[] } | { type: 'end' } | { type: 'error'; message: string };

/** To the thread: this thread took a chunk (the thread may post the next). */
export interface FunnelDaysTaken {
  type: 'taken';
}

/** The rows the thread `spawn` starts posts; rejects with its failure, said in one line. */
export function funnelDaysFrom(
  spawn: (data: FunnelDaysWorkerData) => Worker,
  request: FunnelDaysRequest,
): Promise<FunnelDay[]> {
  return new Promise((resolve, reject) => {
    const worker = spawn({ role: 'funnel-days', request });
    const rows: FunnelDay[] = [];
    let settled = false;
    const settle = (done: () => void): void => {
      if (settled) return;
      settled = true;
      done();
      // Settled once the thread posted its end or a failure: its history was closed before
      // its first row was posted (funnel-thread.ts), so it is not inside better-sqlite3.
      // eslint-disable-next-line no-restricted-syntax
      void worker.terminate();
    };
    worker.on('message', (message: FunnelDaysMessage) => {
      if (message.type === 'rows') {
        for (const row of message.rows) rows.push(row);
        worker.postMessage({ type: 'taken' } satisfies FunnelDaysTaken);
      } else if (message.type === 'end') settle(() => resolve(rows));
      else settle(() => reject(new Error(`The funnel totals could not be computed: ${message.message}`)));
    });
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
