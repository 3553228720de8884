import type { KeychainUnavailability } from '../../core/platform';
import { HistoryOpenError } from '../../core/history';

// Everything that can stop the app from starting, as data. Each kind has its own dialog (see
// startup-dialog.ts) with the reason and the ways out; none of them may end in a window that
// never appears.

export type StartupProblem =
  /** The history file is not a database, or fails its integrity check. */
  | { kind: 'history-damaged'; path: string; detail: string }
  /** A newer Parallax wrote it (user_version above the migrations this build knows). */
  | { kind: 'history-newer'; path: string; fileVersion: number; knownVersion: number }
  /** An SQLite file that is not a Parallax history. */
  | { kind: 'history-foreign'; path: string }
  /** Another process holds it locked. */
  | { kind: 'history-busy'; path: string }
  /** The operating system refused to open or create it (permissions, read-only disk, full disk). */
  | { kind: 'history-unwritable'; path: string; detail: string }
  /** The data folder chosen in Settings does not exist (an unplugged drive, a removed folder). */
  | { kind: 'data-folder-missing'; folder: string }
  | { kind: 'data-folder-not-writable'; folder: string; detail: string; isSettingsFolder: boolean }
  /** config.json cannot be read or parsed. */
  | { kind: 'settings-unreadable'; path: string; detail: string }
  /**
   * The user has connected a key before, and no keychain answers now: 'locked' (unlocking it
   * is the way out), 'absent' (none reachable) or 'ambiguous' (duplicate entries).
   */
  | { kind: 'keychain-unavailable'; state: KeychainUnavailability; detail: string }
  | { kind: 'unexpected'; detail: string; folder: string };

export type StartupProblemKind = StartupProblem['kind'];

/** Maps what opening the history threw to the problem the user is told about. */
export function historyProblem(error: unknown, path: string, folder: string): StartupProblem {
  if (!(error instanceof HistoryOpenError)) return { kind: 'unexpected', detail: errorText(error), folder };
  switch (error.kind) {
    case 'damaged':
      return { kind: 'history-damaged', path, detail: error.details.problems?.join('; ') ?? error.message };
    case 'newer-version':
      return {
        kind: 'history-newer',
        path,
        fileVersion: error.details.fileVersion ?? 0,
        knownVersion: error.details.knownVersion ?? 0,
      };
    case 'foreign':
      return { kind: 'history-foreign', path };
    case 'busy':
      return { kind: 'history-busy', path };
    case 'io':
      return { kind: 'history-unwritable', path, detail: error.message };
    default:
      return { kind: 'unexpected', detail: error.message, folder };
  }
}

export function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
