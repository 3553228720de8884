import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningSandbox, XSS_PAYLOADS } from '../../../src/sandbox/index';
import { FIXED_DAY_CLOCK, get, post, testSandbox } from './http';

// Synthetic engines: determinism, country differences, languages, shapes, HTML files, XSS corpus.

let sb: RunningSandbox;
beforeAll(async () => {
  sb = await testSandbox({ available: 'all', seed: 3, clock: FIXED_DAY_CLOCK });
});
afterAll(() => sb.close());

const A = '/v1/monitor/assistant-a';
const entities = (r: { entities: Array<{ type: string; name: string }> }): string[] =>
  r.entities.filter((e) => e.type === 'brand').map((e) => e.name);

describe('determinism and variation', () => {
  it('same inputs and seed → same answer on a fresh sandbox; repeats vary only a little', async () => {
    const other = await testSandbox({ available: 'all', seed: 3, clock: FIXED_DAY_CLOCK });
    try {
      const body = { prompt: 'best running shoes', country: 'FR', include: { markdown: true } };
      const a = await post(sb, A, body);
      const b = await post(other, A, body);
      expect(b.body).toEqual(a.body);
      const repeat = await post(sb, A, body);
      // The same brands (a borderline last pick may trade places with the next one out; brands
      // entering the market are listed after the ranked ones, so the traded pick is not always
      // the last entity) and mostly the same sources: a repeat cites one other publisher and
      // may cite more or fewer.
      const named = entities(a.body.result);
      const renamed = entities(repeat.body.result);
      expect(renamed).toHaveLength(named.length);
      expect(renamed.filter((name) => !named.includes(name)).length).toBeLessThanOrEqual(1);
      expect(renamed.filter((name) => named.includes(name))).toEqual(
        named.filter((name) => renamed.includes(name)),
      );
      const urls = (r: { sources: Array<{ url: string }> }): string[] => r.sources.map((s) => s.url);
      const kept = urls(repeat.body.result).filter((u) => urls(a.body.result).includes(u));
      expect(kept.length).toBeGreaterThanOrEqual(3);
      expect(repeat.body.result).not.toEqual(a.body.result);
    } finally {
      await other.close();
    }
  });

  it('different countries → different brand order, local domains, language and currency', async () => {
    const body = (country: string): object => ({
      prompt: 'best laptop',
      country,
      include: { shopping: true },
    });
    const us = (await post(sb, A, body('US'))).body.result;
    const de = (await post(sb, A, body('DE'))).body.result;
    const jp = (await post(sb, A, body('JP'))).body.result;
    expect(entities(de)).not.toEqual(entities(us));
    expect(entities(jp)).not.toEqual(entities(de));
    expect(de.sources.every((s: { url: string }) => new URL(s.url).hostname.endsWith('.de'))).toBe(true);
    expect(jp.sources.every((s: { url: string }) => new URL(s.url).hostname.endsWith('.jp'))).toBe(true);
    expect(de.text).toContain('Laptops');
    expect(jp.text).toMatch(/[\u3040-\u30ff]/);
    expect(de.shoppingCards[0].products[0].price).toContain('€');
    expect(jp.shoppingCards[0].products[0].price).toMatch(/[￥¥]/);
    // Every answer shape's intro names the country in the answer's language.
    for (const [country, pattern] of [
      ['ES', /España/],
      ['RU', /[\u0400-\u04ff]/],
      ['SA', /[\u0600-\u06ff]/],
      ['GB', /United Kingdom/],
    ] as const) {
      expect((await post(sb, A, { prompt: 'laptop', country })).body.result.text, country).toMatch(pattern);
    }
  });
});

describe('engine shapes', () => {
  it('assistant-a: legacy shape when asked, include flags, disableWebSearch', async () => {
    const legacy = (
      await post(sb, A, {
        prompt: 'coffee machine',
        country: 'US',
        legacy: true,
        include: { rawResponse: true, ads: true, html: true },
      })
    ).body.result;
    expect(Array.isArray(legacy.rawResponse)).toBe(true);
    expect(Array.isArray(legacy.ads)).toBe(true);
    expect(typeof legacy.html).toBe('string');
    const page = await fetch(legacy.html);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toContain('text/html');
    const served = Array.from({ length: 10 }, (_, i) =>
      post(sb, A, { prompt: `legacy ${i}`, country: 'US', legacy: true }),
    );
    const results = (await Promise.all(served)).map((r) => r.body.result);
    expect(
      results.filter((r) => typeof r.model === 'string' && r.searchQueries.length > 0).length,
    ).toBeGreaterThan(5);
    const mobile = (await post(sb, A, { prompt: 'coffee machine', country: 'US' })).body.result;
    expect(mobile.model).toBeNull();
    expect(mobile.mapSearchQueries).toEqual([]);
    expect(mobile.markdown).toBeUndefined();
    expect(mobile.citationPills[0].citationPillId).toBe(0);
    const offline = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        post(sb, A, { prompt: `nows ${i}`, country: 'US', disableWebSearch: true }),
      ),
    );
    expect(offline.filter((r) => r.body.result.sources.length === 0).length).toBeGreaterThan(5);
  });

  it('assistant-b..e, search, news and search-ai shapes', async () => {
    const b = (await post(sb, '/v1/monitor/assistant-b', { prompt: 'headphones', country: 'IT' })).body
      .result;
    expect(b).toHaveProperty('search_model_queries');
    expect(b.citationPills[0].citationPillId).toBe(1);
    const c = (await post(sb, '/v1/monitor/assistant-c', { prompt: 'headphones', country: 'IT' })).body
      .result;
    expect(c.sources[0]).toHaveProperty('siteName');
    expect(c.citationPills).toBeUndefined();
    const d = (await post(sb, '/v1/monitor/assistant-d', { prompt: 'headphones', country: 'IT' })).body
      .result;
    expect(d.shoppingCards[0].layout).toBe('Carousel');
    const e = (await post(sb, '/v1/monitor/assistant-e', { prompt: 'headphones', country: 'IT' })).body
      .result;
    expect(e.shoppingCards[0].price).toHaveProperty('raw');
    const s = (
      await post(sb, '/v1/monitor/search', {
        query: 'headphones',
        country: 'IT',
        pages: 2,
        include: { html: true, aioverview: { markdown: true } },
      })
    ).body.result;
    expect(s.organicResults).toHaveLength(20);
    expect(s.organicResults[19].page).toBe(2);
    expect(s.peopleAlsoAsk.length).toBeGreaterThan(0);
    expect(s.relatedSearches.length).toBeGreaterThan(0);
    expect(s.aioverview.markdown).toBeTypeOf('string');
    expect(s.html).toHaveLength(2);
    const n = (await post(sb, '/v1/monitor/search/news', { query: 'headphones', gl: 'it' })).body.result;
    expect(n.newsResults[0]).toHaveProperty('redirectLink');
    expect(n.newsResults[0].link).toMatch(/\.it\//);
    const ai = (await post(sb, '/v1/monitor/search-ai', { prompt: 'headphones', country: 'IT' })).body.result;
    expect(ai.sources[0].redirectLink).toMatch(/^https:\/\/www\.search\.example\/goto\?url=/);
    expect(ai.productResults).toBeUndefined();
  });

  it('the [xss-corpus] prompt carries hostile payloads in text, markdown, html and sources', async () => {
    const r = (
      await post(sb, A, {
        prompt: 'laptops [xss-corpus]',
        country: 'US',
        include: { markdown: true, html: true },
      })
    ).body.result;
    expect(r.text).toContain('<script>');
    expect(r.markdown).toContain('javascript:');
    expect(r.sources.some((s: { label: string }) => s.label.includes('onerror'))).toBe(true);
    expect(r.sources.some((s: { url: string }) => s.url.startsWith('javascript:'))).toBe(true);
    const html = await (await fetch(r.html)).text();
    for (const p of XSS_PAYLOADS) expect(html).toContain(p);
  });

  it('unknown files are 404', async () => {
    expect((await get(sb, '/files/nope.html', { key: null })).status).toBe(404);
  });
});
