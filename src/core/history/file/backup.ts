import Database from 'better-sqlite3';
import { randomUUID } from 'node:crypto';
import {
  chmodSync,
  closeSync,
  existsSync,
  fsyncSync,
  linkSync,
  mkdirSync,
  openSync,
  renameSync,
  rmSync,
  statSync,
} from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { HistoryOpenError } from '../connection';
import { inspectHistoryFile } from './inspect';
import { MIGRATIONS, type Migration } from '../schema';
import { companionPaths, PRIVATE_FILE_MODE } from './private-file';

export interface BackupInfo {
  path: string;
  bytes: number;
  /** Schema version of the copy. */
  version: number;
}

export interface RestoreInfo {
  path: string;
  restoredFrom: string;
  version: number;
  /** Where the replaced history was kept (`<file>.before-restore`), or null when there was none. */
  previousPath: string | null;
}

function tempPathBeside(target: string): string {
  return join(dirname(target), `.${basename(target)}.${randomUUID()}.tmp`);
}

function fsyncFile(path: string): void {
  const fd = openSync(path, 'r');
  try {
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}

function fsyncDir(path: string): void {
  // Makes the renames durable; some platforms (Windows) cannot open a folder, which is harmless.
  try {
    fsyncFile(path);
  } catch {
    /* best effort */
  }
}

/**
 * Copies a database with SQLite's online backup API (consistent even while it is being
 * written) into a temp file beside the destination, then renames it into place: the
 * destination is either the previous file or a complete copy, never half of one.
 */
export async function backupDatabase(
  db: Database.Database,
  sourcePath: string,
  toPath: string,
): Promise<BackupInfo> {
  const target = resolve(toPath);
  if (target === resolve(sourcePath) || companionPaths(resolve(sourcePath)).includes(target)) {
    throw new Error('A backup cannot overwrite the history file itself; choose another file name.');
  }
  mkdirSync(dirname(target), { recursive: true, mode: 0o700 });
  const temp = tempPathBeside(target);
  closeSync(openSync(temp, 'wx', PRIVATE_FILE_MODE));
  try {
    await db.backup(temp);
    chmodSync(temp, PRIVATE_FILE_MODE);
    const copy = new Database(temp, { fileMustExist: true });
    let version: number;
    try {
      // A standalone file: journal_mode DELETE so the copy needs no -wal/-shm beside it.
      copy.pragma('journal_mode = DELETE');
      version = copy.pragma('user_version', { simple: true }) as number;
    } finally {
      copy.close();
    }
    fsyncFile(temp);
    renameSync(temp, target);
    fsyncDir(dirname(target));
    return { path: target, bytes: statSync(target).size, version };
  } catch (error) {
    rmSync(temp, { force: true });
    throw error;
  }
}

/**
 * Replaces the history at `toPath` with a backup. The history must be closed (no open store on
 * it). The backup is checked first — it opens read-only, passes PRAGMA integrity_check, is a
 * Parallax history and is not newer than this build — and copied to a temp file beside the
 * target; only then is the old file kept as `<file>.before-restore` (with its WAL, so that pair
 * stays a consistent database) and the copy renamed over the target in one atomic step.
 */
export async function restoreHistory(
  fromBackup: string,
  toPath: string,
  options: { migrations?: readonly Migration[]; busyTimeoutMs?: number } = {},
): Promise<RestoreInfo> {
  const source = resolve(fromBackup);
  const target = resolve(toPath);
  if (source === target) throw new Error('Choose a backup file other than the history file itself.');
  const knownVersion = (options.migrations ?? MIGRATIONS).length;
  const { version } = inspectHistoryFile(source, {
    knownVersion,
    check: 'full',
    busyTimeoutMs: options.busyTimeoutMs ?? 5000,
  });
  if (version === 0) {
    throw new HistoryOpenError('foreign', `${source} is an empty database, not a Parallax history backup.`, {
      path: source,
    });
  }

  const temp = tempPathBeside(target);
  closeSync(openSync(temp, 'wx', PRIVATE_FILE_MODE));
  try {
    const from = new Database(source, { readonly: true, fileMustExist: true });
    try {
      await from.backup(temp);
    } finally {
      from.close();
    }
    const copy = new Database(temp, { fileMustExist: true });
    try {
      copy.pragma('journal_mode = DELETE');
    } finally {
      copy.close();
    }
    chmodSync(temp, PRIVATE_FILE_MODE);
    fsyncFile(temp);
  } catch (error) {
    rmSync(temp, { force: true });
    throw error;
  }

  let previousPath: string | null = null;
  if (existsSync(target)) {
    previousPath = `${target}.before-restore`;
    for (const p of [previousPath, ...companionPaths(previousPath)]) rmSync(p, { force: true });
    // A hard link keeps the old file under its new name while the target name still points at
    // it, so there is no moment without a history file.
    linkSync(target, previousPath);
    const [wal, shm] = companionPaths(target) as [string, string];
    // The WAL belongs to the old file: it moves with it, or SQLite would replay it onto the restored one.
    if (existsSync(wal)) renameSync(wal, `${previousPath}-wal`);
    rmSync(shm, { force: true });
  }
  renameSync(temp, target);
  fsyncDir(dirname(target));
  return { path: target, restoredFrom: source, version, previousPath };
}
