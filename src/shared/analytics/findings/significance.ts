import { tQuantile975 } from '../change-stats';
import { normalCdf } from '../normal';
import { twoSidedStudentP } from '../trend-test';
import { wilsonInterval } from '../wilson';
import type { Estimate } from './types';

/** Φ(x), the standard normal CDF (shared with the alerts' trend test). */
export { normalCdf };

// The statistical tests the findings engine makes: a two-proportion z-test for rates, Student's
// t-test for mean positions, a z-test of net sentiment, and the Benjamini–Hochberg control of
// the false-discovery rate across the many cells a scan tests. Two-sided throughout.

export interface TestResult {
  before: Estimate;
  after: Estimate;
  /** after − before. */
  delta: number;
  /**
   * The standardised effect the ranking weighs, signed like delta: Cohen's h for rates and for
   * net sentiment (as the rate (net + 1) / 2), Cohen's d for positions with the spread taken as
   * at least one place.
   */
  size: number;
  pValue: number;
}

/** Two-sided p-value of Student's t with df degrees of freedom. */
export function tTwoSided(t: number, df: number): number {
  return Number.isFinite(t) ? twoSidedStudentP(t, df) : 0;
}

const twoSidedZ = (z: number): number => (Number.isFinite(z) ? 2 * (1 - normalCdf(Math.abs(z))) : 0);

export function rateEstimate(k: number, n: number): Estimate {
  const w = wilsonInterval(k, n);
  return { value: n > 0 ? k / n : 0, n, lower: w.lower, upper: w.upper };
}

/** Cohen's h between two proportions. */
export const cohenH = (p1: number, p0: number): number =>
  2 * Math.asin(Math.sqrt(p1)) - 2 * Math.asin(Math.sqrt(p0));

/**
 * k0 of n0 before, k1 of n1 after: the pooled two-proportion z-test (the Wilson intervals are
 * reported; the test is the pooled one, which keeps its size at the small n of one cell).
 * No data on a side, or the same rate of 0 or 1 on both: p = 1.
 */
export function testRates(k0: number, n0: number, k1: number, n1: number): TestResult {
  const before = rateEstimate(k0, n0);
  const after = rateEstimate(k1, n1);
  const delta = after.value - before.value;
  const size = cohenH(after.value, before.value);
  if (n0 === 0 || n1 === 0) return { before, after, delta, size, pValue: 1 };
  const pooled = (k0 + k1) / (n0 + n1);
  const se = Math.sqrt(pooled * (1 - pooled) * (1 / n0 + 1 / n1));
  return { before, after, delta, size, pValue: se === 0 ? 1 : twoSidedZ(delta / se) };
}

/** A mean from n values' sum and sum of squares, with its t interval and variance. */
function meanOf(n: number, sum: number, sumSq: number): { estimate: Estimate; variance: number } {
  const mean = n > 0 ? sum / n : 0;
  const variance = n > 1 ? Math.max(0, (sumSq - n * mean * mean) / (n - 1)) : 0;
  const half = n > 1 ? (tQuantile975(n - 1) * Math.sqrt(variance)) / Math.sqrt(n) : 0;
  return { estimate: { value: mean, n, lower: mean - half, upper: mean + half }, variance };
}

/**
 * Student's two-sample t-test from sums (equal variances pooled: with the few answers of a cell
 * a spread estimated from both sides is steadier than Welch's). Ranks that are all equal on each
 * side and differ between the sides (always 1st, then always 3rd) are a sure change: p = 0.
 */
export function testMeans(
  before: { n: number; sum: number; sumSq: number },
  after: { n: number; sum: number; sumSq: number },
): TestResult {
  const a = meanOf(before.n, before.sum, before.sumSq);
  const b = meanOf(after.n, after.sum, after.sumSq);
  const delta = b.estimate.value - a.estimate.value;
  const df = before.n + after.n - 2;
  if (before.n === 0 || after.n === 0 || df < 1)
    return { before: a.estimate, after: b.estimate, delta, size: 0, pValue: 1 };
  const sd = Math.sqrt(((before.n - 1) * a.variance + (after.n - 1) * b.variance) / df);
  // Ranks cluster tightly (1st to 3rd), so d over their own spread would make a move of half a
  // place outweigh a 20-point fall of a rate: the spread counts as at least one place.
  const size = delta / Math.max(1, sd);
  // No spread and a different mean: a sure change.
  if (sd === 0) return { before: a.estimate, after: b.estimate, delta, size, pValue: delta === 0 ? 1 : 0 };
  const t = delta / (sd * Math.sqrt(1 / before.n + 1 / after.n));
  return { before: a.estimate, after: b.estimate, delta, size, pValue: tTwoSided(t, df) };
}

/** Net sentiment (share positive − share negative) of n answers, with its normal interval. */
function netOf(pos: number, neg: number, n: number): { estimate: Estimate; variance: number } {
  if (n === 0) return { estimate: { value: 0, n: 0, lower: -1, upper: 1 }, variance: 0 };
  const net = (pos - neg) / n;
  const variance = (pos + neg) / n - net * net;
  const half = 1.959964 * Math.sqrt(variance / n);
  return {
    estimate: { value: net, n, lower: Math.max(-1, net - half), upper: Math.min(1, net + half) },
    variance,
  };
}

/**
 * Net sentiment before and after: each answer scores +1, 0 or −1; a z-test of the difference
 * of means with the variance pooled under "no change" (never zero unless nothing varies).
 */
export function testNet(
  before: { positive: number; negative: number; n: number },
  after: { positive: number; negative: number; n: number },
): TestResult {
  const a = netOf(before.positive, before.negative, before.n);
  const b = netOf(after.positive, after.negative, after.n);
  const delta = b.estimate.value - a.estimate.value;
  if (before.n === 0 || after.n === 0)
    return { before: a.estimate, after: b.estimate, delta, size: 0, pValue: 1 };
  const all = netOf(before.positive + after.positive, before.negative + after.negative, before.n + after.n);
  const sd = Math.sqrt(all.variance);
  if (sd === 0) return { before: a.estimate, after: b.estimate, delta, size: 0, pValue: 1 };
  const z = delta / (sd * Math.sqrt(1 / before.n + 1 / after.n));
  // Weighed as a rate on 0..1 (Cohen's h): near +1 the net has little spread, and d would make
  // +0.99 → +0.88 look larger than a brand losing a fifth of its mentions.
  const size = cohenH((b.estimate.value + 1) / 2, (a.estimate.value + 1) / 2);
  return { before: a.estimate, after: b.estimate, delta, size, pValue: twoSidedZ(z) };
}

/**
 * Benjamini–Hochberg adjusted p-values (q-values), in the input's order: q_(i) = min over j ≥ i
 * of p_(j)·m/j. A test is a discovery at false-discovery rate α when q ≤ α.
 */
export function benjaminiHochberg(pValues: readonly number[]): number[] {
  const m = pValues.length;
  const order = pValues.map((p, i) => ({ p, i })).sort((x, y) => x.p - y.p || x.i - y.i);
  const q = new Array<number>(m).fill(1);
  let min = 1;
  for (let r = m - 1; r >= 0; r--) {
    const { p, i } = order[r] as { p: number; i: number };
    min = Math.min(min, (p * m) / (r + 1));
    q[i] = min;
  }
  return q;
}
