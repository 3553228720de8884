import {
  createKeychainSecretStore,
  type KeychainSecretStore,
  SecretStoreReadOnlyError,
  type SecretStore,
  createUnavailableSecretStore,
} from '../../../platform';

// The model judge's key (an OpenAI, Anthropic or OpenRouter key): in the OS keychain under its
// own account of the 'Parallax' service, beside the service key and never mixed with it; or
// from PARALLAX_JUDGE_API_KEY (read-only, for scripts and CI). Never in the settings file, a
// log, an export, the history or the renderer (which only ever sees the masked label).

export const JUDGE_KEY_ACCOUNT = 'positioning-judge';
export const JUDGE_KEY_ENV = 'PARALLAX_JUDGE_API_KEY';

const ENV_MESSAGE = `The judge's key comes from ${JUDGE_KEY_ENV}, which overrides the keychain: unset it to set or delete the stored key.`;

export interface JudgeKeyOptions {
  env: NodeJS.ProcessEnv;
  /** Tests: a keychain under their own service or account. */
  keychain?: KeychainSecretStore;
}

function environmentStore(value: string): SecretStore {
  const key = value.trim();
  return {
    backend: {
      kind: 'environment',
      label: `Environment variable ${JUDGE_KEY_ENV}`,
      persistent: false,
      warning: `Using the judge's key from ${JUDGE_KEY_ENV}; the keychain is not used while it is set.`,
    },
    get: async () => key,
    set: async () => {
      throw new SecretStoreReadOnlyError(ENV_MESSAGE);
    },
    delete: async () => {
      throw new SecretStoreReadOnlyError(ENV_MESSAGE);
    },
  };
}

export async function openJudgeKeyStore(options: JudgeKeyOptions): Promise<SecretStore> {
  const fromEnv = options.env[JUDGE_KEY_ENV];
  if (fromEnv !== undefined && fromEnv.trim() !== '') return environmentStore(fromEnv);
  const keychain = options.keychain ?? createKeychainSecretStore({ account: JUDGE_KEY_ACCOUNT });
  const probe = await keychain.probe();
  return probe.ok ? keychain : createUnavailableSecretStore(probe.error);
}

/** `sk-…abcd`: enough to tell two keys apart, too little to use; short keys show nothing. */
export function maskJudgeKey(key: string): string {
  return key.length < 12 ? '…' : `${key.slice(0, 3)}…${key.slice(-4)}`;
}
