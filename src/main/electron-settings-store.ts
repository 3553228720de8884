import ElectronStore from 'electron-store';
import { createSettingsStore, SETTINGS_FILE_MODE, type SettingsStore } from '../core/platform';

// The app's settings: electron-store on <userData>/config.json with the same schema,
// migrations and key-leak guard as the CLI's conf store (src/core/platform/settings).

export interface ElectronSettingsOptions {
  /**
   * The user-data folder. Defaults to Electron's userData; the app sets that to
   * defaultUserDataDir() at startup so the CLI finds the same file.
   */
  cwd?: string;
}

export function openElectronSettingsStore(options: ElectronSettingsOptions = {}): SettingsStore {
  const store = new ElectronStore<Record<string, unknown>>({
    name: 'config',
    configFileMode: SETTINGS_FILE_MODE,
    ...(options.cwd !== undefined ? { cwd: options.cwd } : {}),
  });
  return createSettingsStore(store);
}
