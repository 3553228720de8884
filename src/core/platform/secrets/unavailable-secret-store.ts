import { SecretStoreUnavailableError, type SecretStore } from './secret-store';

/**
 * The store used when nothing on this machine can keep the key safely: nothing is stored,
 * so reads find nothing and a save refuses with the explanation of how to get a keychain.
 */
export function createUnavailableSecretStore(error: SecretStoreUnavailableError): SecretStore {
  return {
    backend: {
      kind: 'unavailable',
      label: 'No keychain available',
      persistent: false,
      warning: error.message,
      unavailable: error.state,
    },
    get: async () => null,
    set: async () => {
      throw new SecretStoreUnavailableError(error.message, error.reason, error.state);
    },
    delete: async () => false,
  };
}
