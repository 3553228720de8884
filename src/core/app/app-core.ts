import { startSandbox as startBuiltInSandbox } from '../../sandbox';
import {
  type PageArchiverOptions,
  type PageSanitizer,
  createMonitorScheduler,
  type MonitorScheduler,
  createCreditsVerifier,
  createConnectionManager,
  type ConnectionManager,
  createRunService,
  type RunService,
} from '../runs';
import type { AfterRunPipeline, AfterRunStep, WebhookBackoff, WebhookDeliverer } from '../alerts';
import { openEngine, type EngineCore } from './engine';
import type { RunningSandbox, SandboxOptions } from '../../sandbox/types';
import type { EventPayload } from '../../shared/ipc/contract';
import {
  createEventBus,
  type EventBus,
  createKeyService,
  redactSecrets,
  type KeyService,
  type SecretStore,
  type SettingsStore,
  engineLabelsOfSettings,
  type WorkerScript,
  createUnavailableSecretStore,
  SecretStoreUnavailableError,
  AppError,
} from '../platform';
import { createIpcRouter, type IpcHandlers, type IpcRouter } from './ipc/router';
import { checkedFilesIn, openHistory, type ExportWorkerScript } from '../history';
import { toIpcError } from './error-map';
import { appHandlers } from './handlers/app';
import { catalogHandlers } from './handlers/catalog';
import { demoHandlers } from './handlers/demo';
import { commerceHandlers } from './handlers/commerce';
import { funnelHandlers } from './handlers/funnel';
import { suggestionsHandlers } from './handlers/suggestions';
import { factsHandlers } from './handlers/facts';
import { discoveryHandlers } from './handlers/discovery';
import { historyHandlers } from './handlers/history';
import { libraryHandlers } from './handlers/library';
import { promptsCsvHandlers } from './handlers/prompts-csv';
import { resultsHandlers } from './handlers/results';
import { runsHandlers } from './handlers/runs';
import { settingsHandlers } from './handlers/settings';
import { storageHandlers } from './handlers/storage';
import { toolsHandlers } from './handlers/tools';
import { reportsHandlers } from './handlers/reports';
import { profileHandlers } from './handlers/profile';
import { visibilityHandlers } from './handlers/visibility';
import { createCommerceFillDriver, createReanalysisDriver } from '../analysis';
import { alertsHandlers } from './handlers/alerts';
import { findingsHandlers } from './handlers/findings';
import { positioningHandlers } from './handlers/positioning';
import {
  createRescoreDriver,
  createJudgeService,
  createFactsCheckDriver,
  createModelRescoreDriver,
  type ModelRescoreDriverDeps,
  createRescoreControl,
} from '../positioning';
import { teamHandlers } from './handlers/team';
import { syncHandlers } from './handlers/sync';
import { wireBackgroundSync } from './sync-wiring';
import { judgeHandlers } from './handlers/judge';
import { createTeamService, createWorkspaceRegistry } from '../team';
import { dbExportHandlers } from './handlers/db-export';
import { wireAlerts } from './alerts-wiring';
import type { FolderRequest, HandlerContext, OpenRequest, SaveRequest } from './handlers/types';

/** Everything the core needs from the outside world, passed in so the app, the CLI and tests build the same core. */
export interface CoreDeps {
  app: { name: string; version: string; platform: string; userDataPath: string };
  /** SQLite history file. */
  dbPath: string;
  settings: SettingsStore;
  secrets: SecretStore;
  now: () => number;
  fetch: typeof fetch;
  /** Opens an http(s) URL in the system browser (Electron's shell.openExternal in the app). */
  openExternal: (url: string) => Promise<void>;
  /** A save dialog in the app; null when the user cancels. */
  chooseSavePath: (request: SaveRequest) => Promise<string | null>;
  /** A folder chooser in the app (a monitor's report folder); null when the user cancels. */
  chooseFolder?: (request: FolderRequest) => Promise<string | null>;
  /** An open-file dialog in the app (a service profile to import); null when the user cancels. */
  chooseOpenFile?: (request: OpenRequest) => Promise<string | null>;
  /** Prints a client report's HTML to PDF (the Electron shell: a hidden window's printToPDF). */
  printPdf?: (html: string) => Promise<Buffer>;
  /** Steps run after each monitor run's alert check (REPORTS: the report to the monitor's folder). */
  afterRunSteps?: readonly AfterRunStep[];
  /** The webhook's retry schedule (tests shorten it). */
  webhookBackoff?: WebhookBackoff;
  /** The built-in sandbox (Sandbox mode); injectable so tests pick its latency. */
  startSandbox?: (options: SandboxOptions) => Promise<RunningSandbox>;
  sandboxOptions?: SandboxOptions;
  /** Runs due monitors while the core is open (the app: yes; one-shot tools: no). */
  runMonitors?: boolean;
  pollIntervalMs?: { min: number; max: number };
  /** Where unexpected errors are reported (already redacted). */
  logError?: (message: string) => void;
  /** The page archiver's limits (tests shorten its backoff). */
  archiveOptions?: Partial<PageArchiverOptions>;
  /** Strips archived pages (the app: on a worker thread, so a big page never stalls the window). */
  sanitizePage?: PageSanitizer;
  /** The JSON export's worker script (export-json-worker); without it JSON exports run in-process. */
  exportJsonWorker?: ExportWorkerScript;
  /** The positioning re-score's worker script (positioning-worker); without it re-scores run in-process. */
  positioningWorker?: WorkerScript;
  /** The keychain entry for the team password (createTeamPasswordStore); none: a team URL with a password is refused. */
  teamPasswords?: SecretStore;
  /** The model judge's keychain entry (openJudgeKeyStore); none: its key cannot be saved. */
  judgeKeys?: SecretStore;
  /** PARALLAX_TEAM_URL and PARALLAX_WORKSPACE are read here (the app: process.env). Default: none. */
  env?: NodeJS.ProcessEnv;
  /** Reopens the app on another workspace's history (the workspace host, src/core/app/workspace-host.ts). */
  switchWorkspace?: (dbPath: string) => Promise<void>;
  /** Shows a file in the system's file manager (Electron's shell.showItemInFolder in the app). */
  showInFolder?: (path: string) => void;
  /** The analysis export's second thread (db-export/table-worker); in-process without it. */
  dbExportWorker?: ExportWorkerScript;
  /** The model judge's re-score: batch size, call timeout, retries (tests shorten them). */
  modelRescore?: Pick<ModelRescoreDriverDeps, 'batchSize' | 'timeoutMs' | 'retry'>;
}

/** The engine as the app runs it: the shared engine, with the IPC router, runs, monitors and background work. */
export interface Core extends EngineCore {
  router: IpcRouter;
  events: EventBus;
  keys: KeyService;
  runs: RunService;
  monitors: MonitorScheduler;
  connections: ConnectionManager;
  /** Change alerts after monitor runs (check, store, event, webhook, extra steps). */
  alerts: AfterRunPipeline;
  webhooks: WebhookDeliverer;
}

const MONITOR_CHECK_MS = 60_000;

/** The app's engine: the shared engine (history, page archive, services), runs, monitors, the IPC handlers over them and the work the app does in the background. */
export async function startAppCore(deps: CoreDeps): Promise<Core> {
  const events = createEventBus();
  // Pages results link to expire 24 h after the answer: each stored answer kicks the archiver,
  // and the kick at open takes up what a crash or a quit left pending.
  const engine = openEngine({
    dbPath: deps.dbPath,
    now: deps.now,
    fetch: deps.fetch,
    openStore: () =>
      openHistory({ path: deps.dbPath, now: deps.now, checkedFiles: checkedFilesIn(deps.app.userDataPath) }),
    activeJudge: () => deps.settings.get().positioningJudge,
    labels: () => engineLabelsOfSettings(deps.settings.get()),
    logError: (message) => deps.logError?.(message),
    ...(deps.archiveOptions ? { archiveOptions: deps.archiveOptions } : {}),
    ...(deps.sanitizePage ? { sanitizePage: deps.sanitizePage } : {}),
  });
  const { store, archive, services } = engine;
  const keys = createKeyService({
    secrets: deps.secrets,
    fallbackPlan: () => deps.settings.get().plan,
    verify: (key) => {
      const baseUrl = deps.settings.get().baseUrl;
      if (!baseUrl) {
        throw new Error(
          'Set the service base URL in Settings first: the key is verified with GET /v1/credits.',
        );
      }
      return createCreditsVerifier({ baseUrl, fetch: deps.fetch })(key);
    },
  });
  const connections = createConnectionManager({
    settings: deps.settings,
    keys,
    fetch: deps.fetch,
    now: deps.now,
    startSandbox: deps.startSandbox ?? startBuiltInSandbox,
    ...(deps.sandboxOptions ? { sandboxOptions: deps.sandboxOptions } : {}),
  });
  const runs = createRunService({
    store,
    settings: deps.settings,
    keys,
    connections,
    events,
    now: deps.now,
    ...(deps.pollIntervalMs ? { pollIntervalMs: deps.pollIntervalMs } : {}),
  });
  let lastMeta = { keyLabel: 'sandbox' as string | null, sandbox: true, baseUrl: '' };
  const monitors = createMonitorScheduler({
    store,
    now: deps.now,
    runMeta: () => lastMeta,
    engine: {
      start: async (spec, meta) => {
        const started = await runs.start(spec, { monitorId: meta.monitorId ?? null });
        const connection = await runs.connection();
        lastMeta = {
          keyLabel: connection.keyLabel,
          sandbox: connection.sandbox,
          baseUrl: connection.baseUrl,
        };
        return started;
      },
    },
  });

  const {
    alerts,
    webhooks,
    unsubscribe: unsubscribeAlerts,
  } = await wireAlerts(services, {
    events,
    ...(deps.afterRunSteps ? { steps: deps.afterRunSteps } : {}),
    ...(deps.webhookBackoff ? { webhookBackoff: deps.webhookBackoff } : {}),
  });
  const unsubscribeArchive = events.subscribe((event, payload) => {
    if (event === 'run.job' && (payload as EventPayload<'run.job'>).resultId) archive.kick();
  });
  archive.kick();

  const [visibility, positioning, findings, discovery, commerce] = await Promise.all([
    services.visibility(),
    services.positioning(),
    services.findings(),
    services.discovery(),
    services.commerce(),
  ]);
  // A brand change re-analyses stored answers in background batches; one left by a crash or a
  // quit resumes now.
  const reanalysis = createReanalysisDriver({
    store,
    events,
    logError: (message) => deps.logError?.(message),
  });
  reanalysis.kick();
  // Answers stored before their commerce rows existed (or before a brand change) are read into
  // rows in background batches too.
  const commerceFill = createCommerceFillDriver({
    store,
    events,
    logError: (message) => deps.logError?.(message),
  });
  if (!store.readonly) commerceFill.kick();
  // Paths the user chose in a save dialog: "Show in folder" shows these and nothing else.
  const savedFiles = new Set<string>();
  // The archive's positioning re-score: recorded when the built-in judge's version changed since
  // the last start, resumed when a crash or a quit left one (a paused one waits for the analyst).
  const rescore = createRescoreDriver({
    store,
    events,
    dbPath: deps.dbPath,
    ...(deps.positioningWorker ? { worker: deps.positioningWorker } : {}),
    logError: (message) => deps.logError?.(message),
  });
  try {
    if (!store.readonly) store.posEnsureCurrent();
  } catch (error) {
    // Another process holding the write lock (the CLI): the check runs again at the next start.
    deps.logError?.(`positioning: ${error instanceof Error ? error.message : String(error)}`);
  }
  rescore.kick();
  const env = deps.env ?? {};
  const team = createTeamService({
    settings: deps.settings,
    passwords:
      deps.teamPasswords ??
      createUnavailableSecretStore(
        new SecretStoreUnavailableError('No keychain was given to keep the team password.'),
      ),
    env,
    now: deps.now,
  });
  const registry = createWorkspaceRegistry({
    dataFolder: deps.settings.get().dataFolder ?? deps.app.userDataPath,
    settings: deps.settings,
    env,
  });
  const sync = wireBackgroundSync({
    team,
    store,
    events,
    settings: deps.settings,
    workspace: () => registry.current().slug,
    now: deps.now,
    enabled: deps.runMonitors === true,
    logError: (message) => deps.logError?.(message),
    ...(deps.positioningWorker ? { positioningWorker: deps.positioningWorker } : {}),
  });
  const judge = createJudgeService({
    settings: deps.settings,
    secrets:
      deps.judgeKeys ??
      createUnavailableSecretStore(
        new SecretStoreUnavailableError('No keychain was given to keep the judge’s key.'),
      ),
  });
  const modelRescore = createModelRescoreDriver({
    store,
    events,
    config: () => deps.settings.get().positioningModelJudge,
    key: () => judge.key().catch(() => null),
    ...deps.modelRescore,
    logError: (message) => deps.logError?.(message),
  });
  const factsCheck = createFactsCheckDriver({
    store,
    events,
    config: () => deps.settings.get().positioningModelJudge,
    key: () => judge.key().catch(() => null),
    now: deps.now,
    ...(deps.modelRescore?.timeoutMs !== undefined ? { timeoutMs: deps.modelRescore.timeoutMs } : {}),
    ...(deps.modelRescore?.retry ? { retry: deps.modelRescore.retry } : {}),
    logError: (message) => deps.logError?.(message),
  });
  const rescoreControl = createRescoreControl({
    store,
    builtin: rescore,
    model: modelRescore,
    budget: () => deps.settings.get().positioningModelJudge?.budget ?? null,
    now: deps.now,
  });
  const ctx: HandlerContext = {
    app: deps.app,
    store,
    visibility,
    positioning,
    findings,
    discovery,
    commerce,
    funnel: services.funnel,
    outcomes: services.outcomes,
    facts: services.facts,
    rescore,
    rescoreControl,
    factsCheck,
    settings: deps.settings,
    keys,
    connections,
    runs,
    monitors,
    events,
    now: deps.now,
    fetch: deps.fetch,
    openExternal: deps.openExternal,
    savedFiles,
    chooseSavePath: async (request) => {
      const path = await deps.chooseSavePath(request);
      if (path !== null) savedFiles.add(path);
      return path;
    },
    chooseFolder: deps.chooseFolder ?? (() => Promise.resolve(null)),
    chooseOpenFile: deps.chooseOpenFile ?? (() => Promise.resolve(null)),
    ...(deps.printPdf ? { printPdf: deps.printPdf } : {}),
    alerts,
    webhooks,
    team,
    sync: sync.service,
    judge,
    workspaces: { registry, team },
    switchWorkspace:
      deps.switchWorkspace ??
      (() =>
        Promise.reject(
          new AppError('WORKSPACE_SWITCH_UNAVAILABLE', 'This window cannot switch workspaces.'),
        )),
    ...(deps.exportJsonWorker ? { exportJsonWorker: deps.exportJsonWorker } : {}),
    ...(deps.showInFolder ? { showInFolder: deps.showInFolder } : {}),
    ...(deps.dbExportWorker ? { dbExportWorker: deps.dbExportWorker } : {}),
  };
  const handlers: IpcHandlers = {
    ...appHandlers(ctx),
    ...settingsHandlers(ctx),
    ...storageHandlers(ctx),
    ...catalogHandlers(ctx),
    ...runsHandlers(ctx),
    ...resultsHandlers(ctx),
    ...historyHandlers(ctx),
    ...libraryHandlers(ctx),
    ...promptsCsvHandlers(ctx),
    ...toolsHandlers(ctx),
    ...visibilityHandlers(ctx),
    ...positioningHandlers(ctx),
    ...findingsHandlers(ctx),
    ...demoHandlers(ctx),
    ...discoveryHandlers(ctx),
    ...commerceHandlers(ctx),
    ...funnelHandlers(ctx),
    ...suggestionsHandlers(ctx),
    ...factsHandlers(ctx),
    ...alertsHandlers(ctx),
    ...reportsHandlers(ctx),
    ...profileHandlers(ctx),
    ...teamHandlers(ctx),
    ...syncHandlers(ctx),
    ...judgeHandlers(ctx),
    ...dbExportHandlers(ctx),
  };
  const redact = (text: string): string => redactSecrets(text, keys.knownSecrets());
  const router = createIpcRouter(handlers, {
    redact,
    mapError: toIpcError,
    onUnexpectedError: (channel, error) =>
      deps.logError?.(
        redact(`${channel}: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`),
      ),
  });

  // Crash recovery first, then the monitors' catch-up: neither blocks the window.
  const background = (async () => {
    try {
      await runs.resumeOnOpen();
    } catch (error) {
      deps.logError?.(redact(`resume on open: ${error instanceof Error ? error.message : String(error)}`));
    }
    // Monitor runs that finished while no one compared them (a crash, a CLI run), then the
    // webhook deliveries left pending.
    try {
      await alerts.catchUp();
    } catch (error) {
      deps.logError?.(redact(`alerts catch-up: ${error instanceof Error ? error.message : String(error)}`));
    }
    webhooks.kick();
    sync.start();
  })();
  const stopMonitors = deps.runMonitors ? monitors.startTimer(MONITOR_CHECK_MS) : () => undefined;

  return {
    router,
    events,
    store,
    services,
    keys,
    runs,
    monitors,
    connections,
    alerts,
    webhooks,
    archive,
    async close() {
      stopMonitors();
      await background;
      await sync.close();
      unsubscribeAlerts();
      await alerts.idle();
      await webhooks.close();
      await reanalysis.close();
      await commerceFill.close();
      await rescore.close();
      await modelRescore.close();
      await factsCheck.close();
      await runs.close();
      unsubscribeArchive();
      await archive.close();
      await connections.close();
      store.close();
    },
  };
}
