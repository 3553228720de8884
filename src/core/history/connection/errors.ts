// Errors the history raises for the user. Each carries a stable kind so the app and the CLI
// can react (offer a restore, tell the user to update) and a message a person can act on.

export type HistoryOpenErrorKind =
  /** Not a database, or the integrity check failed. The file is left exactly as it was. */
  | 'damaged'
  /** Written by a newer version of the app (its schema version is above the one this build knows). */
  | 'newer-version'
  /** Opened read-only but the file needs migrations this build would have to write. */
  | 'needs-upgrade'
  /** Opened read-only (or restored from) a file that does not exist. */
  | 'missing'
  /** Another process holds the file locked for longer than the busy timeout. */
  | 'busy'
  /** The operating system refused to open or create the file (permissions, read-only disk…). */
  | 'io'
  /** A valid SQLite database that is not a Parallax history (restore refuses it). */
  | 'foreign';

export interface HistoryOpenErrorDetails {
  path: string;
  /** newer-version / needs-upgrade: the file's schema version and the newest one this build knows. */
  fileVersion?: number;
  knownVersion?: number;
  /** damaged: what SQLite reported. */
  problems?: string[];
}

export class HistoryOpenError extends Error {
  override readonly name = 'HistoryOpenError';
  constructor(
    readonly kind: HistoryOpenErrorKind,
    message: string,
    readonly details: HistoryOpenErrorDetails,
  ) {
    super(message);
  }
}

export function damagedMessage(path: string, problem: string): string {
  return (
    `The history file ${path} is damaged (${problem}). Parallax has not changed it. ` +
    // Name only what exists: the app's start-up dialog restores its automatic backups.
    'Restore your history from a backup (start the app: its start-up dialog offers "Restore the latest backup"); ' +
    'or move this file aside to start a new, empty history.'
  );
}

/** A store call that conflicts with what is stored (unknown id, a forbidden job transition…). */
export class HistoryStateError extends Error {
  override readonly name = 'HistoryStateError';
  constructor(
    readonly code: 'not-found' | 'invalid-transition' | 'conflict' | 'invalid-input',
    message: string,
  ) {
    super(message);
  }
}

/**
 * SQLite reported damage while the store was in use (a part of the file the open-time check
 * did not cover, or damage that happened since). Same advice as at open.
 */
export class HistoryDamagedError extends Error {
  override readonly name = 'HistoryDamagedError';
  constructor(
    readonly path: string,
    readonly sqliteMessage: string,
  ) {
    super(damagedMessage(path, sqliteMessage));
  }
}
