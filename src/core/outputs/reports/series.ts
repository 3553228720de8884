import type { ResolvedPeriod, VisibilityBuckets } from '../../../shared/visibility/types';
import type { TrendPoint } from './svg-chart';

// The focus brand's daily series out of the per-day buckets, one per KPI, for the charts
// (HTML) and the Trend sheet (XLSX).

export type TrendMetric = 'mentionRate' | 'citationRate' | 'shareOfVoice' | 'avgPosition';

const DAY_MS = 86_400_000;

/** Every ISO day of the period, in order. */
export function periodDays(period: Pick<ResolvedPeriod, 'from' | 'to'>): string[] {
  const from = Date.parse(`${period.from}T00:00:00Z`);
  const to = Date.parse(`${period.to}T00:00:00Z`);
  const days: string[] = [];
  for (let ms = from; ms <= to; ms += DAY_MS) days.push(new Date(ms).toISOString().slice(0, 10));
  return days;
}

/** One point per day with answers, for one brand and metric. */
export function trendSeries(buckets: VisibilityBuckets, brandId: string, metric: TrendMetric): TrendPoint[] {
  return buckets.rows
    .filter((r) => r.brandId === brandId && r.bucket.day !== undefined)
    .map((r) => {
      const s = r[metric];
      return { day: r.bucket.day as string, value: s.value, lower: s.lower, upper: s.upper, n: s.n };
    })
    .sort((a, b) => a.day.localeCompare(b.day));
}
