import { describe, expect, it } from 'vitest';
import { normalizeResult } from '../../../src/shared/api/normalize';
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
