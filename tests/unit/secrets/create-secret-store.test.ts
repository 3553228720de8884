import { describe, expect, it } from 'vitest';
import {
  createSecretStore,
  type FallbackSecretStore,
} from '../../../src/core/platform/secrets/create-secret-store';
import type { KeychainSecretStore } from '../../../src/core/platform/secrets/keychain-secret-store';
import {
  SecretStoreReadOnlyError,
  SecretStoreUnavailableError,
} from '../../../src/core/platform/secrets/secret-store';
import { testKey } from './support/credits-server';
import { memorySecretStore } from './support/memory-secret-store';

// The chain's decisions, with test doubles for the stores (the real keychain: tests/keychain).

function keychain(ok: boolean): KeychainSecretStore {
  const store = memorySecretStore(null, { label: 'Test keychain' });
  return {
    ...store,
    probe: async () =>
      ok
        ? { ok: true }
        : {
            ok: false,
            error: new SecretStoreUnavailableError('No keychain: install gnome-keyring.', 'D-Bus down'),
          },
  };
}

function fallback(usable: boolean): FallbackSecretStore {
  return {
    ...memorySecretStore(null, {
      kind: 'electron-safe-storage',
      label: 'Test safeStorage',
      warning: 'not in the keychain',
    }),
    usable: () => usable,
  };
}

describe('createSecretStore', () => {
  it('uses PARALLAX_API_KEY over everything, read-only', async () => {
    const key = testKey('envKey');
    const store = await createSecretStore({
      env: { PARALLAX_API_KEY: `${key}\n` },
      keychain: keychain(true),
    });
    expect(store.backend.kind).toBe('environment');
    expect(await store.get()).toBe(key);
    await expect(store.set(testKey('other'))).rejects.toBeInstanceOf(SecretStoreReadOnlyError);
    await expect(store.delete()).rejects.toThrow(/Unset PARALLAX_API_KEY/);
  });

  it('ignores an empty PARALLAX_API_KEY', async () => {
    const store = await createSecretStore({ env: { PARALLAX_API_KEY: '  ' }, keychain: keychain(true) });
    expect(store.backend.label).toBe('Test keychain');
  });

  it('uses the OS keychain when its probe succeeds, even with a usable fallback', async () => {
    const store = await createSecretStore({
      env: {},
      keychain: keychain(true),
      safeStorageFallback: fallback(true),
    });
    expect(store.backend.label).toBe('Test keychain');
  });

  it('falls back to safeStorage only when it has a real OS backend, and says so', async () => {
    const store = await createSecretStore({
      env: {},
      keychain: keychain(false),
      safeStorageFallback: fallback(true),
    });
    expect(store.backend.kind).toBe('electron-safe-storage');
    expect(store.backend.warning).toBeTruthy();
  });

  it('otherwise refuses to store and explains how to get a keychain', async () => {
    for (const safeStorageFallback of [fallback(false), undefined]) {
      const store = await createSecretStore({ env: {}, keychain: keychain(false), safeStorageFallback });
      expect(store.backend.kind).toBe('unavailable');
      expect(store.backend.warning).toContain('install gnome-keyring');
      expect(await store.get()).toBeNull();
      const err = await store.set(testKey('x')).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(SecretStoreUnavailableError);
      expect((err as SecretStoreUnavailableError).message).toBe('No keychain: install gnome-keyring.');
      expect((err as SecretStoreUnavailableError).reason).toBe('D-Bus down');
    }
  });
});
