export * from './profile';
export * from './secrets';
export * from './secrets/create-secret-store';
export * from './settings';
export * from './settings/conf-settings-store';
export { AppError } from './errors/app-error';
export { createEventBus, type EventBus, type EventListener } from './events/event-bus';
export { createSecretStore, type FallbackSecretStore } from './secrets/create-secret-store';
export { ENV_READ_ONLY_MESSAGE } from './secrets/environment-secret-store';
export {
  KeyServiceError,
  KeyVerificationError,
  classifyVerifyError,
  createKeyService,
  type KeyService,
  type VerifyKey,
} from './secrets/key-service';
export { createKeychainSecretStore, type KeychainSecretStore } from './secrets/keychain-secret-store';
export { redactSecrets } from './secrets/redact';
export {
  SecretStoreReadOnlyError,
  SecretStoreUnavailableError,
  type SecretBackendInfo,
  type SecretStore,
} from './secrets/secret-store';
export { createUnavailableSecretStore } from './secrets/unavailable-secret-store';
export { openSettingsStore } from './settings/conf-settings-store';
export { defaultUserDataDir } from './settings/paths';
export { WORKSPACE_SLUG, defaultSettings, type Settings } from './settings/schema';
export { SETTINGS_FILE_MODE, createSettingsStore, type SettingsStore } from './settings/settings-store';
