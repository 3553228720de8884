import { createApiClient, type ApiClient, type ResponseMeta } from '../api';
import { AppError, profileOfSettings, type KeyService, maskApiKey, type SettingsStore } from '../../platform';
import type { RunningSandbox, SandboxOptions } from '../../../sandbox/types';

/** Where runs go right now: the paid service with the user's key, or the built-in sandbox. */
export interface ServiceConnection {
  client: ApiClient;
  baseUrl: string;
  sandbox: boolean;
  /** Masked key (sk_…abcd) or 'sandbox'; stored with each run, never the key. */
  keyLabel: string;
}

export interface ConnectionManager {
  /** The connection for the current settings; starts the sandbox on first use in sandbox mode. */
  current(): Promise<ServiceConnection>;
  /** True when a call would go to the sandbox (without starting it). */
  isSandbox(): boolean;
  /** The latest response headers seen (rate limit, concurrency, credits). */
  lastMeta(): ResponseMeta | null;
  close(): Promise<void>;
}

export interface ConnectionDeps {
  settings: SettingsStore;
  keys: KeyService;
  fetch: typeof fetch;
  now: () => number;
  /** Starts the in-process sandbox (loopback, random port); injected so the CLI and tests choose its options. */
  startSandbox: (options: SandboxOptions) => Promise<RunningSandbox>;
  sandboxOptions?: SandboxOptions;
}

/**
 * Builds the API client for the current mode and rebuilds it when the settings that shape
 * it change (mode, base URL, retries, task type names) or the key changes.
 */
export function createConnectionManager(deps: ConnectionDeps): ConnectionManager {
  let sandbox: Promise<RunningSandbox> | null = null;
  /** The profile the running sandbox serves: a new profile restarts it. */
  let sandboxProfile = '';
  let cached: { signature: string; connection: ServiceConnection } | null = null;
  let meta: ResponseMeta | null = null;

  const onMeta = (m: ResponseMeta): void => {
    meta = { ...meta, ...m };
  };
  deps.keys.onChange(() => {
    cached = null;
  });

  async function build(): Promise<ServiceConnection> {
    const settings = deps.settings.get();
    const common = {
      fetch: deps.fetch,
      now: deps.now,
      maxRetries: settings.maxRetries,
      profile: profileOfSettings(settings),
      taskTypes: settings.taskTypeOverrides,
      onMeta,
    };
    if (settings.sandboxMode) {
      // The sandbox speaks the same profile, so a renamed deployment can be tried end to end.
      const profileKey = JSON.stringify(profileOfSettings(settings));
      if (sandbox && sandboxProfile !== profileKey) {
        const old = sandbox;
        sandbox = null;
        await (await old).close();
      }
      sandboxProfile = profileKey;
      sandbox ??= deps.startSandbox({
        available: 'spec',
        plan: settings.plan,
        profile: profileOfSettings(settings),
        ...deps.sandboxOptions,
      });
      const running = await sandbox;
      return {
        client: createApiClient({ ...common, baseUrl: running.baseUrl, apiKey: running.apiKey }),
        baseUrl: running.baseUrl,
        sandbox: true,
        keyLabel: 'sandbox',
      };
    }
    if (!settings.baseUrl) {
      throw new AppError(
        'SERVICE_NOT_CONFIGURED',
        'No service URL is set. Enter the base URL in Settings, or switch to the sandbox.',
      );
    }
    const key = await deps.keys.requireKeyForRequests();
    return {
      client: createApiClient({
        ...common,
        baseUrl: settings.baseUrl,
        apiKey: () => deps.keys.requireKeyForRequests(),
      }),
      baseUrl: settings.baseUrl,
      sandbox: false,
      keyLabel: maskApiKey(key),
    };
  }

  return {
    async current() {
      const s = deps.settings.get();
      const signature = JSON.stringify([
        s.sandboxMode,
        s.baseUrl,
        s.maxRetries,
        s.taskTypeOverrides,
        s.plan,
        s.serviceProfile,
        s.serviceProfileBuiltin,
      ]);
      if (cached?.signature === signature) return cached.connection;
      const connection = await build();
      cached = { signature, connection };
      return connection;
    },
    isSandbox: () => deps.settings.get().sandboxMode,
    lastMeta: () => meta,
    async close() {
      cached = null;
      if (sandbox) await (await sandbox).close();
      sandbox = null;
    },
  };
}
