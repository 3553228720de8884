// Net sentiment: of n answers naming a brand, `positive` are positive about it and `negative`
// negative (the rest neutral); net = (positive − negative) / n, in -1..1. Both shares come from
// the SAME answers (one trinomial), so they are not independent: the Wald interval
// net ± z·√((p⁺ + p⁻ − net²)/n) is the textbook one, and it fails where analysts look (few
// answers, shares near 0 or 1: zero width at 0/n, bounds beyond ±1).
//
// This is Tango's asymptotic score interval for a difference of two proportions of one
// multinomial (Tango 1998, Statistics in Medicine 17:891–908; written for the paired design,
// where the difference of the two marginal rates is the difference of the two discordant cells:
// here the positive and negative counts play those cells and the neutral answers the concordant
// ones). Newcombe (1998) and Fagerland, Lydersen & Laake (2014) recommend it over Wald for its
// coverage near 95 % at small n. For a candidate difference Δ, the counts' cell probabilities are
// re-estimated under the constraint p⁺ − p⁻ = Δ (maximum likelihood: q = p⁻ solves
// 2n·q² + B·q + C = 0 with B = −(pos + neg) + (2n − pos + neg)·Δ and C = −neg·Δ·(1 − Δ)), and
//   Z(Δ) = (pos − neg − n·Δ) / √(n·(2q + Δ(1 − Δ)));
// the interval is every Δ with |Z(Δ)| ≤ z (Z falls as Δ grows), found by bisection. It stays
// inside [-1, 1], is never empty, and with every answer neutral it is ±z²/(n + z²).

/** Net sentiment with its 95 % interval; value and bounds null when n = 0 (never NaN). */
export interface NetSentimentInterval {
  value: number | null;
  lower: number | null;
  upper: number | null;
  /** Answers behind it. */
  n: number;
  positive: number;
  negative: number;
}

const Z95 = 1.959963984540054;
const STEPS = 60;

/** Tango's score statistic at Δ (positive when Δ lies below the observed difference). */
export function tangoScore(positive: number, negative: number, n: number, delta: number): number {
  const a = 2 * n;
  const b = -positive - negative + (2 * n - positive + negative) * delta;
  const c = -negative * delta * (1 - delta);
  const q = (Math.sqrt(Math.max(0, b * b - 4 * a * c)) - b) / (2 * a);
  const variance = n * (2 * q + delta * (1 - delta));
  const diff = positive - negative - n * delta;
  if (variance <= 0) return diff === 0 ? 0 : diff > 0 ? Infinity : -Infinity;
  return diff / Math.sqrt(variance);
}

/**
 * Net sentiment (positive − negative) / n with Tango's 95 % score interval (or another level's
 * normal quantile z).
 */
export function netSentimentInterval(
  positive: number,
  negative: number,
  n: number,
  z: number = Z95,
): NetSentimentInterval {
  if (!(n > 0) || positive < 0 || negative < 0 || positive + negative > n)
    return { value: null, lower: null, upper: null, n: Math.max(0, n), positive: 0, negative: 0 };
  const observed = (positive - negative) / n;
  // Upper bound: the largest Δ ≥ observed with Z(Δ) ≥ −z.
  let lo = observed;
  let hi = 1;
  for (let i = 0; i < STEPS; i++) {
    const mid = (lo + hi) / 2;
    if (tangoScore(positive, negative, n, mid) >= -z) lo = mid;
    else hi = mid;
  }
  const upper = positive === n ? 1 : lo;
  // Lower bound: the smallest Δ ≤ observed with Z(Δ) ≤ z.
  lo = -1;
  hi = observed;
  for (let i = 0; i < STEPS; i++) {
    const mid = (lo + hi) / 2;
    if (tangoScore(positive, negative, n, mid) <= z) hi = mid;
    else lo = mid;
  }
  const lower = negative === n ? -1 : hi;
  return { value: observed, lower, upper, n, positive, negative };
}
