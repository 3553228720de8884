import { createApiClient, type ApiClient, type ResponseMeta } from '../api';
import {
  AppError,
  profileChosen,
  profileOfSettings,
  type KeyService,
  maskApiKey,
  type SettingsStore,
} from '../../platform';
import { detectServiceProfile } from './detect-profile';
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
  /**
   * The connection for the current settings; starts the sandbox on first use in sandbox mode. On
   * first connecting to a base URL with no profile chosen, asks the service which built-in
   * profile's engine names it answers and keeps that (settings.serviceProfileDetected).
   */
  current(): Promise<ServiceConnection>;
  /** True when a call would go to the sandbox (without starting it). */
  isSandbox(): boolean;
  /** The latest response headers seen (rate limit, concurrency, credits). */
  lastMeta(): ResponseMeta | null;
  close(): Promise<void>;
}

/** The settings a connection is built from: a change of any of them builds a new one. */
function signatureOf(s: ReturnType<SettingsStore['get']>): string {
  return JSON.stringify([
    s.sandboxMode,
    s.baseUrl,
    s.maxRetries,
    s.taskTypeOverrides,
    s.plan,
    s.serviceProfile,
    s.serviceProfileBuiltin,
    s.serviceProfileDetected,
  ]);
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

  /** Asks a service not asked before which built-in's names it answers (never over a chosen profile). */
  async function detectProfile(baseUrl: string, apiKey: string): Promise<void> {
    const s = deps.settings.get();
    if (profileChosen(s) || s.serviceProfileDetected?.baseUrl === baseUrl) return;
    const builtin = await detectServiceProfile({ baseUrl, apiKey, fetch: deps.fetch });
    if (builtin === null) return;
    const detectedAt = new Date(deps.now()).toISOString();
    deps.settings.update({ serviceProfileDetected: { baseUrl, builtin, detectedAt } });
  }

  async function build(): Promise<ServiceConnection> {
    let settings = deps.settings.get();
    if (!settings.sandboxMode && settings.baseUrl) {
      await detectProfile(settings.baseUrl, await deps.keys.requireKeyForRequests());
      settings = deps.settings.get();
    }
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
      if (cached?.signature === signatureOf(deps.settings.get())) return cached.connection;
      const connection = await build();
      // After the build: a profile detected while building is part of what it was built with.
      cached = { signature: signatureOf(deps.settings.get()), connection };
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
