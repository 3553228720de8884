import type { SecretStore } from '../../src/core/platform/secrets';

/**
 * A secret store in memory, for the app-level tests that cannot reach a keychain daemon
 * (the browser suite runs outside D-Bus). The real keychain is tested in tests/keychain.
 */
export function createMemorySecretStore(
  initial: string | null = null,
): SecretStore & { peek(): string | null } {
  let value = initial;
  return {
    backend: { kind: 'os-keychain', label: 'Test keychain (memory)', persistent: false },
    get: async () => value,
    set: async (key) => {
      value = key;
    },
    delete: async () => {
      const had = value !== null;
      value = null;
      return had;
    },
    peek: () => value,
  };
}
