import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { app, BrowserWindow, session, shell } from 'electron';
import Store from 'electron-store';
import { createCore, type Core } from '../core';
import { isTrustedSender, type TrustedRenderer } from '../ipc/trusted-sender';
import { forwardEvents, registerIpc } from './ipc';
import { installApplicationMenu } from './menu';
import { denyAllPermissions, hardenWebContents } from './security';
import { mainWindowOptions } from './window-options';
import { restoreBounds, trackWindowState, type WindowState } from './window-state';

// The thin Electron shell: window, security, IPC wiring. Everything else is the plain-Node
// core (src/main/core.ts), which the CLI and the tests build the same way.

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
  const windowStore = new Store<{ windowState: WindowState | null }>({
    name: 'window-state',
    defaults: { windowState: null },
  });

  core = await createCore({
    app: {
      name: app.getName(),
      version: app.getVersion(),
      platform: process.platform,
      userDataPath: app.getPath('userData'),
    },
    dbPath: join(app.getPath('userData'), 'parallax.db'),
    now: () => Date.now(),
    fetch: globalThis.fetch,
    openExternal: (url) => shell.openExternal(url),
    sandboxMode: () => true,
  });
  registerIpc(core.router, trusted);
  forwardEvents(core.events, () => mainWindow);
  createWindow(windowStore);

  app.on('activate', () => {
    if (BrowserWindow.getAllWindows().length === 0) createWindow(windowStore);
  });
}

function createWindow(windowStore: Store<{ windowState: WindowState | null }>): void {
  const saved = windowStore.get('windowState');
  const window = new BrowserWindow(mainWindowOptions(join(here, '../preload/index.cjs'), restoreBounds(saved)));
  mainWindow = window;
  trackWindowState(window, {
    get: () => windowStore.get('windowState'),
    set: (state) => windowStore.set('windowState', state),
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
