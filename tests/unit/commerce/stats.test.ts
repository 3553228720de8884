import { describe, expect, it } from 'vitest';
import { medianOfBuckets, priceBucket, shareOf } from '../../../src/shared/commerce';

// The commerce statistics: the ratio estimator's interval with answers as clusters, and medians
// read from log-price buckets.

function direct(y: number[], x: number[]) {
  const sum = (v: number[]) => v.reduce((s, n) => s + n, 0);
  const r = sum(y) / sum(x);
  const m = x.length;
  const xBar = sum(x) / m;
  const v = sum(y.map((yi, i) => (yi - r * (x[i] as number)) ** 2)) / (m * (m - 1) * xBar * xBar);
  return { r, half: 1.959963984540054 * Math.sqrt(v) };
}

const sums = (y: number[], x: number[]) => ({
  m: x.length,
  sumY: y.reduce((s, n) => s + n, 0),
  sumX: x.reduce((s, n) => s + n, 0),
  sumY2: y.reduce((s, n) => s + n * n, 0),
  sumX2: x.reduce((s, n) => s + n * n, 0),
  sumXY: y.reduce((s, n, i) => s + n * (x[i] as number), 0),
});

describe('shareOf', () => {
  it('equals the linearised variance computed answer by answer', () => {
    const y = [2, 0, 1, 3, 0, 1];
    const x = [6, 6, 4, 6, 5, 6];
    const { r, half } = direct(y, x);
    const share = shareOf(sums(y, x));
    expect(share.value).toBeCloseTo(r, 12);
    expect(share.lower).toBeCloseTo(r - half, 12);
    expect(share.upper).toBeCloseTo(r + half, 12);
    expect(share.n).toBe(33);
  });

  it('is wider when a brand takes whole shelves than when it is spread across answers', () => {
    const clustered = shareOf(sums([6, 6, 0, 0, 0, 0], [6, 6, 6, 6, 6, 6]));
    const spread = shareOf(sums([2, 2, 2, 2, 2, 2], [6, 6, 6, 6, 6, 6]));
    expect(clustered.value).toBeCloseTo(spread.value as number, 12);
    expect((clustered.upper as number) - (clustered.lower as number)).toBeGreaterThan(
      (spread.upper as number) - (spread.lower as number),
    );
  });

  it('has no value without slots', () => {
    expect(shareOf(sums([], []))).toEqual({ value: null, lower: null, upper: null, n: 0 });
  });
});

describe('medianOfBuckets', () => {
  const hist = (prices: number[]) => {
    const counts = new Map<number, number>();
    for (const p of prices) counts.set(priceBucket(p), (counts.get(priceBucket(p)) ?? 0) + 1);
    return [...counts];
  };
  it('is within 0.05 % of the exact median, odd and even counts', () => {
    expect(Math.abs((medianOfBuckets(hist([10, 57, 120, 999, 30])) as number) / 57 - 1)).toBeLessThan(0.0005);
    expect(Math.abs((medianOfBuckets(hist([10, 20, 30, 40])) as number) / 25 - 1)).toBeLessThan(0.0005);
    expect(medianOfBuckets([])).toBeNull();
  });
});
