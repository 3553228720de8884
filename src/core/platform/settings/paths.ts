import { homedir } from 'node:os';
import { posix, win32 } from 'node:path';

// Electron's default user-data folder, computed without Electron, so the CLI reads and writes
// the very files the app uses. The app sets its userData path to this value at startup
// (app.setPath('userData', defaultUserDataDir())), so the two cannot drift apart.

export const APP_NAME = 'Parallax';

/** Overrides the folder for both the app and the CLI (portable installs, tests). */
export const USER_DATA_ENV = 'PARALLAX_USER_DATA_DIR';

export function defaultUserDataDir(
  appName: string = APP_NAME,
  platform: NodeJS.Platform = process.platform,
  env: NodeJS.ProcessEnv = process.env,
  home: string = homedir(),
): string {
  const override = env[USER_DATA_ENV];
  if (override) return override;
  if (platform === 'win32') {
    return win32.join(env['APPDATA'] || win32.join(home, 'AppData', 'Roaming'), appName);
  }
  if (platform === 'darwin') return posix.join(home, 'Library', 'Application Support', appName);
  // Linux and the other Unixes: XDG base directories, as Chromium does.
  const configHome = env['XDG_CONFIG_HOME'];
  return posix.join(
    configHome && posix.isAbsolute(configHome) ? configHome : posix.join(home, '.config'),
    appName,
  );
}

export function settingsFilePath(userDataDir: string, platform: NodeJS.Platform = process.platform): string {
  return (platform === 'win32' ? win32 : posix).join(userDataDir, 'config.json');
}

export function defaultDatabasePath(
  userDataDir: string = defaultUserDataDir(),
  platform: NodeJS.Platform = process.platform,
): string {
  return (platform === 'win32' ? win32 : posix).join(userDataDir, 'parallax.db');
}
