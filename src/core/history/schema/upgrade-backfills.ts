import Database from 'better-sqlite3';
import { runCompactBackfill, type BackfillProgress } from './compact-backfill';
import { runDocBackfill } from './doc-backfill';
import { registerStoreFunctions } from '../codec';

/**
 * The data halves of migrations 7 and 10 on a file of their own connection, for the app's
 * start-up worker (it runs the schema steps off the main thread, then this, so openHistory
 * finds nothing left to do).
 */
export function completeHistoryUpgrade(
  dbPath: string,
  onProgress?: (progress: BackfillProgress) => void,
): boolean {
  const db = new Database(dbPath, { fileMustExist: true, timeout: 5000 });
  try {
    db.pragma('journal_mode = WAL');
    db.pragma('synchronous = NORMAL');
    db.pragma('wal_autocheckpoint = 8192');
    db.pragma('foreign_keys = ON');
    registerStoreFunctions(db);
    return runCompactBackfill(db, { onProgress }) && runDocBackfill(db, { onProgress });
  } finally {
    db.close();
  }
}
