import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openHistory } from '../../../src/core/history';
import { startSandbox, type RunningSandbox } from '../../../src/sandbox';
import type { CommerceRate, CommerceSummary } from '../../../src/shared/commerce';
import { runCliToEndInProcess as runCliToEnd } from '../../support/cli-in-process';
import { startHostileService, type HostileService } from '../../support/hostile-service';

// Commerce, end to end: a real `parallax run` over HTTP on 127.0.0.1 against a fixture service
// (a proxy in front of the sandbox) that sets every answer's products and ads in its engine's own
// shape, with prices in nine formats and six currencies; then every number of
// `parallax commerce --json` is checked against the slots below, counted by hand. A second
// history gets the same answers without their commerce: its organic numbers are the same.

type Slot = { brand: string | null; position: number; amount: number | null; currency: string | null };
type Ad = { advertiser: string };

const V = 'Veloxa';
const F = 'Fleetfoot';
const S = 'Stridex';
const slot = (
  brand: string | null,
  position: number,
  amount: number | null,
  currency: string | null,
): Slot => ({
  brand,
  position,
  amount,
  currency,
});

/** Each engine's commerce, as the service's shape for that engine carries it. */
const SHAPES: Record<string, Record<string, unknown>> = {
  'assistant-a': {
    shoppingCards: [
      {
        tags: ['pick'],
        products: [
          {
            title: 'Veloxa Glide',
            position: 1,
            price: '$120.00',
            merchant: 'Runners Shop',
            num_reviews: 10394,
            id: 'v1',
            offers: [{ merchant_name: 'Big Store', brand: 'Veloxa', price: '$118.00', available: true }],
          },
          { title: 'Fleetfoot Dash', position: 2, price: '$80.00', merchant: 'Big Store', offers: [] },
          { title: 'Trail Max', position: 3, price: '£40–£60', merchant: 'UK Shoes', offers: [] },
        ],
      },
    ],
    inlineProducts: [
      { render_as: 'hero', product: { title: 'Veloxa Glide', position: 1, price: '$120.00', offers: [] } },
    ],
    ads: [
      {
        brand: { name: 'Fleetfoot', url: 'https://fleetfoot.com' },
        cards: [{ title: 'Fleetfoot sale', body: 'Light shoes', url: 'https://fleetfoot.com/sale' }],
        visibility: 'allowed',
        adsResponseIndex: 0,
        rendered: true,
      },
    ],
  },
  'assistant-b': {
    shopping_cards: [
      {
        tags: ['running'],
        products: [
          {
            title: 'Stridex Pro',
            id: 's1',
            price: '1.299,00 €',
            merchant: 'Schuhhaus',
            position: 1,
            numReviews: 1284,
            offers: [],
          },
          {
            title: 'Veloxa Glide',
            id: 'v1',
            price: 'R$ 1.299,90',
            merchant: 'Loja',
            position: 2,
            offers: [],
          },
        ],
      },
    ],
  },
  'assistant-d': {
    shoppingCards: [
      {
        type: 'shoppingProducts',
        layout: 'Carousel',
        products: [
          {
            product: { id: 'p1', groupId: 'g1' },
            position: 1,
            name: 'Runner 5',
            brandName: 'Fleetfoot',
            price: { amount: 95, currencySymbol: '$' },
            discountPrice: { amount: 85, currencySymbol: '$' },
            seller: 'Shop',
            rating: { value: 4.3, count: 210, maxRating: 5 },
          },
          {
            product: { id: 'p2' },
            position: 2,
            name: 'Budget shoe',
            price: { amount: 50, currency: 'USD' },
            seller: 'Shop',
          },
        ],
      },
    ],
  },
  'assistant-e': {
    shoppingCards: [
      {
        position: 1,
        title: 'Glide 3',
        productLink: 'https://search.example/p?id=1',
        productId: '1141',
        price: { value: 12800, currency: '¥', raw: '¥12,800' },
        store: 'Tokyo Run',
        brand: 'Veloxa',
        reviews: 11558,
      },
      {
        position: 2,
        title: 'Some trainer',
        productLink: 'https://search.example/p?id=2',
        productId: '1142',
        price: { raw: '4x R$ 50,00' },
        store: 'Loja',
      },
    ],
  },
  search: {
    shoppingCards: [
      { title: 'Veloxa Glide', position: 1, price: '$119.99', store: 'Runners Shop', reviews: '26K' },
      { title: 'Fleetfoot Dash', position: 2, price: 'from $99', store: 'Big Store' },
    ],
    productResults: [
      {
        title: 'Veloxa Glide',
        stores: [{ name: 'Runners Shop', price: { value: 119.99, currency: 'USD', raw: '$119.99' } }],
      },
    ],
    ads: [
      {
        position: 1,
        blockPosition: 'top',
        type: 'RESULT',
        title: 'Fleetfoot shoes',
        url: 'https://fleetfoot.com/x',
        domain: 'fleetfoot.com',
      },
      {
        position: 2,
        blockPosition: 'bottom',
        type: 'RESULT',
        title: 'Shoe deals',
        url: 'https://shoemart.example/',
        domain: 'shoemart.example',
      },
      {
        position: 3,
        blockPosition: 'rhs',
        type: 'SHOPPING_CARD',
        title: 'Veloxa Glide',
        url: 'https://veloxa.com/g',
        domain: 'veloxa.com',
        price: '$115.00',
        store: 'Veloxa',
      },
    ],
    aioverviewAds: [
      {
        position: 1,
        title: 'Stridex Pro',
        url: 'https://stridex.example/p',
        type: 'SHOPPING',
        domain: 'stridex.example',
        price: '1 299,00 zł',
        store: 'Stridex',
      },
    ],
  },
  'search-ai': {
    shoppingCards: [
      {
        position: 1,
        title: 'Veloxa Glide',
        price: { value: 119, currency: '$', raw: '$119.00' },
        store: 'Runners Shop',
        reviews: '2.3k',
      },
    ],
    inlineProducts: [{ title: 'Fleetfoot Dash', position: 1, price: 'CHF 89.90', store: 'Laufladen' }],
    productResults: [
      {
        title: 'Stridex Pro',
        stores: [{ name: 'Schuhhaus', price: { value: 1299, currency: 'EUR', raw: '1.299,00 €' } }],
      },
    ],
    ads: {
      title: 'Shoes to consider',
      ads: [
        {
          position: 1,
          title: 'Fleetfoot Dash',
          url: 'https://ads.example/c',
          price: { raw: '$79.00' },
          store: 'Fleetfoot',
        },
      ],
    },
  },
};

/** The same, counted by hand: each answer's product slots and ad slots (US: "$" is USD, "¥" unknown). */
const BY_HAND: Record<string, { products: Slot[]; ads: Ad[] }> = {
  'assistant-a': {
    products: [
      slot(V, 1, 120, 'USD'),
      slot(F, 2, 80, 'USD'),
      slot(null, 3, 40, 'GBP'),
      slot(V, 1, 120, 'USD'),
    ],
    ads: [{ advertiser: F }],
  },
  'assistant-b': { products: [slot(S, 1, 1299, 'EUR'), slot(V, 2, 1299.9, 'BRL')], ads: [] },
  'assistant-d': { products: [slot(F, 1, 85, 'USD'), slot(null, 2, 50, 'USD')], ads: [] },
  'assistant-e': { products: [slot(V, 1, 12800, null), slot(null, 2, null, null)], ads: [] },
  search: {
    products: [
      slot(V, 1, 119.99, 'USD'),
      slot(F, 2, 99, 'USD'),
      slot(V, 1, 119.99, 'USD'),
      slot(V, 3, 115, 'USD'),
      slot(S, 1, 1299, 'PLN'),
    ],
    ads: [{ advertiser: F }, { advertiser: 'shoemart.example' }, { advertiser: V }, { advertiser: S }],
  },
  'search-ai': {
    products: [
      slot(V, 1, 119, 'USD'),
      slot(F, 1, 89.9, 'CHF'),
      slot(S, 1, 1299, 'EUR'),
      slot(F, 1, 79, 'USD'),
    ],
    ads: [{ advertiser: F }],
  },
};

const COMMERCE_KEYS = ['shoppingCards', 'shopping_cards', 'inlineProducts', 'productResults', 'ads'];

function withCommerce(result: Record<string, unknown>, engine: string, on: boolean): void {
  for (const key of COMMERCE_KEYS) delete result[key];
  const aio = result.aioverview as Record<string, unknown> | null | undefined;
  if (aio && typeof aio === 'object') delete aio.ads;
  // The news search's path starts as the web search's (/v1/monitor/search/news): it shows no commerce.
  if (!on || 'newsResults' in result) return;
  const { aioverviewAds, ...shape } = SHAPES[engine] ?? {};
  Object.assign(result, shape);
  if (aioverviewAds) result.aioverview = { ...(aio ?? {}), ads: aioverviewAds };
}

/** The engine an answer came from: the news search's path starts as the web search's. */
const keyOf = (result: Record<string, unknown>, engine: string): string =>
  'newsResults' in result ? 'search-news' : engine;

let sandbox: RunningSandbox;
const services: Record<'on' | 'off', HostileService | null> = { on: null, off: null };
let dir = '';
const ENGINES = [
  'assistant-a',
  'assistant-b',
  'assistant-d',
  'assistant-e',
  'search',
  'search-ai',
  'search-news',
];

async function cli(args: string[]): Promise<string> {
  const out = await runCliToEnd(args, { userDataDir: join(dir, 'ud'), apiKey: sandbox.apiKey });
  expect(out.code, out.stderr + out.stdout).toBe(0);
  return out.stdout;
}

async function history(variant: 'on' | 'off'): Promise<string> {
  const db = join(dir, `${variant}.db`);
  const store = openHistory({ path: db });
  store.saveBrand({ name: V, kind: 'brand', aliases: [], domains: ['veloxa.com'] });
  store.saveBrand({ name: F, kind: 'competitor', aliases: [], domains: ['fleetfoot.com'] });
  store.saveBrand({ name: S, kind: 'competitor', aliases: [], domains: [] });
  store.close();
  const engines = ENGINES.flatMap((e) => ['--engine', e]);
  const base = (services[variant] as HostileService).baseUrl;
  await cli([
    'run',
    '--base-url',
    base,
    '--db',
    db,
    '--prompt',
    'best running shoes like Veloxa',
    ...engines,
    '--countries',
    'US',
    '--yes',
    '--json',
  ]);
  return db;
}

beforeAll(async () => {
  sandbox = await startSandbox({ plan: 'Lite', latencyMs: 5, seed: 61, available: 'all' });
  // The second history gets each engine's answer of the first, its commerce taken out.
  const organic = new Map<string, Record<string, unknown>>();
  services.on = await startHostileService(sandbox.baseUrl, {
    rewrite: (result, call) => {
      const key = keyOf(result, call.engine);
      withCommerce(result, call.engine, false);
      organic.set(key, structuredClone(result));
      withCommerce(result, call.engine, true);
    },
  });
  services.off = await startHostileService(sandbox.baseUrl, {
    rewrite: (result, call) => {
      const answer = organic.get(keyOf(result, call.engine));
      for (const k of Object.keys(result)) delete result[k];
      Object.assign(result, answer);
    },
  });
  dir = mkdtempSync(join(tmpdir(), 'parallax-commerce-'));
});
afterAll(async () => {
  await services.on?.close();
  await services.off?.close();
  await sandbox?.close();
  if (dir && !process.env.KEEP) rmSync(dir, { recursive: true, force: true });
  if (process.env.KEEP) console.log('KEPT', dir);
});

/** Shelf presence, share (value and the cluster interval, per answer), best rank and ads, by hand. */
function expectedFor(brand: string) {
  const answers = Object.values(BY_HAND);
  const shop = answers.filter((a) => a.products.length > 0);
  const withAds = answers.filter((a) => a.ads.length > 0);
  const y = shop.map((a) => a.products.filter((p) => p.brand === brand).length);
  const x = shop.map((a) => a.products.length);
  const ya = withAds.map((a) => a.ads.filter((ad) => ad.advertiser === brand).length);
  const xa = withAds.map((a) => a.ads.length);
  const present = shop.filter((a) => a.products.some((p) => p.brand === brand));
  const best = present.map((a) =>
    Math.min(...a.products.filter((p) => p.brand === brand).map((p) => p.position)),
  );
  return {
    shelfPresence: { k: present.length, n: shop.length },
    shelfShare: { y, x },
    bestRank: best.length ? best.reduce((s, b) => s + b, 0) / best.length : null,
    adPresence: { k: ya.filter((v) => v > 0).length, n: withAds.length },
    adShare: { y: ya, x: xa },
  };
}

const sum = (v: number[]) => v.reduce((s, n) => s + n, 0);

/** The ratio estimator's 95 % half-width, straight from the per-answer counts. */
function halfWidth(y: number[], x: number[]): number {
  const r = sum(y) / sum(x);
  const m = x.length;
  const xBar = sum(x) / m;
  const residual = sum(y.map((yi, i) => (yi - r * (x[i] as number)) ** 2));
  return 1.959963984540054 * Math.sqrt(residual / (m * (m - 1) * xBar * xBar));
}

function expectShare(rate: CommerceRate, y: number[], x: number[]): void {
  expect(rate.value).toBeCloseTo(sum(y) / sum(x), 12);
  expect(rate.n).toBe(sum(x));
  const h = halfWidth(y, x);
  expect(rate.lower).toBeCloseTo(Math.max(0, sum(y) / sum(x) - h), 12);
  expect(rate.upper).toBeCloseTo(Math.min(1, sum(y) / sum(x) + h), 12);
}

function expectRate(rate: CommerceRate, k: number, n: number): void {
  expect(rate.value).toBeCloseTo(k / n, 12);
  expect(rate.n).toBe(n);
  expect(rate.lower).toBeLessThanOrEqual(k / n);
  expect(rate.upper).toBeGreaterThanOrEqual(k / n);
}

const median = (v: number[]): number => {
  const s = [...v].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? (s[mid] as number) : ((s[mid - 1] as number) + (s[mid] as number)) / 2;
};

/** The brand's median price over all products' in the answers it is on, in USD (its main currency). */
function priceIndexByHand(brand: string): number {
  const on = Object.values(BY_HAND).filter((a) => a.products.some((p) => p.brand === brand));
  const usd = (ps: Slot[]) =>
    ps.filter((p) => p.currency === 'USD' && p.amount !== null).map((p) => p.amount as number);
  const all = on.flatMap((a) => usd(a.products));
  const own = usd(on.flatMap((a) => a.products.filter((p) => p.brand === brand)));
  return median(own) / median(all);
}

describe('parallax commerce --json against answers counted by hand', () => {
  let onDb = '';
  let offDb = '';
  beforeAll(async () => {
    onDb = await history('on');
    offDb = await history('off');
  }, 120_000);

  it('counts surfaces and slots of every engine shape', async () => {
    const view = JSON.parse(await cli(['commerce', '--db', onDb, '--json'])) as CommerceSummary;
    const answers = Object.values(BY_HAND);
    expect(view.surfaces).toMatchObject({
      answers: answers.length,
      withShopping: answers.filter((a) => a.products.length > 0).length,
      withAds: answers.filter((a) => a.ads.length > 0).length,
      productSlots: sum(answers.map((a) => a.products.length)),
      adSlots: sum(answers.map((a) => a.ads.length)),
    });
    for (const name of [V, F, S]) {
      const row = view.brands.find((b) => b.brand === name);
      const hand = expectedFor(name);
      expectRate(row!.shelfPresence, hand.shelfPresence.k, hand.shelfPresence.n);
      expectShare(row!.shelfShare, hand.shelfShare.y, hand.shelfShare.x);
      expect(row!.bestRank).toBeCloseTo(hand.bestRank as number, 12);
      expectRate(row!.adPresence, hand.adPresence.k, hand.adPresence.n);
      expectShare(row!.adShare, hand.adShare.y, hand.adShare.x);
    }
    // Medians are read from 0.1 % price buckets: within 0.1 % of the exact ratio.
    for (const name of [V, F]) {
      const row = view.brands.find((b) => b.brand === name);
      expect(row!.priceCurrency).toBe('USD');
      expect(Math.abs((row!.priceIndex as number) / priceIndexByHand(name) - 1)).toBeLessThan(0.001);
    }
    expect(view.brands[0]?.brand).toBe(V);
  });

  it('gives each engine its surfaces, with or without an engine or country filter', async () => {
    const byHand = (engine: string) => {
      const hand = BY_HAND[engine] as (typeof BY_HAND)[string];
      return {
        engine,
        answers: 1,
        withShopping: hand.products.length > 0 ? 1 : 0,
        withAds: hand.ads.length > 0 ? 1 : 0,
        productSlots: hand.products.length,
        adSlots: hand.ads.length,
      };
    };
    const engines = async (args: string[]) => {
      const view = JSON.parse(await cli(['commerce', '--db', onDb, ...args, '--json'])) as CommerceSummary;
      return { view, engines: view.engines.map(({ shoppingRate: _rate, ...e }) => e) };
    };
    const every = Object.keys(BY_HAND).sort().map(byHand);
    expect((await engines([])).engines).toEqual(every);
    expect((await engines(['--countries', 'US'])).engines).toEqual(every);
    const search = await engines(['--engine', 'search']);
    expect(search.engines).toEqual([byHand('search')]);
    const { engine: _engine, ...totals } = byHand('search');
    expect(search.view.surfaces).toMatchObject(totals);
    expectRate(search.view.brands.find((b) => b.brand === V)!.shelfPresence, 1, 1);
    const text = await cli(['commerce', '--db', onDb, '--engine', 'search']);
    expect(text).toMatch(/Per engine\n.*\n.*\nsearch +1 +100 % \[\d+–100\] n=1 few answers +1 +5 +4 *\n/);
  });

  it('puts the organic mention rate of the same answers beside shelf and ad presence, per engine', async () => {
    const view = JSON.parse(await cli(['commerce', '--db', onDb, '--json'])) as CommerceSummary;
    const organic = JSON.parse(await cli(['visibility', '--db', onDb, '--by', 'engine', '--json'])) as {
      rows: Array<{ engine: string; brand: string; mentionRate: { k: number; n: number } }>;
    };
    const expected = Object.entries(BY_HAND).flatMap(([engine, hand]) =>
      [V, F, S].flatMap((brand) => {
        const mentioned =
          organic.rows.find((r) => r.engine === engine && r.brand === brand)?.mentionRate.k ?? 0;
        const shelf = hand.products.some((p) => p.brand === brand) ? 1 : 0;
        const paid = hand.ads.some((a) => a.advertiser === brand) ? 1 : 0;
        if (mentioned + shelf + paid === 0) return [];
        return [
          `${brand}@${engine}: ${mentioned}/1 ${shelf}/${hand.products.length > 0 ? 1 : 0} ${paid}/${hand.ads.length > 0 ? 1 : 0}`,
        ];
      }),
    );
    const got = view.paidVsOrganic.map(
      (r) =>
        `${r.brand}@${r.engine}: ${(r.mentionRate.value ?? 0) * r.mentionRate.n}/${r.answers} ` +
        `${(r.shelfPresence.value ?? 0) * r.shelfPresence.n}/${r.shelfPresence.n} ${(r.adPresence.value ?? 0) * r.adPresence.n}/${r.adPresence.n}`,
    );
    expect(got.sort()).toEqual(expected.sort());
    expect(got.some((line) => / 1\/1 /.test(line.split(':')[1] ?? ''))).toBe(true);
  });

  it('lists advertisers, the untracked ones and conquesting', async () => {
    const ads = JSON.parse(await cli(['ads', '--db', onDb, '--json'])) as {
      untracked: Array<{ advertiser: string; slots: number }>;
      conquest: Array<{ brand: string; advertiser: string; engine: string; slots: number }>;
    };
    expect(ads.untracked).toMatchObject([{ advertiser: 'shoemart.example', slots: 1 }]);
    const conquest = ads.conquest.map((c) => `${c.advertiser}@${c.engine}:${c.slots}`).sort();
    expect(conquest).toEqual([
      'Fleetfoot@assistant-a:1',
      'Fleetfoot@search-ai:1',
      'Fleetfoot@search:1',
      'Stridex@search:1',
    ]);
  });

  it('lists products with their price per merchant', async () => {
    const list = JSON.parse(await cli(['products', '--db', onDb, '--brand', V, '--json'])) as {
      products: Array<{
        title: string;
        slots: number;
        prices: Array<{ currency: string; merchant: string | null; mean: number | null }>;
      }>;
    };
    const glide = list.products.find((p) => p.title === 'Veloxa Glide');
    // Two on assistant-a (card, inline), one on assistant-b, three on search (card, product result,
    // shopping ad), one on search-ai.
    expect(glide?.slots).toBe(7);
    expect(glide?.prices.find((p) => p.currency === 'BRL')).toMatchObject({ merchant: 'Loja', mean: 1299.9 });
  });

  it('leaves the organic numbers as they are without commerce', async () => {
    const organic = async (db: string) => {
      const view = JSON.parse(await cli(['visibility', '--db', db, '--json'])) as {
        leaderboard: Array<{ brandId: string }>;
      };
      // Brand ids are made anew in each history.
      return view.leaderboard.map(({ brandId: _id, ...row }) => row);
    };
    const on = await organic(onDb);
    expect(on.length).toBe(3);
    expect(on).toEqual(await organic(offDb));
  });
});
