import { statfsSync } from 'node:fs';
import { dirname } from 'node:path';
import { formatBytes } from '../../../shared/format-bytes';
import { describeHolders, processesUsingFile, type FileHolder } from './file-holders';
import { sqliteCode } from './sqlite-errors';

// Writes the history could not make for a reason outside Parallax: the disk is full, another
// process holds the write lock past the busy timeout, the disk was remounted read-only, or an
// I/O error. Each is told in one line the user can act on (never a stack trace); the run engine
// holds its paid answers and retries (src/core/runs/engine/store-hold.ts), other commands stop with
// exit code 1.

export type WriteFailureKind = 'full' | 'busy' | 'read-only' | 'io';

/**
 * How long one statement waits for another connection's lock before SQLITE_BUSY (every
 * connection Parallax opens). Short enough that a command waiting on it still stops within 2 s
 * of Ctrl-C (the wait blocks the thread); the run engine keeps retrying for far longer without
 * blocking (see store-hold.ts). Ingest transactions, job changes and roll-up batches hold the
 * lock for milliseconds to a few hundred; only `db compact`'s first full rewrite, an upgrade's
 * migration and deleting a very large run hold it for longer.
 */
export const BUSY_TIMEOUT_MS = 2_000;

/**
 * The same while a history is being opened: another process may be creating or upgrading the
 * file, and an upgrade's migration holds the lock for as long as it takes (seconds on a large
 * history; its backfill batches a fraction of a second each).
 */
export const OPEN_BUSY_TIMEOUT_MS = 30_000;

const ERRNO_KINDS: Record<string, WriteFailureKind> = {
  ENOSPC: 'full',
  EDQUOT: 'full',
  EROFS: 'read-only',
  EIO: 'io',
};

/** The kind of write failure an error is, or null for anything else (a bug, bad input, damage). */
export function writeFailureKind(error: unknown): WriteFailureKind | null {
  if (error instanceof HistoryWriteError) return error.kind;
  const code = sqliteCode(error);
  if (code === null) {
    const errno = (error as NodeJS.ErrnoException | null)?.code;
    return errno === undefined ? null : (ERRNO_KINDS[errno] ?? null);
  }
  if (code.startsWith('SQLITE_FULL')) return 'full';
  if (code.startsWith('SQLITE_BUSY') || code.startsWith('SQLITE_LOCKED')) return 'busy';
  if (code.startsWith('SQLITE_READONLY')) return 'read-only';
  if (code.startsWith('SQLITE_IOERR') || code.startsWith('SQLITE_CANTOPEN')) return 'io';
  return null;
}

/** Free bytes for an unprivileged user on the file system holding `path`'s folder (null: unknown). */
export function freeBytesNear(path: string): number | null {
  try {
    const s = statfsSync(dirname(path));
    return Number(s.bavail) * Number(s.bsize);
  } catch {
    return null;
  }
}

export interface WriteFailureDetails {
  /** full: the bytes the writes waiting need (an estimate). */
  neededBytes?: number;
  /** busy: the other processes using the file when this one gave up. */
  holders?: readonly FileHolder[];
  /** busy: how long it waited. */
  waitedMs?: number;
}

/** The one line that says what happened to the file and what to do. */
export function writeFailureMessage(
  kind: WriteFailureKind,
  path: string,
  cause: string,
  details: WriteFailureDetails = {},
): string {
  switch (kind) {
    case 'full': {
      const free = freeBytesNear(path);
      const need =
        details.neededBytes !== undefined ? `about ${formatBytes(details.neededBytes)} more` : 'more';
      const freeNow = free === null ? '' : ` (${formatBytes(free)} free now)`;
      return `The disk holding the history file ${path} is full: ${need} space is needed${freeNow}.`;
    }
    case 'busy': {
      const holders = details.holders ?? processesUsingFile(path);
      const waited = details.waitedMs !== undefined ? ` for ${Math.round(details.waitedMs / 1000)} s` : '';
      return `The history file ${path} stayed locked by another process${waited} (${describeHolders(holders)}). Wait for it to finish or stop it, then try again.`;
    }
    case 'read-only':
      return `The history file ${path} cannot be written: the disk or the file is read-only (${cause}). Remount it read-write or use another file (--db).`;
    case 'io':
      return `Writing the history file ${path} failed with an I/O error (${cause}). Check the disk; what was written before is safe.`;
  }
}

/** A write the history could not make, with the one-line message for the user. */
export class HistoryWriteError extends Error {
  override readonly name = 'HistoryWriteError';
  constructor(
    readonly kind: WriteFailureKind,
    readonly path: string,
    /** What SQLite or the system said (code and text). */
    readonly detail: string,
    details: WriteFailureDetails = {},
  ) {
    super(writeFailureMessage(kind, path, detail, details));
  }
}

/** The error as a HistoryWriteError when it is a write failure, else unchanged. */
export function asWriteError(path: string, error: unknown, details: WriteFailureDetails = {}): unknown {
  if (error instanceof HistoryWriteError) return error;
  const kind = writeFailureKind(error);
  if (kind === null) return error;
  const code = sqliteCode(error) ?? (error as NodeJS.ErrnoException).code ?? 'error';
  const text = error instanceof Error ? error.message : String(error);
  return new HistoryWriteError(kind, path, `${code}: ${text}`, details);
}
