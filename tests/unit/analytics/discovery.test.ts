import { describe, expect, it } from 'vitest';
import {
  brandKeysOf,
  extractCandidates,
  isCoveredByBrands,
  listItemLeads,
  originsOfMask,
  type DiscoverySource,
} from '../../../src/shared/analytics/discovery-extract';
import { discoveryKind } from '../../../src/shared/analytics/discovery-kind';
import { discoveryKey, isNameLike } from '../../../src/shared/analytics/discovery-normalize';
import { compileBrandMatcher } from '../../../src/shared/analytics/brand-matcher';

const empty: DiscoverySource = { text: '', markdown: null, entities: [], products: [], ads: [] };

describe('discoveryKey', () => {
  it('merges case, punctuation and legal forms', () => {
    const keys = [
      'Acme',
      'ACME Inc.',
      'Acme, Inc.',
      'acme inc',
      'Acme Corp',
      'ACME LLC',
      'Acme GmbH & Co. KG',
    ].map(discoveryKey);
    expect(new Set(keys)).toEqual(new Set(['acme']));
    expect(discoveryKey('Société Générale S.A.')).toBe('societe generale');
    expect(discoveryKey('Pacer & Co')).toBe(discoveryKey('Pacer and Co.'));
    expect(discoveryKey('Pacer & Co')).toBe('pacer');
    expect(discoveryKey('Levi’s')).toBe('levis');
    expect(discoveryKey('Ｆｕｌｌｗｉｄｔｈ')).toBe('fullwidth');
  });

  it('strips German diacritics and spells ß, keeping a name when only a legal form would be left', () => {
    expect(discoveryKey('Läuferwerk GmbH')).toBe('lauferwerk');
    expect(discoveryKey('LÄUFERWERK')).toBe('lauferwerk');
    expect(discoveryKey('Straße AG')).toBe('strasse');
    expect(discoveryKey('AG')).toBe('ag');
  });

  it('keeps the voicing marks of Japanese names and drops company markers', () => {
    expect(discoveryKey('ガリバー')).not.toBe(discoveryKey('カリバー'));
    expect(discoveryKey('株式会社ハヤテ')).toBe('ハヤテ');
    expect(discoveryKey('ハヤテ株式会社')).toBe('ハヤテ');
    expect(discoveryKey('(株)ハヤテ')).toBe('ハヤテ');
    expect(discoveryKey('㈱ハヤテ')).toBe('ハヤテ');
    expect(discoveryKey('ﾊﾔﾃ')).toBe('ハヤテ');
  });

  it('folds like the brand matcher, so the names a brand covers key as the brand', () => {
    // Letters and marks beyond Latin accents: Cyrillic ё = е, Polish ł, Scandinavian ø.
    expect(discoveryKey('Ёлка')).toBe(discoveryKey('Елка'));
    expect(discoveryKey('Łódź Sport')).toBe('lodz sport');
    expect(discoveryKey('Ørsted')).toBe('orsted');
    expect(discoveryKey('ガリバー')).toBe('ガリバー');
    expect(discoveryKey('한국')).toBe('한국');
    const keys = brandKeysOf([{ name: 'Ёлка', aliases: [] }]);
    expect(isCoveredByBrands('ЕЛКА', discoveryKey('ЕЛКА'), keys, null)).toBe(true);
  });
});

describe('isNameLike', () => {
  it('accepts names and refuses sentences and generic labels', () => {
    for (const n of ['Acme', 'Trailhawk', 'Bank of America', 'iPhone', 'Läuferwerk', 'ハヤテ', 'Acme Inc.'])
      expect(isNameLike(n), n).toBe(true);
    for (const n of [
      'Price',
      'Pros',
      'Best overall',
      'Step 2',
      'It is a great shoe for most runners.',
      'very light and cheap',
      '42',
      'Fazit',
    ])
      expect(isNameLike(n), n).toBe(false);
  });
});

describe('extractCandidates', () => {
  it('pools every origin by key, list leads included, generic labels skipped', () => {
    const markdown = [
      'Here are the picks:',
      '1. **Acme Racer** – light and fast.',
      '2. Läuferwerk: built in Germany',
      '- Price: $120',
      '- Pros – cushioning',
      '- This shoe is comfortable for long runs and cheap.',
      '3. [Bolt Running](https://bolt.example) - solid',
    ].join('\n');
    const result: DiscoverySource = {
      text: 'plain',
      markdown,
      entities: [
        { type: 'brand', name: 'ACME Inc.' },
        { type: 'product', name: 'Acme Racer' },
        { type: 'Organization', name: '株式会社ハヤテ' },
      ],
      products: [
        {
          position: 1,
          origin: 'shopping-card',
          title: 'Acme Racer',
          url: null,
          brand: 'Acme',
          merchant: 'Shopwise + others',
          price: null,
          priceValue: null,
          currency: null,
          rating: null,
          reviews: null,
          offers: [
            {
              merchant: 'MegaMart',
              title: null,
              url: null,
              price: null,
              priceValue: null,
              currency: null,
              available: true,
            },
          ],
        },
      ],
      ads: [
        {
          position: 1,
          title: 'Ad',
          body: null,
          url: null,
          domain: null,
          advertiser: 'Zoomer Ltd',
          placement: null,
        },
        {
          position: 2,
          title: 'Ad',
          body: null,
          url: null,
          domain: null,
          advertiser: 'www.shop.example',
          placement: null,
        },
      ],
    };
    const byKey = Object.fromEntries(extractCandidates(result).map((c) => [c.key, c]));
    expect(Object.keys(byKey).sort()).toEqual(
      ['acme', 'bolt running', 'lauferwerk', 'megamart', 'shopwise', 'zoomer', 'ハヤテ'].sort(),
    );
    // The list's spelling (its lead read as the known name Acme) wins over the entity's.
    expect(byKey.acme?.form).toBe('Acme');
    expect(originsOfMask(byKey.acme?.origins ?? 0)).toEqual(['entity', 'product-brand', 'list-item']);
    expect(originsOfMask(byKey.shopwise?.origins ?? 0)).toEqual(['merchant']);
    expect(originsOfMask(byKey.zoomer?.origins ?? 0)).toEqual(['advertiser']);
    expect(byKey.lauferwerk?.form).toBe('Läuferwerk');
    // Shops are listed apart from candidate competitors: a merchant that is never a product's brand.
    const kinds = Object.fromEntries(
      Object.values(byKey).map((c) => [c.key, discoveryKind(originsOfMask(c.origins))]),
    );
    expect(kinds).toEqual({
      acme: 'candidate',
      'bolt running': 'candidate',
      lauferwerk: 'candidate',
      megamart: 'retailer',
      shopwise: 'retailer',
      zoomer: 'candidate',
      ハヤテ: 'candidate',
    });
  });

  it('reads the plain text when there is no Markdown, and known names as list prefixes', () => {
    const text = '1. Trailhawk Glide 5 – good grip.\n2. Newcomer Shoes – cheap.';
    const got = extractCandidates({ ...empty, text }, { isKnownName: (k) => k === 'trailhawk' });
    expect(got.map((c) => c.form)).toEqual(['Trailhawk', 'Newcomer Shoes']);
  });

  it('finds list leads only in list items', () => {
    expect(listItemLeads('Acme: not a list\n* __Bolt__ yes\n10) Cadence — fine')).toEqual([
      'Bolt',
      'Cadence',
    ]);
  });
});

describe('discoveryKind', () => {
  it('calls a shopping merchant a retailer, even one that advertises or heads a list', () => {
    expect(discoveryKind(['merchant'])).toBe('retailer');
    expect(discoveryKind(['entity', 'merchant', 'advertiser', 'list-item'])).toBe('retailer');
  });

  it('keeps a brand that sells its own products, and every non-merchant, a candidate competitor', () => {
    expect(discoveryKind(['product-brand', 'merchant'])).toBe('candidate');
    expect(discoveryKind(['advertiser'])).toBe('candidate');
    expect(discoveryKind(['entity', 'list-item'])).toBe('candidate');
    expect(discoveryKind([])).toBe('candidate');
  });
});

describe('isCoveredByBrands', () => {
  const brands = [
    { id: 'v', name: 'Veloxa', kind: 'brand' as const, aliases: ['Veloxa Run'], domains: [] },
    { id: 'p', name: 'Pacer & Co', kind: 'competitor' as const, aliases: [], domains: [] },
  ];
  const matcher = compileBrandMatcher(brands);
  const keys = brandKeysOf(brands);
  it('leaves out names and product lines of defined brands', () => {
    const covered = (form: string) => isCoveredByBrands(form, discoveryKey(form), keys, matcher);
    expect(covered('VELOXA Inc.')).toBe(true);
    expect(covered('Pacer and Co.')).toBe(true);
    expect(covered('Veloxa Tempo Elite')).toBe(true);
    expect(covered('Trailhawk')).toBe(false);
    expect(covered('Pacers United')).toBe(false);
  });
});
