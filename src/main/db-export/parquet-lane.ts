import { Worker } from 'node:worker_threads';
import type { ExportWorkerScript } from '../store';
import type { ParquetWorkerData, ParquetWorkerMessage } from './parquet-worker';
import { DbExportCanceledError, type DbExportTableOutcome } from './types';

// The main thread's side of a Parquet export's second thread (parquet-worker.ts): starts it,
// passes its progress on, asks it to stop, and settles once the thread has ended (its files
// are complete, or it wrote nothing more and released DuckDB), never while it still writes.

/** The tables written on the second thread: the answers (every document decompressed). */
export const WORKER_TABLES: ReadonlySet<string> = new Set(['answers']);

export interface ParquetLane {
  done: Promise<DbExportTableOutcome[]>;
  cancel(): void;
}

export function startParquetLane(
  script: ExportWorkerScript,
  data: ParquetWorkerData,
  onProgress: (table: string, keys: number) => void,
): ParquetLane {
  const worker = new Worker(script.file, {
    workerData: data,
    execArgv: script.execArgv ?? [],
    // Its rows are Buffers outside V8's heap, freed only when their handles are collected: a
    // small young generation collects them often instead of letting dead rows pile up.
    resourceLimits: { maxYoungGenerationSizeMb: 8 },
  });
  const done = new Promise<DbExportTableOutcome[]>((resolve, reject) => {
    let outcomes: DbExportTableOutcome[] | null = null;
    let failure: Error | null = null;
    worker.on('message', (message: ParquetWorkerMessage) => {
      if (message.type === 'progress') onProgress(message.table, message.keys);
      else if (message.type === 'done') outcomes = message.outcomes;
      else failure = message.canceled ? new DbExportCanceledError() : new Error(message.message);
    });
    worker.on('error', (error) => {
      failure ??= error;
    });
    worker.on('exit', (code) => {
      if (outcomes && !failure) resolve(outcomes);
      else reject(failure ?? new Error(`The export's second thread stopped (exit code ${code})`));
    });
  });
  return { done, cancel: () => worker.postMessage({ type: 'cancel' }) };
}
