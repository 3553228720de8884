import type { GoogleVault } from '../../../core/outcomes';

// A Google connection's credentials in the OS keychain, one entry per kind (service 'Parallax',
// account 'google-ga4' or 'google-gsc'), beside the API key's: never a file, never a log.

export function keychainVault(): GoogleVault {
  const entry = async (kind: string) =>
    (await import('../../lazy/google-vault')).createKeychainSecretStore({ account: `google-${kind}` });
  return {
    get: async (kind) => (await entry(kind)).get(),
    set: async (kind, text) => (await entry(kind)).set(text),
    delete: async (kind) => (await entry(kind)).delete(),
  };
}
