// Where the API key lives. One small interface so the key service, the app and the CLI do
// not care whether the key sits in the OS keychain, in Electron's safeStorage or in the
// environment, and so tests can swap in an in-memory store.

export type SecretBackendKind = 'os-keychain' | 'electron-safe-storage' | 'environment' | 'unavailable';

export interface SecretBackendInfo {
  kind: SecretBackendKind;
  /** Shown to the user, e.g. 'macOS Keychain', 'Secret Service (D-Bus)'. */
  label: string;
  /** Whether a saved key survives a restart. */
  persistent: boolean;
  /** Said plainly in the UI next to the backend (fallback storage, read-only environment key...). */
  warning?: string;
  /** Kind 'unavailable' only: why the keychain did not answer. */
  unavailable?: KeychainUnavailability;
}

/**
 * Why no keychain answered: 'locked' (there is one, locked, and its unlock prompt was
 * dismissed or not answered in time: unlocking it is the way out), 'absent' (none reachable),
 * 'ambiguous' (more than one Parallax entry).
 */
export type KeychainUnavailability = 'locked' | 'absent' | 'ambiguous';

export interface SecretStore {
  readonly backend: SecretBackendInfo;
  /** The stored key, or null when none is stored. */
  get(): Promise<string | null>;
  set(key: string): Promise<void>;
  /** True when a key was deleted, false when there was none. */
  delete(): Promise<boolean>;
}

/**
 * No store can keep the key on this machine. The message says what to do about it and
 * never carries a native stack; `reason` is the one-line cause for diagnostics.
 */
export class SecretStoreUnavailableError extends Error {
  override readonly name = 'SecretStoreUnavailableError';
  constructor(
    message: string,
    readonly reason: string | null = null,
    readonly state: KeychainUnavailability = 'absent',
  ) {
    super(message);
  }
}

/** The key comes from PARALLAX_API_KEY: the app cannot change or delete it. */
export class SecretStoreReadOnlyError extends Error {
  override readonly name = 'SecretStoreReadOnlyError';
}
