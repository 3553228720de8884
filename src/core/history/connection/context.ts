import type Database from 'better-sqlite3';

/** What every part of the store shares: the connection, the clock and the id source. */
export interface StoreContext {
  db: Database.Database;
  path: string;
  now: () => number;
  newId: () => string;
  /** Turns SQLite damage reports into HistoryDamagedError (used by code that runs outside a wrapped call). */
  guard: <T>(fn: () => T) => T;
}
