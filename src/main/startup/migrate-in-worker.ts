import { Worker } from 'node:worker_threads';
import {
  HistoryOpenError,
  type HistoryOpenErrorDetails,
  type HistoryOpenErrorKind,
} from '../../core/history';
import type { MigrateWorkerMessage } from './migrate-worker';
import type { MigrationProgress } from './migration';

/**
 * Runs migrate-worker (its built file: the shell gets the path from electron-vite's ?modulePath
 * import) and resolves when the upgrade is done. A refused file rejects with the same
 * HistoryOpenError openHistory would have thrown, so the start-up dialogs treat both alike.
 */
export function migrateInWorker(
  workerFile: string,
  dbPath: string,
  onProgress: (progress: MigrationProgress) => void,
): Promise<void> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(workerFile, { workerData: { dbPath } });
    let settled = false;
    const settle = (error: Error | null): void => {
      if (settled) return;
      settled = true;
      // Settled on done or error, posted after the upgrade's connections were closed.
      // eslint-disable-next-line no-restricted-syntax
      void worker.terminate();
      if (error) reject(error);
      else resolve();
    };
    worker.on('message', (message: MigrateWorkerMessage) => {
      if (message.type === 'progress') onProgress(message.progress);
      else if (message.type === 'done') settle(null);
      else settle(toError(message));
    });
    worker.on('error', (error) => settle(error));
    worker.on('exit', (code) =>
      settle(code === 0 ? null : new Error(`The upgrade stopped (exit code ${code}).`)),
    );
  });
}

function toError(message: Extract<MigrateWorkerMessage, { type: 'error' }>): Error {
  if (message.name === 'HistoryOpenError' && message.kind) {
    return new HistoryOpenError(
      message.kind as HistoryOpenErrorKind,
      message.message,
      message.details as HistoryOpenErrorDetails,
    );
  }
  const error = new Error(message.message);
  error.name = message.name;
  return error;
}
