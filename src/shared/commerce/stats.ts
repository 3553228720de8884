import { wilsonInterval, Z_95 } from '../analytics/wilson';
import type { CommerceRate } from './types';

// The commerce numbers' statistics. A presence (answers showing a brand over answers) is a
// proportion of independent answers: Wilson's interval, as in Visibility. A share of slots is
// not: the slots of one answer are drawn together (a shelf of six cards by one retailer), so the
// share is a ratio estimator R = Σy / Σx over answers as clusters (y: the brand's slots of an
// answer, x: all its slots), with the linearised variance
//   Var(R) ≈ Σ (y − R·x)² / (m (m − 1) x̄²),  Σ (y − R·x)² = Σy² − 2R·Σxy + R²·Σx²,
// m the answers. Its interval is R ± 1.96·√Var, clipped to [0, 1].

export function rateOf(k: number, n: number): CommerceRate {
  if (n <= 0) return { value: null, lower: null, upper: null, n: 0 };
  const w = wilsonInterval(k, n);
  return { value: w.rate, lower: w.lower, upper: w.upper, n };
}

/** Sums over the clusters (answers) a share is computed over. */
export interface ClusterSums {
  /** Answers. */
  m: number;
  sumY: number;
  sumX: number;
  sumY2: number;
  sumX2: number;
  sumXY: number;
}

/** The ratio estimator's share with its 95 % interval; n is the slots (Σx). */
export function shareOf(s: ClusterSums): CommerceRate {
  if (s.sumX <= 0 || s.m <= 0) return { value: null, lower: null, upper: null, n: 0 };
  const r = s.sumY / s.sumX;
  if (s.m < 2) return { value: r, lower: 0, upper: 1, n: s.sumX };
  const xBar = s.sumX / s.m;
  const residual = Math.max(0, s.sumY2 - 2 * r * s.sumXY + r * r * s.sumX2);
  const half = Z_95 * Math.sqrt(residual / (s.m * (s.m - 1) * xBar * xBar));
  return { value: r, lower: Math.max(0, r - half), upper: Math.min(1, r + half), n: s.sumX };
}

/** Prices are counted in buckets of 0.1 % of their logarithm (the median roll-up's key). */
export const PRICE_BUCKETS_PER_E = 1000;

export function priceBucket(amount: number): number {
  return Math.round(Math.log(amount) * PRICE_BUCKETS_PER_E);
}

const bucketPrice = (bucket: number): number => Math.exp(bucket / PRICE_BUCKETS_PER_E);

/**
 * The median of prices counted by bucket (within 0.05 % of the exact median): the middle
 * bucket, or the mean of the two middle ones when the count is even.
 */
export function medianOfBuckets(counts: ReadonlyArray<readonly [bucket: number, n: number]>): number | null {
  const sorted = [...counts].filter(([, n]) => n > 0).sort((a, b) => a[0] - b[0]);
  const total = sorted.reduce((sum, [, n]) => sum + n, 0);
  if (total === 0) return null;
  const at = (index: number): number => {
    let seen = 0;
    for (const [bucket, n] of sorted) {
      seen += n;
      if (index < seen) return bucketPrice(bucket);
    }
    return bucketPrice((sorted[sorted.length - 1] as readonly [number, number])[0]);
  };
  return total % 2 === 1 ? at((total - 1) / 2) : (at(total / 2 - 1) + at(total / 2)) / 2;
}

/** Words for a rate an analyst might act on: few answers below 30, else null. */
export function evidenceWords(n: number): string | null {
  return n < 30 ? `few answers (${n})` : null;
}
