import type { SafeStorage } from 'electron';
import {
  type FallbackSecretStore,
  SecretStoreUnavailableError,
  type SecretBackendInfo,
} from '../core/platform';

// Fallback when no OS keychain answers: the key encrypted with Electron safeStorage (an
// OS-held key: DPAPI, Keychain, or kwallet/libsecret on Linux) and kept, base64-encoded,
// in its own electron-store file. Only used when safeStorage has a real OS backend: on
// Linux 'basic_text' means a hard-coded password, which is plain text in disguise.

export type SafeStorageLike = Pick<
  SafeStorage,
  'isEncryptionAvailable' | 'encryptString' | 'decryptString' | 'getSelectedStorageBackend'
>;

/**
 * The part of electron-store this needs. Give it a file of its own, so config.json never holds
 * anything key-derived: new Store({ name: 'secrets', configFileMode: 0o600 }). (Not created
 * here: importing electron-store at runtime needs Electron, and this class is tested in Node.)
 */
export interface EncryptedKeyStore {
  get(key: string): unknown;
  set(key: string, value: unknown): void;
  delete(key: string): void;
}

const FIELD = 'encryptedApiKey';
const WEAK_LINUX_BACKENDS = new Set(['basic_text', 'unknown']);

export class SafeStorageSecretStore implements FallbackSecretStore {
  constructor(
    private readonly safeStorage: SafeStorageLike,
    private readonly store: EncryptedKeyStore,
    private readonly platform: NodeJS.Platform = process.platform,
    /** The file's field: the API key's by default, the team password's under another. */
    private readonly field: string = FIELD,
  ) {}

  /** Read when shown: safeStorage only knows its Linux backend once the app is ready. */
  get backend(): SecretBackendInfo {
    return {
      kind: 'electron-safe-storage',
      label: `Encrypted app storage (${this.osBackendName()})`,
      persistent: true,
      warning:
        'No OS keychain answered, so the API key is stored encrypted with a key your operating system holds for Parallax, in the app data folder. It is not in your keychain.',
    };
  }

  usable(): boolean {
    if (!this.safeStorage.isEncryptionAvailable()) return false;
    if (this.platform === 'linux')
      return !WEAK_LINUX_BACKENDS.has(this.safeStorage.getSelectedStorageBackend());
    return true;
  }

  async get(): Promise<string | null> {
    const stored = this.store.get(this.field);
    if (typeof stored !== 'string' || stored === '') return null;
    return this.safeStorage.decryptString(Buffer.from(stored, 'base64'));
  }

  async set(key: string): Promise<void> {
    if (!this.usable()) {
      throw new SecretStoreUnavailableError(
        'Neither an OS keychain nor OS-backed encryption is available, so the key was not saved.',
      );
    }
    this.store.set(this.field, this.safeStorage.encryptString(key).toString('base64'));
  }

  async delete(): Promise<boolean> {
    const had = typeof this.store.get(this.field) === 'string';
    this.store.delete(this.field);
    return had;
  }

  private osBackendName(): string {
    if (this.platform === 'darwin') return 'macOS Keychain key';
    if (this.platform === 'win32') return 'Windows DPAPI';
    if (this.platform === 'linux') {
      const backend = this.safeStorage.isEncryptionAvailable()
        ? this.safeStorage.getSelectedStorageBackend()
        : 'unknown';
      return backend === 'gnome_libsecret'
        ? 'libsecret'
        : backend.startsWith('kwallet')
          ? 'KWallet'
          : backend;
    }
    return 'OS key';
  }
}
