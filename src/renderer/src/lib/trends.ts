import { resultBrandVisibility } from '../../../shared/analytics/search-visibility';
import type { BrandMatcher } from '../../../shared/analytics/brand-matcher';
import { meanInterval, rateInterval } from '../../../shared/analytics/change-stats';
import type { ResultView } from '../../../shared/ipc/channels/runs';
import { formatDate } from './format';
import { bucketKey, bucketRange, trendGrain, type TrendGrain } from './trend-buckets';

// Trend rows for the Over time charts: one row a day, or a week when days hold few answers
// (trend-buckets.ts), with each brand's mention rate and average rank among the brands
// mentioned, and top-domain shares; empty days or weeks are rows without values (a gap, never a
// line across it). Each value has its 95 % interval under bandKey(series): Wilson for rates (the
// answers of the bucket are its n), mean ± t·sd/√n for positions (clamped to 1, the best there is).

export interface TrendRow {
  /** The bucket: its first day ("2026-11-24"). */
  key: string;
  label: string;
  /** Answers in the bucket (0: a gap). */
  n: number;
  [series: string]: number | string | null | [number, number];
}

/** The row key of a series' 95 % interval ([low, high]). */
export function bandKey(series: string): string {
  return `${series} · 95 % interval`;
}

function byBucket(results: readonly ResultView[], grain: TrendGrain): Map<string, ResultView[]> {
  const buckets = new Map<string, ResultView[]>();
  for (const r of results) {
    const key = bucketKey(r.fetchedAt, grain);
    buckets.set(key, [...(buckets.get(key) ?? []), r]);
  }
  return buckets;
}

/** Per brand of some answers: how many name it, and the rank of each that does. */
export function brandCounts(list: readonly ResultView[], matcher: BrandMatcher | null) {
  const hits = new Map<string, number>();
  const ranks = new Map<string, number[]>();
  if (!matcher) return { hits, ranks };
  for (const r of list) {
    // A search result without text counts by its results' titles and snippets, as in Visibility.
    for (const v of resultBrandVisibility(matcher, r.normalized).brands) {
      if (!v.mentioned) continue;
      hits.set(v.brandId, (hits.get(v.brandId) ?? 0) + 1);
      if (v.firstRank !== null) ranks.set(v.brandId, [...(ranks.get(v.brandId) ?? []), v.firstRank]);
    }
  }
  return { hits, ranks };
}

/** One bucket's rows of the three charts; an empty bucket gives rows with no values. */
function bucketRows(
  list: readonly ResultView[],
  base: { key: string; label: string },
  matcher: BrandMatcher | null,
  topDomains: readonly string[],
): { m: TrendRow; p: TrendRow; d: TrendRow } {
  const head = { ...base, n: list.length };
  const m: TrendRow = { ...head };
  const p: TrendRow = { ...head };
  const d: TrendRow = { ...head };
  const { hits, ranks } = brandCounts(list, matcher);
  for (const b of matcher?.brands ?? []) {
    const rate = list.length > 0 ? rateInterval(hits.get(b.id) ?? 0, list.length) : null;
    m[b.name] = rate?.value ?? null;
    m[bandKey(b.name)] = rate ? [rate.low, rate.high] : null;
    const rs = ranks.get(b.id);
    const mean = rs ? meanInterval(rs) : null;
    p[b.name] = mean?.value ?? null;
    p[bandKey(b.name)] = mean && rs && rs.length > 1 ? [Math.max(1, mean.low), mean.high] : null;
  }
  for (const dom of topDomains) {
    const citing = list.filter((r) => r.normalized.sources.some((s) => s.domain === dom)).length;
    const rate = list.length > 0 ? rateInterval(citing, list.length) : null;
    d[dom] = rate?.value ?? null;
    d[bandKey(dom)] = rate ? [rate.low, rate.high] : null;
  }
  return { m, p, d };
}

/** "Nov 24, 2026", or "Week of Nov 24, 2026". */
export function bucketLabel(key: string, grain: TrendGrain): string {
  return grain === 'day' ? formatDate(key) : `Week of ${formatDate(key)}`;
}

export function trendRows(
  results: readonly ResultView[],
  matcher: BrandMatcher | null,
  topDomains: readonly string[],
  grain: TrendGrain = trendGrain(results.map((r) => r.fetchedAt)),
) {
  const mention: TrendRow[] = [];
  const position: TrendRow[] = [];
  const domains: TrendRow[] = [];
  const buckets = byBucket(results, grain);
  for (const key of bucketRange(buckets.keys(), grain)) {
    const rows = bucketRows(
      buckets.get(key) ?? [],
      { key, label: bucketLabel(key, grain) },
      matcher,
      topDomains,
    );
    mention.push(rows.m);
    position.push(rows.p);
    domains.push(rows.d);
  }
  return { grain, mention, position, domains };
}

export function topDomainsOf(results: readonly ResultView[], n: number): string[] {
  const counts = new Map<string, number>();
  for (const r of results)
    for (const d of new Set(r.normalized.sources.map((s) => s.domain)))
      counts.set(d, (counts.get(d) ?? 0) + 1);
  return [...counts.entries()]
    .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
    .slice(0, n)
    .map(([d]) => d);
}

export interface TextGroup {
  /** The answers' text, as stored. */
  text: string;
  resultIds: string[];
  first: number;
  last: number;
}

/**
 * Answers grouped by distinct text (whole text, spaces at the ends aside), most frequent
 * first, then newest: an engine that gave the same answer 40 times reads as one entry with its
 * dates, not 40 lines. Only answers whose text is loaded can be grouped (an excerpt is the
 * start of many different answers).
 */
export function groupByText(results: readonly ResultView[]): TextGroup[] {
  const groups = new Map<string, TextGroup>();
  for (const r of results) {
    const text = r.normalized.text.trim();
    const g = groups.get(text);
    if (!g) groups.set(text, { text, resultIds: [r.resultId], first: r.fetchedAt, last: r.fetchedAt });
    else {
      g.resultIds.push(r.resultId);
      g.first = Math.min(g.first, r.fetchedAt);
      g.last = Math.max(g.last, r.fetchedAt);
    }
  }
  return [...groups.values()].sort((a, b) => b.resultIds.length - a.resultIds.length || b.last - a.last);
}
