import { existsSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

// The integrity check at open (inspect.ts) reads every page of a history up to 32 MB: on a 7-day
// demo (17 MB) it is half the CPU of a CLI command, paid again by every command on a file
// nobody had touched since the last one. A record of the files checked says which need no second
// check: a file checked at open, or closed cleanly by a session that opened it checked and met
// no damage, whose state is still the one recorded. Its state: the device, inode, size and
// modification time (ns) of the file, taken only when no WAL with frames lies beside it (frames
// left by a crash, or by a process that still has it open: then the file is checked).
// A file replaced, restored, copied over, truncated or written by another tool or process differs
// in one of them. What is given up: damage that changes none of them (the disk's own decay, a tool
// that puts the modification time back), which the check finds only where it breaks a page's
// structure anyway; the call that meets it still reports it (HistoryDamagedError), as it does for
// the parts of a larger history the check at open leaves out.

/** The record's file, in the user-data folder (the app's and the CLI's). */
export const CHECKED_FILES_NAME = 'checked-histories.json';

/** The files remembered (the most recently checked): the record stays a few KB. */
const MAX_FILES = 32;

export interface CheckedFiles {
  /** The state recorded for the history at `path` when it was last checked, or null. */
  recorded(path: string): string | null;
  /** Records `state` (fileState) as checked for the history at `path`. Best effort. */
  record(path: string, state: string): void;
  /** Forgets the history at `path` (damage was met in it): its next open checks it. */
  forget(path: string): void;
}

/**
 * The state of the history file at `path` as the record compares it, or null when it cannot be
 * compared: the file is missing, or a WAL with frames lies beside it.
 */
export function fileState(path: string): string | null {
  const wal = statSync(`${path}-wal`, { throwIfNoEntry: false });
  if (wal && wal.size > 0) return null;
  const file = statSync(path, { bigint: true, throwIfNoEntry: false });
  if (!file) return null;
  return `${file.dev}:${file.ino}:${file.size}:${file.mtimeNs}`;
}

/** The record kept in `folder` (not created: without the folder nothing is recorded). */
export function checkedFilesIn(folder: string): CheckedFiles {
  const recordPath = join(folder, CHECKED_FILES_NAME);
  const read = (): Record<string, unknown> => {
    try {
      const parsed: unknown = JSON.parse(readFileSync(recordPath, 'utf8'));
      const files = (parsed as { files?: unknown } | null)?.files;
      return files !== null && typeof files === 'object' ? { ...files } : {};
    } catch {
      return {};
    }
  };
  const write = (files: Record<string, unknown>): void => {
    if (!existsSync(folder)) return;
    const kept = Object.fromEntries(Object.entries(files).slice(-MAX_FILES));
    // Written whole and renamed: a reader (another process opening a file) sees the old record
    // or the new one. Two writers at once lose one's entry: that file is checked again.
    const partial = `${recordPath}.${process.pid}.tmp`;
    try {
      writeFileSync(partial, JSON.stringify({ files: kept }), { mode: 0o600 });
      renameSync(partial, recordPath);
    } catch {
      // Not recorded: the next open checks the file, as it would without a record.
    }
  };
  return {
    recorded(path) {
      const state = read()[path];
      return typeof state === 'string' ? state : null;
    },
    record(path, state) {
      const files = read();
      // Already the newest entry in this state (a command that wrote nothing): nothing to write.
      if (files[path] === state && Object.keys(files).at(-1) === path) return;
      // Re-inserted last, so the oldest entries are the ones dropped.
      delete files[path];
      files[path] = state;
      write(files);
    },
    forget(path) {
      const files = read();
      if (!(path in files)) return;
      delete files[path];
      write(files);
    },
  };
}
