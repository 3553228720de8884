// Public API of the API-key storage and lifecycle (main process only).
export {
  createSecretStore,
  type CreateSecretStoreOptions,
  type FallbackSecretStore,
} from './create-secret-store';
export { API_KEY_ENV, createEnvironmentSecretStore } from './environment-secret-store';
export { isApiKeyFormat, maskApiKey } from './key-format';
export {
  classifyVerifyError,
  createKeyService,
  KeyServiceError,
  KeyVerificationError,
  type KeyBalance,
  type KeyErrorKind,
  type KeyService,
  type KeyServiceDeps,
  type VerifyKey,
} from './key-service';
export { keychainHelp, keychainUnlockHelp } from './keychain-help';
export {
  createKeychainSecretStore,
  KEYCHAIN_ACCOUNT,
  KEYCHAIN_SERVICE,
  type KeychainOptions,
  type KeychainProbe,
  type KeychainSecretStore,
} from './keychain-secret-store';
export { createRedactingLogger, redactSecrets, type LogLevel, type Logger, type LogSink } from './redact';
export {
  SecretStoreReadOnlyError,
  SecretStoreUnavailableError,
  type KeychainUnavailability,
  type SecretBackendInfo,
  type SecretBackendKind,
  type SecretStore,
} from './secret-store';
export { createUnavailableSecretStore } from './unavailable-secret-store';
export { API_KEY_ANYWHERE } from './key-format';
export * from './create-secret-store';

export { ENV_READ_ONLY_MESSAGE } from './environment-secret-store';
