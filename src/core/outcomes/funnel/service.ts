import type { EngineName } from '../../../shared/api/engines';
import type { FunnelSource } from '../../../shared/funnel/types';
import { funnelSourceNote } from '../../../shared/funnel/source-note';
import type { EngineLabels } from '../../../shared/narrative/places';
import type { VisibilityService } from '../../analysis';
import { agentByName, type CrawlersService } from '../../crawlers';
import type { OutcomesService } from '../service';
import { joinFunnel, type CitedCounts, type FunnelInputs } from './join';
import { planFunnelSources, type FunnelSourcePlan } from './source';
import type { TeamFunnelSource } from './team-source';
import type { FunnelView } from './types';

// `parallax funnel` and the Funnel view: the three services' counts over one period, joined.

export interface FunnelOptions {
  /** The last `days` days (default 30). */
  days?: number;
  engine?: EngineName;
  /** The site whose figures count, this computer's and the team's (every site when absent). */
  site?: string;
  /** Whose crawler and traffic figures (default: this computer's when it has any, else the team's). */
  source?: FunnelSource;
}

const ONLY_MINE: FunnelSourcePlan = {
  source: 'mine',
  crawledFrom: 'mine',
  referredFrom: 'mine',
  teamPicks: [],
  sharers: [],
  sites: [],
};

/** "Not fetched lately" looks this far back. */
const RECENT_DAYS = 30;

export interface FunnelService {
  funnel(options?: FunnelOptions): FunnelView;
}

export interface FunnelDeps {
  visibility: VisibilityService;
  crawlers: CrawlersService;
  outcomes: OutcomesService;
  labels?: () => EngineLabels;
  /** The totals teammates share (the history's copy); without it, only this computer's figures. */
  team?: TeamFunnelSource;
  now?: () => number;
}

/** Per page cited, per engine and per week: the focus brand's pages in the history's answers. */
function citedCounts(
  visibility: VisibilityService,
  days: number,
): { brand: string | null; cited: CitedCounts } {
  const base = { scope: { kind: 'all' as const }, period: { days } };
  const overview = visibility.overview(base);
  const focus = overview.brands.find((b) => b.id === overview.focusBrandId) ?? null;
  if (focus === null) return { brand: null, cited: { engines: [], pages: [], weeks: [] } };
  const ofFocus = <R extends { brandId: string }>(rows: readonly R[]): R[] =>
    rows.filter((r) => r.brandId === focus.id);
  const engines = ofFocus(visibility.buckets({ ...base, by: ['engine'] }).rows).map((r) => ({
    engine: r.bucket.engine as EngineName,
    answers: r.answers,
    cited: r.citationRate.k,
  }));
  const asked = new Set<string>(engines.map((e) => e.engine));
  const pages = visibility
    .urlsByEngine({ ...base, limit: 500 })
    .filter((u) => asked.has(u.engine))
    .map(({ engine, url, answers }) => ({ engine, url, answers }));
  const weeks = ofFocus(visibility.buckets({ ...base, by: ['day'], grain: 'week' }).rows).map((r) => ({
    week: r.bucket.day ?? '',
    answers: r.answers,
    cited: r.citationRate.k,
  }));
  return { brand: focus.name, cited: { engines, pages, weeks } };
}

type Crawled = Pick<FunnelInputs, 'crawled' | 'blocked'>;
type Site = { site?: string };

/** This computer's crawled figures over the period (its logs). */
function ownCrawled(deps: FunnelDeps, days: number, site: Site): Crawled {
  return {
    crawled: deps.crawlers.crawledPeriod({ days, recentDays: RECENT_DAYS, ...site }),
    blocked: deps.crawlers
      .blocked({ days, ...site })
      .map((b) => ({ ...b, engines: agentByName(b.agent)?.engines ?? [] })),
  };
}

type Counts = Crawled & Pick<FunnelInputs, 'traffic'>;

/** Two sources' figures of different sites, added (different sites never hold the same visits). */
function added(a: Counts, b: Counts): Counts {
  return {
    crawled: {
      pages: [...a.crawled.pages, ...b.crawled.pages],
      weeks: [...a.crawled.weeks, ...b.crawled.weeks],
      recent: [...a.crawled.recent, ...b.crawled.recent],
    },
    blocked: [...a.blocked, ...b.blocked],
    traffic: { ...a.traffic, rows: [...a.traffic.rows, ...b.traffic.rows] },
  };
}

/**
 * The crawled and referred figures the plan names: this computer's sites from its imports
 * (unless only the team's are asked for), and each shared site the plan reads from its one sharer.
 */
function pickedCounts(deps: FunnelDeps, plan: FunnelSourcePlan, days: number, site: Site): Counts {
  const team = plan.source === 'mine' ? undefined : deps.team?.read(days, plan.teamPicks);
  // The shared totals carry no status: refusals are known from this computer's logs only.
  const shared = team && { crawled: team.crawled, blocked: [], traffic: team.traffic };
  if (shared && plan.source === 'team') return shared;
  const own = { ...ownCrawled(deps, days, site), traffic: deps.outcomes.traffic({ days, ...site }) };
  return shared && plan.teamPicks.length > 0 ? added(own, shared) : own;
}

/** Whose figures count per site, from what this computer imported and what the team shares. */
function planOf(team: TeamFunnelSource, source?: FunnelSource, site?: string): FunnelSourcePlan {
  const facts = {
    own: team.own(),
    ownSites: team.ownSites(),
    teamSites: team.sites(),
    sharers: team.sharers(),
  };
  return planFunnelSources(source, facts, site);
}

export function createFunnelService(deps: FunnelDeps): FunnelService {
  return {
    funnel(options = {}) {
      const days = options.days ?? 30;
      const site = options.site !== undefined ? { site: options.site } : {};
      const plan = deps.team ? planOf(deps.team, options.source, options.site) : ONLY_MINE;
      const { brand, cited } = citedCounts(deps.visibility, days);
      const counts = joinFunnel({
        days,
        brand,
        ...pickedCounts(deps, plan, days, site),
        cited,
        ...(options.engine !== undefined ? { engine: options.engine } : {}),
        ...(deps.labels ? { labels: deps.labels() } : {}),
      });
      const { source, crawledFrom, referredFrom, sharers, sites } = plan;
      const info = { source, crawledFrom, referredFrom, sharers, sites };
      return { ...counts, ...info, sourceNote: funnelSourceNote(info, (deps.now ?? Date.now)()) };
    },
  };
}
