import { Worker } from 'node:worker_threads';
import type { ExportWorkerScript } from '../../history';
import { asBuffers, cancelShare, received, shareChannel } from './batch-share';
import type { RowBatch } from './reader';
import type { TableWorkerData, TableWorkerMessage, TableWorkerRequest } from './table-worker';
import { DbExportCanceledError, type DbExportTableOutcome } from './types';

// The main thread's side of an export's second thread (table-worker.ts): starts it, takes its
// rows, asks it to stop, and settles once the thread has ended, never while it still reads.

/** The tables read on the second thread: the answers (every document decompressed). */
export const WORKER_TABLES: ReadonlySet<string> = new Set(['answers']);

/** The second thread's V8 heap (old generation), MB. */
const WORKER_HEAP_MB = 128;

export interface WorkerLane {
  done: Promise<DbExportTableOutcome[]>;
  cancel(): void;
  /**
   * The one table's rows, batch by batch, as the thread reads them: for SQLite as they arrive,
   * for Parquet synchronously (DuckDB pulls them in a callback).
   */
  batches(): AsyncIterable<RowBatch> | Iterable<RowBatch>;
}

function startWorker(
  script: ExportWorkerScript,
  data: TableWorkerData,
  onMessage: (message: TableWorkerMessage) => void,
): { worker: Worker; done: Promise<DbExportTableOutcome[]> } {
  const worker = new Worker(script.file, {
    workerData: data,
    transferList: data.share ? [data.share.port] : [],
    execArgv: script.execArgv ?? [],
    // Its rows are Buffers outside V8's heap, freed only when their handles are collected: a
    // small young generation collects them often instead of letting dead rows pile up. Its heap
    // holds a few batches' rows (their texts are those Buffers): capped, V8 collects it before
    // growing it (a thread that ran out would be reported, batch-share.ts's heartbeat).
    resourceLimits: { maxYoungGenerationSizeMb: 8, maxOldGenerationSizeMb: WORKER_HEAP_MB },
  });
  const done = new Promise<DbExportTableOutcome[]>((resolve, reject) => {
    let outcomes: DbExportTableOutcome[] | null = null;
    let failure: Error | null = null;
    worker.on('message', (message: TableWorkerMessage) => {
      if (message.type === 'done') outcomes = message.outcomes;
      else if (message.type === 'failed')
        failure = message.canceled ? new DbExportCanceledError() : new Error(message.message);
      else onMessage(message);
    });
    worker.on('error', (error) => {
      failure ??= error;
    });
    worker.on('exit', (code) => {
      if (outcomes && !failure) resolve(outcomes);
      else reject(failure ?? new Error(`The export's second thread stopped (exit code ${code})`));
    });
  });
  return { worker, done };
}

const request = (worker: Worker, message: TableWorkerRequest): void => worker.postMessage(message);

/**
 * Parquet with one DuckDB (this thread's): the thread reads the table's batches and posts them;
 * DuckDB pulls them here through a synchronous callback, which blocks on the share until the
 * next one is posted (batch-share.ts).
 */
export function startParquetLane(
  script: ExportWorkerScript,
  data: Omit<TableWorkerData, 'mode' | 'share'>,
): WorkerLane {
  const { feeder, writer } = shareChannel();
  const { worker, done } = startWorker(script, { ...data, mode: 'parquet', share: feeder }, () => undefined);
  // A thread that stopped posts no more batches: a writer waiting for one must not wait on.
  done.catch(() => cancelShare(writer));
  return {
    done,
    batches: () => received(writer),
    cancel: () => {
      cancelShare(writer);
      request(worker, { type: 'cancel' });
    },
  };
}

/** SQLite: the thread reads one table's rows and sends them here, a few batches ahead. */
export function startRowsLane(script: ExportWorkerScript, data: Omit<TableWorkerData, 'mode'>): WorkerLane {
  const queue: RowBatch[] = [];
  let wake: (() => void) | null = null;
  const { worker, done } = startWorker(script, { ...data, mode: 'rows' }, (message) => {
    if (message.type !== 'rows') return;
    queue.push({ rows: asBuffers(message.rows), keys: message.keys });
    wake?.();
  });
  let ended = false;
  let failure: unknown = null;
  done
    .then(
      () => (ended = true),
      (error: unknown) => {
        ended = true;
        failure = error;
      },
    )
    .finally(() => wake?.());
  return {
    done,
    cancel: () => request(worker, { type: 'cancel' }),
    async *batches() {
      for (;;) {
        const batch = queue.shift();
        if (batch) {
          request(worker, { type: 'more' });
          yield batch;
        } else if (ended) {
          if (failure) throw failure;
          return;
        } else await new Promise<void>((resolve) => (wake = resolve));
      }
    },
  };
}
