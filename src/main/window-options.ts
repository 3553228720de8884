import type { BrowserWindowConstructorOptions } from 'electron';

export interface WindowBounds {
  x?: number;
  y?: number;
  width: number;
  height: number;
}

/**
 * The main window's options, kept in one pure function so a test can assert the security
 * defaults of the Electron checklist without starting Electron.
 */
export function mainWindowOptions(
  preloadPath: string,
  bounds: WindowBounds,
): BrowserWindowConstructorOptions {
  return {
    ...bounds,
    minWidth: 1024,
    minHeight: 680,
    show: false,
    title: 'Parallax',
    backgroundColor: '#101418',
    autoHideMenuBar: false,
    webPreferences: {
      preload: preloadPath,
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      webviewTag: false,
      experimentalFeatures: false,
      navigateOnDragDrop: false,
      spellcheck: false,
    },
  };
}

export const DEFAULT_BOUNDS: WindowBounds = { width: 1440, height: 900 };
