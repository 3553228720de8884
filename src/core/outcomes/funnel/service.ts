import type { EngineName } from '../../../shared/api/engines';
import type { FunnelSource } from '../../../shared/funnel/types';
import { funnelSourceNote } from '../../../shared/funnel/source-note';
import type { EngineLabels } from '../../../shared/narrative/places';
import type { VisibilityService } from '../../analysis';
import { agentByName, type CrawlersService } from '../../crawlers';
import type { OutcomesService } from '../service';
import { joinFunnel, type CitedCounts, type FunnelInputs } from './join';
import { pickFunnelSource, type FunnelSourcePick } from './source';
import type { TeamFunnelSource } from './team-source';
import type { FunnelView } from './types';

// `parallax funnel` and the Funnel view: the three services' counts over one period, joined.

export interface FunnelOptions {
  /** The last `days` days (default 30). */
  days?: number;
  engine?: EngineName;
  /** The site whose logs count (all imported sites when absent; the team's totals carry none). */
  site?: string;
  /** Whose crawler and traffic figures (default: this computer's when it has any, else the team's). */
  source?: FunnelSource;
}

/** Said when a site was asked for and part of the figures are the team's. */
const SITELESS = 'The shared totals carry no site: they count every site the sharers imported.';

const ONLY_MINE: FunnelSourcePick = { source: 'mine', crawledFrom: 'mine', referredFrom: 'mine' };

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
  const pages = engines.flatMap(({ engine }) =>
    visibility
      .urls({ ...base, engines: [engine], limit: 500 })
      .urls.map((u) => ({ engine, url: u.url, answers: u.answers })),
  );
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

/** Each figure from where the pick says: the team's totals read only when one of them is the team's. */
function pickedCounts(
  deps: FunnelDeps,
  pick: FunnelSourcePick,
  days: number,
  site: Site,
): Crawled & Pick<FunnelInputs, 'traffic'> {
  const team =
    pick.crawledFrom === 'team' || pick.referredFrom === 'team' ? deps.team?.read(days) : undefined;
  // The shared totals carry no status: refusals are known from this computer's logs only.
  const crawled =
    team && pick.crawledFrom === 'team'
      ? { crawled: team.crawled, blocked: [] }
      : ownCrawled(deps, days, site);
  const traffic =
    team && pick.referredFrom === 'team' ? team.traffic : deps.outcomes.traffic({ days, ...site });
  return { ...crawled, traffic };
}

export function createFunnelService(deps: FunnelDeps): FunnelService {
  return {
    funnel(options = {}) {
      const days = options.days ?? 30;
      const site = options.site !== undefined ? { site: options.site } : {};
      const sharers = deps.team?.sharers() ?? [];
      // Without the team's source (a caller that reads one history alone), every figure is its own.
      const pick = deps.team ? pickFunnelSource(options.source, deps.team.own(), sharers) : ONLY_MINE;
      const { brand, cited } = citedCounts(deps.visibility, days);
      const counts = joinFunnel({
        days,
        brand,
        ...pickedCounts(deps, pick, days, site),
        cited,
        ...(options.engine !== undefined ? { engine: options.engine } : {}),
        ...(deps.labels ? { labels: deps.labels() } : {}),
      });
      const shown = pick.crawledFrom === 'team' || pick.referredFrom === 'team' ? sharers : [];
      const info = { ...pick, sharers: shown };
      const note = funnelSourceNote(info, (deps.now ?? Date.now)());
      return {
        ...counts,
        ...info,
        sourceNote: options.site && shown.length > 0 ? `${note} ${SITELESS}` : note,
      };
    },
  };
}
