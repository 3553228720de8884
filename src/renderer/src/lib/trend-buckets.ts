import { MIN_ANSWERS_A_SIDE } from '../../../shared/analytics/evidence';
import { mondayOfIsoDay } from '../../../shared/calendar-week';

// The time axis of the Over time charts: one point a day, or a week when the days hold too
// few answers to be read one by one, with every empty day or week between the first and the
// last kept as an empty point, so a line breaks there instead of running across the gap.

export type TrendGrain = 'day' | 'week';

const DAY_MS = 86_400_000;

/** The UTC day of a moment, "2026-11-24". */
export function dayKey(at: number): string {
  return new Date(at).toISOString().slice(0, 10);
}

/** The Monday (UTC) starting the week of a day. */
export function weekKey(day: string): string {
  return mondayOfIsoDay(day);
}

/** The bucket a moment falls in. */
export function bucketKey(at: number, grain: TrendGrain): string {
  const day = dayKey(at);
  return grain === 'day' ? day : weekKey(day);
}

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  if (sorted.length === 0) return 0;
  return sorted.length % 2 === 1
    ? (sorted[mid] as number)
    : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
}

/** Answers a day, as the median over the days that have any (0 without answers). */
export function answersPerDay(times: readonly number[]): number {
  const perDay = new Map<string, number>();
  for (const at of times) perDay.set(dayKey(at), (perDay.get(dayKey(at)) ?? 0) + 1);
  return median([...perDay.values()]);
}

/** A day a point while a typical day holds enough answers to read; else a week a point. */
export function trendGrain(times: readonly number[]): TrendGrain {
  return answersPerDay(times) < MIN_ANSWERS_A_SIDE ? 'week' : 'day';
}

/** Every bucket from the first to the last key (inclusive), empty ones included, oldest first. */
export function bucketRange(keys: Iterable<string>, grain: TrendGrain): string[] {
  const sorted = [...new Set(keys)].sort();
  const first = sorted[0];
  const last = sorted[sorted.length - 1];
  if (first === undefined || last === undefined) return [];
  const step = (grain === 'day' ? 1 : 7) * DAY_MS;
  const out: string[] = [];
  for (let at = Date.parse(`${first}T00:00:00Z`); at <= Date.parse(`${last}T00:00:00Z`); at += step)
    out.push(dayKey(at));
  return out;
}
