import { describe, expect, it } from 'vitest';
import {
  baseCostTable,
  chargedCostRange,
  expandProductsCharge,
  maxCreditCost,
} from '../../../src/shared/api/cost';

// Hand-computed from the spec's add-ons and the service facts' base costs (§7):
// a 5, b 4, c 4, d 5, e 4, search 3, news 3, search-ai 4.
describe('maxCreditCost', () => {
  it('charges the base cost for plain requests', () => {
    expect(maxCreditCost('assistant-a', { prompt: 'p', country: 'US' })).toBe(5);
    expect(maxCreditCost('assistant-b', { prompt: 'p', country: 'US' })).toBe(4);
    expect(maxCreditCost('assistant-c', { prompt: 'p', country: 'US' })).toBe(4);
    expect(maxCreditCost('assistant-d', { prompt: 'p', country: 'US' })).toBe(5);
    expect(maxCreditCost('assistant-e', { prompt: 'p', country: 'US' })).toBe(4);
    expect(maxCreditCost('search', { query: 'q', country: 'US' })).toBe(3);
    expect(maxCreditCost('search-news', { query: 'q' })).toBe(3);
    expect(maxCreditCost('search-ai', { prompt: 'p' })).toBe(4);
  });

  const a = (include: Record<string, boolean>, state?: string) =>
    maxCreditCost('assistant-a', { prompt: 'p', country: 'US', include, ...(state ? { state } : {}) });
  it.each([
    [{}, undefined, 5],
    [{ html: true, markdown: true }, undefined, 5],
    [{ rawResponse: true }, undefined, 7],
    [{ searchQueries: true }, undefined, 7],
    [{ ads: true }, undefined, 7],
    [{ shopping: true }, undefined, 7],
    [{ rawResponse: true, searchQueries: true, ads: true, shopping: true }, undefined, 7],
    [{ ads: false, shopping: false }, undefined, 5],
    [{}, 'CA', 7],
    [{ shopping: true, html: true }, 'TX', 9],
  ])('assistant-a include %j state %s costs %i', (include, state, cost) => {
    expect(a(include, state)).toBe(cost);
  });

  it.each([
    [{ query: 'q', country: 'US', pages: 1 }, 3],
    [{ query: 'q', country: 'US', pages: 2 }, 5],
    [{ query: 'q', country: 'US', pages: 10 }, 21],
    [{ query: 'q', country: 'US', include: { aioverview: {} } }, 5],
    [{ query: 'q', country: 'US', include: { aioverview: { markdown: true } } }, 5],
    [{ query: 'q', country: 'US', include: { paaAioverview: true } }, 5],
    [{ query: 'q', country: 'US', include: { aioverview: {}, paaAioverview: true } }, 5],
    [{ query: 'q', country: 'US', pages: 3, include: { aioverview: {}, html: true } }, 9],
    [{ url: 'https://www.search.example/search?q=x&gl=us&num=30' }, 7],
    [{ url: 'https://www.search.example/search?q=x&gl=us&num=1000' }, 21],
    [{ url: 'https://www.search.example/search?q=x&gl=us' }, 3],
  ])('search %j costs %i', (request, cost) => {
    expect(maxCreditCost('search', request)).toBe(cost);
  });

  it('news pages, search-ai expandProducts, configurable base table', () => {
    expect(maxCreditCost('search-news', { query: 'q', pages: 4 })).toBe(9);
    expect(maxCreditCost('search-ai', { prompt: 'p', include: { expandProducts: true } })).toBe(10);
    expect(
      maxCreditCost('search-ai', { prompt: 'p', include: { expandProducts: false, markdown: true } }),
    ).toBe(4);
    expect(
      maxCreditCost(
        'assistant-a',
        { prompt: 'p', country: 'US', include: { ads: true } },
        { 'assistant-a': 10 },
      ),
    ).toBe(12);
    expect(baseCostTable({ search: 1 })).toMatchObject({ search: 1, 'assistant-a': 5 });
  });

  it('gives the range a call may be charged, and the charge for returned clusters', () => {
    expect(chargedCostRange('search-ai', { prompt: 'p', include: { expandProducts: true } })).toEqual({
      min: 4,
      max: 10,
    });
    expect(chargedCostRange('assistant-a', { prompt: 'p', country: 'US', state: 'NY' })).toEqual({
      min: 7,
      max: 7,
    });
    expect([0, 3, 6, 9].map(expandProductsCharge)).toEqual([0, 3, 6, 6]);
  });
});
