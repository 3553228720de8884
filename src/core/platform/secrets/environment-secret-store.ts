import { SecretStoreReadOnlyError, type SecretStore } from './secret-store';

export const API_KEY_ENV = 'PARALLAX_API_KEY';

export const ENV_READ_ONLY_MESSAGE = `The API key comes from the ${API_KEY_ENV} environment variable, which overrides the keychain. Unset ${API_KEY_ENV} to set, replace or delete the key stored in the keychain.`;

/** The key from PARALLAX_API_KEY (scripts and CI): read-only, it wins over any stored key. */
export function createEnvironmentSecretStore(value: string): SecretStore {
  const key = value.trim();
  return {
    backend: {
      kind: 'environment',
      label: `Environment variable ${API_KEY_ENV}`,
      persistent: false,
      warning: `Using the key from ${API_KEY_ENV}; the keychain is not used while it is set.`,
    },
    get: async () => key,
    set: async () => {
      throw new SecretStoreReadOnlyError(ENV_READ_ONLY_MESSAGE);
    },
    delete: async () => {
      throw new SecretStoreReadOnlyError(ENV_READ_ONLY_MESSAGE);
    },
  };
}
