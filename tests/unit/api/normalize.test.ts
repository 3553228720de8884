import { describe, expect, it } from 'vitest';
import {
  domainOf,
  normalizeResult,
  priceAmount,
  readPrice,
  toNumber,
} from '../../../src/shared/api/normalize';
import { monitorEnvelopeSchema } from '../../../src/shared/api/responses';

// Fixtures built from the service facts' examples (§3), one per engine.

const assistantALegacy = {
  success: true,
  result: {
    text: 'Acme Corp is ...',
    markdown: '**Acme Corp** is ...',
    html: 'https://cdn.example/results/u1/page-1.html',
    model: 'model-x',
    searchQueries: ['acme corp overview'],
    mapSearchQueries: [],
    sources: [
      {
        position: 1,
        url: 'https://www.example.org/a',
        label: 'About Acme',
        description: 'Acme makes ...',
        footnote: false,
        datePublished: 'May 22, 2025',
      },
    ],
    citationPills: [
      {
        citationPillId: 0,
        type: 'searchResult',
        label: 'About Acme',
        url: 'https://example.org/a',
        domain: 'example.org',
        position: 1,
      },
    ],
    entities: [{ type: 'product', name: 'Widget X' }, { type: 'brand' }],
    shoppingCards: [
      {
        tags: ['budget pick'],
        products: [
          {
            title: 'Widget X',
            position: 1,
            url: 'https://shop.example/x',
            price: '$57.00',
            featured_tag: 'budget pick',
            merchant: 'Shop + others',
            image_urls: ['https://img.example/x.jpg'],
            rating: 4.7,
            num_reviews: 10394,
            id: '3250714974',
            offers: [
              {
                merchant_name: 'Shop',
                product_name: 'Widget X',
                url: 'https://shop.example/x',
                price: '$57.00',
                details: 'In stock',
                available: true,
                checkoutable: false,
                price_details: { base: '$57.00', total: '$57.00' },
                tag: { text: 'Best price' },
              },
            ],
          },
        ],
      },
    ],
    inlineProducts: [
      { render_as: 'hero', product: { title: 'Widget X', position: 1, price: '$57.00', offers: [] } },
    ],
    map: [
      {
        id: 'abc',
        provider: 'p',
        name: 'Cafe',
        position: 1,
        address: '1 Main St',
        latitude: 37.78,
        longitude: -122.4,
        rating: 4.5,
        reviewCount: 1234,
      },
    ],
    ads: [
      {
        brand: { name: 'Acme Shoes', url: 'https://acme.example' },
        cards: [{ title: 'Runners', body: 'Light shoes', url: 'https://acme.example/run' }],
        visibility: 'allowed',
        adsResponseIndex: 0,
        rendered: true,
      },
    ],
    futureField: { anything: 1 },
  },
};

const assistantAMobile = {
  success: true,
  result: { text: 'Short answer', sources: [], model: null, searchQueries: [], mapSearchQueries: [] },
};

describe('assistant-a', () => {
  it('maps the legacy shape in full', () => {
    const n = normalizeResult('assistant-a', assistantALegacy.result);
    expect(n.shape).toBe('legacy');
    expect(n.text).toBe('Acme Corp is ...');
    expect(n.markdown).toBe('**Acme Corp** is ...');
    expect(n.htmlUrls).toEqual(['https://cdn.example/results/u1/page-1.html']);
    expect(n.model).toBe('model-x');
    expect(n.searchQueries).toEqual(['acme corp overview']);
    expect(n.sources).toEqual([
      {
        position: 1,
        kind: 'cited',
        url: 'https://www.example.org/a',
        domain: 'example.org',
        title: 'About Acme',
        snippet: 'Acme makes ...',
        redirectLink: null,
        datePublished: 'May 22, 2025',
      },
      {
        position: 1,
        kind: 'citation-pill',
        url: 'https://example.org/a',
        domain: 'example.org',
        title: 'About Acme',
        snippet: null,
        redirectLink: null,
        datePublished: null,
      },
    ]);
    expect(n.entities).toEqual([{ type: 'product', name: 'Widget X' }]);
    expect(n.products).toEqual([
      {
        position: 1,
        origin: 'shopping-card',
        title: 'Widget X',
        url: 'https://shop.example/x',
        brand: null,
        merchant: 'Shop + others',
        price: '$57.00',
        priceValue: 57,
        currency: '$',
        rating: 4.7,
        reviews: 10394,
        offers: [
          {
            merchant: 'Shop',
            title: 'Widget X',
            url: 'https://shop.example/x',
            price: '$57.00',
            priceValue: 57,
            currency: '$',
            available: true,
          },
        ],
      },
      {
        position: 1,
        origin: 'inline-product',
        title: 'Widget X',
        url: null,
        brand: null,
        merchant: null,
        price: '$57.00',
        priceValue: 57,
        currency: '$',
        rating: null,
        reviews: null,
        offers: [],
      },
    ]);
    expect(n.ads).toEqual([
      {
        position: 1,
        title: 'Runners',
        body: 'Light shoes',
        url: 'https://acme.example/run',
        domain: 'acme.example',
        advertiser: 'Acme Shoes',
        placement: 'rendered',
      },
    ]);
    expect(n.peopleAlsoAsk).toEqual([]);
    expect(n.aiOverview).toBeNull();
  });

  it('tells the mobile-web shape apart and parses both envelopes', () => {
    expect(normalizeResult('assistant-a', assistantAMobile.result).shape).toBe('mobile-web');
    expect(normalizeResult('assistant-a', assistantAMobile).text).toBe('Short answer');
    expect(monitorEnvelopeSchema.safeParse(assistantALegacy).success).toBe(true);
    expect(monitorEnvelopeSchema.safeParse(assistantAMobile).success).toBe(true);
    const parsed = monitorEnvelopeSchema.parse(assistantALegacy);
    expect(parsed.result.futureField).toEqual({ anything: 1 });
    // A wrongly typed named field is dropped from the view, not fatal.
    const odd = monitorEnvelopeSchema.parse({
      success: true,
      result: { text: 5, sources: 'none', model: 'm' },
    });
    expect([odd.result.text, odd.result.sources, odd.result.model]).toEqual([undefined, undefined, 'm']);
  });
});

describe('assistant-b, -c, -d, -e', () => {
  it('b: snake_case shopping, search_model_queries, related_queries, videos', () => {
    const n = normalizeResult('assistant-b', {
      text: 'Top picks ...',
      sources: [
        { position: 1, url: 'https://example.org/l', label: 'Review site', description: 'Laptop reviews' },
      ],
      citationPills: [
        {
          citationPillId: 1,
          label: 'Best laptops',
          url: 'https://example.org/l',
          domain: 'example.org',
          position: 1,
        },
      ],
      related_queries: ['cheap laptops'],
      search_model_queries: ['best laptops 2026'],
      videos: [
        {
          title: 'Review',
          url: 'https://video.example/v',
          thumbnail: 'https://img.example/t.jpg',
          medium: 'video',
          source: 'web',
        },
      ],
      shopping_cards: [
        {
          tags: ['running'],
          products: [
            {
              title: 'Shoe 41',
              id: 'shoe-41',
              price: '$140.00',
              merchant: 'Brand',
              available: true,
              position: 1,
              rating: 4.6,
              numReviews: 1284,
              offers: [],
            },
          ],
        },
      ],
    });
    expect(n.searchQueries).toEqual(['best laptops 2026']);
    expect(n.relatedSearches).toEqual(['cheap laptops']);
    expect(n.sources.map((s) => s.kind)).toEqual(['cited', 'citation-pill', 'video']);
    expect(n.products[0]).toMatchObject({
      title: 'Shoe 41',
      priceValue: 140,
      reviews: 1284,
      rating: 4.6,
      origin: 'shopping-card',
    });
    expect(n.shape).toBeNull();
  });

  it('c: rich sources and model', () => {
    const n = normalizeResult('assistant-c', {
      text: 'Good options are ...',
      model: 'model-c',
      searchQueries: ['developer laptops 2026'],
      sources: [
        {
          position: 1,
          url: 'https://example.org/g',
          label: 'Tech site',
          description: 'Guide',
          preview: 'When choosing ...',
          siteName: 'Tech site',
        },
      ],
    });
    expect(n.model).toBe('model-c');
    expect(n.sources).toHaveLength(1);
    expect(n.sources[0]).toMatchObject({ title: 'Tech site', snippet: 'Guide', domain: 'example.org' });
  });

  it('d: nested shoppingCards with price objects and rating objects, map places', () => {
    const n = normalizeResult('assistant-d', {
      text: 'Consider ...',
      searchQueries: ['developer laptop reviews'],
      sources: [{ position: 1, url: 'https://docs.example/', label: 'Docs', description: 'Hardware notes' }],
      shoppingCards: [
        {
          type: 'shoppingProducts',
          layout: 'Carousel',
          products: [
            {
              product: { id: 'p1' },
              position: 1,
              name: 'Laptop 14',
              url: 'https://shop.example/p1',
              price: { amount: 999, currencySymbol: '$' },
              discountPrice: null,
              seller: 'Shop',
              brandName: 'Lapco',
              rating: { value: 4.3, count: 210, maxRating: 5 },
            },
          ],
        },
      ],
      map: [
        {
          name: 'Park',
          position: 1,
          placeId: 'x',
          location: { address: '100 Music Rd' },
          url: 'https://maps.example/park',
        },
      ],
    });
    expect(n.products).toEqual([
      {
        position: 1,
        origin: 'shopping-card',
        title: 'Laptop 14',
        url: 'https://shop.example/p1',
        brand: 'Lapco',
        merchant: 'Shop',
        price: '$999',
        priceValue: 999,
        currency: '$',
        rating: 4.3,
        reviews: 210,
        offers: [],
      },
    ]);
    expect(n.sources.find((s) => s.kind === 'place')).toMatchObject({
      url: 'https://maps.example/park',
      title: 'Park',
    });
  });

  it('e: flat shoppingCards with {value, currency, raw}, places', () => {
    const n = normalizeResult('assistant-e', {
      text: 'Quantum computing is ...',
      sources: [
        {
          position: 1,
          label: 'Encyclopedia entry',
          url: 'https://example.org/qc',
          description: 'A field ...',
        },
      ],
      shoppingCards: [
        {
          position: 1,
          title: 'Shoe 5',
          productLink: 'https://search.example/p?id=1',
          productId: '1141',
          price: { value: 129.95, currency: '$', raw: '$129.95' },
          store: 'Sports shop',
          rating: 4.8,
          reviews: 11558,
        },
      ],
      places: [{ index: 0, title: 'Cafe', link: 'https://maps.example/cafe' }],
    });
    expect(n.products[0]).toMatchObject({
      title: 'Shoe 5',
      url: 'https://search.example/p?id=1',
      merchant: 'Sports shop',
      price: '$129.95',
      priceValue: 129.95,
      currency: '$',
      reviews: 11558,
    });
    expect(n.sources.map((s) => s.kind)).toEqual(['cited', 'place']);
  });
});

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
