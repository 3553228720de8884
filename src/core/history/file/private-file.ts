import { chmodSync, closeSync, existsSync, mkdirSync, openSync } from 'node:fs';
import { dirname } from 'node:path';

// The history holds what the analyst asked and what the engines answered: owner-only files.
export const PRIVATE_FILE_MODE = 0o600;

/** SQLite's companion files of a database in WAL mode. */
export function companionPaths(dbPath: string): string[] {
  return [`${dbPath}-wal`, `${dbPath}-shm`];
}

/**
 * Creates the file empty with mode 0600 when it does not exist (O_EXCL, so an existing file is
 * never truncated). The folder is created 0700 if missing. An existing file is not touched here:
 * it is narrowed (narrowToPrivate) only once it has been accepted, so a file Parallax refuses
 * keeps its permissions as well as its bytes.
 */
export function ensurePrivateFile(path: string): { created: boolean } {
  mkdirSync(dirname(path), { recursive: true, mode: 0o700 });
  try {
    closeSync(openSync(path, 'wx', PRIVATE_FILE_MODE));
    return { created: true };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    return { created: false };
  }
}

/** Narrows an accepted history file to 0600. */
export function narrowToPrivate(path: string): void {
  chmodSync(path, PRIVATE_FILE_MODE);
}

/**
 * SQLite creates -wal and -shm with the database file's permission bits already; this narrows
 * them anyway, in case they were left by an older build or another tool with wider modes.
 */
export function narrowCompanions(dbPath: string): void {
  for (const p of companionPaths(dbPath)) {
    if (!existsSync(p)) continue;
    try {
      chmodSync(p, PRIVATE_FILE_MODE);
    } catch (error) {
      // The file can vanish between the check and chmod (another connection checkpointed and closed).
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    }
  }
}
