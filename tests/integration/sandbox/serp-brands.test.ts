import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { slug } from '../../../src/sandbox/engines/catalog';
import type { RunningSandbox } from '../../../src/sandbox/index';
import { compileBrandMatcher, findBrandMentions, mentionSource } from '../../../src/shared/analytics';
import { normalizeResult } from '../../../src/shared/api/normalize';
import { FIXED_DAY_CLOCK, post, testSandbox } from './http';

// The sandbox's web and news search results name brands in their titles and snippets, as real
// results pages do (the Visibility index reads a search result without text by them): a
// brand's own page is titled by the brand and its product, a product query lists retailers'
// pages of the products ("Veloxa Trail 3 | SportShop"), reviews and news keep their headlines.

let sb: RunningSandbox;
beforeAll(async () => {
  sb = await testSandbox({ available: 'all', seed: 3, clock: FIXED_DAY_CLOCK });
});
afterAll(() => sb.close());

const PROMPT = 'best running shoes';

/** The brands the assistants rank for the prompt in the country, as a matcher. */
async function brandsOf(country: string) {
  const a = (await post(sb, '/v1/monitor/assistant-a', { prompt: PROMPT, country })).body.result;
  const names = (a.entities as Array<{ type: string; name: string }>)
    .filter((e) => e.type === 'brand')
    .map((e) => e.name);
  expect(names.length).toBeGreaterThan(2);
  return compileBrandMatcher(
    names.map((name) => ({ id: name, name, kind: 'competitor' as const, aliases: [], domains: [] })),
  );
}

describe("the sandbox's search results", () => {
  for (const country of ['US', 'DE', 'JP']) {
    it(`name brands in organic and news titles and snippets (${country})`, async () => {
      const matcher = await brandsOf(country);
      const web = normalizeResult(
        'search',
        (await post(sb, '/v1/monitor/search', { query: PROMPT, country })).body.result,
      );
      const news = normalizeResult(
        'search-news',
        (await post(sb, '/v1/monitor/search/news', { query: PROMPT, country })).body.result,
      );
      const named = (r: typeof web) =>
        new Set(findBrandMentions(matcher, mentionSource(r).text).map((m) => m.brandId));
      expect(web.text).toBe('');
      expect(named(web).size).toBeGreaterThanOrEqual(2);
      expect(named(news).size).toBeGreaterThanOrEqual(2);
      // Not every result names a brand: most are publishers' headlines.
      const organic = web.sources.filter((s) => s.kind === 'organic');
      const naming = organic.filter((s) => findBrandMentions(matcher, `${s.title} ${s.snippet}`).length > 0);
      expect(naming.length).toBeGreaterThan(0);
      expect(naming.length).toBeLessThan(organic.length);
    });
  }

  it("titles a brand's own page by the brand and its product", async () => {
    const matcher = await brandsOf('US');
    const web = (await post(sb, '/v1/monitor/search', { query: PROMPT, country: 'US' })).body.result;
    const results = web.organicResults as Array<{ title: string; link: string }>;
    const own = results.flatMap((r) => {
      const brand = matcher.brands.find((b) => new URL(r.link).hostname.endsWith(`.${slug(b.name)}.com`));
      return brand ? [{ brand: brand.name, title: r.title }] : [];
    });
    expect(own.length).toBeGreaterThan(0);
    for (const r of own) {
      expect(r.title.startsWith(`${r.brand} `)).toBe(true);
      expect(r.title.endsWith(` | ${r.brand}`)).toBe(true);
    }
  });
});
