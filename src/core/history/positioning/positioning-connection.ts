import Database from 'better-sqlite3';
import { registerStoreFunctions } from '../codec';
import { createPositioningJobApi, type PositioningJobApi } from './positioning-jobs';

// A connection of its own for the re-score's worker thread (src/core/positioning/positioning/rescore-worker.ts):
// the job's batches are read and judged there, so the app's main thread only ever waits for a
// batch's short write transaction. The file is already open and up to date (the app opened it
// first): no migration, no integrity check here.

export interface PositioningConnection {
  jobs: PositioningJobApi;
  close(): void;
}

export function openPositioningConnection(
  dbPath: string,
  now: () => number = Date.now,
): PositioningConnection {
  const db = new Database(dbPath, { fileMustExist: true, timeout: 10_000 });
  try {
    registerStoreFunctions(db);
    db.pragma('journal_mode = WAL');
    db.pragma('synchronous = NORMAL');
    db.pragma('foreign_keys = ON');
    db.pragma('cache_size = -16000');
  } catch (error) {
    db.close();
    throw error;
  }
  return {
    jobs: createPositioningJobApi(db, now),
    close: () => db.close(),
  };
}
