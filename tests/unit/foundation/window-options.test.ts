import { describe, expect, it } from 'vitest';
import { mainWindowOptions } from '../../../src/main/window-options';

describe('main window options', () => {
  it('hold the Electron security checklist defaults', () => {
    const options = mainWindowOptions('/app/preload/index.cjs', { width: 1280, height: 800 });
    expect(options.webPreferences).toMatchObject({
      preload: '/app/preload/index.cjs',
      sandbox: true,
      contextIsolation: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      webviewTag: false,
    });
    expect(options).toMatchObject({ width: 1280, height: 800, show: false });
  });
});
