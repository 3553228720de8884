import { createEnvironmentSecretStore, API_KEY_ENV } from './environment-secret-store';
import { createKeychainSecretStore, type KeychainSecretStore } from './keychain-secret-store';
import type { SecretStore } from './secret-store';
import { createUnavailableSecretStore } from './unavailable-secret-store';

/** A fallback store (Electron safeStorage in the app) that knows whether it can protect the key here. */
export interface FallbackSecretStore extends SecretStore {
  /** True only when the key would be encrypted with a real OS-held key (never a hard-coded one). */
  usable(): boolean;
}

export interface CreateSecretStoreOptions {
  env: NodeJS.ProcessEnv;
  /** The OS keychain; the real one (service 'Parallax', account 'api-key') when omitted. */
  keychain?: KeychainSecretStore;
  /** Electron safeStorage in the app; absent in the CLI. */
  safeStorageFallback?: FallbackSecretStore;
  platform?: NodeJS.Platform;
}

/**
 * Picks where the key lives, in order: PARALLAX_API_KEY (read-only), the OS keychain when it
 * answers, Electron safeStorage when it has a real OS backend, else a store that refuses to
 * save and explains how to get a keychain. Never plain text.
 */
export async function createSecretStore(options: CreateSecretStoreOptions): Promise<SecretStore> {
  const fromEnv = options.env[API_KEY_ENV];
  if (fromEnv !== undefined && fromEnv.trim() !== '') return createEnvironmentSecretStore(fromEnv);

  const platform = options.platform ?? process.platform;
  const keychain = options.keychain ?? createKeychainSecretStore({ platform });
  const probe = await keychain.probe();
  if (probe.ok) return keychain;

  if (options.safeStorageFallback?.usable()) return options.safeStorageFallback;

  return createUnavailableSecretStore(probe.error);
}
