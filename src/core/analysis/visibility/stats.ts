import { wilsonInterval } from '../../../shared/analytics';
import { tQuantile975 } from '../../../shared/analytics/change-stats';
import type { MeanStat, RateStat, StatChange } from '../../../shared/visibility/types';

// Numbers with their uncertainty. Never NaN: no data gives null values and bounds.

/** k of n with its 95 % Wilson interval; value and bounds null when n = 0. */
export function rateStat(k: number, n: number): RateStat {
  if (n <= 0) return { value: null, k: 0, n: 0, lower: null, upper: null };
  const w = wilsonInterval(k, n);
  return { value: k / n, k, n, lower: w.lower, upper: w.upper };
}

/**
 * Mean of n values from their sum and sum of squares: mean ± t·sd/√n with Student's t, as the
 * change alerts compute it (a position averaged over a few answers has a wide interval; 1.96
 * would call small-sample moves significant). Bounds null when n < 2.
 */
export function meanStat(n: number, sum: number, sumSq: number): MeanStat {
  if (n <= 0) return { value: null, n: 0, lower: null, upper: null };
  const mean = sum / n;
  if (n < 2) return { value: mean, n, lower: null, upper: null };
  const variance = Math.max(0, (sumSq - n * mean * mean) / (n - 1));
  const half = (tQuantile975(n - 1) * Math.sqrt(variance)) / Math.sqrt(n);
  return { value: mean, n, lower: mean - half, upper: mean + half };
}

/** Change against the previous period; significant when the two intervals do not overlap. */
export function statChange(current: RateStat | MeanStat, previous: RateStat | MeanStat): StatChange {
  if (current.value === null || previous.value === null) return { delta: null, significant: false };
  const delta = current.value - previous.value;
  const bounds = [current.lower, current.upper, previous.lower, previous.upper];
  if (bounds.some((b) => b === null)) return { delta, significant: false };
  const [cl, cu, pl, pu] = bounds as number[];
  return { delta, significant: (cl as number) > (pu as number) || (cu as number) < (pl as number) };
}
