import { ENGINE_NAMES, ENGINES, US_STATES } from '../../../src/shared/api/engines';
import { samplePrompts } from './fake-prompts';
import { COUNTRY_CODES } from '../../../src/shared/api/countries';
import { runLocations, runSpecSchema } from '../../../src/shared/domain/run-spec';
import type { BrandView } from '../../../src/shared/ipc/channels/library';
import type { SettingsView } from '../../../src/shared/ipc/channels/settings';
import { SYNC_STATUS_OFF, type SyncStatusView } from '../../../src/shared/ipc/channels/sync';
import type { InvokeChannelName, InvokeInput, InvokeOutput } from '../../../src/shared/ipc/contract';
import { alertRulesSchema, defaultAlertRules } from '../../../src/shared/alerts/rules';
import { sampleFindings } from './fake-findings';
import { NO_BRANDING } from '../../../src/shared/reports/branding';
import { builtinProfile } from '../../../src/shared/profile/builtin';
import {
  NOW,
  SAMPLE_BRANDS,
  sampleMonitor,
  sampleCells,
  sampleResults,
  sampleRun,
  sampleProgress,
  SAMPLE_PERIOD,
  rate,
  sampleOverview,
  sampleBuckets,
  sampleDiscoveryQueue,
  sampleAlert,
} from './fake-samples';
import {
  resultPositioning,
  sampleAttributeGaps,
  samplePositioningSummary,
  samplePositioningTrend,
} from './fake-positioning';

export type Handler<C extends InvokeChannelName> = (
  input: InvokeInput<C>,
) => InvokeOutput<C> | Promise<InvokeOutput<C>>;
export type Handlers = { [C in InvokeChannelName]?: Handler<C> };

/** The engine catalog main sends under the live-service profile (ChatGPT for assistant-a, …). */
export function liveEngineCatalog(): InvokeOutput<'engines.list'> {
  const live = builtinProfile('live').profile;
  return ENGINE_NAMES.map((name) => ({
    name,
    label: live.engines[name].label,
    description: '',
    availability: 'available' as const,
    learnedAt: null,
  }));
}

/** What the fake answers on every channel the views use, before a test overrides one. */
/** The settings the fake app answers with (sandbox on, no key), with the test's changes. */
export function fakeSettings(patch: Partial<SettingsView> = {}): SettingsView {
  return {
    baseUrl: null,
    plan: 'Lite',
    defaultEngines: ['assistant-a'],
    defaultCountries: [],
    defaultEngineOptions: {},
    sandboxMode: true,
    dataFolder: '/tmp/parallax',
    theme: 'system',
    maxRetries: 2,
    budgetCap: null,
    monitorsPaused: false,
    mcpRunsEnabled: false,
    mcpBudgetCap: null,
    syncWindowDays: null,
    ...patch,
  };
}

/** A team sync status as 'sync.status' gives it: off unless `patch` says otherwise. */
export function fakeSyncStatus(patch: Partial<SyncStatusView> = {}): SyncStatusView {
  return { ...SYNC_STATUS_OFF, ...patch };
}

export function defaultHandlers(): Handlers {
  const notConnected = {
    connected: false,
    source: null,
    server: null,
    reachable: null,
    error: null,
    schemaVersion: null,
    knownVersion: 1,
    user: null,
    teamAdmin: false,
    tls: null,
    workspaces: [],
    passwordStore: null,
  };
  const workspaces = {
    workspaces: [{ slug: 'default', name: 'Default', current: true, local: true, access: null }],
    teamError: null,
  };
  const commercePeriod = { from: SAMPLE_PERIOD.from, to: SAMPLE_PERIOD.to, days: SAMPLE_PERIOD.days };
  const noCommerce = 'No answers asked with shopping or ads on in this period';
  return {
    'commerce.summary': (input) => ({
      period: commercePeriod,
      surfaces: {
        answers: 0,
        withShopping: 0,
        withAds: 0,
        productSlots: 0,
        adSlots: 0,
        shoppingRate: { value: null, lower: null, upper: null, n: 0 },
      },
      engines: [],
      brands: [],
      paidVsOrganic: [],
      by: input.by ?? null,
      buckets: [],
      empty: noCommerce,
    }),
    'commerce.products': () => ({ period: commercePeriod, products: [] }),
    // The Facts panel's model check: none has run in this session.
    'facts.modelCheck.status': () => ({
      phase: 'idle',
      judge: null,
      done: 0,
      total: 0,
      usage: null,
      message: null,
    }),
    'commerce.ads': () => ({
      period: commercePeriod,
      answers: 0,
      withAds: 0,
      adSlots: 0,
      advertisers: [],
      untracked: [],
      conquest: [],
    }),
    'commerce.answers': () => ({ resultIds: [], total: 0 }),
    'team.status': () => notConnected,
    'team.disconnect': () => notConnected,
    'workspaces.list': () => workspaces,
    'sync.status': () => fakeSyncStatus(),
    'sync.cancelSeed': () => false,
    'sync.conflicts': () => [],
    'app.info': () => ({
      name: 'Parallax',
      version: '0.1.0',
      platform: 'linux',
      sandboxMode: true,
      dataPath: '/tmp/parallax',
    }),
    'app.openExternal': () => ({ opened: true }),
    'app.showInFolder': () => ({ shown: true }),
    'settings.get': () => fakeSettings(),
    'key.status': () => ({
      configured: false,
      masked: null,
      backend: { kind: 'os-keychain', label: 'OS keychain' },
      state: 'missing',
      balance: null,
      plan: null,
      error: null,
    }),
    'engines.list': () =>
      ENGINE_NAMES.map((name) => ({
        name,
        label: ENGINES[name].label,
        description: ENGINES[name].description,
        availability: ENGINES[name].specAvailability,
        learnedAt: null,
      })),
    'countries.list': () => ({ codes: [...COUNTRY_CODES], fetchedAt: NOW, source: 'cache' }),
    'states.list': () => US_STATES.map((s) => ({ ...s })),
    'runs.estimate': (input) => {
      const spec = runSpecSchema.parse(input);
      const jobs = spec.prompts.length * spec.engines.length * runLocations(spec).length * spec.repeats;
      const maxCredits =
        spec.engines.reduce((sum, e) => sum + ENGINES[e].baseCost, 0) *
        spec.prompts.length *
        runLocations(spec).length *
        spec.repeats;
      const blockers =
        spec.budget !== null && maxCredits > spec.budget
          ? [`Maximum cost ${maxCredits} exceeds the budget of ${spec.budget}`]
          : [];
      return {
        jobs,
        maxCredits,
        balance: 1000,
        balanceAfter: 1000 - maxCredits,
        budget: spec.budget,
        blockers,
        fieldErrors: [],
        unavailableEngines: [],
      };
    },
    'runs.start': () => ({ runId: 'run-new' }),
    'runs.list': (input) => ({ runs: [sampleRun()].slice(input.offset ?? 0), total: 1 }),
    'runs.get': (input) => sampleRun(input.runId),
    'runs.matrix': (input) => sampleCells(input.runId),
    'runs.progress': (input) =>
      sampleProgress(input.runId, {
        status: 'completed',
        counts: sampleRun().counts,
        creditsSpent: 15,
        etaMs: null,
      }),
    'runs.pause': (input) => sampleProgress(input.runId, { status: 'paused' }),
    'runs.resume': (input) => sampleProgress(input.runId),
    'runs.cancel': (input) => sampleProgress(input.runId, { status: 'canceled' }),
    'runs.rerunInterrupted': (input) => sampleProgress(input.runId),
    'results.get': (input) => sampleResults().filter((r) => input.resultIds.includes(r.resultId)),
    'results.raw': (input) => ({
      json: JSON.stringify({ result: { id: input.resultId, text: '<script>alert(1)</script>' } }),
    }),
    'results.html': () => ({
      html: '<p>stored page</p><script>parent.__pwned = true</script>',
      reason: null,
      state: 'archived',
      pageCount: 1,
      url: 'https://files.example/page-1.html',
      archivedAt: 0,
    }),
    'results.series': () => [],
    'brands.list': () => SAMPLE_BRANDS,
    'brands.save': (input) => ({
      id: input.id ?? 'b-new',
      name: input.name,
      kind: input.kind,
      aliases: input.aliases ?? [],
      domains: input.domains ?? [],
    }),
    'brands.delete': () => ({ deleted: true }),
    'brands.matrix': () => ({ brands: SAMPLE_BRANDS, columns: [], cells: [] }),
    'history.search': () => ({ hits: [], total: 0, totalCapped: false }),
    'runs.delete': () => ({ deleted: true }),
    'prompts.list': () => [],
    'prompts.save': (input) => ({
      id: input.id ?? 'p-new',
      text: input.text,
      tags: input.tags ?? [],
      createdAt: NOW,
    }),
    'prompts.delete': () => ({ deleted: true }),
    'promptSets.list': () => [],
    'promptSets.save': (input) => ({
      id: input.id ?? 's-new',
      name: input.name,
      promptIds: input.promptIds,
      tags: input.tags ?? [],
    }),
    'promptSets.delete': () => ({ deleted: true }),
    'monitors.list': () => [],
    'funnel.sharing': () => ({ aggregates: false, changedAt: null, pushedAt: null }),
    'funnel.setSharing': (input) => ({ aggregates: input.aggregates, changedAt: NOW, pushedAt: null }),
    'suggestions.list': () => ({
      suggestions: [],
      total: 0,
      bySource: { gsc: 0, bing: 0, fanout: 0 },
      dismissed: 0,
      notes: [],
    }),
    'monitors.save': (input) =>
      sampleMonitor({
        id: input.id ?? 'm-new',
        name: input.name,
        spec: runSpecSchema.parse(input.spec),
        cadence: input.cadence,
        enabled: input.enabled ?? true,
        lastRunId: null,
        lastRunAt: null,
      }),
    'monitors.delete': () => ({ deleted: true }),
    'monitors.runNow': () => ({ runId: 'run-monitor' }),
    'credits.get': () => ({ remaining: 985, perCycle: 1000, cycleResetsAt: null, fetchedAt: NOW }),
    'queue.status': () => ({
      queuedTasks: 12,
      processingTasks: 3,
      priorityBreakdown: [{ priority: 1, count: 12 }],
      concurrency: { used: 3, max: 10 },
    }),
    'queue.clear': () => ({ cleared: 12 }),
    'export.run': () => ({ path: '/tmp/export.csv', canceled: false, partial: null }),
    'export.cancel': () => ({ canceled: false }),
    'export.compareReport': () => ({ path: '/tmp/report.html' }),
    'db.backup': () => ({ path: '/tmp/backup.db' }),
    'tools.resolveRedirect': (input) => ({ url: input.url, redirectLink: 'https://search.example/goto?u=1' }),
    // Demo history and Over time's picker (no demo, no series by default).
    'demo.status': () => ({
      present: false,
      building: false,
      days: null,
      builtAt: null,
      runs: 0,
      results: 0,
    }),
    'demo.load': (input) => ({
      days: input.days ?? 90,
      monitors: 2,
      runs: 4,
      results: 40,
      brands: 6,
      elapsedMs: 1000,
      canceled: false,
    }),
    'demo.cancel': () => ({ canceled: true }),
    'demo.delete': () => ({ runs: 4, monitors: 2, brands: 6 }),
    'history.seriesKeys': () => [],
    // Visibility: a history with answers and a focus brand.
    'visibility.overview': () => sampleOverview(),
    'positioning.summary': () => samplePositioningSummary(),
    'positioning.attributeGaps': () => sampleAttributeGaps(),
    'positioning.buckets': () => samplePositioningTrend(),
    'positioning.results': (input) => input.resultIds.map((id) => resultPositioning(id, [])),
    'facts.results': (input) => input.resultIds.map((resultId) => ({ resultId, checks: [] })),
    'judge.status': () => ({
      config: null,
      judge: null,
      key: { set: false, masked: null, backend: 'Secret Service (D-Bus keyring)', warning: null },
      active: 'builtin',
    }),
    'positioning.rescore.status': () => ({ running: false, job: null, last: null }),
    'positioning.rescore.start': () => ({ running: true, job: null, last: null }),
    'positioning.rescore.cancel': () => ({ running: false, job: null, last: null }),
    'positioning.rescore.discard': () => ({ running: false, job: null, last: null }),
    'positioning.rescore.estimate': (input) => ({
      kind: input.judge ?? 'builtin',
      judge: { id: 'builtin', version: '1' },
      resuming: false,
      done: 0,
      total: 2000,
      from: null,
      answers: 2000,
      cached: 0,
      inputTokens: 0,
      outputTokens: 0,
      usd: 0,
      budget: null,
      overBudget: null,
    }),
    'findings.list': () => sampleFindings(),
    'visibility.buckets': (input) => sampleBuckets(input.by),
    'visibility.sources': () => ({
      period: SAMPLE_PERIOD,
      answers: 500,
      domains: [
        {
          domain: 'runnersworld.com',
          share: rate(150, 500, 0.26, 0.34),
          previousShare: rate(100, 480, 0.17, 0.25),
          change: { delta: 0.09, significant: true },
          trend: [
            { day: '2025-04-29', share: 0.25, answers: 10 },
            { day: '2025-04-30', share: 0.35, answers: 14 },
          ],
          brandId: null,
          kinds: ['citation'],
          siteKind: 'editorial',
          siteKindSource: 'list',
        },
        {
          domain: 'acme.com',
          share: rate(100, 500, 0.17, 0.24),
          previousShare: rate(96, 480, 0.16, 0.24),
          change: { delta: 0, significant: false },
          trend: [{ day: '2025-04-30', share: 0.2, answers: 8 }],
          brandId: 'b-acme',
          kinds: ['citation'],
          siteKind: 'own',
          siteKindSource: 'brand',
        },
      ],
      byKind: [
        {
          kind: 'editorial',
          share: rate(150, 400, 0.33, 0.42),
          previousShare: rate(100, 300, 0.28, 0.39),
          change: { delta: 0.04, significant: false },
          domains: 1,
        },
        {
          kind: 'own',
          share: rate(100, 400, 0.21, 0.29),
          previousShare: rate(96, 300, 0.27, 0.37),
          change: { delta: -0.07, significant: false },
          domains: 1,
        },
      ],
      citations: 400,
      previousCitations: 300,
      empty: null,
    }),
    'visibility.gaps': () => ({
      period: SAMPLE_PERIOD,
      focusBrandId: 'b-acme',
      gapAnswers: 120,
      gaps: [
        {
          domain: 'laufen.de',
          gapAnswers: rate(30, 120, 0.18, 0.33),
          competitors: [{ brandId: 'b-zoom', answers: 30 }],
          focusCitedElsewhere: false,
          siteKind: 'other',
        },
      ],
      partialGaps: [],
      competitorSites: [
        {
          domain: 'zoom.run',
          gapAnswers: rate(20, 120, 0.11, 0.24),
          competitors: [{ brandId: 'b-zoom', answers: 20 }],
          focusCitedElsewhere: false,
          siteKind: 'competitor',
        },
      ],
      thinGaps: [],
      minAnswers: 3,
      empty: null,
    }),
    'visibility.urls': (input) => ({
      period: SAMPLE_PERIOD,
      domain: input.domain ?? null,
      urls: input.domain
        ? [{ url: `https://${input.domain}/best-shoes`, title: 'Best shoes', answers: 40, bestPosition: 1 }]
        : [{ url: 'https://acme.com/swift', title: 'Acme Swift', answers: 60, bestPosition: 2 }],
      empty: null,
    }),
    'visibility.queries': () => ({
      period: SAMPLE_PERIOD,
      answers: 500,
      queries: [
        {
          query: 'best running shoes 2025',
          answers: 80,
          engines: ['assistant-a'],
          isNew: true,
          firstSeen: '2025-04-20',
        },
        {
          query: 'running shoes review',
          answers: 50,
          engines: ['assistant-a', 'assistant-b'],
          isNew: false,
          firstSeen: '2025-04-02',
        },
      ],
      empty: null,
    }),
    'visibility.prompts': (input) => samplePrompts(input.by),
    'visibility.results': () => ({ resultIds: ['run-1-res-US', 'run-1-res-DE'], total: 2 }),
    'alerts.list': () => ({ alerts: [sampleAlert()], total: 1, unread: 1 }),
    'alerts.get': (input) => sampleAlert({ id: input.id }),
    'alerts.facets': () => ({
      monitors: [{ id: 'm-1', name: 'Daily shoes' }],
      engines: ['assistant-a'],
      locs: ['DE', 'US'],
    }),
    'alerts.unread': () => ({ unread: 1 }),
    'alerts.markRead': (input) => ({ changed: input.all ? 1 : (input.ids?.length ?? 0), unread: 0 }),
    'alerts.options': (input) => ({
      monitorId: input.monitorId,
      rules: defaultAlertRules(),
      webhookUrl: null,
      reportDir: null,
      reportDays: null,
      branding: NO_BRANDING,
      updatedAt: null,
      lastDelivery: null,
    }),
    'alerts.saveOptions': (input) => ({
      ...input,
      rules: alertRulesSchema.parse(input.rules),
      branding: input.branding ?? NO_BRANDING,
      updatedAt: NOW,
      lastDelivery: null,
    }),
    'alerts.webhookStates': () => ({}),
    'alerts.chooseFolder': () => ({ path: null }),
    'discovery.queue': (input) => sampleDiscoveryQueue(input.dismissed === true, input.kind),
    'discovery.candidate': (input) =>
      [...sampleDiscoveryQueue().candidates, ...sampleDiscoveryQueue(true).candidates].find(
        (c) => c.key === input.key.toLowerCase() && c.answers > 0,
      ) ?? null,
    'discovery.accept': (input) => ({
      id: 'b-accepted',
      name: input.name ?? input.key,
      kind: input.kind ?? 'competitor',
      aliases: input.aliases ?? [],
      domains: input.domains ?? [],
    }),
    'discovery.dismiss': (input) => ({ key: input.key.toLowerCase(), changed: true }),
    'discovery.restore': (input) => ({ key: input.key.toLowerCase(), changed: true }),
    'discovery.merge': (input) => {
      const brand = SAMPLE_BRANDS.find((b) => b.id === input.brandId) ?? (SAMPLE_BRANDS[0] as BrandView);
      return { ...brand, aliases: [...brand.aliases, input.key] };
    },
  };
}
