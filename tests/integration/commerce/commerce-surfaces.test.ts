import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Core } from '../../../src/core/app';
import { createCommerceService } from '../../../src/core/analysis';
import { openHistory } from '../../../src/core/history';
import { openSettingsStore } from '../../../src/core/platform/settings';
import { normalizeResult } from '../../../src/shared/api/normalize';
import type { AdList, CommerceAnswers, CommerceSummary } from '../../../src/shared/commerce';
import type { IpcResult } from '../../../src/shared/ipc/define';
import { createTestCore } from '../../support/test-core';
import { dataOf, startMcp, textOf, type McpSession } from '../mcp/mcp-client';
import { newRun, openTemp, tempFolder } from '../store/helpers';

// The commerce numbers where the analyst reads them: the commerce.* channels of the app's core
// (validated input, field errors), the answers behind each number (what the Commerce view opens
// in Compare: exactly the answers counted by hand below), and the MCP tools commerce_shelf and
// commerce_ads through `parallax mcp` (the service's own numbers; hostile text stays data).

const tmp = tempFolder();
const AT = Date.now() - 86_400_000;
const HOSTILE = '<img src=x onerror=alert(1)> Veloxa Glide';

/** The chat assistant's shape: cards of products, and one advertiser's cards. */
function chat(products: Array<{ title: string; price: string; merchant: string }>, adBrand: string | null) {
  return {
    text: 'Veloxa and Fleetfoot both make fine running shoes.',
    sources: [],
    shoppingCards: [
      { tags: ['pick'], products: products.map((p, i) => ({ ...p, position: i + 1, offers: [] })) },
    ],
    ...(adBrand
      ? {
          ads: [
            {
              brand: { name: adBrand, url: `https://${adBrand.toLowerCase()}.com` },
              cards: [
                { title: `${adBrand} sale`, body: 'Fast', url: `https://${adBrand.toLowerCase()}.com/s` },
              ],
              visibility: 'allowed',
              rendered: true,
            },
          ],
        }
      : {}),
  };
}

// Three answers (one prompt naming Veloxa, on two countries, and one not naming it):
//  US "is veloxa any good": Veloxa + Fleetfoot on the shelf, Fleetfoot's ad (conquest)
//  DE "is veloxa any good": Fleetfoot only on the shelf, no ad
//  US "best running shoes": no shopping surface, Shoemart's ad (untracked)
const ANSWERS: Record<string, unknown> = {
  'is veloxa any good|US': chat(
    [
      { title: HOSTILE, price: '$120.00', merchant: 'Runners Shop' },
      { title: 'Fleetfoot Dash', price: '$80.00', merchant: 'Big Store' },
    ],
    'Fleetfoot',
  ),
  'is veloxa any good|DE': chat([{ title: 'Fleetfoot Dash', price: '79,00 €', merchant: 'Big Store' }], null),
  'best running shoes|US': {
    text: 'Many brands make running shoes.',
    sources: [],
    ads: [
      {
        brand: { name: 'Shoemart', url: 'https://shoemart.example' },
        cards: [
          { title: '<script>alert(1)</script> Shoes', body: 'Cheap', url: 'https://shoemart.example/x' },
        ],
        rendered: true,
      },
    ],
  },
};

let db = '';
let core: Core;
let mcp: McpSession;
let byKey = new Map<string, string>();

const invoke = (channel: string, payload: unknown): Promise<IpcResult<unknown>> =>
  core.router.invoke(channel, payload);
async function value<T>(channel: string, payload: unknown): Promise<T> {
  const result = await invoke(channel, payload);
  if (!result.ok) throw new Error(`${channel}: ${result.error.code} ${result.error.message}`);
  return result.value as T;
}

beforeAll(async () => {
  db = join(tmp.dir, 'parallax.db');
  const store = openTemp(db);
  const veloxa = store.saveBrand({ name: 'Veloxa', kind: 'brand', aliases: [], domains: ['veloxa.com'] });
  store.saveBrand({ name: 'Fleetfoot', kind: 'competitor', aliases: [], domains: ['fleetfoot.com'] });
  expect(veloxa.name).toBe('Veloxa');
  const run = newRun(store, {
    prompts: ['is veloxa any good', 'best running shoes'],
    engines: ['assistant-a'],
    countries: ['US', 'DE'],
  });
  const jobs = run.jobs.filter((j) => `${j.prompt}|${j.country}` in ANSWERS);
  store.ingestResults(
    jobs.map((job) => {
      const raw = { success: true, result: ANSWERS[`${job.prompt}|${job.country}`] };
      return { jobId: job.id, raw, fetchedAt: AT, normalized: normalizeResult(job.engine, raw) };
    }),
  );
  const keyOfJob = new Map(jobs.map((j) => [j.id, `${j.prompt}|${j.country}`]));
  byKey = new Map(
    store
      .getRunMatrix(run.run.id)
      .flatMap((c) => (c.resultId ? [[keyOfJob.get(c.jobId) as string, c.resultId] as const] : [])),
  );
  store.close();
  const settings = openSettingsStore({ userDataDir: tmp.dir });
  core = await createTestCore(tmp.dir, settings, { dbPath: db });
  mcp = await startMcp({ userDataDir: tmp.dir, args: ['--db', db] });
}, 60_000);

afterAll(async () => {
  await mcp?.close();
  await core?.close();
  tmp.cleanup();
});

const ids = (...keys: string[]): string[] => keys.map((k) => byKey.get(k) as string).sort();
const brandId = (name: string): string => core.store.listBrands().find((b) => b.name === name)?.id ?? name;

describe('commerce over IPC', () => {
  it('gives the summary, products and ads of the service', async () => {
    const summary = await value<CommerceSummary>('commerce.summary', { period: { days: 7 } });
    expect(summary.surfaces).toMatchObject({
      answers: 3,
      withShopping: 2,
      withAds: 2,
      productSlots: 3,
      adSlots: 2,
    });
    const veloxa = summary.brands.find((b) => b.brand === 'Veloxa');
    expect(veloxa?.shelfPresence).toMatchObject({ value: 1 / 2, n: 2 });
    const ads = await value<AdList>('commerce.ads', { period: { days: 7 } });
    expect(ads.untracked.map((a) => a.advertiser)).toEqual(['shoemart.example']);
    expect(ads.conquest).toMatchObject([{ brand: 'Veloxa', advertiser: 'Fleetfoot', answers: 1 }]);
  });

  it('opens exactly the answers behind each number', async () => {
    const answers = async (what: unknown, extra: Record<string, unknown> = {}) => {
      const got = await value<CommerceAnswers>('commerce.answers', {
        period: { days: 7 },
        drill: { what, ...extra },
      });
      expect(got.total).toBe(got.resultIds.length);
      return [...got.resultIds].sort();
    };
    const v = brandId('Veloxa');
    const f = brandId('Fleetfoot');
    expect(await answers({ kind: 'shopping' })).toEqual(
      ids('is veloxa any good|US', 'is veloxa any good|DE'),
    );
    expect(await answers({ kind: 'ads' })).toEqual(ids('is veloxa any good|US', 'best running shoes|US'));
    expect(await answers({ kind: 'shelf', brandId: v })).toEqual(ids('is veloxa any good|US'));
    expect(await answers({ kind: 'shelf', brandId: f })).toEqual(
      ids('is veloxa any good|US', 'is veloxa any good|DE'),
    );
    expect(await answers({ kind: 'shelf', brandId: f }, { location: 'DE' })).toEqual(
      ids('is veloxa any good|DE'),
    );
    expect(await answers({ kind: 'brand-ads', brandId: f })).toEqual(ids('is veloxa any good|US'));
    expect(await answers({ kind: 'conquest', brandId: v, advertiserId: f })).toEqual(
      ids('is veloxa any good|US'),
    );
    expect(await answers({ kind: 'advertiser', advertiser: 'shoemart.example' })).toEqual(
      ids('best running shoes|US'),
    );
    expect(await answers({ kind: 'merchant', merchant: 'Big Store' })).toEqual(
      ids('is veloxa any good|US', 'is veloxa any good|DE'),
    );
    expect(await answers({ kind: 'product', title: HOSTILE })).toEqual(ids('is veloxa any good|US'));
  });

  it('refuses bad input field by field', async () => {
    const bad = await invoke('commerce.answers', { drill: { what: { kind: 'shelf' } } });
    expect(bad.ok).toBe(false);
    if (!bad.ok) expect(bad.error.fields?.map((e) => e.field).join(' ')).toContain('drill.what.brandId');
    const by = await invoke('commerce.summary', { by: 'prompt' });
    expect(by.ok).toBe(false);
    const unknown = await invoke('commerce.answers', { drill: { what: { kind: 'shelf', brandId: 'nope' } } });
    expect(unknown.ok).toBe(false);
    if (!unknown.ok) expect(unknown.error.message).toContain('No brand with id nope');
  });
});

describe('commerce over MCP', () => {
  it('commerce_shelf answers with the service’s numbers', async () => {
    const reply = await mcp.call('commerce_shelf', { period: { days: 7 } });
    expect(reply.isError).toBeFalsy();
    const text = textOf(reply);
    expect(text).toMatch(/3 answers asked with shopping or ads on; 2 show a shopping surface/);
    expect(text).toMatch(/\| Veloxa \(your brand\) \| 50\.0 % \[95 % CI/);
    const store = openHistory({ path: db, readonly: true });
    try {
      const same = createCommerceService({ store, now: Date.now }).summary({
        scope: { kind: 'all' },
        period: { days: 7 },
      });
      expect((dataOf(reply) as unknown as CommerceSummary).brands).toEqual(
        JSON.parse(JSON.stringify(same.brands)),
      );
    } finally {
      store.close();
    }
  });

  it('commerce_ads lists advertisers, untracked ones and conquesting; engine text stays data', async () => {
    const reply = await mcp.call('commerce_ads', { period: { days: 7 } });
    const text = textOf(reply);
    expect(text).toContain('Advertisers that are no tracked brand: shoemart.example.');
    expect(text).toMatch(/\| Veloxa \| Fleetfoot \| assistant-a \| 1 \| 1 \|/);
    expect(text).not.toContain('<script>');
    const bad = await mcp.call('commerce_ads', { period: { days: 0 } });
    expect(bad.isError).toBe(true);
  });
});
