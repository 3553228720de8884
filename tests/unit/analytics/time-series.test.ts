import { describe, expect, it } from 'vitest';
import {
  brandVisibility,
  buildMetricSeries,
  compileBrandMatcher,
  whatChanged,
  whatChangedBetween,
  type BrandDefinition,
  type DatedResult,
} from '../../../src/shared/analytics';
import { result, src, srcs } from './fixtures';

const BRANDS: BrandDefinition[] = [
  { id: 'nike', name: 'Nike', kind: 'brand', aliases: [], domains: ['nike.com'] },
  { id: 'adidas', name: 'Adidas', kind: 'competitor', aliases: [], domains: [] },
  { id: 'asics', name: 'Asics', kind: 'competitor', aliases: [], domains: [] },
];
const matcher = compileBrandMatcher(BRANDS);
const cell = { promptId: 'p1', engine: 'assistant-a', country: 'US' };

const ITEMS: DatedResult[] = [
  {
    ...cell,
    at: '2025-01-01T10:00:00Z',
    result: result({ text: 'Nike and Adidas', sources: srcs('https://nike.com/a', 'https://reddit.com/r') }),
  },
  {
    ...cell,
    at: '2025-01-01T12:00:00Z',
    result: result({ text: 'Nike only', sources: srcs('https://reddit.com/x') }),
  },
  {
    ...cell,
    at: '2025-01-08T10:00:00Z',
    result: result({
      text: 'Asics, then Nike',
      sources: srcs('https://asics.com/a', 'https://reddit.com/r', 'https://nike.com/b'),
    }),
  },
  { ...cell, country: 'DE', at: '2025-01-01T10:00:00Z', result: result({ text: '' }) },
];

describe('buildMetricSeries', () => {
  const series = buildMetricSeries(matcher, ITEMS);

  it('makes one series per prompt × engine × country, one point per day', () => {
    expect(series.map((s) => s.key)).toEqual([cell, { ...cell, country: 'DE' }]);
    const us = series[0];
    expect(us?.points.map((p) => [p.at, p.results])).toEqual([
      ['2025-01-01', 2],
      ['2025-01-08', 1],
    ]);
    const jan1 = us?.points[0];
    expect(jan1?.brands.map((b) => [b.brandId, b.mentionRate, b.averageFirstRank])).toEqual([
      ['nike', 1, 1],
      ['adidas', 0.5, 2],
      ['asics', 0, null],
    ]);
    // reddit.com in both results (ranks 2 and 1), nike.com in one (rank 1).
    expect(jan1?.domains).toEqual([
      { domain: 'reddit.com', presentIn: 2, rate: 1, meanBestPosition: 1.5 },
      { domain: 'nike.com', presentIn: 1, rate: 0.5, meanBestPosition: 1 },
    ]);
  });

  it('uses a cached visibility instead of scanning the text', () => {
    const cached = brandVisibility(matcher, result({ text: 'Asics' }));
    const s = buildMetricSeries(matcher, [
      { ...cell, at: '2025-02-01', result: result({ text: 'Nike' }), visibility: cached },
    ]);
    expect(s[0]?.points[0]?.brands.map((b) => b.mentionedIn)).toEqual([0, 0, 1]);
  });

  it('reads a results page without text by its titles, as the Visibility index does', () => {
    const page = result({
      engine: 'search',
      sources: [
        { ...src('https://shoes.example/best', 1, 'organic'), title: 'Best running shoes 2025' },
        { ...src('https://news.example/a', 2, 'organic'), title: 'Adidas and Nike cut prices' },
      ],
    });
    const p = buildMetricSeries(matcher, [{ ...cell, engine: 'search', at: '2025-03-01', result: page }])[0]
      ?.points[0];
    // Both named by the second result: its rank is each brand's position.
    expect(p?.brands.map((b) => [b.brandId, b.mentionRate, b.averageFirstRank])).toEqual([
      ['nike', 1, 2],
      ['adidas', 1, 2],
      ['asics', 0, null],
    ]);
  });

  it('takes a custom bucket', () => {
    const s = buildMetricSeries(matcher, ITEMS, { bucketOf: (at) => at.slice(0, 7) });
    expect(s[0]?.points.map((p) => [p.at, p.results])).toEqual([['2025-01', 3]]);
  });
});

describe('whatChanged', () => {
  it('lists brands and sources entering and leaving, and rank moves', () => {
    const us = buildMetricSeries(matcher, ITEMS)[0];
    const c = whatChangedBetween(us!, '2025-01-01', '2025-01-08');
    expect(c).toEqual({
      from: '2025-01-01',
      to: '2025-01-08',
      brandsEntered: ['asics'],
      brandsLeft: ['adidas'],
      domainsEntered: ['asics.com'],
      domainsLeft: [],
      brandRankMoves: [{ key: 'nike', from: 1, to: 2, delta: 1 }],
      mentionRateChanges: [
        { key: 'asics', from: 0, to: 1, delta: 1 },
        { key: 'adidas', from: 0.5, to: 0, delta: -0.5 },
      ],
      sourcePositionMoves: [
        { key: 'nike.com', from: 1, to: 3, delta: 2 },
        { key: 'reddit.com', from: 1.5, to: 2, delta: 0.5 },
      ],
    });
    expect(whatChangedBetween(us!, '2025-01-01', '2030-01-01')).toBeNull();
  });

  it('reports nothing between identical points', () => {
    const p = buildMetricSeries(matcher, ITEMS)[0]!.points[0]!;
    expect(whatChanged(p, p)).toMatchObject({
      brandsEntered: [],
      brandsLeft: [],
      domainsEntered: [],
      domainsLeft: [],
      brandRankMoves: [],
      mentionRateChanges: [],
      sourcePositionMoves: [],
    });
  });
});
