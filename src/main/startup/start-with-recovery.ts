import { existsSync, renameSync } from 'node:fs';
import {
  SecretStoreUnavailableError,
  type SecretStore,
  createUnavailableSecretStore,
  settingsFilePath,
  type Settings,
  type SettingsStore,
} from '../../core/platform';
import { MIGRATIONS, restoreHistory, companionPaths } from '../../core/history';
import { createWorkspaceRegistry } from '../../core/team';
import { latestBackup } from './backups';
import type { DialogModel } from './dialog-model';
import { checkFolder } from './folders';
import { errorText, historyProblem, type StartupProblem, type StartupProblemKind } from './problems';
import { folderOf, startupDialog, type StartupAction } from './startup-dialog';

// The app's start, step by step, with a way out of every failure: the user-data folder, the
// settings, the data folder, the keychain, the schema upgrade and the history. A step that fails
// becomes a StartupProblem, its dialog is shown, the chosen way out is carried out, and the start
// is tried again from the top, until the core runs or the user quits. Plain Node: the Electron
// shell passes in its dialogs and stores, and the tests drive it with real broken files.

export interface StartupInput {
  dbPath: string;
  dataFolder: string;
  settings: SettingsStore;
  secrets: SecretStore;
}

export interface StartupDeps<C> {
  /** Where config.json lives (and the history, unless Settings names another data folder). */
  userDataDir: string;
  /** Opens the settings (electron-store in the app); throws when the file cannot be read. */
  openSettings(): SettingsStore;
  openSecrets(): Promise<SecretStore>;
  /** Brings the history's schema up to date before the core opens it (the app: in a worker, with a splash). */
  migrate?(dbPath: string): Promise<void>;
  startCore(input: StartupInput): Promise<C>;
  ask(model: DialogModel<StartupAction>): Promise<StartupAction>;
  /** A folder chooser; null when the user cancels. */
  chooseFolder(): Promise<string | null>;
  /** Shows a folder in the file manager. */
  openFolder(path: string): Promise<void>;
  now(): number;
  /** The schema version this build knows (default: the app's migrations). */
  knownVersion?: number;
  formatTime?: (ms: number) => string;
}

export type StartupOutcome<C> =
  | { started: true; core: C; input: StartupInput; problems: StartupProblemKind[] }
  | { started: false; problems: StartupProblemKind[] };

type Step =
  { ok: true; input: StartupInput } | { ok: false; problem: StartupProblem; settings: SettingsStore | null };

export async function startWithRecovery<C>(deps: StartupDeps<C>): Promise<StartupOutcome<C>> {
  const knownVersion = deps.knownVersion ?? MIGRATIONS.length;
  const problems: StartupProblemKind[] = [];
  let keychainWaived = false;
  let lastActionError: string | null = null;

  for (;;) {
    const step = await prepare(deps, keychainWaived);
    let failure: { problem: StartupProblem; settings: SettingsStore | null };
    if (step.ok) {
      try {
        if (deps.migrate && existsSync(step.input.dbPath)) await deps.migrate(step.input.dbPath);
        const core = await deps.startCore(step.input);
        return { started: true, core, input: step.input, problems };
      } catch (error) {
        failure = {
          problem: historyProblem(error, step.input.dbPath, step.input.dataFolder),
          settings: step.input.settings,
        };
      }
    } else {
      failure = step;
    }

    const { problem, settings } = failure;
    problems.push(problem.kind);
    const dataFolder = dataFolderOf(settings, deps.userDataDir);
    const model = startupDialog(problem, {
      latestBackup: isHistoryProblem(problem) ? latestBackup(dataFolder, knownVersion) : null,
      lastActionError,
      ...(deps.formatTime ? { formatTime: deps.formatTime } : {}),
    });
    const action = await deps.ask(model);
    lastActionError = null;
    if (action === 'quit') return { started: false, problems };
    if (action === 'continue') keychainWaived = true;
    try {
      await carryOut(action, problem, settings, deps, knownVersion);
    } catch (error) {
      lastActionError = `${labelOf(model, action)} did not work: ${errorText(error)}`;
    }
  }
}

/** Every step before the history: each failure is a problem to show, never an exception. */
async function prepare<C>(deps: StartupDeps<C>, keychainWaived: boolean): Promise<Step> {
  const own = checkFolder(deps.userDataDir, { create: true });
  if (!own.ok) {
    return {
      ok: false,
      settings: null,
      problem: {
        kind: 'data-folder-not-writable',
        folder: deps.userDataDir,
        detail: own.reason === 'missing' ? 'missing' : own.detail,
        isSettingsFolder: true,
      },
    };
  }
  let settings: SettingsStore;
  try {
    settings = deps.openSettings();
  } catch (error) {
    return {
      ok: false,
      settings: null,
      problem: {
        kind: 'settings-unreadable',
        path: settingsFilePath(deps.userDataDir),
        detail: errorText(error),
      },
    };
  }
  const configured = settings.get().dataFolder;
  const dataFolder = configured ?? deps.userDataDir;
  if (configured !== null) {
    const state = checkFolder(configured, { create: false });
    if (!state.ok) {
      const problem: StartupProblem =
        state.reason === 'missing'
          ? { kind: 'data-folder-missing', folder: configured }
          : {
              kind: 'data-folder-not-writable',
              folder: configured,
              detail: state.detail,
              isSettingsFolder: false,
            };
      return { ok: false, settings, problem };
    }
  }
  let secrets: SecretStore;
  try {
    secrets = await deps.openSecrets();
  } catch (error) {
    // The fallback store's own file (safeStorage) unreadable, a keychain library that threw: the
    // key is out of reach, the rest of the app is not.
    const state = error instanceof SecretStoreUnavailableError ? error.state : 'absent';
    if (!keychainWaived) {
      return {
        ok: false,
        settings,
        problem: { kind: 'keychain-unavailable', state, detail: errorText(error) },
      };
    }
    secrets = createUnavailableSecretStore(new SecretStoreUnavailableError(errorText(error), null, state));
  }
  if (!keychainWaived && secrets.backend.kind === 'unavailable' && usesStoredKey(settings.get())) {
    return {
      ok: false,
      settings,
      problem: {
        kind: 'keychain-unavailable',
        state: secrets.backend.unavailable ?? 'absent',
        detail: secrets.backend.warning ?? 'No keychain answered.',
      },
    };
  }
  return { ok: true, input: { dbPath: currentHistory(dataFolder, settings), dataFolder, settings, secrets } };
}

/** The history of the workspace the app opens (the default one: <data folder>/parallax.db). */
function currentHistory(dataFolder: string, settings: SettingsStore | null): string {
  return createWorkspaceRegistry({ dataFolder, settings, env: {} }).current().dbPath;
}

/** The user connected a key before (and is not in sandbox mode): a missing keychain means a missing key. */
function usesStoredKey(settings: Settings): boolean {
  return !settings.sandboxMode && settings.baseUrl !== null;
}

async function carryOut<C>(
  action: StartupAction,
  problem: StartupProblem,
  settings: SettingsStore | null,
  deps: StartupDeps<C>,
  knownVersion: number,
): Promise<void> {
  const dataFolder = dataFolderOf(settings, deps.userDataDir);
  const dbPath = currentHistory(dataFolder, settings);
  switch (action) {
    case 'retry':
    case 'continue':
    case 'quit':
      return;
    case 'open-folder': {
      const folder = folderOf(problem);
      if (folder) await deps.openFolder(folder);
      return;
    }
    case 'choose-data-folder': {
      if (!settings) throw new Error('the settings could not be opened');
      const chosen = await deps.chooseFolder();
      if (chosen !== null) settings.update({ dataFolder: chosen });
      return;
    }
    case 'use-default-folder':
      if (!settings) throw new Error('the settings could not be opened');
      settings.update({ dataFolder: null });
      return;
    case 'restore-backup': {
      const backup = latestBackup(dataFolder, knownVersion);
      if (!backup) throw new Error('no backup was found');
      await restoreHistory(backup.path, dbPath);
      return;
    }
    case 'set-aside-history':
      moveAside(dbPath, `.damaged-${stamp(deps.now())}`);
      return;
    case 'reset-settings':
      moveAside(settingsFilePath(deps.userDataDir), `.corrupt-${stamp(deps.now())}`);
      return;
  }
}

/** Renames a file (and an SQLite file's -wal and -shm with it) out of the way, keeping it. */
function moveAside(path: string, suffix: string): void {
  renameSync(path, `${path}${suffix}`);
  const [wal, shm] = companionPaths(path) as [string, string];
  if (existsSync(wal)) renameSync(wal, `${path}${suffix}-wal`);
  if (existsSync(shm)) renameSync(shm, `${path}${suffix}-shm`);
}

function dataFolderOf(settings: SettingsStore | null, userDataDir: string): string {
  return settings?.get().dataFolder ?? userDataDir;
}

function isHistoryProblem(problem: StartupProblem): boolean {
  return problem.kind.startsWith('history-') || problem.kind === 'unexpected';
}

function labelOf(model: DialogModel<StartupAction>, action: StartupAction): string {
  return `"${model.buttons.find((b) => b.action === action)?.label ?? action}"`;
}

function stamp(ms: number): string {
  return new Date(ms).toISOString().replace(/[:.]/g, '-');
}
