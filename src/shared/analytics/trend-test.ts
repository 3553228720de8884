// The trend rule's statistics, pure and small enough to check by hand:
//
// - cochranArmitage: the Cochran–Armitage test for a trend in proportions. Runs are scored
//   0, 1, 2… in time order; with p̄ the pooled rate and t̄ the answer-weighted mean score,
//   U = Σ kᵢ (tᵢ − t̄) and, under no trend, Var U = p̄(1 − p̄) Σ nᵢ (tᵢ − t̄)², so z = U / √Var U.
//   Repeats of one run are not independent draws (an engine answers a prompt alike on one
//   day) and days differ more than binomial sampling says: the runs' spread around the fitted
//   line, the Pearson χ² over its N − 2 degrees of freedom, scales the variance whenever it
//   exceeds 1 (quasi-binomial). It never shrinks it: pure binomial noise keeps the exact
//   binomial variance and its p-value comes from the normal distribution; a scaled one from
//   Student's t with N − 2 degrees of freedom, since the dispersion is itself estimated from
//   the runs (with the normal, runs that vary by day raised false trends 1.7 % of the time at
//   a stated 1 %).
// - holm: Holm's step-down adjustment, which keeps the chance of any false alarm among m
//   tests at most α whatever their dependence.

import { erfc } from './normal';

export interface TrendPoint {
  /** Answers naming the brand in the run (may be fractional once a step is taken out). */
  k: number;
  /** Answers in the run. */
  n: number;
}

export interface TrendTest {
  /** Signed: negative for a slide, positive for a rise (after the dispersion scaling). */
  z: number;
  /** Two-sided. */
  p: number;
  /** Pearson χ² / (N − 2) around the fitted line, at least 1. */
  dispersion: number;
  /** The fitted rate's change per run. */
  slope: number;
  runs: number;
  answers: number;
}

export function twoSidedNormalP(z: number): number {
  return Math.min(1, erfc(Math.abs(z) / Math.SQRT2));
}

/** ln Γ(x) for x > 0 (Lanczos, g = 7, 9 terms: about 15 digits). */
function logGamma(x: number): number {
  const c = [
    0.99999999999980993, 676.5203681218851, -1259.1392167224028, 771.32342877765313, -176.61502916214059,
    12.507343278686905, -0.13857109526572012, 9.9843695780195716e-6, 1.5056327351493116e-7,
  ];
  if (x < 0.5) return Math.log(Math.PI / Math.sin(Math.PI * x)) - logGamma(1 - x);
  const y = x - 1;
  let a = c[0] as number;
  const t = y + 7.5;
  for (let i = 1; i < 9; i++) a += (c[i] as number) / (y + i);
  return 0.5 * Math.log(2 * Math.PI) + (y + 0.5) * Math.log(t) - t + Math.log(a);
}

/** The continued fraction of the incomplete beta function (modified Lentz; Numerical Recipes' betacf). */
function betaFraction(a: number, b: number, x: number): number {
  const tiny = 1e-300;
  let c = 1;
  let d = 1 - ((a + b) * x) / (a + 1);
  d = 1 / (Math.abs(d) < tiny ? tiny : d);
  let h = d;
  for (let m = 1; m <= 300; m++) {
    for (const aa of [
      (m * (b - m) * x) / ((a + 2 * m - 1) * (a + 2 * m)),
      (-(a + m) * (a + b + m) * x) / ((a + 2 * m) * (a + 2 * m + 1)),
    ]) {
      d = 1 + aa * d;
      d = 1 / (Math.abs(d) < tiny ? tiny : d);
      c = 1 + aa / c;
      if (Math.abs(c) < tiny) c = tiny;
      h *= d * c;
    }
    if (Math.abs(d * c - 1) < 1e-15) break;
  }
  return h;
}

/** The regularized incomplete beta function I_x(a, b). */
export function incompleteBeta(x: number, a: number, b: number): number {
  if (x <= 0) return 0;
  if (x >= 1) return 1;
  const front = Math.exp(logGamma(a + b) - logGamma(a) - logGamma(b) + a * Math.log(x) + b * Math.log(1 - x));
  return x < (a + 1) / (a + b + 2)
    ? (front * betaFraction(a, b, x)) / a
    : 1 - (front * betaFraction(b, a, 1 - x)) / b;
}

/** P(|T| ≥ |t|) for Student's t with df degrees of freedom. */
export function twoSidedStudentP(t: number, df: number): number {
  return Math.min(1, incompleteBeta(df / (df + t * t), df / 2, 0.5));
}

/** The test over the points in time order; null when there is nothing to test (no spread in rate or time). */
export function cochranArmitage(points: readonly TrendPoint[]): TrendTest | null {
  const runs = points.filter((p) => p.n > 0);
  const answers = runs.reduce((s, p) => s + p.n, 0);
  if (runs.length < 3 || answers === 0) return null;
  const rate = runs.reduce((s, p) => s + p.k, 0) / answers;
  if (!(rate > 0 && rate < 1)) return null;
  const tMean = runs.reduce((s, p, i) => s + p.n * i, 0) / answers;
  let u = 0;
  let sxx = 0;
  runs.forEach((p, i) => {
    u += (p.k - p.n * rate) * (i - tMean);
    sxx += p.n * (i - tMean) ** 2;
  });
  const variance = rate * (1 - rate);
  const slope = u / sxx;
  let chi2 = 0;
  runs.forEach((p, i) => {
    const fitted = rate + slope * (i - tMean);
    chi2 += (p.n * (p.k / p.n - fitted) ** 2) / variance;
  });
  const dispersion = Math.max(1, chi2 / (runs.length - 2));
  const z = u / Math.sqrt(variance * sxx * dispersion);
  const p = dispersion > 1 ? twoSidedStudentP(z, runs.length - 2) : twoSidedNormalP(z);
  return { z, p, dispersion, slope, runs: runs.length, answers };
}

/** Holm-adjusted p-values, in the input's order. */
export function holm(pValues: readonly number[]): number[] {
  const m = pValues.length;
  const order = pValues.map((p, i) => ({ p, i })).sort((a, b) => a.p - b.p);
  const adjusted = new Array<number>(m);
  let running = 0;
  order.forEach(({ p, i }, rank) => {
    running = Math.max(running, Math.min(1, (m - rank) * p));
    adjusted[i] = running;
  });
  return adjusted;
}
