import type Database from 'better-sqlite3';
import { sqliteCode } from '../connection';

// Switching a new file to WAL is the one step of an open that SQLite does not wait for. It
// writes the file's header in a rollback-journal transaction that starts as a read and then
// asks for the write lock; a connection that already reads is never made to wait (that could
// deadlock), so while another process creates the same file at that moment SQLite answers
// SQLITE_BUSY at once, whatever the busy timeout. Several `parallax run` started together on a
// new file then lost one of them (1 in about 150 trials of the concurrency stress). The switch
// is retried here until the other process is done, as the busy timeout would have waited.

const RETRY_PAUSE_MS = 5;

/** Blocks this thread for `ms` (an open is synchronous from start to end). */
function pause(ms: number): void {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}

/**
 * Puts the file in WAL mode, waiting up to `timeoutMs` for another connection's lock. A file
 * already in WAL mode needs no lock. Throws SQLite's SQLITE_BUSY when the wait runs out.
 */
export function enterWalMode(db: Database.Database, timeoutMs: number, now: () => number = Date.now): void {
  const deadline = now() + timeoutMs;
  for (;;) {
    try {
      db.pragma('journal_mode = WAL');
      return;
    } catch (error) {
      if (!sqliteCode(error)?.startsWith('SQLITE_BUSY') || now() >= deadline) throw error;
      pause(RETRY_PAUSE_MS);
    }
  }
}
