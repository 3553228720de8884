import { describe, expect, it } from 'vitest';
import {
  defaultDatabasePath,
  defaultUserDataDir,
  settingsFilePath,
} from '../../../src/core/platform/settings/paths';

describe("Electron's default user-data folder, without Electron", () => {
  it('Linux: $XDG_CONFIG_HOME/Parallax, else ~/.config/Parallax', () => {
    expect(defaultUserDataDir('Parallax', 'linux', { XDG_CONFIG_HOME: '/x/cfg' }, '/home/ana')).toBe(
      '/x/cfg/Parallax',
    );
    expect(defaultUserDataDir('Parallax', 'linux', {}, '/home/ana')).toBe('/home/ana/.config/Parallax');
    // A relative XDG_CONFIG_HOME is invalid per the XDG spec and ignored, as Chromium does.
    expect(defaultUserDataDir('Parallax', 'linux', { XDG_CONFIG_HOME: 'cfg' }, '/home/ana')).toBe(
      '/home/ana/.config/Parallax',
    );
  });

  it('macOS: ~/Library/Application Support/Parallax', () => {
    expect(defaultUserDataDir('Parallax', 'darwin', {}, '/Users/ana')).toBe(
      '/Users/ana/Library/Application Support/Parallax',
    );
  });

  it('Windows: %APPDATA%\\Parallax', () => {
    expect(
      defaultUserDataDir(
        'Parallax',
        'win32',
        { APPDATA: 'C:\\Users\\ana\\AppData\\Roaming' },
        'C:\\Users\\ana',
      ),
    ).toBe('C:\\Users\\ana\\AppData\\Roaming\\Parallax');
    expect(defaultUserDataDir('Parallax', 'win32', {}, 'C:\\Users\\ana')).toBe(
      'C:\\Users\\ana\\AppData\\Roaming\\Parallax',
    );
  });

  it('PARALLAX_USER_DATA_DIR overrides it everywhere', () => {
    expect(
      defaultUserDataDir('Parallax', 'darwin', { PARALLAX_USER_DATA_DIR: '/portable' }, '/Users/ana'),
    ).toBe('/portable');
  });

  it('puts config.json and parallax.db in it', () => {
    expect(settingsFilePath('/d', 'linux')).toBe('/d/config.json');
    expect(defaultDatabasePath('/d', 'linux')).toBe('/d/parallax.db');
    expect(defaultDatabasePath('C:\\d', 'win32')).toBe('C:\\d\\parallax.db');
  });
});
