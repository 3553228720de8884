import { EventEmitter } from 'node:events';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

// A recording stand-in for the `electron` module, so the built main bundle runs under plain Node:
// app (paths, lifecycle, quit with a preventable before-quit), BrowserWindow with its webContents,
// ipcMain, session, safeStorage (no OS encryption), dialog (answers scripted by button label),
// shell, Menu, Notification, screen. Everything the bundle does is kept in `recorder`, which the
// driver reads through globalThis.

type Handler = (...args: unknown[]) => unknown;

interface MessageBoxRecord {
  type: unknown;
  title: unknown;
  message: unknown;
  detail: unknown;
  buttons: string[];
  answered: string | null;
  withWindow: boolean;
}

export interface Recorder {
  paths: Record<string, string>;
  windows: FakeBrowserWindow[];
  ipcHandlers: Map<string, Handler>;
  ipcListeners: string[];
  permissionRequestHandler: Handler | null;
  permissionCheckHandler: Handler | null;
  applicationMenu: unknown;
  messageBoxes: MessageBoxRecord[];
  /** Button labels to press, in order; a box with none left is answered with its cancel button. */
  answers: string[];
  /** Where the save dialog saves (null: it is canceled). */
  savePath: string | null;
  openedExternal: string[];
  openedPaths: string[];
  sent: Array<{ channel: string; payload: unknown }>;
  quitRequests: number;
  quitCompleted: boolean;
  ready(): void;
}

class FakeWebContents extends EventEmitter {
  windowOpenHandler: Handler | null = null;
  setWindowOpenHandler(handler: Handler): void {
    this.windowOpenHandler = handler;
  }
  send(channel: string, payload: unknown): void {
    recorder.sent.push({ channel, payload });
  }
  isDestroyed(): boolean {
    return false;
  }
}

export class FakeBrowserWindow extends EventEmitter {
  static getAllWindows(): FakeBrowserWindow[] {
    return recorder.windows.filter((w) => !w.destroyed);
  }
  readonly options: Record<string, unknown>;
  readonly webContents = new FakeWebContents();
  loaded: { file?: string; url?: string } | null = null;
  loads = 0;
  shown = false;
  destroyed = false;
  constructor(options: Record<string, unknown>) {
    super();
    this.options = options;
    recorder.windows.push(this);
    app.emit('web-contents-created', {}, this.webContents);
  }
  loadFile(file: string): Promise<void> {
    this.loaded = { file };
    this.loads += 1;
    setTimeout(() => this.emit('ready-to-show'), 0);
    return Promise.resolve();
  }
  loadURL(url: string): Promise<void> {
    this.loaded = { url };
    this.loads += 1;
    return Promise.resolve();
  }
  show(): void {
    this.shown = true;
  }
  focus(): void {}
  restore(): void {}
  maximize(): void {}
  isMinimized(): boolean {
    return false;
  }
  isMaximized(): boolean {
    return false;
  }
  isDestroyed(): boolean {
    return this.destroyed;
  }
  getNormalBounds(): { x: number; y: number; width: number; height: number } {
    return { x: 0, y: 0, width: 1440, height: 900 };
  }
  destroy(): void {
    if (this.destroyed) return;
    this.destroyed = true;
    this.emit('closed');
  }
  close(): void {
    this.emit('close');
    this.destroy();
  }
}

class FakeApp extends EventEmitter {
  private resolveReady: () => void = () => undefined;
  private readonly readyPromise = new Promise<void>((resolve) => {
    this.resolveReady = resolve;
  });
  whenReady(): Promise<void> {
    return this.readyPromise;
  }
  markReady(): void {
    this.resolveReady();
    this.emit('ready');
  }
  setPath(name: string, path: string): void {
    recorder.paths[name] = path;
  }
  getPath(name: string): string {
    return recorder.paths[name] ?? join(tmpdir(), `parallax-stub-${name}`);
  }
  getName(): string {
    return 'Parallax';
  }
  getVersion(): string {
    return '0.0.0-built-shell';
  }
  requestSingleInstanceLock(): boolean {
    return true;
  }
  quit(): void {
    recorder.quitRequests += 1;
    let prevented = false;
    this.emit('before-quit', { preventDefault: () => void (prevented = true) });
    if (prevented) return;
    this.emit('will-quit', { preventDefault: () => undefined });
    recorder.quitCompleted = true;
    this.emit('quit');
  }
  exit(): void {
    recorder.quitCompleted = true;
  }
}

export const app = new FakeApp();

export const recorder: Recorder = {
  paths: {},
  windows: [],
  ipcHandlers: new Map(),
  ipcListeners: [],
  permissionRequestHandler: null,
  permissionCheckHandler: null,
  applicationMenu: null,
  messageBoxes: [],
  answers: [],
  savePath: null,
  openedExternal: [],
  openedPaths: [],
  sent: [],
  quitRequests: 0,
  quitCompleted: false,
  ready: () => app.markReady(),
};
(globalThis as unknown as { __electronRecorder: Recorder }).__electronRecorder = recorder;

export const BrowserWindow = FakeBrowserWindow;

export const ipcMain = {
  handle(channel: string, handler: Handler): void {
    if (recorder.ipcHandlers.has(channel))
      throw new Error(`Attempted to register a second handler for '${channel}'`);
    recorder.ipcHandlers.set(channel, handler);
  },
  on(channel: string): void {
    recorder.ipcListeners.push(channel);
  },
};

export const session = {
  defaultSession: {
    setPermissionRequestHandler(handler: Handler): void {
      recorder.permissionRequestHandler = handler;
    },
    setPermissionCheckHandler(handler: Handler): void {
      recorder.permissionCheckHandler = handler;
    },
  },
};

export const safeStorage = {
  isEncryptionAvailable: (): boolean => false,
  getSelectedStorageBackend: (): string => 'basic_text',
  encryptString(): Buffer {
    throw new Error('Encryption is not available');
  },
  decryptString(): string {
    throw new Error('Encryption is not available');
  },
};

interface MessageBoxOptions {
  type?: unknown;
  title?: unknown;
  message?: unknown;
  detail?: unknown;
  buttons?: string[];
  cancelId?: number;
}

export const dialog = {
  async showMessageBox(
    windowOrOptions: FakeBrowserWindow | MessageBoxOptions,
    maybeOptions?: MessageBoxOptions,
  ): Promise<{ response: number; checkboxChecked: boolean }> {
    const withWindow = windowOrOptions instanceof FakeBrowserWindow;
    const options = (withWindow ? maybeOptions : windowOrOptions) as MessageBoxOptions;
    const buttons = options.buttons ?? ['OK'];
    const wanted = recorder.answers.shift();
    const index = wanted === undefined ? -1 : buttons.indexOf(wanted);
    const response = index >= 0 ? index : (options.cancelId ?? 0);
    recorder.messageBoxes.push({
      type: options.type,
      title: options.title,
      message: options.message,
      detail: options.detail,
      buttons,
      answered: buttons[response] ?? null,
      withWindow,
    });
    return { response, checkboxChecked: false };
  },
  async showOpenDialog(): Promise<{ canceled: boolean; filePaths: string[] }> {
    return { canceled: true, filePaths: [] };
  },
  async showSaveDialog(): Promise<{ canceled: boolean; filePath: string }> {
    const path = recorder.savePath;
    return path === null ? { canceled: true, filePath: '' } : { canceled: false, filePath: path };
  },
  showErrorBox(title: string, content: string): void {
    recorder.messageBoxes.push({
      type: 'error',
      title,
      message: content,
      detail: '',
      buttons: [],
      answered: null,
      withWindow: false,
    });
  },
};

export const shell = {
  async openExternal(url: string): Promise<void> {
    recorder.openedExternal.push(url);
  },
  async openPath(path: string): Promise<string> {
    recorder.openedPaths.push(path);
    return '';
  },
};

export const Menu = {
  buildFromTemplate: (template: unknown): { template: unknown } => ({ template }),
  setApplicationMenu(menu: unknown): void {
    recorder.applicationMenu = menu;
  },
};

export class Notification extends EventEmitter {
  static isSupported(): boolean {
    return false;
  }
  show(): void {}
}

export const screen = {
  getAllDisplays: (): Array<{ workArea: { x: number; y: number; width: number; height: number } }> => [
    { workArea: { x: 0, y: 0, width: 1920, height: 1080 } },
  ],
};

export const nativeTheme = { shouldUseDarkColors: false, themeSource: 'system', on: (): void => undefined };

export default {
  app,
  BrowserWindow,
  ipcMain,
  session,
  safeStorage,
  dialog,
  shell,
  Menu,
  Notification,
  screen,
  nativeTheme,
};
