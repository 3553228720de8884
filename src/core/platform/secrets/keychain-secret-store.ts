import type { AsyncEntry, EntryOptions } from '@napi-rs/keyring';
import { keychainHelp, keychainUnlockHelp, shortReason } from './keychain-help';
import { SecretStoreUnavailableError, type SecretBackendInfo, type SecretStore } from './secret-store';

// The API key in the OS keychain through @napi-rs/keyring (keyring-rs): macOS Keychain,
// Windows Credential Manager, Linux Secret Service. On Linux the entry is pinned to the
// Secret Service: keyring-rs would otherwise fall back to the kernel keyring, which forgets
// the key at logout and would look like a working keychain.

export interface KeychainOptions {
  /** Keychain service name; 'Parallax' in the app and the CLI. */
  service?: string;
  /** Keychain account name; tests use their own so they never touch a real key. */
  account?: string;
  platform?: NodeJS.Platform;
  /** Upper bound for one keychain call, so a keyring waiting on an unlock prompt cannot hang the app. */
  timeoutMs?: number;
}

export type KeychainProbe = { ok: true } | { ok: false; error: SecretStoreUnavailableError };

export interface KeychainSecretStore extends SecretStore {
  /**
   * Whether the keychain answers: reads the entry and, when it is empty, writes and deletes a
   * probe entry (a Secret Service without an unlocked default collection reads fine but cannot store).
   */
  probe(): Promise<KeychainProbe>;
}

export const KEYCHAIN_SERVICE = 'Parallax';
export const KEYCHAIN_ACCOUNT = 'api-key';

export function keychainLabel(platform: NodeJS.Platform): string {
  if (platform === 'darwin') return 'macOS Keychain';
  if (platform === 'win32') return 'Windows Credential Manager';
  if (platform === 'linux') return 'Secret Service (D-Bus keyring)';
  return 'OS keychain';
}

export function createKeychainSecretStore(options: KeychainOptions = {}): KeychainSecretStore {
  const service = options.service ?? KEYCHAIN_SERVICE;
  const account = options.account ?? KEYCHAIN_ACCOUNT;
  const platform = options.platform ?? process.platform;
  const timeoutMs = options.timeoutMs ?? 15_000;
  const entryOptions: EntryOptions = platform === 'linux' ? { linux: { store: 'secret-service' } } : {};
  const backend: SecretBackendInfo = {
    kind: 'os-keychain',
    label: keychainLabel(platform),
    persistent: true,
  };

  /** Runs one keychain call on a fresh entry; every failure becomes one clear error. */
  async function withEntry<T>(
    name: string,
    call: (entry: AsyncEntry, signal: AbortSignal) => Promise<T>,
  ): Promise<T> {
    try {
      // The native addon loads at the first keychain call: a command that never reads the key
      // (the history's, most of the CLI's) does not pay for it. The constructor itself throws
      // when no D-Bus session bus is reachable.
      const { AsyncEntry } = await import('@napi-rs/keyring');
      const entry = new AsyncEntry(service, name, entryOptions);
      return await call(entry, AbortSignal.timeout(timeoutMs));
    } catch (err) {
      throw toUnavailable(err, platform);
    }
  }

  return {
    backend,
    get: () => withEntry(account, (entry, signal) => entry.getPassword(signal)),
    set: (key) => withEntry(account, (entry, signal) => entry.setPassword(key, signal)),
    delete: () => withEntry(account, (entry, signal) => entry.deletePassword(signal)),
    async probe() {
      try {
        const existing = await withEntry(account, (entry, signal) => entry.getPassword(signal));
        if (existing !== null) return { ok: true };
        const probeAccount = `${account}.probe`;
        await withEntry(probeAccount, (entry, signal) => entry.setPassword('probe', signal));
        await withEntry(probeAccount, (entry, signal) => entry.deletePassword(signal));
        return { ok: true };
      } catch (err) {
        return { ok: false, error: toUnavailable(err, platform) };
      }
    },
  };
}

/** keyring-rs on a locked Secret Service collection, macOS errSecInteractionNotAllowed / user canceled. */
const LOCKED =
  /unlock prompt was dismissed|is locked|locked collection|interaction is not allowed|user canceled/i;

function toUnavailable(err: unknown, platform: NodeJS.Platform): SecretStoreUnavailableError {
  if (err instanceof SecretStoreUnavailableError) return err;
  const reason = shortReason(err);
  if (/ambiguous|matched by \d+ credentials/i.test(reason)) {
    return new SecretStoreUnavailableError(
      'The keychain holds more than one Parallax API key entry. Remove the duplicates in your keychain manager, then set the key again.',
      reason,
      'ambiguous',
    );
  }
  // A keychain that is there but locked: its unlock prompt was dismissed (or, headless, could
  // not be shown), or it waited on one past our limit.
  if (LOCKED.test(reason)) {
    return new SecretStoreUnavailableError(
      `The keychain is locked (its unlock prompt was dismissed). ${keychainUnlockHelp(platform)}`,
      reason,
      'locked',
    );
  }
  if (err instanceof Error && err.name === 'TimeoutError') {
    return new SecretStoreUnavailableError(
      `The keychain did not answer in time: it is probably locked and waiting for you to unlock it. ${keychainUnlockHelp(platform)}`,
      reason,
      'locked',
    );
  }
  return new SecretStoreUnavailableError(`No keychain is reachable. ${keychainHelp(platform)}`, reason);
}
