import {
  type FallbackSecretStore,
  createKeychainSecretStore,
  type KeychainSecretStore,
  type SecretStore,
  createUnavailableSecretStore,
} from '../../platform';

// Where the team URL's password is kept: the OS keychain, under the app's service name and an
// account of its own (the API key is 'api-key'), or Electron's safeStorage in the app when no
// keychain answers. Never the settings, the history or a log. PARALLAX_TEAM_URL (for servers)
// carries its own password and bypasses this store.

export const TEAM_KEYCHAIN_ACCOUNT = 'team-password';

export interface TeamPasswordStoreOptions {
  keychain?: KeychainSecretStore;
  fallback?: FallbackSecretStore;
  platform?: NodeJS.Platform;
}

export async function createTeamPasswordStore(options: TeamPasswordStoreOptions = {}): Promise<SecretStore> {
  const keychain =
    options.keychain ??
    createKeychainSecretStore({
      account: TEAM_KEYCHAIN_ACCOUNT,
      platform: options.platform ?? process.platform,
    });
  const probe = await keychain.probe();
  if (probe.ok) return keychain;
  if (options.fallback?.usable()) return options.fallback;
  return createUnavailableSecretStore(probe.error);
}
