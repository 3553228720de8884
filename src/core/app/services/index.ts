import type { CommerceService } from '../../../shared/commerce';
import type { EngineLabels } from '../../../shared/narrative/places';
import type { AfterRunPipeline, AfterRunStep, WebhookBackoff, WebhookDeliverer } from '../../alerts';
import type { DiscoveryService, FactsService, FindingsService, VisibilityService } from '../../analysis';
import type { CrawlersService } from '../../crawlers';
import type { HistoryStore } from '../../history';
import type { FunnelService, OutcomesService } from '../../outcomes';
import type { EventBus } from '../../platform';
import type { PositioningService } from '../../positioning';

// The engine's services over one history, namespaced and built once, on first use: the app's
// IPC handlers, the CLI's commands and the MCP tools all take them from here. Each is loaded
// when first asked for (a dynamic import), so a command that only reads the history loads none
// of them.

export interface ServicesDeps {
  store: HistoryStore;
  now: () => number;
  fetch: typeof fetch;
  /** The positioning judge in use (Settings; 'builtin' by default), read per call. */
  activeJudge: () => string;
  /** The engine labels of the service profile in use, read per call. */
  labels: () => EngineLabels;
  logError: (message: string) => void;
}

export interface AfterRunOptions {
  /** Where the digest and the report step announce themselves (the app's renderer). */
  events?: EventBus;
  /** Steps after the alert check and the client report (the app's: none by default). */
  steps?: readonly AfterRunStep[];
  /** The webhook's retry schedule (tests shorten it). */
  webhookBackoff?: WebhookBackoff;
  /** Where the pipeline's failures are reported (default: the engine's logError). */
  logError?: (message: string) => void;
}

export interface AfterRun {
  /** After a monitor run: the alert check, the webhook, the client report to the monitor's folder, then the steps. */
  pipeline: AfterRunPipeline;
  webhooks: WebhookDeliverer;
}

export interface CoreServices {
  /** KPIs with intervals, trends, heatmap, leaderboard, sources and gaps (the Visibility view's numbers). */
  visibility(): Promise<VisibilityService>;
  /** What changed against the previous period. */
  findings(): Promise<FindingsService>;
  /** Names the answers put forward that no tracked brand covers. */
  discovery(): Promise<DiscoveryService>;
  /** Products, prices, merchants and ads of the answers: shelf, ads, conquesting, paid vs organic. */
  commerce(): Promise<CommerceService>;
  /** AI crawlers' visits from the site's own logs: per agent, and per engine, page and week (verified). */
  crawlers(): Promise<CrawlersService>;
  /** Brand facts: sheets, the re-check after a change, discrepancy rates and the sources of errors. */
  facts(): Promise<FactsService>;
  /** How the answers present each brand, as the judge in use reads them, or as `judge` does. */
  positioning(judge?: string): Promise<PositioningService>;
  /** First-party outcomes: imports, AI-referred sessions per engine, page and week, prompts worth tracking. */
  outcomes(): Promise<OutcomesService>;
  /** Per engine, page and week: crawled (logs) → cited (answers) → referred and converted (analytics). */
  funnel(): Promise<FunnelService>;
  /** Change alerts after monitor runs, built anew for each caller (one per core). */
  afterRun(options?: AfterRunOptions): Promise<AfterRun>;
}

/** The services over `deps.store`, each built at its first use and kept. */
export function createServices(deps: ServicesDeps): CoreServices {
  const { store, now } = deps;
  const once = <T>(make: () => Promise<T>): (() => Promise<T>) => {
    let made: Promise<T> | null = null;
    return () => (made ??= make());
  };
  const analysis = once(() => import('./analysis'));
  const positioning = new Map<string, Promise<PositioningService>>();
  const positioningOf = (judge?: string): Promise<PositioningService> => {
    const key = judge ?? '';
    let service = positioning.get(key);
    if (!service) {
      service = import('./positioning').then(({ createPositioningService }) =>
        createPositioningService({ store, now, activeJudge: () => judge ?? deps.activeJudge() }),
      );
      positioning.set(key, service);
    }
    return service;
  };
  const services: CoreServices = {
    visibility: once(async () =>
      (await analysis()).createVisibilityService({ store, now, activeJudge: deps.activeJudge }),
    ),
    findings: once(async () =>
      (await analysis()).createFindingsService({
        store,
        now,
        activeJudge: deps.activeJudge,
        labels: deps.labels,
      }),
    ),
    discovery: once(async () => (await analysis()).createDiscoveryService({ store, now })),
    commerce: once(async () => (await analysis()).createCommerceService({ store, now })),
    crawlers: once(async () => (await import('./crawlers')).createCrawlersService({ store, now })),
    facts: once(async () => (await analysis()).createFactsService({ store })),
    positioning: positioningOf,
    outcomes: once(async () => (await import('./outcomes')).createOutcomesService({ store, now })),
    funnel: once(async () => {
      const [{ createFunnelService, createTeamFunnelSource }, visibility, crawlers, outcomes] =
        await Promise.all([
          import('./outcomes'),
          services.visibility(),
          services.crawlers(),
          services.outcomes(),
        ]);
      const team = createTeamFunnelSource({ store, now });
      return createFunnelService({ visibility, crawlers, outcomes, team, now, labels: deps.labels });
    }),
    async afterRun(options = {}) {
      const { createAfterRunPipeline, createAlertService, createReportStep, createWebhookDeliverer } =
        await import('./alerts');
      const { labels, activeJudge } = deps;
      const reportPositioningOf = async () =>
        (await import('./positioning')).reportPositioning(await positioningOf());
      const logError = options.logError ?? deps.logError;
      const events = options.events ? { events: options.events } : {};
      const webhooks = createWebhookDeliverer({
        store,
        fetch: deps.fetch,
        now,
        ...(options.webhookBackoff ? { backoff: options.webhookBackoff } : {}),
        logError,
      });
      const pipeline = createAfterRunPipeline({
        store,
        alerts: createAlertService({ store, now, labels, activeJudge }),
        ...events,
        labels,
        webhooks,
        // The client report to the monitor's report folder (when it names one), then any others.
        steps: [
          createReportStep({ ...events, labels, activeJudge, positioning: reportPositioningOf }),
          ...(options.steps ?? []),
        ],
        now,
        logError,
      });
      return { pipeline, webhooks };
    },
  };
  return services;
}
