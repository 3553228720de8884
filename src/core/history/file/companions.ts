import Database from 'better-sqlite3';
import { accessSync, constants, existsSync, statSync } from 'node:fs';
import { dirname } from 'node:path';
import { companionPaths } from './private-file';

// The -wal and -shm files SQLite keeps beside a history in WAL mode belong to every connection
// on it, in this process or another. Parallax never deletes them itself: deleting a live -shm
// splits the processes' WAL index, and the transactions committed into the orphaned WAL are
// lost. SQLite removes them on the last
// connection's close, under its own exclusive lock, after checkpointing; a file whose last
// connection was read-only keeps them (read-only connections never checkpoint or delete).

/** Which of the file's companions exist now. */
export function companionsPresent(dbPath: string): boolean {
  return companionPaths(dbPath).some((p) => existsSync(p));
}

/**
 * After a REFUSED file's read-only look created an empty WAL and its index, lets SQLite
 * remove them, so the folder is as it was: a read-write connection that reads the header and
 * closes. Its close checkpoints (an empty WAL: no byte of the database is written) and deletes
 * both files only if it gets the exclusive lock, i.e. when no other connection anywhere uses
 * the file; otherwise they stay, as they must. On a read-only folder or file nothing is tried
 * (SQLite could not have created them there either). Best effort: a file SQLite cannot read
 * keeps them.
 */
export function releaseCompanionsOfRefused(dbPath: string): void {
  const [wal] = companionPaths(dbPath) as [string, string];
  if (!existsSync(wal) || statSync(wal).size !== 0) return;
  try {
    accessSync(dbPath, constants.W_OK);
    accessSync(dirname(dbPath), constants.W_OK);
  } catch {
    return;
  }
  let db: Database.Database | null = null;
  try {
    db = new Database(dbPath, { fileMustExist: true, timeout: 0 });
    // Any read takes the shared lock that opens the WAL; user_version is in the header.
    db.pragma('user_version', { simple: true });
  } catch {
    // Not readable as a database (or busy): its close below changes nothing either.
  } finally {
    db?.close();
  }
}
