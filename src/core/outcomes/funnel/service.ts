import type { EngineName } from '../../../shared/api/engines';
import type { EngineLabels } from '../../../shared/narrative/places';
import type { VisibilityService } from '../../analysis';
import { agentByName, type CrawlersService } from '../../crawlers';
import type { OutcomesService } from '../service';
import { joinFunnel, type CitedCounts } from './join';
import type { FunnelView } from './types';

// `parallax funnel` and the Funnel view: the three services' counts over one period, joined.

export interface FunnelOptions {
  /** The last `days` days (default 30). */
  days?: number;
  engine?: EngineName;
  /** The site whose logs count (all imported sites when absent). */
  site?: string;
}

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

export function createFunnelService(deps: FunnelDeps): FunnelService {
  return {
    funnel(options = {}) {
      const days = options.days ?? 30;
      const site = options.site !== undefined ? { site: options.site } : {};
      const { brand, cited } = citedCounts(deps.visibility, days);
      const crawled = deps.crawlers.crawledPeriod({ days, recentDays: RECENT_DAYS, ...site });
      const blocked = deps.crawlers
        .blocked({ days, ...site })
        .map((b) => ({ ...b, engines: agentByName(b.agent)?.engines ?? [] }));
      return joinFunnel({
        days,
        brand,
        crawled,
        blocked,
        traffic: deps.outcomes.traffic({ days, ...site }),
        cited,
        ...(options.engine !== undefined ? { engine: options.engine } : {}),
        ...(deps.labels ? { labels: deps.labels() } : {}),
      });
    },
  };
}
