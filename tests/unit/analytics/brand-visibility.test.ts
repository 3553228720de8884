import { describe, expect, it } from 'vitest';
import {
  aggregateBrandVisibility,
  aggregateBrandVisibilityBy,
  brandVisibility,
  compileBrandMatcher,
  type BrandDefinition,
} from '../../../src/shared/analytics';
import { result, src, srcs } from './fixtures';

const BRANDS: BrandDefinition[] = [
  { id: 'nike', name: 'Nike', kind: 'brand', aliases: ['Nike Inc'], domains: ['nike.com'] },
  {
    id: 'adidas',
    name: 'Adidas',
    kind: 'competitor',
    aliases: [],
    domains: ['adidas.com', 'https://www.adidas.de/'],
  },
  { id: 'asics', name: 'Asics', kind: 'competitor', aliases: [], domains: ['asics.com'] },
];
const matcher = compileBrandMatcher(BRANDS);

// Offsets: "For flat feet, " is 15 characters, so Adidas is at 15; "Adidas and " is 11, so the
// first Nike is at 26; "Nike lead; " is 11, so the second at 37.
const R1 = result({
  text: 'For flat feet, Adidas and Nike lead; Nike Pegasus is popular. NIKE again.',
  sources: [
    src('https://www.nike.com/running', 1),
    src('https://runnersworld.com/x', 2),
    src('https://www.nike.com/running', 1, 'citation-pill'),
    src('https://help.adidas.de/faq', 3),
    src('https://nike.com.evil.net/x', 4),
  ],
  entities: [
    { type: 'brand', name: 'ASICS Corporation' },
    { type: 'brand', name: 'Nike' },
  ],
  products: [
    {
      position: 1,
      origin: 'shopping-card',
      title: 'Gel-Kayano 30',
      url: 'https://www.asics.com/p',
      brand: 'Asics',
      merchant: null,
      price: null,
      priceValue: null,
      currency: null,
      rating: null,
      reviews: null,
      offers: [],
    },
    {
      position: 2,
      origin: 'shopping-card',
      title: 'Ultraboost',
      url: 'https://shop.adidas.com/u',
      brand: null,
      merchant: 'Zalando',
      price: null,
      priceValue: null,
      currency: null,
      rating: null,
      reviews: null,
      offers: [],
    },
  ],
  ads: [
    {
      position: 1,
      title: 'Run faster',
      body: 'Shop Nike shoes',
      url: 'https://www.nike.com/ad',
      domain: 'nike.com',
      advertiser: null,
      placement: 'top',
    },
  ],
});
// "Asics beats " is 12 characters.
const R2 = result({ text: 'Asics beats Nike.' });
// An answer with only sources.
const R3 = result({ text: '', sources: srcs('https://adidas.com/x') });

describe('brandVisibility', () => {
  it('reports mentions, first positions, ranks, citations, entities, products and ads', () => {
    const v = brandVisibility(matcher, R1);
    expect(v.totalMentions).toBe(4);
    expect(v.brands).toEqual([
      {
        brandId: 'nike',
        kind: 'brand',
        mentioned: true,
        mentionCount: 3,
        firstOffset: 26,
        firstRank: 2,
        citedDomains: ['nike.com'],
        citationCount: 1,
        bestCitationRank: 1,
        entityNames: ['Nike'],
        productPositions: [],
        adPositions: [1],
        visible: true,
      },
      {
        brandId: 'adidas',
        kind: 'competitor',
        mentioned: true,
        mentionCount: 1,
        firstOffset: 15,
        firstRank: 1,
        citedDomains: ['help.adidas.de'],
        citationCount: 1,
        // Distinct URLs: nike.com/running (1), runnersworld (2), the pill duplicate skipped, help.adidas.de (3).
        bestCitationRank: 3,
        entityNames: [],
        productPositions: [2], // by the product URL's domain
        adPositions: [],
        visible: true,
      },
      {
        brandId: 'asics',
        kind: 'competitor',
        mentioned: false,
        mentionCount: 0,
        firstOffset: null,
        firstRank: null,
        citedDomains: [],
        citationCount: 0,
        bestCitationRank: null,
        entityNames: ['ASICS Corporation'],
        productPositions: [1],
        adPositions: [],
        visible: true,
      },
    ]);
  });

  it('handles an empty answer with only sources, and the kind filter', () => {
    const v = brandVisibility(matcher, R3);
    expect(v.totalMentions).toBe(0);
    expect(v.brands[1]).toMatchObject({
      mentioned: false,
      citationCount: 1,
      citedDomains: ['adidas.com'],
      visible: true,
    });
    expect(v.brands[0]).toMatchObject({ visible: false });
    const pillsOnly = brandVisibility(matcher, R1, { kinds: ['citation-pill'] });
    expect(pillsOnly.brands[1]?.citationCount).toBe(0);
    expect(pillsOnly.brands[0]).toMatchObject({ citationCount: 1, bestCitationRank: 1 });
  });

  it('gives brands first mentioned at the same offset the same rank', () => {
    const m = compileBrandMatcher([
      { id: 'a', name: 'Galaxy', kind: 'brand', aliases: [], domains: [] },
      { id: 'b', name: 'Samsung', kind: 'competitor', aliases: ['Galaxy'], domains: [] },
      { id: 'c', name: 'Pixel', kind: 'competitor', aliases: [], domains: [] },
    ]);
    const v = brandVisibility(m, result({ text: 'Galaxy or Pixel' }));
    expect(v.brands.map((b) => b.firstRank)).toEqual([1, 1, 3]);
  });
});

describe('aggregateBrandVisibility', () => {
  const v1 = brandVisibility(matcher, R1);
  const v2 = brandVisibility(matcher, R2);
  const v3 = brandVisibility(matcher, R3);

  it('computes mention rate, average position and share of voice', () => {
    const [nike, adidas, asics] = aggregateBrandVisibility(BRANDS, [v1, v2, v3]);
    // All tracked mentions: 4 (R1) + 2 (R2) + 0 (R3) = 6.
    expect(nike).toMatchObject({
      results: 3,
      mentionedIn: 2,
      averageFirstRank: 2, // R1 rank 2, R2 rank 2
      averageFirstOffset: 19, // (26 + 12) / 2
      mentions: 4,
      citedIn: 1,
      visibleIn: 2,
    });
    expect(nike?.mentionRate).toBeCloseTo(2 / 3, 12);
    expect(nike?.shareOfVoice).toBeCloseTo(4 / 6, 12);
    expect(adidas).toMatchObject({
      mentionedIn: 1,
      averageFirstRank: 1,
      averageFirstOffset: 15,
      mentions: 1,
      citedIn: 2,
      visibleIn: 2,
    });
    expect(adidas?.shareOfVoice).toBeCloseTo(1 / 6, 12);
    expect(adidas?.citationRate).toBeCloseTo(2 / 3, 12);
    expect(asics).toMatchObject({
      mentionedIn: 1,
      averageFirstRank: 1,
      averageFirstOffset: 0,
      mentions: 1,
      citedIn: 0,
      visibleIn: 2,
    });
  });

  it('aggregates per group and copes with no results', () => {
    const groups = aggregateBrandVisibilityBy(
      BRANDS,
      [
        { country: 'US', v: v1 },
        { country: 'DE', v: v3 },
        { country: 'US', v: v2 },
      ],
      (x) => x.country,
      (x) => x.v,
    );
    expect([...groups.keys()]).toEqual(['US', 'DE']);
    expect(groups.get('US')?.[0]).toMatchObject({ results: 2, mentionedIn: 2, mentionRate: 1, mentions: 4 });
    expect(groups.get('DE')?.[0]).toMatchObject({
      results: 1,
      mentionedIn: 0,
      mentionRate: 0,
      shareOfVoice: 0,
      averageFirstRank: null,
    });
    expect(aggregateBrandVisibility(BRANDS, [])[0]).toMatchObject({
      results: 0,
      mentionRate: 0,
      shareOfVoice: 0,
    });
  });
});
