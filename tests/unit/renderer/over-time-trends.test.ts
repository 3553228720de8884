import { describe, expect, it } from 'vitest';
import { compileBrandMatcher } from '../../../src/shared/analytics/brand-matcher';
import type { ResultView } from '../../../src/shared/ipc/channels/runs';
import { brandColors, BRAND_PALETTE } from '../../../src/shared/visibility/brand-colors';
import { closestBrands } from '../../../src/renderer/src/lib/closest-brands';
import { bucketRange, trendGrain, weekKey } from '../../../src/renderer/src/lib/trend-buckets';
import { trendRows } from '../../../src/renderer/src/lib/trends';
import { normalized, sampleResults } from './fake-samples';

// The Over time charts' time axis and brands: a point a day while days hold 30 answers or more,
// else a week; empty days or weeks kept as gaps; the focus brand and its closest competitors
// first; one colour per brand whatever the chart's order.

const DAY = 86_400_000;
const MONDAY = Date.UTC(2026, 10, 23, 6); // Mon 23 Nov 2026, 06:00 UTC

function answer(at: number, text: string, i: number): ResultView {
  return {
    ...sampleResults()[0]!,
    resultId: `r${i}`,
    runId: `run-${i}`,
    fetchedAt: at,
    normalized: normalized(text, []),
  };
}

const BRANDS = [
  { id: 'b-own', name: 'Own', kind: 'brand' as const, aliases: [], domains: [] },
  { id: 'b-near', name: 'Near', kind: 'competitor' as const, aliases: [], domains: [] },
  { id: 'b-far', name: 'Far', kind: 'competitor' as const, aliases: [], domains: [] },
  { id: 'b-close', name: 'Close', kind: 'competitor' as const, aliases: [], domains: [] },
  { id: 'b-top', name: 'Top', kind: 'competitor' as const, aliases: [], domains: [] },
];

describe('the Over time axis', () => {
  it('takes a week a point below 30 answers a day, a day a point from 30', () => {
    const day = (n: number, offset = 0) => Array.from({ length: n }, (_, i) => MONDAY + offset * DAY + i);
    expect(trendGrain([...day(29), ...day(29, 1)])).toBe('week');
    expect(trendGrain([...day(30), ...day(31, 1)])).toBe('day');
    expect(trendGrain([])).toBe('week');
  });

  it('starts weeks on Monday (UTC) and keeps every empty bucket between the first and the last', () => {
    expect(weekKey('2026-11-29')).toBe('2026-11-23'); // a Sunday
    expect(weekKey('2026-11-23')).toBe('2026-11-23');
    expect(bucketRange(['2026-11-23', '2026-11-09'], 'week')).toEqual([
      '2026-11-09',
      '2026-11-16',
      '2026-11-23',
    ]);
    expect(bucketRange(['2026-11-25', '2026-11-23'], 'day')).toEqual([
      '2026-11-23',
      '2026-11-24',
      '2026-11-25',
    ]);
  });

  it('counts a day of 30 answers as its own point, a missing day as a gap', () => {
    const results = [
      ...Array.from({ length: 30 }, (_, i) => answer(MONDAY + i, i < 15 ? 'Own is good.' : 'Near wins.', i)),
      ...Array.from({ length: 30 }, (_, i) => answer(MONDAY + 2 * DAY + i, 'Own and Near.', 100 + i)),
    ];
    const { grain, mention } = trendRows(results, compileBrandMatcher(BRANDS), []);
    expect(grain).toBe('day');
    expect(mention.map((r) => [r.key, r.n, r['Own'], r['Near']])).toEqual([
      ['2026-11-23', 30, 0.5, 0.5],
      ['2026-11-24', 0, null, null],
      ['2026-11-25', 30, 1, 1],
    ]);
  });
});

describe('the brands Over time draws first', () => {
  // Own named in 10 answers; Near in 9, Close in 12, Far in 1, Top in 20 (of 20).
  const texts = Array.from({ length: 20 }, (_, i) =>
    [i < 10 && 'Own', i < 9 && 'Near', i < 12 && 'Close', i < 1 && 'Far', 'Top'].filter(Boolean).join(', '),
  );
  const results = texts.map((t, i) => answer(MONDAY + i, `${t}.`, i));

  it('the focus brand, then the competitors nearest its mention rate', () => {
    expect(closestBrands(results, compileBrandMatcher(BRANDS), 'b-own')).toEqual([
      'b-own',
      'b-near',
      'b-close',
      'b-far',
    ]);
    expect(closestBrands(results, compileBrandMatcher(BRANDS), 'b-own', 1)).toEqual(['b-own', 'b-near']);
  });

  it('without a focus brand, the most named', () => {
    expect(closestBrands(results, compileBrandMatcher(BRANDS), null, 1)).toEqual(['b-top', 'b-close']);
  });
});

describe('brand colours', () => {
  it('give a brand the same colour whatever the order it is listed in, the own brand the first', () => {
    const a = brandColors(BRANDS);
    const b = brandColors([...BRANDS].reverse());
    expect([...a.entries()].sort()).toEqual([...b.entries()].sort());
    expect(a.get('b-own')).toBe(BRAND_PALETTE[0]);
    expect(new Set(a.values()).size).toBe(BRANDS.length);
  });
});
