import { describe, expect, it } from 'vitest';
import { compileBrandMatcher } from '../../../src/shared/analytics/brand-matcher';
import { adBrand, extractCommerce, productBrand } from '../../../src/shared/commerce';

// The commerce layer read from each engine's own shape (service facts §3): surfaces, positions,
// prices with their currency (by the country for shared tokens), merchants and offers, ads'
// blocks and types; brands by the explicit field, the title, the advertiser's name or domain.

describe('extractCommerce', () => {
  it('reads assistant-a cards, offers, inline products and brand ads', () => {
    const c = extractCommerce(
      'assistant-a',
      {
        success: true,
        result: {
          shoppingCards: [
            {
              products: [
                {
                  title: 'Widget X',
                  position: 1,
                  price: '$57.00',
                  merchant: 'Shop + others',
                  num_reviews: 10394,
                  id: '3250714974',
                  offers: [{ merchant_name: 'Shop', brand: 'Acme', price: '$55.00', available: true }],
                },
              ],
            },
          ],
          inlineProducts: [
            { render_as: 'hero', product: { title: 'Widget X', position: 1, price: '$57.00' } },
          ],
          ads: [
            {
              brand: { name: 'Acme Shoes', url: 'https://acme.example' },
              cards: [{ title: 'Runners', body: 'b', url: 'https://acme.example/run' }],
              visibility: 'allowed',
              rendered: true,
            },
            {
              brand: { name: 'Hidden', url: 'https://h.example' },
              cards: [{ title: 'H', body: 'b', url: 'https://h.example' }],
              visibility: 'hidden',
              rendered: false,
            },
          ],
        },
      },
      'US',
    );
    expect(c.products).toMatchObject([
      {
        surface: 'shopping-card',
        position: 1,
        productId: '3250714974',
        brandText: 'Acme',
        merchant: 'Shop + others',
        offerMerchants: ['Shop'],
        price: { amount: 57, currency: 'USD' },
        reviews: 10394,
        available: true,
      },
      { surface: 'inline-product', position: 1 },
    ]);
    expect(c.products[0]?.offers[0]).toMatchObject({
      merchant: 'Shop',
      price: { amount: 55, currency: 'USD' },
    });
    expect(c.ads).toEqual([
      {
        block: 'inline',
        type: 'text',
        position: 1,
        name: 'Acme Shoes',
        title: 'Runners',
        domain: 'acme.example',
      },
    ]);
  });

  it('reads snake_case cards, price objects, discounts and a range', () => {
    const b = extractCommerce(
      'assistant-b',
      {
        shopping_cards: [
          {
            products: [
              { title: 'Shoe', price: '1.299,00 €', original_price: '1.499,00 €', numReviews: '1.2K' },
            ],
          },
        ],
      },
      'DE',
    );
    expect(b.products[0]).toMatchObject({
      price: { amount: 1299, currency: 'EUR' },
      oldPrice: { amount: 1499 },
      reviews: 1200,
    });
    const d = extractCommerce(
      'assistant-d',
      {
        shoppingCards: [
          {
            products: [
              {
                product: { id: 'p1' },
                position: 4,
                name: 'Laptop',
                brandName: 'Acme',
                price: { amount: 999, currencySymbol: '$' },
                discountPrice: { amount: 899, currencySymbol: '$' },
                seller: 'Shop',
                rating: { value: 4.3, count: 210 },
              },
            ],
          },
        ],
      },
      'US',
    );
    expect(d.products[0]).toMatchObject({
      position: 4,
      productId: 'p1',
      brandText: 'Acme',
      price: { amount: 899 },
      oldPrice: { amount: 999 },
      rating: 4.3,
      reviews: 210,
    });
    const e = extractCommerce(
      'assistant-e',
      {
        shoppingCards: [
          { position: 1, title: 'A', productId: '1', price: { raw: '£40–£60' } },
          { position: 2, title: 'B', productId: '2', price: { raw: '12x R$ 99,90' } },
        ],
      },
      'GB',
    );
    expect(e.products.map((p) => p.price)).toEqual([
      { amount: 40, currency: 'GBP', raw: '£40–£60', range: true },
      { amount: null, currency: 'BRL', raw: '12x R$ 99,90', range: false },
    ]);
  });

  it('never guesses a currency a token shares between countries', () => {
    const c = extractCommerce(
      'assistant-e',
      { shoppingCards: [{ title: 'A', price: { value: 12800, currency: '¥', raw: '¥12,800' } }] },
      'US',
    );
    expect(c.products[0]?.price).toMatchObject({ amount: 12800, currency: null });
    const jp = extractCommerce(
      'assistant-e',
      { shoppingCards: [{ title: 'A', price: { value: 12800, currency: '¥', raw: '¥12,800' } }] },
      'JP',
    );
    expect(jp.products[0]?.price?.currency).toBe('JPY');
  });

  it('reads the web search: search shopping cards, product results, ad blocks and shopping ads', () => {
    const c = extractCommerce(
      'search',
      {
        shoppingCards: [{ title: 'Card', position: 1, price: 'from $99', store: 'Store', reviews: '26K' }],
        productResults: [
          {
            title: 'Result',
            stores: [
              { name: 'S1', price: { value: 10, currency: 'USD', raw: '$10' } },
              { name: 'S2', price: { value: 11, currency: 'USD', raw: '$11' } },
            ],
          },
        ],
        ads: [
          {
            position: 1,
            blockPosition: 'top',
            type: 'RESULT',
            title: 'T',
            url: 'https://x.example',
            domain: 'ads.example',
          },
          {
            position: 2,
            blockPosition: 'rhs',
            type: 'SHOPPING_CARD',
            title: 'S',
            url: 'https://y.example',
            price: '$5.00',
            store: 'Y',
          },
        ],
        aioverview: {
          text: 'x',
          ads: [{ position: 1, title: 'A', url: 'https://z.example/p', type: 'TEXT' }],
        },
      },
      'US',
    );
    expect(c.products.map((p) => [p.surface, p.price?.amount, p.merchant])).toEqual([
      ['search-shopping-card', 99, 'Store'],
      ['product-result', 10, 'S1'],
      ['shopping-ad', 5, 'Y'],
    ]);
    expect(c.products[1]?.offerMerchants).toEqual(['S2']);
    expect(c.products[0]?.reviews).toBe(26000);
    expect(c.ads.map((a) => [a.block, a.type, a.domain])).toEqual([
      ['top', 'text', 'ads.example'],
      ['side', 'shopping', 'y.example'],
      ['inline', 'text', 'z.example'],
    ]);
  });

  it('reads the AI mode: its ads object, inline products and product results', () => {
    const c = extractCommerce(
      'search-ai',
      {
        shoppingCards: [
          { position: 1, title: 'H', price: { value: 99.99, currency: '$', raw: '$99.99' }, reviews: '2.3k' },
        ],
        inlineProducts: [{ title: 'I', position: 1, price: 'CHF 89.90' }],
        ads: {
          title: 'Heading',
          ads: [
            { position: 1, title: 'P', url: 'https://ad.example', price: { raw: '$899.00' }, store: 'Maker' },
          ],
        },
      },
      'US',
    );
    expect(c.products.map((p) => [p.surface, p.price?.currency, p.reviews])).toEqual([
      ['shopping-card', 'USD', 2300],
      ['inline-product', 'CHF', null],
      ['shopping-ad', 'USD', null],
    ]);
    expect(c.ads).toMatchObject([{ block: 'inline', type: 'shopping', name: 'Maker' }]);
  });
});

describe('brands of products and ads', () => {
  const matcher = compileBrandMatcher([
    { id: 'a', name: 'Acme', kind: 'brand', aliases: [], domains: ['acme.com'] },
    { id: 'b', name: 'Bolt', kind: 'competitor', aliases: [], domains: [] },
  ]);
  it('takes the explicit brand field first, else the title, else none', () => {
    expect(productBrand(matcher, 'Bolt', 'Acme Runner')).toBe(1);
    expect(productBrand(matcher, null, 'Acme Runner')).toBe(0);
    expect(productBrand(matcher, 'Other', 'Acme Runner')).toBeNull();
    expect(productBrand(matcher, null, 'Generic')).toBeNull();
  });
  it('takes an ad by its advertiser name, else by a domain of the brand', () => {
    expect(adBrand(matcher, 'Bolt', 'x.example')).toBe(1);
    expect(adBrand(matcher, null, 'shop.acme.com')).toBe(0);
    expect(adBrand(matcher, 'Someone', 'x.example')).toBeNull();
  });
});
