import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { app, BrowserWindow, dialog, safeStorage, session, shell } from 'electron';
import Store from 'electron-store';
import { createCore, type Core, type FolderRequest, type OpenRequest, type SaveRequest } from '../core';
import { isTrustedSender, type TrustedRenderer } from '../ipc/trusted-sender';
import { createSecretStore } from '../secrets';
import { defaultDatabasePath, defaultUserDataDir, type SettingsStore } from '../settings';
import { notifyOnAlerts } from './alert-notifications';
import { openElectronSettingsStore } from './electron-settings-store';
import { forwardEvents, registerIpc } from './ipc';
import { installApplicationMenu } from './menu';
import { SafeStorageSecretStore } from './safe-storage-secret-store';
import { denyAllPermissions, hardenWebContents } from './security';
import { mainWindowOptions } from './window-options';
import { restoreBounds, trackWindowState } from './window-state';

// The thin Electron shell: window, security, IPC wiring, dialogs. Everything else is the
// plain-Node core (src/main/core), which the CLI and the tests build the same way.

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
let core: Core | null = null;

if (!app.requestSingleInstanceLock()) {
  app.quit();
} else {
  app.on('second-instance', () => {
    if (!mainWindow) return;
    if (mainWindow.isMinimized()) mainWindow.restore();
    mainWindow.focus();
  });
  hardenWebContents(isAppUrl);
  void app.whenReady().then(start);
}

async function start(): Promise<void> {
  denyAllPermissions(session.defaultSession);
  installApplicationMenu(process.platform === 'darwin');
  const userData = app.getPath('userData');
  const settings = openElectronSettingsStore({ cwd: userData });
  const secrets = await createSecretStore({
    env: process.env,
    safeStorageFallback: new SafeStorageSecretStore(
      safeStorage,
      new Store({ name: 'secrets', cwd: userData, configFileMode: 0o600 }),
    ),
  });

  core = await createCore({
    app: {
      name: app.getName(),
      version: app.getVersion(),
      platform: process.platform,
      userDataPath: userData,
    },
    dbPath: defaultDatabasePath(settings.get().dataFolder ?? userData),
    settings,
    secrets,
    now: () => Date.now(),
    fetch: globalThis.fetch,
    openExternal: (url) => shell.openExternal(url),
    chooseSavePath: chooseSavePath,
    chooseFolder,
    chooseOpenFile,
    runMonitors: true,
    logError: (message) => console.error(message),
  });
  registerIpc(core.router, trusted);
  forwardEvents(core.events, () => mainWindow);
  notifyOnAlerts(core.events, () => mainWindow);
  createWindow(settings);

  app.on('activate', () => {
    if (BrowserWindow.getAllWindows().length === 0) createWindow(settings);
  });
}

async function chooseSavePath(request: SaveRequest): Promise<string | null> {
  const options = {
    title: request.title,
    defaultPath: join(app.getPath('documents'), request.defaultName),
    filters: [{ name: request.extensions.join(', ').toUpperCase(), extensions: request.extensions }],
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

function createWindow(settings: SettingsStore): void {
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

app.on('will-quit', () => {
  void core?.close();
});
