import { create } from 'zustand';
import { type EngineName } from '../../../shared/api/engines';
import type { FindingsListView } from '../../../shared/ipc/channels/findings';
import type { BrandView, MonitorView, PromptSetView } from '../../../shared/ipc/channels/library';
import type { RunSummaryView } from '../../../shared/ipc/channels/runs';
import type { EventPayload } from '../../../shared/ipc/contract';
import type {
  CitationGapsView,
  FanOutView,
  ReanalysisProgress,
  SourcesView,
  UrlsView,
  VisibilityBuckets,
  VisibilityDimension,
  VisibilityDrill,
  VisibilityOverview,
  VisibilityPeriod,
  VisibilityQuery,
  VisibilityScope,
} from '../../../shared/visibility/types';
import type { PromptGrouping, PromptsView } from '../../../shared/visibility/prompt-types';
import type { SiteKind } from '../../../shared/visibility/site-kind-names';
import { call } from '../ipc/client';
import { toShownError, type ShownError } from '../lib/errors';
import { useNavStore } from './nav-store';
import { engineLabel } from '../lib/engine-label';

/** What the Visibility view is computed over; kept for the session. */
export interface VisibilityFilters {
  scope: VisibilityScope;
  period: VisibilityPeriod;
  /** Only these engines; all when empty. */
  engines: EngineName[];
  /** Only these locations ('DE', 'US-CA'); all when empty. */
  locations: string[];
  /** The focus brand; null lets main pick the first brand of kind 'brand'. */
  brandId: string | null;
  /** Leave out the prompts that name a tracked brand (branded prompts). */
  unbranded: boolean;
}

export type TrendBy = 'day' | 'run';

/** The brand leaderboard: over every engine, or one column per engine side by side. */
export type LeaderboardBy = 'overall' | 'engine';

/**
 * The buckets the trend asks for. Runs come with their day: run ids carry no order, the day
 * puts the runs in date order.
 */
export function trendDimensions(by: TrendBy): VisibilityDimension[] {
  return by === 'day' ? ['day'] : ['run', 'day'];
}

/** What each panel shows, and which IPC answer feeds it. */
interface PanelData {
  overview: VisibilityOverview;
  trend: VisibilityBuckets;
  heatmap: VisibilityBuckets;
  /** The leaderboard per engine (read only while the leaderboard shows engines side by side). */
  byEngine: VisibilityBuckets;
  sources: SourcesView;
  gaps: CitationGapsView;
  ownUrls: UrlsView;
  queries: FanOutView;
  domainUrls: UrlsView;
  /** What changed against the previous period (WhatChangedCard). */
  findings: FindingsListView;
  /** The focus brand per prompt or topic (PromptsPanel). */
  prompts: PromptsView;
}
export type PanelKey = keyof PanelData;

export interface PanelState<T> {
  /** The last answer; kept while a newer one loads so panels do not flash empty. */
  data: T | null;
  loading: boolean;
  error: ShownError | null;
}
type Panels = { [K in PanelKey]: PanelState<PanelData[K]> };

/** The lists the scope and focus brand pickers offer. */
export interface VisibilityOptions {
  monitors: MonitorView[];
  sets: PromptSetView[];
  tags: string[];
  runs: RunSummaryView[];
  brands: BrandView[];
}

/**
 * Cited domains read at first: about what the panel's scroll box shows. Each domain carries
 * its daily trend, so 50 domains over 90 days were ~290 KB of answer; more on demand.
 */
export const SOURCES_FIRST = 20;
/** How many more domains "Show more domains" reads each time, up to the channel's 500. */
export const SOURCES_MORE = 30;
const SOURCES_MAX = 500;

/** How many answers a drill-down opens in Compare at most (the total is still shown). */
export const DRILL_LIMIT = 50;

interface VisibilityState {
  filters: VisibilityFilters;
  trendBy: TrendBy;
  leaderboardBy: LeaderboardBy;
  /** The Prompts table: one row a prompt, or a topic. */
  promptsBy: PromptGrouping;
  /** Set by prefetch(), cleared by the view's first mount (takePrefetch). */
  prefetched: boolean;
  /** How many cited domains the sources panel reads (grows with "Show more domains"). */
  sourcesLimit: number;
  /** The domain whose URLs the sources panel lists (null: none open). */
  domain: string | null;
  panels: Panels;
  options: VisibilityOptions | null;
  optionsError: ShownError | null;
  /** A failed drill-down (the number's answers could not be read). */
  drillError: ShownError | null;
  /**
   * Stored answers being analysed again after a brand change (from the overview, then from
   * 'visibility.reanalysis' events): brand numbers are partial until it ends.
   */
  reanalysis: ReanalysisProgress | null;
  /** Counts refresh() calls: panels kept in other stores (positioning) read again when it moves. */
  refreshes: number;
  setFilters(patch: Partial<VisibilityFilters>): void;
  setTrendBy(by: TrendBy): void;
  /** Shows the leaderboard overall or per engine (reading the per-engine numbers then). */
  setLeaderboardBy(by: LeaderboardBy): void;
  /** Shows the Prompts table per prompt or per topic. */
  setPromptsBy(by: PromptGrouping): void;
  openDomain(domain: string | null): void;
  /** Reads SOURCES_MORE more cited domains (the sources panel alone). */
  showMoreSources(): void;
  /** A failed change of a domain's kind of site (the panels keep their numbers). */
  siteKindError: ShownError | null;
  /** Sets (or with null clears) the analyst's kind for a domain, then reads the source panels again. */
  setSiteKind(domain: string, kind: SiteKind | null): Promise<void>;
  /** Reads every panel again (in parallel, each on its own). */
  refresh(): void;
  /**
   * Reads every panel before the view mounts (at window load, alongside the app's first
   * calls); the view's first mount then takes these reads instead of starting its own.
   */
  prefetch(): void;
  /** True once, for the first mount after a prefetch: the panels' reads are already under way. */
  takePrefetch(): boolean;
  loadOptions(): Promise<void>;
  /**
   * Opens the answers behind a number in Compare; `what` says what they are ("Answers naming
   * Veloxa") and the filters are added to the title.
   */
  drill(drill: VisibilityDrill, what: string): Promise<void>;
  onReanalysis(p: EventPayload<'visibility.reanalysis'>): void;
}

const idle = <T>(): PanelState<T> => ({ data: null, loading: false, error: null });

function initialPanels(): Panels {
  return {
    overview: idle(),
    trend: idle(),
    heatmap: idle(),
    byEngine: idle(),
    sources: idle(),
    gaps: idle(),
    ownUrls: idle(),
    queries: idle(),
    domainUrls: idle(),
    findings: idle(),
    prompts: idle(),
  };
}

/** The IPC query of the filters: empty lists and the default brand are left out. */
export function queryOf(filters: VisibilityFilters): VisibilityQuery {
  return {
    scope: filters.scope,
    period: filters.period,
    ...(filters.engines.length > 0 ? { engines: filters.engines } : {}),
    ...(filters.locations.length > 0 ? { locations: filters.locations } : {}),
    ...(filters.brandId !== null ? { brandId: filters.brandId } : {}),
    ...(filters.unbranded ? { unbranded: true } : {}),
  };
}

/**
 * Request tokens per panel: each load takes the next token, and an answer is kept only while
 * its token is still the newest, so a slow answer to an earlier filter never overwrites a
 * newer one.
 */
const tokens: Record<PanelKey, number> = {
  overview: 0,
  trend: 0,
  heatmap: 0,
  byEngine: 0,
  sources: 0,
  gaps: 0,
  ownUrls: 0,
  queries: 0,
  domainUrls: 0,
  findings: 0,
  prompts: 0,
};

function scopeWords(scope: VisibilityScope, options: VisibilityOptions | null): string | null {
  switch (scope.kind) {
    case 'all':
      return null;
    case 'tag':
      return `tag #${scope.name}`;
    case 'monitor':
      return `monitor ${options?.monitors.find((m) => m.id === scope.id)?.name ?? scope.id}`;
    case 'promptSet':
      return `prompt set ${options?.sets.find((s) => s.id === scope.id)?.name ?? scope.id}`;
    case 'run':
      return `run ${options?.runs.find((r) => r.id === scope.id)?.name ?? scope.id}`;
  }
}

/** The filters in words, for the title of a drill-down ("monitor Daily", "DE, FR", "last 30 days"). */
export function filterWords(filters: VisibilityFilters, options: VisibilityOptions | null): string[] {
  const scope = scopeWords(filters.scope, options);
  return [
    ...(scope ? [scope] : []),
    ...(filters.engines.length > 0 ? [filters.engines.map((e) => engineLabel(e)).join(', ')] : []),
    ...(filters.locations.length > 0 ? [filters.locations.join(', ')] : []),
    ...(filters.unbranded ? ['non-branded prompts'] : []),
    'days' in filters.period
      ? `last ${filters.period.days} days`
      : `${filters.period.from} – ${filters.period.to}`,
  ];
}

/** Brand kind 'brand' first, then by name: the order the focus brand picker lists them in. */
function brandsInPickerOrder(brands: BrandView[]): BrandView[] {
  return [...brands].sort(
    (a, b) => Number(b.kind === 'brand') - Number(a.kind === 'brand') || a.name.localeCompare(b.name),
  );
}

function tagsOf(
  prompts: Array<{ tags: string[] }>,
  sets: PromptSetView[],
  monitors: MonitorView[],
): string[] {
  const tags = new Set<string>();
  for (const p of prompts) for (const t of p.tags) tags.add(t);
  for (const s of sets) for (const t of s.tags) tags.add(t);
  for (const m of monitors) for (const t of m.spec.tags) tags.add(t);
  return [...tags].sort((a, b) => a.localeCompare(b));
}

/** Brand visibility over time: the filters, every panel's answer, and drill-downs to Compare. */
export const useVisibilityStore = create<VisibilityState>((set, get) => {
  function setPanel<K extends PanelKey>(key: K, patch: Partial<PanelState<PanelData[K]>>): void {
    set((s) => ({ panels: { ...s.panels, [key]: { ...s.panels[key], ...patch } } }));
  }

  async function loadPanel<K extends PanelKey>(key: K, read: () => Promise<PanelData[K]>): Promise<void> {
    const token = ++tokens[key];
    setPanel(key, { loading: true, error: null });
    try {
      const data = await read();
      if (tokens[key] !== token) return;
      setPanel(key, { data, loading: false } as Partial<PanelState<PanelData[K]>>);
      if (key === 'overview') set({ reanalysis: (data as VisibilityOverview).reanalysis ?? null });
    } catch (error) {
      if (tokens[key] === token) setPanel(key, { data: null, loading: false, error: toShownError(error) });
    }
  }

  function loadByEngine(): void {
    if (get().leaderboardBy !== 'engine') return;
    const q = queryOf(get().filters);
    void loadPanel('byEngine', () => call('visibility.buckets', { ...q, by: ['engine'] }));
  }

  function loadPrompts(): void {
    const { filters, promptsBy } = get();
    void loadPanel('prompts', () => call('visibility.prompts', { ...queryOf(filters), by: promptsBy }));
  }

  function loadSources(): void {
    const { filters, sourcesLimit } = get();
    void loadPanel('sources', () => call('visibility.sources', { ...queryOf(filters), limit: sourcesLimit }));
  }

  function loadDomainUrls(): void {
    const { domain, filters } = get();
    if (domain === null) {
      tokens.domainUrls++;
      setPanel('domainUrls', idle());
      return;
    }
    void loadPanel('domainUrls', () => call('visibility.urls', { ...queryOf(filters), domain, limit: 100 }));
  }

  return {
    filters: {
      scope: { kind: 'all' },
      period: { days: 30 },
      engines: [],
      locations: [],
      brandId: null,
      unbranded: false,
    },
    trendBy: 'day',
    leaderboardBy: 'overall',
    promptsBy: 'prompt',
    sourcesLimit: SOURCES_FIRST,
    prefetched: false,
    domain: null,
    panels: initialPanels(),
    options: null,
    optionsError: null,
    drillError: null,
    reanalysis: null,
    refreshes: 0,

    setFilters(patch) {
      // Other filters, other domains: back to the first page of them.
      set((s) => ({ filters: { ...s.filters, ...patch }, sourcesLimit: SOURCES_FIRST }));
      get().refresh();
    },

    setTrendBy(trendBy) {
      set({ trendBy });
      const q = queryOf(get().filters);
      void loadPanel('trend', () => call('visibility.buckets', { ...q, by: trendDimensions(trendBy) }));
    },

    setLeaderboardBy(leaderboardBy) {
      set({ leaderboardBy });
      loadByEngine();
    },

    setPromptsBy(promptsBy) {
      set({ promptsBy });
      loadPrompts();
    },

    showMoreSources() {
      set((s) => ({ sourcesLimit: Math.min(SOURCES_MAX, s.sourcesLimit + SOURCES_MORE) }));
      loadSources();
    },

    openDomain(domain) {
      set({ domain });
      loadDomainUrls();
    },

    siteKindError: null,
    async setSiteKind(domain, kind) {
      try {
        await call('visibility.setSiteKind', { domain, kind });
        set({ siteKindError: null });
      } catch (err) {
        set({ siteKindError: toShownError(err) });
        return;
      }
      const q = queryOf(get().filters);
      loadSources();
      void loadPanel('gaps', () => call('visibility.gaps', { ...q, limit: 50 }));
    },

    refresh() {
      set((s) => ({ refreshes: s.refreshes + 1 }));
      const { filters, trendBy } = get();
      const q = queryOf(filters);
      void loadPanel('overview', () => call('visibility.overview', q));
      void loadPanel('findings', () => call('findings.list', { ...q, limit: 7 }));
      void loadPanel('trend', () => call('visibility.buckets', { ...q, by: trendDimensions(trendBy) }));
      void loadPanel('heatmap', () => call('visibility.buckets', { ...q, by: ['location', 'engine'] }));
      loadByEngine();
      loadSources();
      void loadPanel('gaps', () => call('visibility.gaps', { ...q, limit: 50 }));
      void loadPanel('ownUrls', () => call('visibility.urls', { ...q, limit: 100 }));
      void loadPanel('queries', () => call('visibility.queries', { ...q, limit: 50 }));
      loadPrompts();
      loadDomainUrls();
    },

    prefetch() {
      set({ prefetched: true });
      get().refresh();
    },

    takePrefetch() {
      const taken = get().prefetched;
      set({ prefetched: false });
      return taken;
    },

    async loadOptions() {
      try {
        const [monitors, sets, prompts, runs, brands] = await Promise.all([
          call('monitors.list', {}),
          call('promptSets.list', {}),
          call('prompts.list', {}),
          call('runs.list', { limit: 50, offset: 0 }),
          call('brands.list', {}),
        ]);
        set({
          options: {
            monitors,
            sets,
            tags: tagsOf(prompts, sets, monitors),
            runs: runs.runs,
            brands: brandsInPickerOrder(brands),
          },
          optionsError: null,
        });
      } catch (error) {
        set({ optionsError: toShownError(error) });
      }
    },

    async drill(drill, what) {
      set({ drillError: null });
      const title = [what, ...filterWords(get().filters, get().options)].join(' · ');
      try {
        const { resultIds, total } = await call('visibility.results', {
          ...queryOf(get().filters),
          drill,
          limit: DRILL_LIMIT,
        });
        useNavStore.getState().openResultSet({ title, resultIds, total });
      } catch (error) {
        set({ drillError: toShownError(error) });
      }
    },

    onReanalysis(p) {
      set({
        reanalysis:
          p.phase === 'running'
            ? { done: p.done, total: p.total, ...(p.searchResults === true ? { searchResults: true } : {}) }
            : null,
      });
    },
  };
});
