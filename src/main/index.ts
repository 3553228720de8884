import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { app, BrowserWindow, dialog, safeStorage, session, shell } from 'electron';
import Store from 'electron-store';
import {
  createCore,
  type Core,
  type FolderRequest,
  type OpenRequest,
  type SaveRequest,
  openWorkspaceHost,
  type WorkspaceHost,
} from '../core/app';
import { isTrustedSender, type TrustedRenderer } from './trusted-sender';
import {
  createSecretStore,
  redactSecrets,
  type SecretStore,
  defaultUserDataDir,
  type SettingsStore,
} from '../core/platform';
import { createTeamPasswordStore } from '../core/team';
import { openJudgeKeyStore } from '../core/positioning';
import {
  createQuitController,
  recordPausedAtQuit,
  resumeOfferDialog,
  resumeOfferNotice,
  startWithRecovery,
  takeAutoBackupIfDue,
  takePausedAtQuit,
  watchCoreRuns,
  type CoreRuns,
  type QuitController,
  type StartupInput,
} from './startup';
import migrateWorkerFile from './startup/migrate-worker?modulePath';
import sanitizeWorkerFile from '../core/runs/archive/sanitize-worker?modulePath';
import exportJsonWorkerFile from '../core/history/exports/export-json-worker?modulePath';
import positioningWorkerFile from '../core/positioning/positioning/positioning-worker?modulePath';
import dbExportWorkerFile from '../core/outputs/db-export/table-worker?modulePath';
import { createWorkerSanitizer } from '../core/runs';
import { notifyOnAlerts } from './alert-notifications';
import { chooseDataFolder, createAsk, openFolder } from './dialogs';
import { openElectronSettingsStore } from './electron-settings-store';
import { forwardEvents, registerIpc } from './ipc';
import { installApplicationMenu } from './menu';
import { SafeStorageSecretStore } from './safe-storage-secret-store';
import { denyAllPermissions, hardenWebContents } from './security';
import { migrateWithSplash } from './splash-window';
import { mainWindowOptions } from './window-options';
import { restoreBounds, trackWindowState } from './window-state';
import { printReportPdf } from './print-pdf';

// The thin Electron shell: window, security, IPC wiring, dialogs. The start-up and quit
// decisions are src/main/startup's (plain Node, tested); everything else is the plain-Node core
// (src/core/app), which the CLI and the tests build the same way.

// One user-data folder for the app and the CLI (settings, history), whatever the package name.
app.setPath('userData', defaultUserDataDir());

const here = import.meta.dirname;
const rendererFile = join(here, '../renderer/index.html');
const trusted: TrustedRenderer = {
  devServerUrl: process.env['ELECTRON_RENDERER_URL'] ?? null,
  rendererFileUrl: pathToFileURL(rendererFile).href,
};
const isAppUrl = (url: string): boolean => isTrustedSender({ url, isMainFrame: true }, trusted);

let mainWindow: BrowserWindow | null = null;
let host: WorkspaceHost<Core> | null = null;
let coreRuns: CoreRuns | null = null;
let quit: QuitController | null = null;
let openSettings: SettingsStore | null = null;
const ask = createAsk(() => mainWindow);

if (!app.requestSingleInstanceLock()) {
  app.quit();
} else {
  app.on('second-instance', () => {
    if (!mainWindow) return;
    if (mainWindow.isMinimized()) mainWindow.restore();
    mainWindow.focus();
  });
  hardenWebContents(isAppUrl);
  void app.whenReady().then(start).catch(failedToStart);
}

/** The last resort when the start itself threw: say so in a native box rather than show nothing. */
function failedToStart(error: unknown): void {
  const message = redactSecrets(error instanceof Error ? (error.stack ?? error.message) : String(error), []);
  console.error(`start-up: ${message}`);
  dialog.showErrorBox('Parallax could not start', message);
  app.exit(1);
}

async function start(): Promise<void> {
  denyAllPermissions(session.defaultSession);
  installApplicationMenu(process.platform === 'darwin');
  const userData = app.getPath('userData');
  // Every failure on the way (settings, data folder, keychain, history) is a dialog with its
  // ways out; the core starts only once they are all passed, or the user quits.
  const outcome = await startWithRecovery<WorkspaceHost<Core>>({
    userDataDir: userData,
    openSettings: () => openElectronSettingsStore({ cwd: userData }),
    openSecrets: () =>
      createSecretStore({
        env: process.env,
        safeStorageFallback: new SafeStorageSecretStore(
          safeStorage,
          new Store({ name: 'secrets', cwd: userData, configFileMode: 0o600 }),
        ),
      }),
    migrate: (dbPath) => migrateWithSplash(dbPath, migrateWorkerFile),
    startCore: openHost,
    ask,
    chooseFolder: chooseDataFolder,
    openFolder,
    now: () => Date.now(),
  });
  if (!outcome.started) {
    app.quit();
    return;
  }
  const { input } = outcome;
  const opened = outcome.core;
  host = opened;
  openSettings = input.settings;
  // The runs of the open workspace's core: watched again when the window switches workspaces.
  let runs = watchCoreRuns(opened.current());
  coreRuns = runs;
  opened.onSwitch((core) => {
    runs.dispose();
    runs = watchCoreRuns(core);
    coreRuns = runs;
  });
  quit = createQuitController({
    activeRuns: () => runs.active(),
    ask,
    pauseForQuit: () => runs.pauseAll(),
    runsFinished: () => runs.finished(),
    recordPaused: (ids) => recordPausedAtQuit(userData, ids, Date.now()),
    closeCore: async () => {
      runs.dispose();
      await opened.close();
      await pageSanitizer.close();
    },
  });
  registerIpc(opened.router, trusted);
  forwardEvents(opened.events, () => mainWindow);
  notifyOnAlerts(opened.events, () => mainWindow);
  createWindow(input.settings, () => void offerResume(userData));
  // Today's backup, in the background (SQLite's online backup: the app keeps working).
  takeAutoBackupIfDue({
    dataFolder: input.dataFolder,
    now: () => Date.now(),
    backup: (path) => opened.current().store.backup(path),
  }).catch((error: unknown) => {
    const message = `The automatic backup of the history failed: ${error instanceof Error ? error.message : String(error)}`;
    console.error(message);
    opened.events.emit('app.notice', { level: 'warning', message });
  });

  app.on('activate', () => {
    if (BrowserWindow.getAllWindows().length === 0) createWindow(input.settings);
  });
}

// Archived pages are stripped on a worker thread (started with the first page), so a large
// page never stalls the window.
const pageSanitizer = createWorkerSanitizer(sanitizeWorkerFile);

/** The core on the current workspace's history, reopened on another when the window switches. */
async function openHost(input: StartupInput): Promise<WorkspaceHost<Core>> {
  const teamPasswords = await createTeamPasswordStore({
    fallback: new SafeStorageSecretStore(
      safeStorage,
      new Store({ name: 'secrets', cwd: app.getPath('userData'), configFileMode: 0o600 }),
      process.platform,
      'encryptedTeamPassword',
    ),
  });
  const judgeKeys = await openJudgeKeyStore({ env: process.env });
  return openWorkspaceHost(
    (dbPath, switchWorkspace) => openCore(input, dbPath, teamPasswords, judgeKeys, switchWorkspace),
    input.dbPath,
  );
}

function openCore(
  input: StartupInput,
  dbPath: string,
  teamPasswords: SecretStore,
  judgeKeys: SecretStore,
  switchWorkspace: (dbPath: string) => Promise<void>,
): Promise<Core> {
  return createCore({
    app: {
      name: app.getName(),
      version: app.getVersion(),
      platform: process.platform,
      userDataPath: app.getPath('userData'),
    },
    dbPath,
    settings: input.settings,
    secrets: input.secrets,
    teamPasswords,
    judgeKeys,
    env: process.env,
    switchWorkspace,
    now: () => Date.now(),
    fetch: globalThis.fetch,
    openExternal: (url) => shell.openExternal(url),
    chooseSavePath: chooseSavePath,
    chooseFolder,
    chooseOpenFile,
    printPdf: printReportPdf,
    runMonitors: true,
    sanitizePage: pageSanitizer.sanitize,
    // JSON exports build their lines on worker threads: the window's main thread only writes.
    exportJsonWorker: { file: exportJsonWorkerFile },
    // The archive's positioning re-score reads, judges and writes on worker threads.
    positioningWorker: { file: positioningWorkerFile },
    // An analysis export reads (and for Parquet writes) the answers on a second thread.
    dbExportWorker: { file: dbExportWorkerFile },
    showInFolder: (path) => shell.showItemInFolder(path),
    logError: (message) => console.error(message),
  });
}

/** Runs the last quit paused: offered once, in a dialog over the window. */
async function offerResume(userData: string): Promise<void> {
  if (!coreRuns) return;
  const offered = coreRuns.paused(takePausedAtQuit(userData));
  if (offered.length === 0) return;
  const action = await ask(resumeOfferDialog(offered));
  if (action === 'resume') await coreRuns.resume(offered.map((r) => r.id));
  host?.events.emit('app.notice', resumeOfferNotice(offered, action));
}

async function chooseSavePath(request: SaveRequest): Promise<string | null> {
  const options = {
    title: request.title,
    defaultPath: join(app.getPath('documents'), request.defaultName),
    // No extensions: a name without one (a folder the export creates, e.g. Parquet files).
    filters:
      request.extensions.length === 0
        ? []
        : [{ name: request.extensions.join(', ').toUpperCase(), extensions: request.extensions }],
  };
  const result = mainWindow
    ? await dialog.showSaveDialog(mainWindow, options)
    : await dialog.showSaveDialog(options);
  return result.canceled || !result.filePath ? null : result.filePath;
}

async function chooseOpenFile(request: OpenRequest): Promise<string | null> {
  const options: Electron.OpenDialogOptions = {
    title: request.title,
    defaultPath: app.getPath('documents'),
    filters: [{ name: request.extensions.join(', ').toUpperCase(), extensions: request.extensions }],
    properties: ['openFile'],
  };
  const result = mainWindow
    ? await dialog.showOpenDialog(mainWindow, options)
    : await dialog.showOpenDialog(options);
  return result.canceled ? null : (result.filePaths[0] ?? null);
}

async function chooseFolder(request: FolderRequest): Promise<string | null> {
  const options: Electron.OpenDialogOptions = {
    title: request.title,
    defaultPath: request.defaultPath ?? app.getPath('documents'),
    properties: ['openDirectory', 'createDirectory'],
  };
  const result = mainWindow
    ? await dialog.showOpenDialog(mainWindow, options)
    : await dialog.showOpenDialog(options);
  return result.canceled ? null : (result.filePaths[0] ?? null);
}

function createWindow(settings: SettingsStore, onShown?: () => void): void {
  const saved = settings.get().windowState;
  const window = new BrowserWindow(
    mainWindowOptions(join(here, '../preload/index.cjs'), restoreBounds(saved)),
  );
  mainWindow = window;
  trackWindowState(window, {
    get: () => settings.get().windowState,
    set: (state) => settings.update({ windowState: state }),
  });
  window.once('ready-to-show', () => {
    if (saved?.maximized) window.maximize();
    window.show();
    onShown?.();
  });
  window.on('closed', () => {
    if (mainWindow === window) mainWindow = null;
  });
  if (trusted.devServerUrl) void window.loadURL(trusted.devServerUrl);
  else void window.loadFile(rendererFile);
}

app.on('window-all-closed', () => {
  if (process.platform !== 'darwin') app.quit();
});

// Every quit goes through the controller: runs in progress are asked about and paused cleanly,
// and the core is closed (history, sandbox, timers) before the app is allowed to quit.
app.on('before-quit', (event) => {
  if (!quit || quit.closed) return;
  event.preventDefault();
  void quit.requestQuit().then((decision) => {
    if (decision === 'quit') app.quit();
    else if (BrowserWindow.getAllWindows().length === 0 && openSettings) {
      // The quit came from closing the last window and was cancelled: bring a window back.
      createWindow(openSettings);
    }
  });
});
