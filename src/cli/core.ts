import type { PlanName } from '../shared/api/engines';
import type { RunProgressView } from '../shared/ipc/channels/runs';
import { createCore, type CoreServices } from '../core/app';
import {
  type ApiClient,
  type PageArchiver,
  type JobEvent,
  type MonitorScheduler,
  type RunEngine,
} from '../core/runs';
import {
  type SecretStore,
  openSettingsStore,
  ProfileFileError,
  resolveCliProfileInUse,
  type ProfileInUse,
  defaultUserDataDir,
  type SettingsStore,
  type Settings,
} from '../core/platform';
import { engineLabeler, type EngineLabelOf, type ServiceProfile } from '../shared/profile';
import { checkedFilesIn, maskKeyLabel, type HistoryStore } from '../core/history';
import type { RunningSandbox } from '../sandbox';
import type { Writable } from 'node:stream';
import { CliUsageError, type CliContext } from './context';
import { storageLines } from './storage-lines';
import { openHistoryFile } from './history-file';
import { cliLabels } from './profile-labels';
import { detectedCliProfile } from './profile-detect';

// The CLI's core: the engine createCore builds for a command (the same history file, page
// archive and services as the app's, unless --db says otherwise), with the settings, key store,
// client and run engine around it, opened for one command and closed after it.
// The network side is opened only when a command needs it, so `history`, `show`, `search`
// and `export` work offline and without a key; its modules (client, run engine, sandbox, key
// store) are loaded then too, so the commands that only read start quickly.

export interface OpenCliCoreOptions {
  env: NodeJS.ProcessEnv;
  /** --db PATH: another history file. */
  db?: string;
  /** --base-url URL: another service. */
  baseUrl?: string;
  /** --sandbox: start the built-in sandbox in-process on 127.0.0.1:0 and use it (synthetic data). */
  sandbox?: boolean;
  onProgress?: (p: RunProgressView) => void;
  onJob?: (e: JobEvent) => void;
  /** Test seam: the key store (the OS keychain or PARALLAX_API_KEY by default). */
  secretStore?: SecretStore;
  /** The command only reads the history: a missing --db file is an error, never created (history-file.ts). */
  reads?: boolean;
  /** Where the core's notes go (a created folder, pages still archiving): the command's stderr. */
  stderr?: Writable;
  /**
   * The settings as saved now, read at every use by the services (the judge in use, the engine
   * labels): a long-running command (`parallax mcp`) sees what the app changes meanwhile. Default:
   * the settings as read when the command started.
   */
  readSettings?: () => Settings | null;
}

export interface CliOnline {
  client: ApiClient;
  engine: RunEngine;
  monitors: MonitorScheduler;
  baseUrl: string;
  sandbox: RunningSandbox | null;
  /** Recorded with each run: masked key label, 'sandbox', or null. */
  keyLabel(): Promise<string | null>;
}

export interface CliCore {
  store: HistoryStore;
  /** Downloads the pages results link to; a command that stored answers waits for it at close. */
  archive: PageArchiver;
  /** Visibility, what changed, discovery, positioning and after-run alerts over this history (the app's). */
  services: CoreServices;
  settings: SettingsStore | null;
  dbPath: string;
  /** The service profile in use: --profile NAME|FILE, else the one chosen in Settings, else the spec's. */
  profile(): ProfileInUse;
  /** Engine id → the profile's label: how every engine is printed. */
  labelOf: EngineLabelOf;
  /**
   * Opens the client and engine (starting the sandbox with --sandbox). Throws CliUsageError
   * without a base URL or key. `overrides` (first call only) point it at another service,
   * e.g. `parallax resume` at the one the run used.
   */
  online(overrides?: { baseUrl?: string; sandbox?: boolean }): Promise<CliOnline>;
  close(): Promise<void>;
}

export const NO_KEY_MESSAGE =
  'No API key: run `parallax key set` (stored in the OS keychain) or set PARALLAX_API_KEY. Keys are never taken as arguments.';
export const NO_BASE_URL_MESSAGE =
  'No service base URL: pass --base-url URL, set it in the app (Settings), or use --sandbox for synthetic data.';

function openSettings(env: NodeJS.ProcessEnv): SettingsStore | null {
  try {
    return openSettingsStore({ env });
  } catch {
    // Unreadable settings must not stop a headless run: defaults apply.
    return null;
  }
}

export async function openCliCore(opts: OpenCliCoreOptions): Promise<CliCore> {
  const stderr = opts.stderr ?? process.stderr;
  const settings = openSettings(opts.env);
  const s = settings?.get();
  const dbPath = opts.db ?? (await workspaceHistoryPath(opts.env, settings));
  const readSettings = opts.readSettings ?? ((): Settings | null => settings?.get() ?? null);
  const engine = await createCore({
    mode: 'command',
    dbPath,
    now: Date.now,
    // Looked up when a page is downloaded: reading globalThis.fetch loads Node's HTTP client.
    fetch: (input, init) => globalThis.fetch(input, init),
    openStore: () =>
      openHistoryFile(dbPath, {
        // A --db that does not exist is a mistake a read command reports; the app's own history
        // (or a workspace's) is made on first use, as the app makes it.
        reads: opts.reads === true && opts.db !== undefined,
        note: (line) => stderr.write(`${line}\n`),
        stderr,
        // Each command opens the file anew: one the last command checked or closed cleanly, and
        // nothing changed since, is not checked again (checked-files.ts).
        checkedFiles: checkedFilesIn(defaultUserDataDir(undefined, undefined, opts.env)),
      }),
    activeJudge: () => readSettings()?.positioningJudge ?? 'builtin',
    labels: () => cliLabels(readSettings(), opts.env),
  });
  const { store, archive } = engine;
  // Page links expire 24 h after the answer: pages a crash or an earlier command left pending
  // are fetched while this command runs, and the answers this command stores are waited for.
  if (!store.readonly) archive.kick();
  let storedAnswers = false;
  const onJob = (event: JobEvent): void => {
    if (event.resultId) {
      storedAnswers = true;
      archive.kick();
    }
    opts.onJob?.(event);
  };
  let online: CliOnline | null = null;
  let sandbox: RunningSandbox | null = null;
  let inUse: ProfileInUse | null = null;
  const profileInUse = (): ProfileInUse => {
    try {
      inUse ??= resolveCliProfileInUse(opts.env, s);
    } catch (err) {
      if (err instanceof ProfileFileError) throw new CliUsageError(err.message);
      throw err;
    }
    return inUse;
  };
  let labels: EngineLabelOf | null = null;
  const labelOf: EngineLabelOf = (engine) => (labels ??= engineLabeler(profileInUse().profile))(engine);

  const openOnline = async (overrides: { baseUrl?: string; sandbox?: boolean }): Promise<CliOnline> => {
    const useSandbox = overrides.sandbox ?? opts.sandbox;
    let baseUrl: string;
    let apiKey: string | (() => Promise<string>);
    let plan: PlanName;
    let keyLabel: () => Promise<string | null>;
    const runs = await import('./lazy/service');
    const { createApiClient } = runs;
    if (useSandbox) {
      const { startSandbox } = await import('../sandbox');
      const profile = profileInUse().profile;
      sandbox = await startSandbox({
        port: 0,
        host: '127.0.0.1',
        profile,
        plan: s?.plan === 'Free' ? 'Starter' : (s?.plan ?? 'Starter'),
      });
      baseUrl = sandbox.baseUrl;
      apiKey = sandbox.apiKey;
      plan = sandbox.defaultAccount.plan;
      keyLabel = async () => 'sandbox';
    } else {
      const url = overrides.baseUrl ?? opts.baseUrl ?? s?.baseUrl ?? null;
      if (!url) throw new CliUsageError(NO_BASE_URL_MESSAGE);
      if (!/^https?:\/\/[^/]/i.test(url))
        throw new CliUsageError(`--base-url must be an http(s) URL, got "${url}"`);
      baseUrl = url;
      plan = s?.plan ?? 'Free';
      const { createSecretStore } = await import('./lazy/secret-store');
      const secrets = opts.secretStore ?? (await createSecretStore({ env: opts.env }));
      const readKey = async (): Promise<string> => {
        const key = await secrets.get().catch(() => null);
        if (!key) throw new CliUsageError(NO_KEY_MESSAGE);
        return key;
      };
      // Checked now, so a missing key is reported as such before any request is attempted.
      const key = await readKey();
      apiKey = readKey;
      const detect = runs.detectServiceProfile;
      const detected = await detectedCliProfile({
        env: opts.env,
        settings,
        baseUrl,
        apiKey: key,
        stderr,
        now: Date.now,
        detect,
      });
      if (detected !== null) {
        inUse = detected;
        labels = null;
      }
      keyLabel = async () => maskKeyLabel(await readKey());
    }
    // How the service names its engines: --profile NAME|FILE, else Settings, else the one the
    // service answers the names of, else the spec's names.
    const profile: ServiceProfile = profileInUse().profile;
    const client = createApiClient({
      baseUrl,
      apiKey,
      maxRetries: s?.maxRetries,
      profile,
      taskTypes: s?.taskTypeOverrides,
    });
    const engine = runs.createRunEngine({
      store,
      client,
      now: Date.now,
      plan: () => plan,
      onProgress: opts.onProgress,
      onJob,
      // One line when the history cannot be written (full disk, lock, read-only), one when it can again.
      ...storageLines(stderr),
    });
    const isSandbox = useSandbox === true;
    // Monitor runs record the key label; the command reads it (needs the key) before running them.
    let label: string | null = isSandbox ? 'sandbox' : null;
    const readLabel = async (): Promise<string | null> => (label = await keyLabel());
    const monitors = runs.createMonitorScheduler({
      store,
      engine,
      now: Date.now,
      runMeta: () => ({ keyLabel: label, sandbox: isSandbox, baseUrl }),
    });
    return { client, engine, monitors, baseUrl, sandbox, keyLabel: readLabel };
  };

  return {
    store,
    settings,
    dbPath,
    profile: profileInUse,
    labelOf,
    async online(overrides = {}) {
      online ??= await openOnline(overrides);
      return online;
    },
    archive,
    services: engine.services,
    async close() {
      try {
        if (storedAnswers) await finishArchive(store, archive, stderr);
        await online?.engine.close();
      } finally {
        await engine.close();
        await (sandbox as RunningSandbox | null)?.close();
      }
    },
  };
}

/** The data folder of the app and the CLI: the one in settings, else the user-data folder. */
export function cliDataFolder(env: NodeJS.ProcessEnv, settings: SettingsStore | null): string {
  return settings?.get().dataFolder ?? defaultUserDataDir(undefined, undefined, env);
}

/**
 * The history of the workspace this command uses: --workspace / PARALLAX_WORKSPACE, else the
 * current one in settings ('default': <data folder>/parallax.db). An unknown name is bad usage.
 */
async function workspaceHistoryPath(env: NodeJS.ProcessEnv, settings: SettingsStore | null): Promise<string> {
  const { createWorkspaceRegistry, WorkspaceError } = await import('./lazy/workspaces');
  try {
    return createWorkspaceRegistry({ dataFolder: cliDataFolder(env, settings), settings, env }).current()
      .dbPath;
  } catch (error) {
    if (error instanceof WorkspaceError) throw new CliUsageError(error.message);
    throw error;
  }
}

/**
 * Waits for the pages of the answers just stored (their links expire): each page's first try,
 * not the retries of a page whose host is down or failing (minutes apart): those stay pending
 * in the history for the next command or the app, and one line says so. The command's exit
 * code never waits on them (awaited on an unref'd timer, they would end the process with exit code 13).
 */
async function finishArchive(store: HistoryStore, archive: PageArchiver, stderr: Writable): Promise<void> {
  const pending = store.pendingPageCount();
  if (pending === 0) return;
  stderr.write(
    `Archiving ${pending} result page${pending === 1 ? '' : 's'} (links expire 24 h after the answer)…\n`,
  );
  await archive.settled();
  const left = store.pendingPageCount();
  if (left > 0)
    stderr.write(
      `${left} page${left === 1 ? '' : 's'} could not be archived yet (the page host failed or did not answer); ` +
        'the next parallax command or the app tries again until the links expire.\n',
    );
}

/** Options every command that touches the history or the service takes. */
export interface CoreFlags {
  db?: string;
  baseUrl?: string;
  sandbox?: boolean;
  /** The command only reads the history (see READS). */
  reads?: boolean;
}

/** Spread into a read-only command's flags: a missing history file is an error, never created. */
export const READS = { reads: true } as const;

/** Opens the core for one command, runs it, and always closes the core. */
export async function withCliCore<T>(
  ctx: Pick<CliContext, 'env' | 'stderr'>,
  flags: CoreFlags,
  fn: (core: CliCore) => Promise<T>,
  extra: Pick<OpenCliCoreOptions, 'onProgress' | 'onJob' | 'reads' | 'readSettings'> = {},
): Promise<T> {
  const core = await openCliCore({
    env: ctx.env,
    stderr: ctx.stderr,
    db: flags.db,
    baseUrl: flags.baseUrl,
    sandbox: flags.sandbox,
    reads: flags.reads,
    ...extra,
  });
  try {
    return await fn(core);
  } finally {
    await core.close();
  }
}

/** A plain text table: columns padded to their widest cell (cells are single-line). */
export function formatTable(header: string[], rows: Array<Array<string | number>>): string {
  const cells = [header, ...rows].map((r) => r.map(singleLine));
  const widths = header.map((_, i) => cells.reduce((w, r) => Math.max(w, (r[i] ?? '').length), 0));
  const line = (r: string[]): string =>
    r
      .map((c, i) => c.padEnd(widths[i] ?? 0))
      .join('  ')
      .trimEnd();
  return [
    line(cells[0] as string[]),
    widths.map((w) => '-'.repeat(w)).join('  '),
    ...cells.slice(1).map(line),
  ].join('\n');
}

// Whitespace other than a lone space: the only cells that need flattening (a 20,000-row
// `show` spent more time flattening cells than reading them).
const NEEDS_FLATTENING = /[^\S ]| {2}/;
// The runs \s+ → ' ' changes: two or more whitespace characters, or one that is not a space.
// Replacing only those gives the same text without rebuilding it at every single space (a
// 140-character excerpt has twenty of them).
const RUNS_TO_FLATTEN = /\s{2,}|[^\S ]/g;

/** text.replace(/\s+/g, ' '), faster on text that is mostly words and single spaces. */
function flattenWhitespace(text: string): string {
  return NEEDS_FLATTENING.test(text) ? text.replace(RUNS_TO_FLATTEN, ' ') : text;
}

/** A cell on one line: any run of whitespace other than a lone space becomes one space. */
export function singleLine(cell: string | number): string {
  return flattenWhitespace(String(cell));
}

export function clip(text: string, max: number): string {
  // Flattening a prefix is enough when it already overflows: the clipped text is the same.
  const head = text.length > max * 2 ? flattenWhitespace(text.slice(0, max * 2)).trim() : '';
  if (head.length > max) return `${head.slice(0, max - 1)}…`;
  const flat = flattenWhitespace(text).trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
}
