import { parentPort, workerData } from 'node:worker_threads';
import { completeHistoryUpgrade } from '../../core/history';
import { migrateStepByStep, type MigrationProgress } from './migration';

// Runs the history's schema upgrade off the main thread, so the app's window and dialogs stay
// responsive during a migration that takes minutes. Messages: each progress step, then
// {done} or {error} (with the HistoryOpenError kind and details, re-created on the other side).

export type MigrateWorkerMessage =
  | { type: 'progress'; progress: MigrationProgress }
  | { type: 'done' }
  | { type: 'error'; name: string; message: string; kind: string | null; details: unknown };

const { dbPath } = workerData as { dbPath: string };
const post = (message: MigrateWorkerMessage): void => parentPort?.postMessage(message);

try {
  const plan = migrateStepByStep(dbPath, { onProgress: (progress) => post({ type: 'progress', progress }) });
  // Rows stored before schemas 7 and 10 are compressed (and indexed) here too, off the main thread.
  if (plan) completeHistoryUpgrade(dbPath);
  post({ type: 'done' });
} catch (error) {
  const e = error as Error & { kind?: string; details?: unknown };
  post({ type: 'error', name: e.name, message: e.message, kind: e.kind ?? null, details: e.details ?? null });
}
