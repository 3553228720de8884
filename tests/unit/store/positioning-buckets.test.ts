import { describe, expect, it } from 'vitest';
import { bucketStart, periodBuckets, SPANS } from '../../../src/core/history/positioning';

// The attribute roll-ups' time buckets: a period is tiled exactly, by whole buckets that each
// answer counts in (its bucket of that span), and with few of them.

describe('attribute time buckets', () => {
  it('tile a period exactly with whole buckets', () => {
    for (const [from, to] of [
      [20_000, 20_089],
      [20_003, 20_004],
      [19_999, 20_129],
      [20_480, 20_543],
      [20_001, 20_001],
    ] as const) {
      const buckets = periodBuckets(from, to);
      const days = buckets.flatMap(([span, start]) => Array.from({ length: span }, (_, i) => start + i));
      expect(days).toEqual(Array.from({ length: to - from + 1 }, (_, i) => from + i));
      for (const [span, start] of buckets) {
        expect(SPANS).toContain(span);
        expect(bucketStart(start, span)).toBe(start);
      }
    }
  });

  it('reads 90 days as about ten buckets, and a 64-day aligned period as one', () => {
    expect(periodBuckets(20_000, 20_089).length).toBeLessThanOrEqual(16);
    expect(periodBuckets(20_480, 20_543)).toEqual([[64, 20_480]]);
    expect(periodBuckets(20_003, 20_004)).toEqual([
      [1, 20_003],
      [1, 20_004],
    ]);
    // Hand-worked: 20,001-20,020 → 20,001..20,007 by day, 20,008-20,015 as one, 20,016..20,020 by day.
    expect(periodBuckets(20_001, 20_020).map(([s]) => s)).toEqual([1, 1, 1, 1, 1, 1, 1, 8, 1, 1, 1, 1, 1]);
  });
});
