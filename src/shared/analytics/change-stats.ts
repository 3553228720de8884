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
