// Public API of the settings shared by the app (electron-store) and the CLI (conf).
export { openSettingsStore, type OpenSettingsOptions } from './conf-settings-store';
export { MIGRATIONS, migrateSettings } from './migrations';
export { APP_NAME, defaultDatabasePath, defaultUserDataDir, settingsFilePath, USER_DATA_ENV } from './paths';
export {
  DEFAULT_SETTINGS,
  defaultSettings,
  SETTINGS_VERSION,
  settingsPatchSchema,
  settingsSchema,
  type Settings,
  type SettingsPatch,
  type WindowStateSetting,
} from './schema';
export {
  createSettingsStore,
  SETTINGS_FILE_MODE,
  SettingsError,
  type JsonFileStore,
  type SettingsStore,
} from './settings-store';
export { toSettingsView } from './view';
export * from './conf-settings-store';

export { WORKSPACE_SLUG } from './schema';
