import { describeAlert } from '../../../src/shared/alerts/registry';
import type { NormalizedResult, NormalizedSource } from '../../../src/shared/domain/result';
import { runSpecSchema, type JobState } from '../../../src/shared/domain/run-spec';
import type {
  BrandView,
  MonitorView,
  PromptSetView,
  SavedPromptView,
} from '../../../src/shared/ipc/channels/library';
import type {
  MatrixCellView,
  ResultView,
  RunDetailView,
  RunProgressView,
} from '../../../src/shared/ipc/channels/runs';
import type { AlertView } from '../../../src/shared/alerts/types';
import type { DiscoveryCandidate, DiscoveryQueue } from '../../../src/shared/analytics/discovery-types';
import type {
  BrandMetrics,
  BrandMetricsWithChange,
  RateStat,
  ResolvedPeriod,
  VisibilityBuckets,
  VisibilityDimension,
  VisibilityOverview,
} from '../../../src/shared/visibility/types';

// Realistic view objects the fake answers with (runs, results, library, Visibility, discovery,
// alerts), for tests to assert against.

export const NOW = Date.UTC(2025, 4, 1, 12, 0, 0);

function source(position: number, url: string, title: string): NormalizedSource {
  return {
    position,
    kind: 'cited',
    url,
    domain: new URL(url).hostname.replace(/^www\./, ''),
    title,
    snippet: null,
    redirectLink: null,
    datePublished: null,
  };
}

export function normalized(
  text: string,
  sources: NormalizedSource[],
  extra: Partial<NormalizedResult> = {},
): NormalizedResult {
  return {
    engine: 'assistant-a',
    text,
    markdown: text,
    htmlUrls: [],
    model: 'model-x',
    searchQueries: [],
    sources,
    entities: [],
    products: [],
    ads: [],
    peopleAlsoAsk: [],
    aiOverview: null,
    relatedSearches: [],
    shape: null,
    ...extra,
  };
}

export const SAMPLE_PROMPT = 'best running shoes';
export const SAMPLE_COUNTRIES = ['US', 'DE', 'FR'] as const;

export const SAMPLE_ANSWERS: Record<
  (typeof SAMPLE_COUNTRIES)[number],
  { text: string; sources: NormalizedSource[] }
> = {
  US: {
    text: 'The best running shoes are Acme Swift and Zoom Pro. Acme leads on comfort.',
    sources: [
      source(1, 'https://www.runnersworld.com/shoes', 'Runners World'),
      source(2, 'https://acme.com/swift', 'Acme Swift'),
    ],
  },
  DE: {
    text: 'The best running shoes are Zoom Pro and Acme Swift. Zoom leads on price.',
    sources: [
      source(1, 'https://www.runnersworld.com/de', 'Runners World DE'),
      source(2, 'https://laufen.de/test', 'Laufen'),
    ],
  },
  FR: {
    text: 'Les meilleures chaussures: Acme Swift.',
    sources: [source(1, 'https://courir.fr/a', 'Courir')],
  },
};

export const SAMPLE_BRANDS: BrandView[] = [
  { id: 'b-acme', name: 'Acme', kind: 'brand', aliases: ['Acme Swift'], domains: ['acme.com'] },
  { id: 'b-zoom', name: 'Zoom', kind: 'competitor', aliases: ['Zoom Pro'], domains: ['zoom.example'] },
];

export const SAMPLE_PROMPTS: SavedPromptView[] = [
  { id: 'p-shoes', text: SAMPLE_PROMPT, tags: ['shoes'], createdAt: NOW },
  { id: 'p-trail', text: 'best trail running shoes', tags: ['shoes', 'trail'], createdAt: NOW + 1 },
  { id: 'p-bank', text: 'best bank for students', tags: ['finance'], createdAt: NOW + 2 },
];

export const SAMPLE_SETS: PromptSetView[] = [
  { id: 's-shoes', name: 'Shoe prompts', promptIds: ['p-trail', 'p-shoes'], tags: ['shoes'] },
  { id: 's-money', name: 'Money', promptIds: ['p-bank'], tags: ['finance'] },
];

export function sampleMonitor(over: Partial<MonitorView> = {}): MonitorView {
  return {
    id: 'm-1',
    name: 'Daily shoes',
    spec: runSpecSchema.parse({
      prompts: [SAMPLE_PROMPT],
      engines: ['assistant-a'],
      countries: ['US', 'DE'],
    }),
    cadence: 'daily',
    enabled: true,
    nextDueAt: NOW + 86_400_000,
    lastRunId: 'run-1',
    lastRunAt: NOW,
    ...over,
  };
}

function zeroCounts(): Record<JobState, number> {
  return { pending: 0, queued: 0, running: 0, succeeded: 0, failed: 0, interrupted: 0, canceled: 0 };
}

export function sampleCells(runId = 'run-1'): MatrixCellView[] {
  return SAMPLE_COUNTRIES.map((country, i) => ({
    jobId: `${runId}-job-${i}`,
    promptIndex: 0,
    engine: 'assistant-a',
    country,
    state: null,
    repeat: 1,
    jobState: 'succeeded',
    resultId: `${runId}-res-${country}`,
    excerpt: SAMPLE_ANSWERS[country].text.slice(0, 40),
    sourceCount: SAMPLE_ANSWERS[country].sources.length,
    error: null,
  }));
}

export function sampleResults(runId = 'run-1'): ResultView[] {
  return SAMPLE_COUNTRIES.map((country, i) => ({
    resultId: `${runId}-res-${country}`,
    jobId: `${runId}-job-${i}`,
    runId,
    prompt: SAMPLE_PROMPT,
    engine: 'assistant-a',
    country,
    state: null,
    repeat: 1,
    fetchedAt: NOW,
    sandbox: true,
    normalized: normalized(SAMPLE_ANSWERS[country].text, SAMPLE_ANSWERS[country].sources),
  }));
}

export function sampleRun(runId = 'run-1', status: RunDetailView['status'] = 'completed'): RunDetailView {
  const spec = runSpecSchema.parse({
    name: 'Shoes',
    prompts: [SAMPLE_PROMPT],
    engines: ['assistant-a'],
    countries: [...SAMPLE_COUNTRIES],
  });
  const counts = zeroCounts();
  counts.succeeded = 3;
  return {
    id: runId,
    name: 'Shoes',
    status,
    mode: 'sync',
    engines: ['assistant-a'],
    countries: [...SAMPLE_COUNTRIES],
    states: [],
    promptCount: 1,
    repeats: 1,
    total: 3,
    counts,
    maxCredits: 15,
    creditsCharged: 15,
    creditsUnreceived: 0,
    creditsUnattributable: 0,
    sandbox: true,
    keyLabel: 'sandbox',
    createdAt: NOW,
    startedAt: NOW,
    finishedAt: NOW + 5000,
    spec,
    prompts: [SAMPLE_PROMPT],
    tags: [],
  };
}

export function sampleProgress(runId = 'run-1', over: Partial<RunProgressView> = {}): RunProgressView {
  return {
    runId,
    status: 'running',
    total: 3,
    counts: { ...zeroCounts(), running: 1, pending: 2 },
    creditsSpent: 0,
    maxCredits: 15,
    etaMs: 9000,
    slotsInUse: 1,
    slotLimit: 10,
    rateLimitRemaining: 58,
    creditsRemaining: 985,
    recentErrors: [],
    notices: [],
    ...over,
  };
}

// Visibility: hand-made numbers for the brands of SAMPLE_BRANDS (Acme is the focus brand).

export const SAMPLE_PERIOD: ResolvedPeriod = {
  from: '2025-04-02',
  to: '2025-05-01',
  days: 30,
  previous: { from: '2025-03-03', to: '2025-04-01' },
};

export function rate(k: number, n: number, lower: number, upper: number): RateStat {
  return { value: n === 0 ? null : k / n, k, n, lower, upper };
}

function brandMetrics(brandId: string, answers: number, mentioned: number): BrandMetrics {
  return {
    brandId,
    answers,
    mentionRate: rate(
      mentioned,
      answers,
      Math.max(0, mentioned / answers - 0.04),
      mentioned / answers + 0.04,
    ),
    citationRate: rate(Math.round(mentioned / 2), answers, 0.15, 0.25),
    avgPosition: { value: 1.6, n: mentioned, lower: 1.4, upper: 1.8 },
    shareOfVoice: rate(mentioned, 2 * mentioned, 0.45, 0.55),
  };
}

/** Acme: 42 % (38–46 %) of 500 answers, up 6 points and significant; citation change not significant. */
export function sampleOverview(over: Partial<VisibilityOverview> = {}): VisibilityOverview {
  const acme: BrandMetricsWithChange = {
    brandId: 'b-acme',
    answers: 500,
    mentionRate: rate(210, 500, 0.38, 0.46),
    citationRate: rate(100, 500, 0.17, 0.24),
    avgPosition: { value: 1.8, n: 210, lower: 1.6, upper: 2.0 },
    shareOfVoice: rate(210, 400, 0.48, 0.57),
    previous: brandMetrics('b-acme', 480, 173),
    change: {
      mentionRate: { delta: 0.06, significant: true },
      citationRate: { delta: 0.01, significant: false },
      avgPosition: { delta: -0.2, significant: false },
      shareOfVoice: { delta: 0.03, significant: false },
    },
  };
  const zoom: BrandMetricsWithChange = {
    ...brandMetrics('b-zoom', 500, 190),
    previous: brandMetrics('b-zoom', 480, 200),
    change: {
      mentionRate: { delta: -0.04, significant: false },
      citationRate: { delta: 0, significant: false },
      avgPosition: { delta: 0.1, significant: false },
      shareOfVoice: { delta: -0.03, significant: false },
    },
  };
  return {
    period: SAMPLE_PERIOD,
    focusBrandId: 'b-acme',
    brands: SAMPLE_BRANDS.map((b) => ({ id: b.id, name: b.name, kind: b.kind, domains: b.domains })),
    answers: 500,
    previousAnswers: 480,
    kpis: acme,
    leaderboard: [acme, zoom],
    empty: null,
    ...over,
  };
}

/** Two days (or two runs) × both brands, or US/DE × assistant-a/assistant-b. */
export function sampleBuckets(by: VisibilityDimension[]): VisibilityBuckets {
  const keys: Array<Partial<Record<VisibilityDimension, string>>> = by.includes('location')
    ? [
        { location: 'DE', engine: 'assistant-a' },
        { location: 'DE', engine: 'assistant-b' },
        { location: 'US', engine: 'assistant-a' },
        { location: 'US-CA', engine: 'assistant-b' },
      ]
    : by.includes('run')
      ? [
          { run: 'run-b', day: '2025-04-30' },
          { run: 'run-a', day: '2025-04-29' },
        ]
      : [{ day: '2025-04-29' }, { day: '2025-04-30' }];
  const rows = keys.flatMap((bucket, i) => [
    { ...brandMetrics('b-acme', 40, 10 + 6 * i), bucket },
    { ...brandMetrics('b-zoom', 40, 20 - i), bucket },
  ]);
  return {
    period: SAMPLE_PERIOD,
    by,
    rows,
    runLabels: by.includes('run') ? { 'run-a': 'Shoes', 'run-b': 'Shoes again' } : {},
    empty: null,
  };
}

// Competitor discovery: two hand-made names, then 60 filler names (a list long enough to be virtualised).
export function sampleDiscoveryCandidate(
  name: string,
  over: Partial<DiscoveryCandidate> = {},
): DiscoveryCandidate {
  const key = name.toLowerCase();
  return {
    key,
    name,
    kind: 'candidate',
    answers: 42,
    share: { value: 0.35, k: 42, n: 120, lower: 0.27, upper: 0.44 },
    previousAnswers: 30,
    isNew: false,
    engines: ['assistant-a', 'assistant-b'],
    locations: ['DE', 'US'],
    firstSeen: '2025-04-02',
    lastSeen: '2025-05-01',
    origins: ['entity', 'list-item'],
    examples: [
      {
        resultId: 'run-1-res-US',
        engine: 'assistant-a',
        location: 'US',
        day: '2025-05-01',
        snippet: `…try ${name} for grip…`,
      },
      {
        resultId: 'run-1-res-DE',
        engine: 'assistant-b',
        location: 'DE',
        day: '2025-04-30',
        snippet: `${name} <b>ist</b> gut`,
      },
    ],
    aliases: [name, `${name} Inc.`],
    domains: [
      { domain: `${key}.com`, answers: 12, lift: 8.5, labelMatch: true },
      { domain: 'runnersworld.example', answers: 20, lift: 1.6, labelMatch: false },
    ],
    dismissed: false,
    detailed: true,
    ...over,
  };
}

export function sampleDiscoveryQueue(dismissed = false, kind?: DiscoveryCandidate['kind']): DiscoveryQueue {
  const period: ResolvedPeriod = {
    from: '2025-04-02',
    to: '2025-05-01',
    days: 30,
    previous: { from: '2025-03-03', to: '2025-04-01' },
  };
  const retailers = [
    sampleDiscoveryCandidate('Shopwise', { kind: 'retailer', origins: ['merchant', 'advertiser'] }),
  ];
  const listed = dismissed
    ? [
        sampleDiscoveryCandidate('Altura', {
          dismissed: true,
          answers: 0,
          firstSeen: null,
          lastSeen: null,
          examples: [],
        }),
      ]
    : [
        sampleDiscoveryCandidate('Trailhawk'),
        sampleDiscoveryCandidate('Läuferwerk', {
          answers: 9,
          share: { value: 0.075, k: 9, n: 120, lower: 0.04, upper: 0.137 },
          previousAnswers: 0,
          isNew: true,
          locations: ['DE'],
          origins: ['entity', 'list-item'],
          aliases: ['Läuferwerk', 'Läuferwerk GmbH'],
        }),
        ...Array.from({ length: 60 }, (_, i) =>
          sampleDiscoveryCandidate(`Filler ${String(i + 1).padStart(2, '0')}`, {
            answers: 5,
            share: { value: 5 / 120, k: 5, n: 120, lower: 0.018, upper: 0.094 },
          }),
        ),
      ];
  const candidates =
    kind === 'retailer'
      ? dismissed
        ? []
        : retailers
      : kind === 'candidate'
        ? listed
        : [...listed, ...retailers];
  return {
    period,
    totalAnswers: 120,
    total: candidates.length,
    dismissedCount: dismissed ? 1 : 0,
    coveredCount: 2,
    kindCounts: { candidate: listed.length, retailer: dismissed ? 0 : retailers.length },
    candidates,
  };
}

/** A change alert: Veloxa dropped out of the DE answers between run-0 and run-1. */
export function sampleAlert(over: Partial<AlertView> = {}): AlertView {
  const base = {
    id: 'alert-1',
    kind: 'brand-dropped' as const,
    scope: 'cell' as const,
    monitorId: 'm-1',
    monitorName: 'Daily shoes',
    runId: 'run-1',
    prevRunId: 'run-0',
    prompt: 'best running shoes',
    engine: 'assistant-a',
    loc: 'DE',
    brandName: 'Veloxa',
    brandKind: 'brand' as const,
    severity: 'high' as const,
    before: { value: 1, n: 4, low: 0.51, high: 1 },
    after: { value: 0, n: 4, low: 0, high: 0.49 },
    data: null,
    beforeSeq: 1,
    afterSeq: 2,
    beforeResultId: 'run-1-res-US',
    afterResultId: 'run-1-res-DE',
    summary: '',
    createdAt: NOW,
    readAt: null,
    ...over,
  };
  // The sentence and statistics as main writes them, unless the test gives its own.
  const words = describeAlert(base);
  return { ...base, title: over.title ?? words.title, details: over.details ?? words.details };
}
