import { aggregateBrandVisibility, type BrandAggregate } from './brand-aggregate';
import type { BrandMatcher } from './brand-matcher';
import type { BrandVisibilityInput, ResultBrandVisibility } from './brand-visibility';
import { resultBrandVisibility } from './search-visibility';
import { rankedSources, type SourceFilter } from './source-sets';

/** One stored result with where and when it was asked. */
export interface DatedResult {
  /** ISO 8601 date or timestamp of the run. */
  at: string;
  promptId: string;
  engine: string;
  country: string;
  result: BrandVisibilityInput;
  /** The store's cached visibility for this result, if it has one (skips the text scan). */
  visibility?: ResultBrandVisibility;
}

export interface SeriesKey {
  promptId: string;
  engine: string;
  country: string;
}

export interface DomainPresence {
  domain: string;
  /** Results of the point citing the domain, and that count / results. */
  presentIn: number;
  rate: number;
  /** Mean best rank over the results citing it. */
  meanBestPosition: number;
}

export interface SeriesPoint {
  /** The bucket (by default the day, YYYY-MM-DD). */
  at: string;
  /** Results in the bucket (repeats and re-runs of the cell that day). */
  results: number;
  brands: BrandAggregate[];
  /** Most often cited first, then best mean position. */
  domains: DomainPresence[];
}

export interface MetricSeries {
  key: SeriesKey;
  /** Oldest first. */
  points: SeriesPoint[];
}

export interface SeriesOptions extends SourceFilter {
  /** Bucket of a result's `at`; default: the first 10 characters (the day of an ISO date). */
  bucketOf?: (at: string) => string;
}

function keyString(k: SeriesKey): string {
  return JSON.stringify([k.promptId, k.engine, k.country]);
}

/** Per prompt × engine × country, the series of brand and source metrics over time. */
export function buildMetricSeries(
  matcher: BrandMatcher,
  items: readonly DatedResult[],
  options: SeriesOptions = {},
): MetricSeries[] {
  const bucketOf = options.bucketOf ?? ((at: string) => at.slice(0, 10));
  const cells = new Map<string, { key: SeriesKey; buckets: Map<string, DatedResult[]> }>();
  for (const item of items) {
    const key = { promptId: item.promptId, engine: item.engine, country: item.country };
    const ks = keyString(key);
    let cell = cells.get(ks);
    if (cell === undefined) {
      cell = { key, buckets: new Map() };
      cells.set(ks, cell);
    }
    const b = bucketOf(item.at);
    const list = cell.buckets.get(b) ?? [];
    list.push(item);
    cell.buckets.set(b, list);
  }
  const out: MetricSeries[] = [];
  for (const { key, buckets } of cells.values()) {
    const points = [...buckets.entries()]
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([at, list]) => seriesPoint(matcher, at, list, options));
    out.push({ key, points });
  }
  return out;
}

function seriesPoint(
  matcher: BrandMatcher,
  at: string,
  list: readonly DatedResult[],
  filter: SourceFilter,
): SeriesPoint {
  const visibilities = list.map(
    (item) => item.visibility ?? resultBrandVisibility(matcher, item.result, filter),
  );
  const stats = new Map<string, { k: number; posSum: number }>();
  for (const item of list) {
    const seen = new Set<string>();
    for (const s of rankedSources(item.result.sources, filter)) {
      if (s.domain === null || seen.has(s.domain)) continue;
      seen.add(s.domain);
      const st = stats.get(s.domain) ?? { k: 0, posSum: 0 };
      st.k++;
      st.posSum += s.rank;
      stats.set(s.domain, st);
    }
  }
  const domains = [...stats]
    .map(([domain, st]) => ({
      domain,
      presentIn: st.k,
      rate: st.k / list.length,
      meanBestPosition: st.posSum / st.k,
    }))
    .sort(
      (a, b) =>
        b.presentIn - a.presentIn ||
        a.meanBestPosition - b.meanBestPosition ||
        (a.domain < b.domain ? -1 : a.domain > b.domain ? 1 : 0),
    );
  return {
    at,
    results: list.length,
    brands: aggregateBrandVisibility(matcher.brands, visibilities),
    domains,
  };
}
