import { formatDate } from './format';
import { brandVisibility } from '../../../shared/analytics/brand-visibility';
import type { BrandMatcher } from '../../../shared/analytics/brand-matcher';
import type { ResultView } from '../../../shared/ipc/channels/runs';

// Trend rows for the Over time charts: one row per run (repeats of a run pooled), with each
// brand's mention rate and average rank among the brands mentioned, and top-domain counts.

export interface TrendRow {
  runId: string;
  fetchedAt: number;
  label: string;
  [series: string]: number | string | null;
}

export function trendRows(
  results: readonly ResultView[],
  matcher: BrandMatcher | null,
  topDomains: readonly string[],
) {
  const brands = matcher?.brands ?? [];
  const byRun = new Map<string, ResultView[]>();
  for (const r of [...results].sort((a, b) => a.fetchedAt - b.fetchedAt)) {
    const list = byRun.get(r.runId) ?? [];
    list.push(r);
    byRun.set(r.runId, list);
  }
  const mention: TrendRow[] = [];
  const position: TrendRow[] = [];
  const domains: TrendRow[] = [];
  for (const [runId, list] of byRun) {
    const first = list[0] as ResultView;
    const base = {
      runId,
      fetchedAt: first.fetchedAt,
      label: formatDate(first.fetchedAt),
    };
    const m: TrendRow = { ...base };
    const p: TrendRow = { ...base };
    const d: TrendRow = { ...base };
    const ranks = new Map<string, number[]>();
    const hits = new Map<string, number>();
    for (const r of list) {
      if (matcher) {
        for (const v of brandVisibility(matcher, r.normalized).brands) {
          if (!v.mentioned) continue;
          hits.set(v.brandId, (hits.get(v.brandId) ?? 0) + 1);
          if (v.firstRank !== null) ranks.set(v.brandId, [...(ranks.get(v.brandId) ?? []), v.firstRank]);
        }
      }
      for (const dom of topDomains) {
        if (r.normalized.sources.some((s) => s.domain === dom))
          d[dom] = ((d[dom] as number | undefined) ?? 0) + 1;
      }
    }
    for (const b of brands) {
      m[b.name] = (hits.get(b.id) ?? 0) / list.length;
      const rs = ranks.get(b.id);
      p[b.name] = rs ? rs.reduce((x, y) => x + y, 0) / rs.length : null;
    }
    for (const dom of topDomains) d[dom] = ((d[dom] as number | undefined) ?? 0) / list.length;
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
