import type { SecretBackendInfo, SecretStore } from '../../../../src/core/platform/secrets/secret-store';

/** In-memory SecretStore test double (the real keychain is tested in tests/keychain). */
export function memorySecretStore(initial: string | null = null, backend?: Partial<SecretBackendInfo>) {
  let value = initial;
  const store: SecretStore & { value(): string | null; writes: number } = {
    backend: { kind: 'os-keychain', label: 'In-memory test keychain', persistent: false, ...backend },
    writes: 0,
    get: async () => value,
    set: async (key) => {
      store.writes += 1;
      value = key;
    },
    delete: async () => {
      const had = value !== null;
      value = null;
      return had;
    },
    value: () => value,
  };
  return store;
}
