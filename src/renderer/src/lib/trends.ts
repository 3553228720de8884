import { resultBrandVisibility } from '../../../shared/analytics/search-visibility';
import type { BrandMatcher } from '../../../shared/analytics/brand-matcher';
import { meanInterval, rateInterval } from '../../../shared/analytics/change-stats';
import type { ResultView } from '../../../shared/ipc/channels/runs';
import { formatDate } from './format';

// Trend rows for the Over time charts: one row per run (repeats of a run pooled), with each
// brand's mention rate and average rank among the brands mentioned, and top-domain shares.
// Each value has its 95 % interval under bandKey(series): Wilson for rates (the answers of the
// run are its n), mean ± t·sd/√n for positions (clamped to 1, the best position there is).

export interface TrendRow {
  runId: string;
  fetchedAt: number;
  label: string;
  [series: string]: number | string | null | [number, number];
}

/** The row key of a series' 95 % interval ([low, high]). */
export function bandKey(series: string): string {
  return `${series} · 95 % interval`;
}

function byRun(results: readonly ResultView[]): Map<string, ResultView[]> {
  const runs = new Map<string, ResultView[]>();
  for (const r of [...results].sort((a, b) => a.fetchedAt - b.fetchedAt)) {
    const list = runs.get(r.runId) ?? [];
    list.push(r);
    runs.set(r.runId, list);
  }
  return runs;
}

/** Per brand of one run's answers: how many name it, and the rank of each that does. */
function brandCounts(list: readonly ResultView[], matcher: BrandMatcher | null) {
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

export function trendRows(
  results: readonly ResultView[],
  matcher: BrandMatcher | null,
  topDomains: readonly string[],
) {
  const brands = matcher?.brands ?? [];
  const mention: TrendRow[] = [];
  const position: TrendRow[] = [];
  const domains: TrendRow[] = [];
  for (const [runId, list] of byRun(results)) {
    const first = list[0] as ResultView;
    const base = { runId, fetchedAt: first.fetchedAt, label: formatDate(first.fetchedAt) };
    const m: TrendRow = { ...base };
    const p: TrendRow = { ...base };
    const d: TrendRow = { ...base };
    const { hits, ranks } = brandCounts(list, matcher);
    for (const b of brands) {
      const rate = rateInterval(hits.get(b.id) ?? 0, list.length);
      m[b.name] = rate.value;
      m[bandKey(b.name)] = [rate.low, rate.high];
      const rs = ranks.get(b.id);
      if (!rs) {
        p[b.name] = null;
        p[bandKey(b.name)] = null;
        continue;
      }
      const mean = meanInterval(rs);
      p[b.name] = mean.value;
      p[bandKey(b.name)] = rs.length > 1 ? [Math.max(1, mean.low), mean.high] : null;
    }
    for (const dom of topDomains) {
      const citing = list.filter((r) => r.normalized.sources.some((s) => s.domain === dom)).length;
      const rate = rateInterval(citing, list.length);
      d[dom] = rate.value;
      d[bandKey(dom)] = [rate.low, rate.high];
    }
    mention.push(m);
    position.push(p);
    domains.push(d);
  }
  return { mention, position, domains };
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
