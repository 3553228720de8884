import { wilsonInterval } from './wilson';

// Intervals for comparing two runs: a rate (Wilson), a mean (Student's t) and the rule that
// tells a real change from sampling noise: the two 95 % intervals do not overlap.

/** A value with its sample size and 95 % interval (low = high = value when n < 2 for a mean). */
export interface IntervalValue {
  value: number;
  n: number;
  low: number;
  high: number;
}

// Two-sided 95 % quantiles of Student's t, by degrees of freedom 1..30.
const T_975 = [
  12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306, 2.262, 2.228, 2.201, 2.179, 2.16, 2.145, 2.131,
  2.12, 2.11, 2.101, 2.093, 2.086, 2.08, 2.074, 2.069, 2.064, 2.06, 2.056, 2.052, 2.048, 2.045, 2.042,
];

/** t(0.975, df); past 30 degrees of freedom the table's tail (40: 2.021, 60: 2.000, 120: 1.980, ∞: 1.960). */
export function tQuantile975(df: number): number {
  if (df < 1) return Number.POSITIVE_INFINITY;
  if (df <= 30) return T_975[Math.floor(df) - 1] as number;
  if (df <= 40) return 2.021;
  if (df <= 60) return 2.0;
  if (df <= 120) return 1.98;
  return 1.96;
}

/** Successes out of n as a rate with its Wilson interval. */
export function rateInterval(successes: number, n: number): IntervalValue {
  const w = wilsonInterval(successes, n);
  return { value: w.rate, n, low: w.lower, high: w.upper };
}

/**
 * The mean of the values with mean ± t·sd/√n. A single value has no spread to estimate: its
 * interval is the value itself (the plain rule compares points).
 */
export function meanInterval(values: readonly number[]): IntervalValue {
  const n = values.length;
  if (n === 0) return { value: 0, n: 0, low: 0, high: 0 };
  const mean = values.reduce((a, b) => a + b, 0) / n;
  if (n === 1) return { value: mean, n, low: mean, high: mean };
  const variance = values.reduce((sum, v) => sum + (v - mean) ** 2, 0) / (n - 1);
  const half = (tQuantile975(n - 1) * Math.sqrt(variance)) / Math.sqrt(n);
  return { value: mean, n, low: mean - half, high: mean + half };
}

/** The intervals are disjoint: b lies wholly above (1) or below (-1) a, else 0 (not significant). */
export function separation(a: IntervalValue, b: IntervalValue): -1 | 0 | 1 {
  if (b.low > a.high) return 1;
  if (b.high < a.low) return -1;
  return 0;
}

/** Rounds an interval's numbers for storage and display (4 decimals is below any reading). */
export function rounded(v: IntervalValue): IntervalValue {
  const r = (x: number): number => Math.round(x * 10_000) / 10_000;
  return { value: r(v.value), n: v.n, low: r(v.low), high: r(v.high) };
}

/**
 * Two samples' means with 95 % intervals from their pooled standard deviation (Student's
 * equal-variance model, df = n1 + n2 − 2). A small sample whose values happen to be equal
 * (two repeats that agree exactly) has no spread of its own, and its own interval would
 * shrink to a point that any other mean lies outside of: "significant" from nothing. With the
 * pooled spread it gets the width the data as a whole supports (a single value too, when the
 * other sample has spread). Two single values keep their points (the plain rule compares
 * points); an empty sample gives n 0.
 */
export function pooledMeanIntervals(
  a: readonly number[],
  b: readonly number[],
  sizes?: { a: number; b: number },
): [IntervalValue, IntervalValue] {
  const ia = meanInterval(a);
  const ib = meanInterval(b);
  if (a.length === 0 || b.length === 0 || a.length + b.length < 3) return [ia, ib];
  const ss = (xs: readonly number[], mean: number): number => xs.reduce((sum, v) => sum + (v - mean) ** 2, 0);
  const sd = Math.sqrt((ss(a, ia.value) + ss(b, ib.value)) / (a.length + b.length - 2));
  // Values that are not independent (pairs of answers sharing an answer) count as the
  // independent observations behind them: the caller's sizes.
  const nA = Math.max(1, Math.min(a.length, sizes?.a ?? a.length));
  const nB = Math.max(1, Math.min(b.length, sizes?.b ?? b.length));
  const t = tQuantile975(Math.max(1, nA + nB - 2));
  const widen = (v: IntervalValue, n: number): IntervalValue => {
    const half = (t * sd) / Math.sqrt(n);
    return { value: v.value, n, low: v.value - half, high: v.value + half };
  };
  return [widen(ia, nA), widen(ib, nB)];
}
