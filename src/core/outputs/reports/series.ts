import { MIN_ANSWERS_A_SIDE } from '../../../shared/analytics/evidence';
import { mondayOfIsoDay } from '../../../shared/calendar-week';
import type { ResolvedPeriod, VisibilityBuckets } from '../../../shared/visibility/types';
import type { TrendPoint } from './svg-chart';

// The focus brand's series out of the per-day (or per-week) buckets, one per KPI, for the
// charts (HTML) and the Trend sheet (XLSX); weekly points when a typical day holds too few
// answers to read one by one, as the app's Over time view decides.

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

/** Every Monday (ISO day) of the weeks the period touches, in order. */
export function periodWeeks(period: Pick<ResolvedPeriod, 'from' | 'to'>): string[] {
  const days = periodDays(period);
  return [...new Set(days.map(mondayOfIsoDay))];
}

/** Whether the median day with answers holds fewer than the answers a point needs to be read. */
export function daysAreThin(perDay: VisibilityBuckets): boolean {
  const answers = new Map<string, number>();
  for (const r of perDay.rows) if (r.bucket.day !== undefined) answers.set(r.bucket.day, r.answers);
  const sorted = [...answers.values()].sort((a, b) => a - b);
  if (sorted.length === 0) return false;
  const mid = Math.floor(sorted.length / 2);
  const median =
    sorted.length % 2 === 1
      ? (sorted[mid] as number)
      : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
  return median < MIN_ANSWERS_A_SIDE;
}
