import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  SafeStorageSecretStore,
  type EncryptedKeyStore,
  type SafeStorageLike,
} from '../../../src/main/safe-storage-secret-store';
import { SecretStoreUnavailableError } from '../../../src/core/platform/secrets/secret-store';
import { testKey } from './support/credits-server';

// Electron cannot run here, so safeStorage is stood in for by real AES-GCM encryption with a
// random key (what the OS backends do), and electron-store by a Map. What is tested is the
// adapter: when it agrees to be used, and that only ciphertext reaches the store.

type Backend = ReturnType<SafeStorageLike['getSelectedStorageBackend']>;

function aesSafeStorage(available: boolean, backend: Backend): SafeStorageLike {
  const secret = randomBytes(32);
  return {
    isEncryptionAvailable: () => available,
    getSelectedStorageBackend: () => backend,
    encryptString(plain) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', secret, iv);
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return Buffer.concat([iv, cipher.getAuthTag(), body]);
    },
    decryptString(data) {
      const decipher = createDecipheriv('aes-256-gcm', secret, data.subarray(0, 12));
      decipher.setAuthTag(data.subarray(12, 28));
      return Buffer.concat([decipher.update(data.subarray(28)), decipher.final()]).toString('utf8');
    },
  };
}

function mapStore(): EncryptedKeyStore & { map: Map<string, unknown> } {
  const map = new Map<string, unknown>();
  return {
    map,
    get: (k) => map.get(k),
    set: (k, v) => void map.set(k, v),
    delete: (k) => void map.delete(k),
  };
}

describe('SafeStorageSecretStore', () => {
  it('is usable on Linux only with a real keyring backend', () => {
    const usable = (backend: Backend, available = true): boolean =>
      new SafeStorageSecretStore(aesSafeStorage(available, backend), mapStore(), 'linux').usable();
    expect(usable('gnome_libsecret')).toBe(true);
    expect(usable('kwallet6')).toBe(true);
    expect(usable('basic_text')).toBe(false);
    expect(usable('unknown')).toBe(false);
    expect(usable('gnome_libsecret', false)).toBe(false);
  });

  it('is usable on macOS and Windows when encryption is available', () => {
    expect(new SafeStorageSecretStore(aesSafeStorage(true, 'unknown'), mapStore(), 'darwin').usable()).toBe(
      true,
    );
    expect(new SafeStorageSecretStore(aesSafeStorage(false, 'unknown'), mapStore(), 'win32').usable()).toBe(
      false,
    );
  });

  it('round-trips the key and stores only base64 ciphertext', async () => {
    const key = testKey('safeStorage');
    const store = mapStore();
    const secrets = new SafeStorageSecretStore(aesSafeStorage(true, 'gnome_libsecret'), store, 'linux');
    expect(await secrets.get()).toBeNull();
    await secrets.set(key);
    expect(await secrets.get()).toBe(key);
    const saved = JSON.stringify([...store.map.entries()]);
    expect(saved).not.toContain(key);
    expect(saved).not.toContain(key.slice(0, 12));
    expect(saved).not.toContain(Buffer.from(key).toString('base64').slice(0, 16));
    expect(await secrets.delete()).toBe(true);
    expect(await secrets.delete()).toBe(false);
    expect(await secrets.get()).toBeNull();
  });

  it('says plainly that the key is not in the keychain', () => {
    const secrets = new SafeStorageSecretStore(aesSafeStorage(true, 'kwallet5'), mapStore(), 'linux');
    expect(secrets.backend).toMatchObject({
      kind: 'electron-safe-storage',
      label: 'Encrypted app storage (KWallet)',
    });
    expect(secrets.backend.warning).toMatch(
      /encrypted with a key your operating system holds.*not in your keychain/,
    );
  });

  it('refuses to save with a plain-text backend', async () => {
    const store = mapStore();
    const secrets = new SafeStorageSecretStore(aesSafeStorage(true, 'basic_text'), store, 'linux');
    await expect(secrets.set(testKey('weak'))).rejects.toBeInstanceOf(SecretStoreUnavailableError);
    expect(store.map.size).toBe(0);
  });
});
