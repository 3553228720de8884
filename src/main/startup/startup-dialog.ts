import { dirname } from 'node:path';
import type { BackupFile } from './backups';
import type { DialogButton, DialogModel } from './dialog-model';
import { nearestExistingFolder } from './folders';
import type { StartupProblem } from './problems';

/** The ways out a start-up dialog can offer. */
export type StartupAction =
  | 'retry'
  | 'restore-backup'
  | 'choose-data-folder'
  | 'use-default-folder'
  | 'open-folder'
  | 'reset-settings'
  | 'set-aside-history'
  | 'continue'
  | 'quit';

export interface StartupDialogContext {
  /** The newest backup this build can restore, or null when there is none. */
  latestBackup: BackupFile | null;
  /** The outcome of the previous way out when it failed (shown so a retry is not blind). */
  lastActionError?: string | null;
  formatTime?: (ms: number) => string;
}

const B = {
  retry: { action: 'retry', label: 'Try again' },
  restore: { action: 'restore-backup', label: 'Restore the latest backup' },
  choose: { action: 'choose-data-folder', label: 'Choose another data folder…' },
  useDefault: { action: 'use-default-folder', label: 'Use the default folder' },
  open: { action: 'open-folder', label: 'Open the folder' },
  resetSettings: { action: 'reset-settings', label: 'Reset the settings' },
  setAside: { action: 'set-aside-history', label: 'Start a new empty history' },
  continue: { action: 'continue', label: 'Continue without the key' },
  quit: { action: 'quit', label: 'Quit' },
} as const satisfies Record<string, DialogButton<StartupAction>>;

/** The folder "Open the folder" shows for a problem (the closest one that exists). */
export function folderOf(problem: StartupProblem): string | null {
  switch (problem.kind) {
    case 'history-damaged':
    case 'history-newer':
    case 'history-foreign':
    case 'history-busy':
    case 'history-unwritable':
    case 'settings-unreadable':
      return nearestExistingFolder(dirname(problem.path));
    case 'data-folder-missing':
    case 'data-folder-not-writable':
      return nearestExistingFolder(problem.folder);
    case 'unexpected':
      return nearestExistingFolder(problem.folder);
    case 'keychain-unavailable':
      return null;
  }
}

/** The dialog for a start-up problem: what happened, what was left untouched, and the ways out. */
export function startupDialog(
  problem: StartupProblem,
  context: StartupDialogContext,
): DialogModel<StartupAction> {
  const when = context.formatTime ?? ((ms: number) => new Date(ms).toLocaleString());
  const backup = context.latestBackup;
  const restoreLine = backup
    ? `"Restore the latest backup" puts back the copy of ${when(backup.modifiedAt)} (${backup.path}); the current file is kept beside it as .before-restore.`
    : 'No backup was found in the backups folder of the data folder.';
  const withRestore = backup ? [B.restore] : [];
  const model = ((): DialogModel<StartupAction> => {
    switch (problem.kind) {
      case 'history-damaged':
        return {
          type: 'error',
          title: 'Parallax cannot open your history',
          message: 'The history file is damaged.',
          detail: lines(
            `${problem.path} is damaged (${problem.detail}). Parallax has not changed it.`,
            restoreLine,
            '"Start a new empty history" moves the damaged file aside (renamed .damaged-…) and starts an empty one.',
          ),
          buttons: [...withRestore, B.setAside, B.choose, B.open, B.quit],
          defaultAction: backup ? 'restore-backup' : 'open-folder',
          cancelAction: 'quit',
        };
      case 'history-newer':
        return {
          type: 'error',
          title: 'This history needs a newer Parallax',
          message: 'The history file was written by a newer version of Parallax.',
          detail: lines(
            `${problem.path} is at schema version ${problem.fileVersion}; this version of Parallax knows up to ${problem.knownVersion}. Update Parallax to open it. The file has not been changed.`,
            backup
              ? `Or restore the latest backup this version can read (${when(backup.modifiedAt)}, schema ${backup.version}); the newer file is kept beside it as .before-restore.`
              : null,
            'Or choose another data folder to start with a separate history.',
          ),
          buttons: [...withRestore, B.choose, B.open, B.quit],
          defaultAction: 'quit',
          cancelAction: 'quit',
        };
      case 'history-foreign':
        return {
          type: 'error',
          title: 'Parallax cannot open your history',
          message: 'The history file is not a Parallax history.',
          detail: lines(
            `${problem.path} is an SQLite database written by another program. Parallax has not changed it.`,
            restoreLine,
          ),
          buttons: [...withRestore, B.choose, B.open, B.quit],
          defaultAction: 'open-folder',
          cancelAction: 'quit',
        };
      case 'history-busy':
        return {
          type: 'warning',
          title: 'The history is in use',
          message: 'Another program holds the history file locked.',
          detail: lines(
            `${problem.path} is locked, most likely by another Parallax window or a CLI command. Close it, then try again.`,
          ),
          buttons: [B.retry, B.open, B.quit],
          defaultAction: 'retry',
          cancelAction: 'quit',
        };
      case 'history-unwritable':
        return {
          type: 'error',
          title: 'Parallax cannot open your history',
          message: 'The history file cannot be opened for writing.',
          detail: lines(
            `${problem.detail}`,
            'Check the permissions of the file and its folder, and that the disk is not full or read-only, then try again; or choose another data folder.',
          ),
          buttons: [B.retry, B.choose, B.open, B.quit],
          defaultAction: 'retry',
          cancelAction: 'quit',
        };
      case 'data-folder-missing':
        return {
          type: 'error',
          title: 'The data folder is missing',
          message: 'The data folder chosen in Settings does not exist.',
          detail: lines(
            `${problem.folder} was not found. If it is on a drive that is not connected, connect it and try again.`,
            '"Use the default folder" opens the history in the app\u2019s own folder instead (the missing folder is not touched).',
          ),
          buttons: [B.retry, B.choose, B.useDefault, B.open, B.quit],
          defaultAction: 'retry',
          cancelAction: 'quit',
        };
      case 'data-folder-not-writable':
        return {
          type: 'error',
          title: 'The data folder is not writable',
          message: problem.isSettingsFolder
            ? 'Parallax cannot write to its own folder.'
            : 'Parallax cannot write to the data folder.',
          detail: lines(
            `${problem.folder}: ${problem.detail}.`,
            problem.isSettingsFolder
              ? 'Parallax keeps its settings there. Give your user write access to it (or free some disk space), then try again.'
              : 'Give your user write access to it, or choose another data folder.',
          ),
          buttons: problem.isSettingsFolder
            ? [B.retry, B.open, B.quit]
            : [B.retry, B.choose, B.useDefault, B.open, B.quit],
          defaultAction: 'retry',
          cancelAction: 'quit',
        };
      case 'settings-unreadable':
        return {
          type: 'error',
          title: 'Parallax cannot read its settings',
          message: 'The settings file cannot be read.',
          detail: lines(
            `${problem.path}: ${problem.detail}.`,
            '"Reset the settings" keeps the unreadable file beside it (renamed .corrupt-…) and starts with the default settings; your history and your API key are not affected.',
          ),
          buttons: [B.resetSettings, B.retry, B.open, B.quit],
          defaultAction: 'reset-settings',
          cancelAction: 'quit',
        };
      case 'keychain-unavailable':
        if (problem.state === 'locked')
          return {
            type: 'warning',
            title: 'The keychain is locked',
            message: 'Your API key is in the keychain, and the keychain is locked.',
            detail: lines(
              problem.detail,
              'Unlock it, then choose "Try again". "Continue without the key" opens Parallax with your stored history and the sandbox; runs against the service wait until the keychain is unlocked (Settings) or the key is set again.',
            ),
            buttons: [B.retry, B.continue, B.quit],
            defaultAction: 'retry',
            cancelAction: 'continue',
          };
        return {
          type: 'warning',
          title: 'The keychain is not available',
          message: 'Parallax cannot reach the keychain that holds your API key.',
          detail: lines(
            problem.detail,
            'Unlock or start the keychain, then try again. Without it, Parallax opens with your stored history and the sandbox, and runs against the service need the key set again.',
          ),
          buttons: [B.retry, B.continue, B.quit],
          defaultAction: 'retry',
          cancelAction: 'continue',
        };
      case 'unexpected':
        return {
          type: 'error',
          title: 'Parallax could not start',
          message: 'Something unexpected stopped Parallax from starting.',
          detail: lines(problem.detail, restoreLine),
          buttons: [B.retry, ...withRestore, B.choose, B.open, B.quit],
          defaultAction: 'retry',
          cancelAction: 'quit',
        };
    }
  })();
  if (context.lastActionError) {
    model.detail = `${context.lastActionError}\n\n${model.detail}`;
  }
  return model;
}

function lines(...parts: Array<string | null>): string {
  return parts.filter((p): p is string => p !== null && p !== '').join('\n\n');
}
