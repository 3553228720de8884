import { describe, expect, it } from 'vitest';
import {
  domainOf,
  normalizeResult,
  priceAmount,
  readPrice,
  toNumber,
} from '../../../src/shared/api/normalize';

// The search family's and the defensive edges' fixtures (the assistants' are in normalize.test.ts).

describe('search family', () => {
  it('search: organic, PAA with sources, ads, AI overview, related, html pages', () => {
    const n = normalizeResult('search', {
      organicResults: [
        {
          position: 1,
          title: 'Best laptops',
          link: 'https://example.org/best',
          snippet: 'We tested ...',
          date: '2 days ago',
          page: 1,
          redirectLink: 'https://www.search.example/goto?u=1',
        },
      ],
      peopleAlsoAsk: [
        {
          question: 'What specs matter?',
          type: 'LINK',
          snippet: 'RAM and CPU ...',
          title: 'Specs guide',
          link: 'https://example.org/specs',
        },
        {
          question: 'Is 16GB enough?',
          type: 'AIOVERVIEW',
          markdown: 'Usually **yes**',
          sources: [{ label: 'RAM guide', url: 'https://ram.example/', position: 1 }],
        },
      ],
      relatedSearches: [{ query: 'budget laptop for coding', link: 'https://www.search.example/search?q=b' }],
      ads: [
        {
          position: 1,
          blockPosition: 'top',
          type: 'RESULT',
          title: 'Shop laptops',
          url: 'https://ads.example/l',
          domain: 'ads.example',
          description: 'Fast shipping',
        },
      ],
      aioverview: {
        text: 'Typical picks include ...',
        markdown: 'Typical picks ...',
        sources: [
          { position: 1, url: 'https://example.org/best', label: 'Best laptops 2026', description: 'Guide' },
        ],
        citationPills: [
          {
            citationPillId: 1,
            label: 'Best laptops 2026',
            url: 'https://example.org/best',
            domain: 'example.org',
            position: 1,
            redirectLink: 'https://www.search.example/goto?u=2',
          },
        ],
        ads: [
          {
            position: 1,
            title: 'Laptop deal',
            url: 'https://deal.example/x',
            type: 'SHOPPING',
            old_price: '$1',
          },
        ],
      },
      shoppingCards: [
        {
          title: 'Laptop A',
          position: 1,
          price: { value: 799, currency: '$', raw: '$799' },
          store: 'Shop',
          reviews: '2.3K',
        },
      ],
      html: ['https://cdn.example/p1.html', 'https://cdn.example/p2.html'],
    });
    expect(n.text).toBe('Typical picks include ...');
    expect(n.aiOverview).toEqual({ text: 'Typical picks include ...', markdown: 'Typical picks ...' });
    expect(n.htmlUrls).toHaveLength(2);
    expect(n.sources.map((s) => `${s.kind}:${s.position}:${s.domain}`)).toEqual([
      'organic:1:example.org',
      'aio-source:1:example.org',
      'aio-pill:1:example.org',
      'paa-source:1:ram.example',
    ]);
    expect(n.sources[0]).toMatchObject({
      redirectLink: 'https://www.search.example/goto?u=1',
      datePublished: '2 days ago',
      title: 'Best laptops',
    });
    expect(n.peopleAlsoAsk).toEqual([
      {
        position: 1,
        question: 'What specs matter?',
        snippet: 'RAM and CPU ...',
        url: 'https://example.org/specs',
        type: 'LINK',
      },
      { position: 2, question: 'Is 16GB enough?', snippet: 'Usually **yes**', url: null, type: 'AIOVERVIEW' },
    ]);
    expect(n.ads).toEqual([
      {
        position: 1,
        title: 'Shop laptops',
        body: 'Fast shipping',
        url: 'https://ads.example/l',
        domain: 'ads.example',
        advertiser: 'ads.example',
        placement: 'top',
      },
      {
        position: 2,
        title: 'Laptop deal',
        body: null,
        url: 'https://deal.example/x',
        domain: 'deal.example',
        advertiser: null,
        placement: 'aioverview',
      },
    ]);
    expect(n.relatedSearches).toEqual(['budget laptop for coding']);
    expect(n.products[0]).toMatchObject({ title: 'Laptop A', reviews: 2300, priceValue: 799 });
  });

  it('search without an AI overview yields empty text and null overview', () => {
    const n = normalizeResult('search', { organicResults: [], aioverview: null });
    expect([n.text, n.aiOverview, n.markdown]).toEqual(['', null, null]);
  });

  it('news: newsResults as sources', () => {
    const n = normalizeResult('search-news', {
      newsResults: [
        {
          position: 1,
          title: 'Summit reaches deal',
          link: 'https://news.example/a',
          snippet: 'Leaders agreed ...',
          source: 'Daily Paper',
          date: '2 hours ago',
          page: 1,
        },
      ],
      html: ['https://cdn.example/n1.html'],
    });
    expect(n.sources).toEqual([
      {
        position: 1,
        kind: 'news',
        url: 'https://news.example/a',
        domain: 'news.example',
        title: 'Summit reaches deal',
        snippet: 'Leaders agreed ...',
        redirectLink: null,
        datePublished: '2 hours ago',
      },
    ]);
    expect(n.htmlUrls).toEqual(['https://cdn.example/n1.html']);
  });

  it('search-ai: ads object, inline products, productResults with stores, map', () => {
    const n = normalizeResult('search-ai', {
      text: 'Here are good options ...',
      sources: [
        {
          position: 1,
          url: 'https://example.org/r',
          label: 'Roundup',
          description: 'Curated list',
          redirectLink: 'https://www.search.example/goto?u=r',
        },
      ],
      citationPills: [
        { citationPillId: 1, label: 'Roundup', url: 'https://example.org/r', domain: 'example.org' },
      ],
      shoppingCards: [
        {
          position: 1,
          title: 'Headphones',
          price: { value: 99.99, currency: '$', raw: '$99.99' },
          store: 'Store',
          rating: 4.2,
          reviews: '2.3k',
        },
      ],
      inlineProducts: [
        {
          title: 'Earbuds',
          position: 1,
          price: { raw: '€49,00' },
          store: 'Shop',
          productLink: 'https://shop.example/e',
        },
      ],
      ads: {
        title: 'Printers to consider',
        ads: [
          {
            position: 1,
            title: 'Printer X',
            url: 'https://ads.example/p',
            price: { raw: '$899.00' },
            store: 'Maker',
          },
        ],
      },
      productResults: [
        {
          title: 'Printer X',
          stores: [
            {
              name: 'Maker',
              link: 'https://maker.example/x',
              price: { value: 899, currency: 'USD', raw: '$899.00' },
            },
          ],
          rating: 4.1,
          reviews: '120',
        },
      ],
      map: [
        {
          title: 'Shop A',
          index: 0,
          placeId: '/g/abc',
          link: 'https://maps.example/a',
          gpsCoordinates: { latitude: 1, longitude: 2 },
        },
      ],
    });
    expect(n.sources.map((s) => s.kind)).toEqual(['cited', 'citation-pill', 'place']);
    expect(n.sources[0]?.redirectLink).toBe('https://www.search.example/goto?u=r');
    expect(n.ads).toEqual([
      {
        position: 1,
        title: 'Printer X',
        body: null,
        url: 'https://ads.example/p',
        domain: 'ads.example',
        advertiser: 'Maker',
        placement: 'sponsored',
      },
    ]);
    expect(n.products.map((p) => [p.origin, p.title, p.priceValue, p.reviews])).toEqual([
      ['shopping-card', 'Headphones', 99.99, 2300],
      ['inline-product', 'Earbuds', 49, null],
      ['product-result', 'Printer X', 899, 120],
    ]);
    expect(n.products[2]).toMatchObject({
      url: 'https://maker.example/x',
      merchant: 'Maker',
      currency: 'USD',
    });
    expect(n.products[2]?.offers).toEqual([
      {
        merchant: 'Maker',
        title: null,
        url: 'https://maker.example/x',
        price: '$899.00',
        priceValue: 899,
        currency: 'USD',
        available: null,
      },
    ]);
  });
});

describe('defensive edges', () => {
  it('never throws on junk and yields empty parts', () => {
    for (const junk of [
      null,
      undefined,
      42,
      'text',
      [],
      { sources: 'x', citationPills: [null, 1], shoppingCards: [{}], ads: 'none', html: '<p>inline</p>' },
    ]) {
      const n = normalizeResult('assistant-a', junk);
      expect(n.sources).toEqual([]);
      expect(n.products).toEqual([]);
      expect(n.ads).toEqual([]);
      expect(n.htmlUrls).toEqual([]);
      expect(n.text).toBe('');
    }
  });
  it('reads numbers, prices and domains', () => {
    expect([toNumber('26K'), toNumber('1,284'), toNumber('1.2M'), toNumber('n/a'), toNumber(3)]).toEqual([
      26000,
      1284,
      1200000,
      null,
      3,
    ]);
    expect(readPrice('$1,057.50')).toEqual({ price: '$1,057.50', priceValue: 1057.5, currency: '$' });
    expect(readPrice('57,00 EUR')).toEqual({ price: '57,00 EUR', priceValue: 57, currency: 'EUR' });
    expect(['1.234,56 €', '¥12,000', '$0.99', 'CHF 1 299.–', '12.345.678'].map(priceAmount)).toEqual([
      1234.56, 12000, 0.99, 1299, 12345678,
    ]);
    expect(readPrice({ amount: 5, currency: 'USD' })).toEqual({ price: '5', priceValue: 5, currency: 'USD' });
    expect([domainOf('https://WWW.Example.ORG/x'), domainOf('not a url'), domainOf(null)]).toEqual([
      'example.org',
      '',
      '',
    ]);
  });
});
