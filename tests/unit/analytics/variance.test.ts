import { describe, expect, it } from 'vitest';
import {
  brandRepeatVariance,
  brandVisibility,
  compileBrandMatcher,
  repeatVerdict,
  sourceRepeatVariance,
  wilsonInterval,
  type BrandDefinition,
} from '../../../src/shared/analytics';
import { result, srcs } from './fixtures';

describe('wilsonInterval', () => {
  it('matches hand-computed 95 % intervals', () => {
    // 1/2: centre = .5, half = (1.96/2.9207)·√(.125 + .24009) = .67105·.60423 = .40547.
    const half = wilsonInterval(1, 2);
    expect(half.rate).toBe(0.5);
    expect(half.lower).toBeCloseTo(0.0945, 4);
    expect(half.upper).toBeCloseTo(0.9055, 4);
    // 0/10: centre = .19207/1.38415 = .13877, half = 1.41600·√.0096037 = .13877.
    const none = wilsonInterval(0, 10);
    expect(none.lower).toBe(0);
    expect(none.upper).toBeCloseTo(0.2775, 4);
    // 8/10: centre = .99207/1.38415 = .71674, half = 1.41600·√(.016 + .0096037) = .22658.
    const eight = wilsonInterval(8, 10);
    expect(eight.lower).toBeCloseTo(0.4902, 4);
    expect(eight.upper).toBeCloseTo(0.9433, 4);
  });

  it('takes z as a parameter and handles n = 0', () => {
    // z = 1 (≈68 %), 1/2: denom = 1.5, centre .5, half = (1/1.5)·√(.125 + .0625) = .28868.
    const i = wilsonInterval(1, 2, 1);
    expect(i.lower).toBeCloseTo(0.2113, 4);
    expect(i.upper).toBeCloseTo(0.7887, 4);
    expect(wilsonInterval(0, 0)).toEqual({ successes: 0, n: 0, rate: 0, lower: 0, upper: 1 });
  });
});

describe('repeatVerdict', () => {
  it('calls disagreement the data cannot resolve volatile', () => {
    expect(repeatVerdict(wilsonInterval(2, 2))).toBe('always'); // agreement is never volatile
    expect(repeatVerdict(wilsonInterval(0, 3))).toBe('never');
    expect(repeatVerdict(wilsonInterval(1, 2))).toBe('volatile');
    expect(repeatVerdict(wilsonInterval(8, 10))).toBe('volatile'); // lower .490 < .5
    expect(repeatVerdict(wilsonInterval(9, 10))).toBe('mostly'); // [.596, .982]
    expect(repeatVerdict(wilsonInterval(1, 10))).toBe('rarely'); // [.018, .404]
    expect(repeatVerdict(wilsonInterval(0, 0))).toBe('no-data');
  });
});

const BRANDS: BrandDefinition[] = [
  { id: 'nike', name: 'Nike', kind: 'brand', aliases: [], domains: [] },
  { id: 'adidas', name: 'Adidas', kind: 'competitor', aliases: [], domains: [] },
  { id: 'asics', name: 'Asics', kind: 'competitor', aliases: [], domains: [] },
];

describe('brandRepeatVariance', () => {
  it('gives each brand a mention rate interval, a verdict and its rank spread', () => {
    const m = compileBrandMatcher(BRANDS);
    const repeats = ['Nike', 'Nike and Adidas', 'Adidas', 'Nike'].map((text) =>
      brandVisibility(m, result({ text })),
    );
    const [nike, adidas, asics] = brandRepeatVariance(BRANDS, repeats);
    // 3/4: centre = 1.23018/1.96037 = .62753, half = .99980·√(.046875 + .060023) = .32689.
    expect(nike?.mention.rate).toBe(0.75);
    expect(nike?.mention.lower).toBeCloseTo(0.3006, 4);
    expect(nike?.mention.upper).toBeCloseTo(0.9544, 4);
    expect(nike).toMatchObject({
      verdict: 'volatile',
      volatile: true,
      firstRank: { mean: 1, min: 1, max: 1 },
    });
    // Adidas: rank 2 after Nike in repeat 2, rank 1 alone in repeat 3.
    expect(adidas).toMatchObject({ verdict: 'volatile', firstRank: { mean: 1.5, min: 1, max: 2 } });
    expect(adidas?.mention.lower).toBeCloseTo(0.15, 3); // 2/4: .5 ∓ .34996
    expect(asics).toMatchObject({ verdict: 'never', volatile: false, firstRank: null });
  });
});

describe('sourceRepeatVariance', () => {
  const repeats = [
    srcs('https://a.com/1', 'https://b.com/1', 'https://c.com/1'),
    srcs('https://a.com/2', 'https://c.com/2', 'https://d.com/2'),
    srcs('https://a.com/3', 'https://b.com/3'),
  ];

  it('computes per-domain presence and the stability of the top-k set', () => {
    const v = sourceRepeatVariance(repeats, { topK: 2 });
    expect(v.domains.map((d) => [d.domain, d.presence.successes, d.verdict, d.meanBestPosition])).toEqual([
      ['a.com', 3, 'always', 1],
      ['b.com', 2, 'volatile', 2], // ranks 2 and 2
      ['c.com', 2, 'volatile', 2.5], // ranks 3 and 2
      ['d.com', 1, 'volatile', 3], // 1/3: [.061, .792] straddles .5
    ]);
    // Top-2 sets {a,b}, {a,c}, {a,b}: Jaccard 1/3, 1, 1/3 → mean 5/9.
    expect(v.topKMeanJaccard).toBeCloseTo(5 / 9, 12);
    expect(v.topKVolatile).toBe(false);
    expect(sourceRepeatVariance(repeats, { topK: 2, volatileBelow: 0.6 }).topKVolatile).toBe(true);
  });

  it('handles one repeat and repeats without sources', () => {
    expect(sourceRepeatVariance([repeats[0] ?? []])).toMatchObject({
      repeats: 1,
      topKMeanJaccard: 1,
      topKVolatile: false,
    });
    const empty = sourceRepeatVariance([[], []]);
    expect(empty).toMatchObject({ domains: [], topKMeanJaccard: 1, topKVolatile: false }); // two empty sets agree
  });
});
