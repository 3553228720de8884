import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningSandbox } from '../../../src/sandbox/index';
import { get, post, testSandbox, type Answer } from './http';

// Request rules of every engine (400 validation shape), credit add-ons, 403, goto.

let sb: RunningSandbox;
beforeAll(async () => {
  sb = await testSandbox({ available: 'all' });
});
afterAll(() => sb.close());

const fields = (a: Answer): string[] => (a.body.details as Array<{ field: string }>).map((d) => d.field);

async function invalid(path: string, body: unknown, field: string): Promise<void> {
  const res = await post(sb, path, body);
  expect(res.status, JSON.stringify(body)).toBe(400);
  expect(res.body.success).toBe(false);
  expect(typeof res.body.error).toBe('string');
  expect(fields(res), JSON.stringify(res.body)).toContain(field);
  for (const d of res.body.details) expect(typeof d.message).toBe('string');
}

describe('assistant rules', () => {
  it('prompt, country, state and unknown keys', async () => {
    const A = '/v1/monitor/assistant-a';
    await invalid(A, { country: 'US' }, 'prompt');
    await invalid(A, { prompt: '', country: 'US' }, 'prompt');
    await invalid(A, { prompt: 'x', country: 'us' }, 'country');
    await invalid(A, { prompt: 'x', country: 'DE', state: 'CA' }, 'state');
    await invalid(A, { prompt: 'x', country: 'US', state: 'ZZ' }, 'state');
    await invalid(A, { prompt: 'x', country: 'US', colour: 'red' }, 'colour');
    await invalid(A, { prompt: 'x', country: 'US', include: { everything: true } }, 'include.everything');
    await invalid(A, { prompt: 'x', country: 'US', include: { ads: 'yes' } }, 'include.ads');
    await invalid(
      '/v1/monitor/assistant-b',
      { prompt: 'x', country: 'US', include: { shopping: true } },
      'include.shopping',
    );
  });
});

describe('search rules', () => {
  const S = '/v1/monitor/search';
  const base = 'https://www.search.example/search';
  it('query xor url, country or gl, location xor uule, pages, device', async () => {
    await invalid(S, { country: 'US' }, 'query');
    await invalid(S, { query: 'x', url: `${base}?q=x&gl=us` }, 'url');
    await invalid(S, { query: 'x' }, 'country');
    await invalid(S, { query: 'x', country: 'US', gl: 'de' }, 'gl');
    expect((await post(sb, S, { query: 'x', country: 'DE', gl: 'de' })).status).toBe(200);
    expect((await post(sb, S, { query: 'x', gl: 'fr' })).status).toBe(200);
    await invalid(
      S,
      { query: 'x', country: 'US', location: 'Austin,Texas,United States', uule: 'w+CAIQ' },
      'uule',
    );
    await invalid(S, { query: 'x', country: 'US', pages: 0 }, 'pages');
    await invalid(S, { query: 'x', country: 'US', pages: 11 }, 'pages');
    await invalid(S, { query: 'x', country: 'US', device: 'tablet' }, 'device');
    expect((await post(sb, S, { query: 'x', country: 'US', device: 'ios' })).status).toBe(200);
  });

  it('url rules: host, /search path, q, tbm, num → pages, no location/uule/pages', async () => {
    await invalid(S, { url: `${base}?q=x&gl=us&tbm=nws` }, 'url');
    await invalid(S, { url: 'https://www.search.example/images?q=x&gl=us' }, 'url');
    await invalid(S, { url: 'https://elsewhere.example/search?q=x&gl=us' }, 'url');
    await invalid(S, { url: `${base}?gl=us` }, 'url');
    await invalid(S, { url: `${base}?q=x` }, 'country');
    await invalid(S, { url: `${base}?q=x&gl=us`, pages: 2 }, 'pages');
    await invalid(S, { url: `${base}?q=x&gl=us`, location: 'Austin,Texas,United States' }, 'location');
    await invalid(S, { url: `${base}?q=x&gl=us`, uule: 'w+CAIQ' }, 'uule');
    const deep = await post(sb, S, { url: `${base}?q=laptops&gl=de&num=25&foo=bar` });
    expect(deep.status).toBe(200);
    expect(deep.headers.get('x-credits-charged')).toBe(String(3 + 2 * 2));
    expect(deep.body.result.organicResults).toHaveLength(30);
    expect(deep.body.result.organicResults[0].link).toMatch(/\.de\//);
    const explicit = await post(sb, S, { url: `${base}?q=laptops`, country: 'FR' });
    expect(explicit.status).toBe(200);
  });

  it('news and search-ai rules', async () => {
    await invalid('/v1/monitor/search/news', { country: 'US' }, 'query');
    await invalid('/v1/monitor/search/news', { query: 'x', country: 'US', pages: 20 }, 'pages');
    await invalid('/v1/monitor/search-ai', { prompt: 'x', country: 'US', device: 'ios' }, 'device');
    await invalid('/v1/monitor/search-ai', { prompt: 'x', country: 'US', state: 'CA' }, 'state');
  });
});

describe('credits', () => {
  const charged = async (path: string, body: unknown): Promise<number> => {
    const res = await post(sb, path, body);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return Number(res.headers.get('x-credits-charged'));
  };

  it('charges base costs and add-ons; the +2 group is one shared increment', async () => {
    const A = '/v1/monitor/assistant-a';
    expect(await charged(A, { prompt: 'x', country: 'US' })).toBe(5);
    expect(await charged(A, { prompt: 'x', country: 'US', include: { ads: true } })).toBe(7);
    expect(
      await charged(A, {
        prompt: 'x',
        country: 'US',
        include: { ads: true, shopping: true, rawResponse: true, searchQueries: true },
      }),
    ).toBe(7);
    expect(await charged(A, { prompt: 'x', country: 'US', include: { html: true, markdown: true } })).toBe(5);
    expect(await charged(A, { prompt: 'x', country: 'US', state: 'CA' })).toBe(7);
    expect(
      await charged('/v1/monitor/search', { query: 'x', country: 'US', include: { aioverview: {} } }),
    ).toBe(5);
    expect(await charged('/v1/monitor/search/news', { query: 'x', country: 'US', pages: 3 })).toBe(7);
    expect(await charged('/v1/monitor/assistant-b', { prompt: 'x', country: 'US' })).toBe(4);
    const ai = await post(sb, '/v1/monitor/search-ai', {
      prompt: 'best laptop',
      country: 'US',
      include: { expandProducts: true },
    });
    const clusters = (ai.body.result.productResults as unknown[]).length;
    expect(clusters).toBeGreaterThan(0);
    expect(clusters).toBeLessThanOrEqual(6);
    expect(Number(ai.headers.get('x-credits-charged'))).toBe(4 + clusters);
  });

  it('403 INSUFFICIENT_CREDITS when the balance misses the maximum cost; the balance moves by what was charged', async () => {
    const { account, apiKey } = sb.createAccount({ credits: 6 });
    const denied = await post(
      sb,
      '/v1/monitor/assistant-a',
      { prompt: 'x', country: 'US', include: { ads: true } },
      { key: apiKey },
    );
    expect(denied.status).toBe(403);
    expect(denied.body.error.code).toBe('INSUFFICIENT_CREDITS');
    expect(denied.headers.get('x-credits-charged')).toBe('0');
    const ok = await post(sb, '/v1/monitor/assistant-a', { prompt: 'x', country: 'US' }, { key: apiKey });
    expect(ok.status).toBe(200);
    expect(ok.headers.get('x-credits-remaining')).toBe('1');
    expect((await get(sb, '/v1/credits', { key: apiKey })).body.remaining).toBe(1);
    expect(sb.stats().creditsCharged[account.id]).toBe(5);
    sb.setCredits(account.id, 100);
    expect((await get(sb, '/v1/credits', { key: apiKey })).body.remaining).toBe(100);
  });
});

describe('redirect resolver', () => {
  it('resolves every redirectLink of search results, charging nothing', async () => {
    const res = await post(sb, '/v1/monitor/search', { query: 'headphones', country: 'GB' });
    const first = res.body.result.organicResults[0];
    const resolved = await post(sb, '/v1/monitor/search/goto', { url: first.redirectLink });
    expect(resolved.status).toBe(200);
    expect(resolved.body).toEqual({ url: first.link });
    expect(resolved.headers.get('x-ratelimit-limit')).toBe('1000');
    expect(resolved.headers.get('x-credits-charged')).toBeNull();
    const news = await post(sb, '/v1/monitor/search/news', { query: 'headphones', country: 'GB' });
    const item = news.body.result.newsResults[0];
    expect((await post(sb, '/v1/monitor/search/goto', { url: item.redirectLink })).body.url).toBe(item.link);
  });

  it('400 for non-redirect links, 502 when scripted', async () => {
    await invalid('/v1/monitor/search/goto', { url: 'https://www.example.com/goto?url=x' }, 'url');
    await invalid('/v1/monitor/search/goto', { url: 'https://www.search.example/search?q=x' }, 'url');
    await invalid('/v1/monitor/search/goto', {}, 'url');
    sb.scriptFault({ path: '/v1/monitor/search/goto', fault: '502' });
    const failed = await post(sb, '/v1/monitor/search/goto', {
      url: 'https://www.search.example/goto?url=https%3A%2F%2Fa.example%2F',
    });
    expect(failed.status).toBe(502);
    expect(failed.body.error.code).toBe('EXTERNAL_SERVICE_ERROR');
  });
});
