import {
  accessSync,
  chmodSync,
  constants,
  copyFileSync,
  existsSync,
  mkdtempSync,
  rmSync,
  statSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { formatBytes } from '../../../shared/format-bytes';
import { companionPaths, PRIVATE_FILE_MODE } from './private-file';

// A history Parallax cannot write: on read-only media (a mounted backup, a disk
// remounted read-only) or a file without write permission. It is opened read-only and every
// command that only reads works on it; a command that writes says why it cannot.
//
// One case needs more: SQLite reads a WAL-mode file only with its -shm index beside it, which
// it creates if it can. A history closed cleanly has none, and on read-only media none can be
// created (SQLite's way out, the `immutable` URI parameter, is not available through
// better-sqlite3, which opens plain paths). Such a file is read from a private copy in the
// temp folder, made once at open and removed at close.

export interface ReadAccess {
  /** Why the history cannot be written (null: it can). */
  reason: string | null;
  /** The file to read: the history itself, or the private copy. */
  readPath: string;
  /** Removes the copy (nothing when there is none). */
  release(): void;
}

function cannot(path: string, mode: number): string | null {
  try {
    accessSync(path, mode);
    return null;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code ?? 'EACCES';
  }
}

/** Why the file cannot be written, or null. A missing file is writable (it will be created). */
export function unwritableReason(path: string): string | null {
  if (!existsSync(path)) return null;
  const folder = cannot(dirname(path), constants.W_OK);
  if (folder === 'EROFS') return 'it is on read-only media';
  const file = cannot(path, constants.W_OK);
  if (file === 'EROFS') return 'it is on read-only media';
  if (file !== null) return 'it is not writable (permissions)';
  // SQLite writes its -wal and -shm beside the file: a folder it cannot write is read-only too.
  if (folder !== null) return 'its folder is not writable (permissions)';
  return null;
}

/** How a history opened read-only is read: in place, or from a private copy. */
export function readAccess(path: string, reason: string | null): ReadAccess {
  const [, shm] = companionPaths(path) as [string, string];
  const folderWritable = cannot(dirname(path), constants.W_OK) === null;
  if (folderWritable || existsSync(shm)) return { reason, readPath: path, release: () => undefined };
  const dir = mkdtempSync(join(tmpdir(), 'parallax-read-only-'));
  const copy = join(dir, basename(path));
  try {
    copyFileSync(path, copy);
  } catch (error) {
    rmSync(dir, { recursive: true, force: true });
    const size = statSync(path).size;
    throw new Error(
      `The history file ${path} is on read-only media and has no -shm file beside it, so it is read from a copy; ` +
        `copying it to ${tmpdir()} (${formatBytes(size)}) failed: ${(error as Error).message}`,
      { cause: error },
    );
  }
  chmodSync(copy, PRIVATE_FILE_MODE);
  return {
    reason: `${reason ?? 'opened read-only'}; read from a private copy in ${dir} (SQLite cannot index a closed WAL-mode file there)`,
    readPath: copy,
    release: () => rmSync(dir, { recursive: true, force: true }),
  };
}
