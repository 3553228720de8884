import Database from 'better-sqlite3';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { commerceSummary, createCommerceFillDriver, createCommerceService } from '../../../src/core/analysis';
import type { HistoryStore } from '../../../src/core/history';
import type { EngineName } from '../../../src/shared/api/engines';
import { normalizeResult } from '../../../src/shared/api/normalize';
import { newRun, openTemp, spec as runSpec, tempFolder } from '../store/helpers';

// Commerce rows at ingest through the real store: one row per product and ad slot, in the
// answer's transaction, with brands, prices and merchants read from the engine's own shape.

const folder = tempFolder();
afterAll(() => folder.cleanup());
const NOW = Date.parse('2026-11-10T12:00:00Z');

const chatResult = {
  text: 'Veloxa and Fleetfoot make good running shoes.',
  sources: [],
  shoppingCards: [
    {
      tags: ['pick'],
      products: [
        {
          title: 'Veloxa Glide 3',
          position: 1,
          price: '$120.00',
          merchant: 'Runners Shop',
          num_reviews: 1200,
          rating: 4.6,
          id: 'v1',
          offers: [{ merchant_name: 'Big Store', price: '$118.00', available: true, brand: 'Veloxa' }],
        },
        {
          title: 'Fleetfoot Dash',
          position: 2,
          price: '$80.00',
          merchant: 'Big Store',
          id: 'f1',
          offers: [],
        },
        { title: 'Generic trainer', position: 3, price: '$60.00', merchant: 'Big Store', offers: [] },
      ],
    },
  ],
  ads: [
    {
      brand: { name: 'Fleetfoot', url: 'https://fleetfoot.com' },
      cards: [{ title: 'Fleetfoot sale', body: 'Fast', url: 'https://fleetfoot.com/sale' }],
      visibility: 'allowed',
      adsResponseIndex: 0,
      rendered: true,
    },
  ],
};

const searchResult = {
  organicResults: [{ position: 1, title: 'Best shoes', link: 'https://example.org/best', snippet: 'Veloxa' }],
  shoppingCards: [
    {
      title: 'Veloxa Trail',
      position: 1,
      price: { value: 99.5, currency: '$', raw: '$99.50' },
      store: 'Shop',
      reviews: '1.2K',
    },
  ],
  ads: [
    {
      position: 1,
      blockPosition: 'top',
      type: 'RESULT',
      title: 'Shoes on sale',
      url: 'https://ads.example/x',
      domain: 'shoemart.example',
    },
    {
      position: 2,
      blockPosition: 'rhs',
      type: 'SHOPPING_CARD',
      title: 'Fleetfoot Dash',
      url: 'https://fleetfoot.com/d',
      domain: 'fleetfoot.com',
      price: '$79.00',
      store: 'Fleetfoot',
    },
  ],
};

type Job = { id: string; engine: EngineName };

function ingest(store: HistoryStore, jobs: readonly Job[], at = NOW, swap = false): void {
  store.ingestResults(
    jobs.map((job) => {
      const search = (job.engine === 'search') !== swap;
      const raw = JSON.stringify({ success: true, result: search ? searchResult : chatResult });
      return { jobId: job.id, raw, fetchedAt: at, normalized: normalizeResult(job.engine, JSON.parse(raw)) };
    }),
  );
}

function history(): HistoryStore {
  const store = openTemp(folder.file(`h-${Math.random()}.db`));
  store.saveBrand({ name: 'Veloxa', kind: 'brand', aliases: [], domains: ['veloxa.com'] });
  store.saveBrand({ name: 'Fleetfoot', kind: 'competitor', aliases: [], domains: ['fleetfoot.com'] });
  const run = newRun(store, {
    prompts: ['is veloxa any good'],
    engines: ['assistant-a', 'search'],
    countries: ['US'],
  });
  ingest(store, run.jobs);
  return store;
}

const ROLLUPS = [
  'com_cells',
  'com_brands',
  'com_merchants',
  'com_prices',
  'com_advertisers',
  'com_conquest',
  'com_product_day',
];

function rollups(path: string): Record<string, unknown[]> {
  const db = new Database(path, { readonly: true });
  try {
    return Object.fromEntries(
      ROLLUPS.map((t) => [t, db.prepare(`SELECT * FROM ${t} ORDER BY 1, 2, 3, 4, 5`).all()]),
    );
  } finally {
    db.close();
  }
}

/** A monitor of one prompt on both engines, and a way to start one of its runs. */
function monitorOf(store: HistoryStore, prompt: string) {
  const input = {
    prompts: [prompt],
    engines: ['assistant-a' as const, 'search' as const],
    countries: ['US'],
  };
  const monitor = store.saveMonitor({ name: 'Shoes', spec: runSpec(input), cadence: 'daily' });
  const runOf = () =>
    store.createRun({
      spec: runSpec(input),
      keyLabel: 'sk_\u2026abcd',
      baseUrl: 'http://127.0.0.1:9',
      sandbox: true,
      costEstimate: 1,
      monitorId: monitor.id,
    });
  return { monitor, runOf };
}

/** Drops every commerce row and roll-up and records a fill of every stored answer, as migration 027 leaves a history. */
function clearForFill(path: string): void {
  const db = new Database(path);
  for (const t of [...ROLLUPS, 'com_answer']) db.prepare(`DELETE FROM ${t}`).run();
  db.prepare("INSERT OR REPLACE INTO meta (key, value) VALUES ('commerce_fill', ?)").run(
    JSON.stringify({
      upTo: (db.prepare('SELECT max(seq) AS m FROM results').get() as { m: number }).m,
      at: 0,
    }),
  );
  db.close();
}

describe('commerce rows at ingest', () => {
  it('writes one row per product and ad slot with brand, price and merchants', () => {
    const store = history();
    const path = store.path;
    store.close();
    const db = new Database(path, { readonly: true });
    const products = db
      .prepare(
        'SELECT surface, position, title, brand IS NOT NULL AS branded, merchant, amount, currency, reviews FROM com_product ORDER BY seq, slot',
      )
      .all();
    const ads = db
      .prepare('SELECT block, type, advertiser, brand IS NOT NULL AS tracked FROM com_ad ORDER BY seq, slot')
      .all();
    const offers = db.prepare('SELECT merchant, amount FROM com_offer').all();
    db.close();
    expect(products).toEqual([
      {
        surface: 0,
        position: 1,
        title: 'Veloxa Glide 3',
        branded: 1,
        merchant: 'Runners Shop',
        amount: 120,
        currency: 'USD',
        reviews: 1200,
      },
      {
        surface: 0,
        position: 2,
        title: 'Fleetfoot Dash',
        branded: 1,
        merchant: 'Big Store',
        amount: 80,
        currency: 'USD',
        reviews: null,
      },
      {
        surface: 0,
        position: 3,
        title: 'Generic trainer',
        branded: 0,
        merchant: 'Big Store',
        amount: 60,
        currency: 'USD',
        reviews: null,
      },
      {
        surface: 3,
        position: 1,
        title: 'Veloxa Trail',
        branded: 1,
        merchant: 'Shop',
        amount: 99.5,
        currency: 'USD',
        reviews: 1200,
      },
      {
        surface: 4,
        position: 2,
        title: 'Fleetfoot Dash',
        branded: 1,
        merchant: 'Fleetfoot',
        amount: 79,
        currency: 'USD',
        reviews: null,
      },
    ]);
    expect(ads).toEqual([
      { block: 4, type: 0, advertiser: 'Fleetfoot', tracked: 1 },
      { block: 0, type: 0, advertiser: 'shoemart.example', tracked: 0 },
      { block: 3, type: 1, advertiser: 'Fleetfoot', tracked: 1 },
    ]);
    expect(offers).toEqual([{ merchant: 'Big Store', amount: 118 }]);
  });

  it('sums the numbers: shelf, shares, ranks, ads and conquesting', () => {
    const store = history();
    const service = createCommerceService({ store, now: () => NOW });
    const query = { scope: { kind: 'all' as const }, period: { days: 30 } };
    const summary = service.summary(query);
    expect(summary.surfaces).toMatchObject({
      answers: 2,
      withShopping: 2,
      withAds: 2,
      productSlots: 5,
      adSlots: 3,
    });
    const veloxa = summary.brands.find((b) => b.brand === 'Veloxa');
    expect(veloxa?.shelfPresence).toMatchObject({ value: 1, n: 2 });
    expect(veloxa?.shelfShare).toMatchObject({ value: 2 / 5, n: 5 });
    expect(veloxa?.bestRank).toBe(1);
    const fleetfoot = summary.brands.find((b) => b.brand === 'Fleetfoot');
    expect(fleetfoot?.adPresence).toMatchObject({ value: 1, n: 2 });
    expect(fleetfoot?.adShare).toMatchObject({ value: 2 / 3, n: 3 });
    const ads = service.ads(query);
    expect(ads.untracked.map((a) => a.advertiser)).toEqual(['shoemart.example']);
    expect(ads.conquest).toMatchObject([
      { brand: 'Veloxa', advertiser: 'Fleetfoot', engine: 'assistant-a', answers: 1, slots: 1 },
      { brand: 'Veloxa', advertiser: 'Fleetfoot', engine: 'search', answers: 1, slots: 1 },
    ]);
    store.close();
  });

  it('keeps the roll-ups equal to a fill from scratch after replaced answers and a deleted run', () => {
    const store = history();
    const spec = {
      prompts: ['veloxa or fleetfoot'],
      engines: ['assistant-a' as const, 'search' as const],
      countries: ['US'],
    };
    const second = newRun(store, spec);
    ingest(store, second.jobs, NOW + 3 * 86_400_000);
    const third = newRun(store, spec);
    ingest(store, third.jobs, NOW + 20 * 86_400_000);
    // Each answer of the second run replaced by the other engine's shape, then the third run deleted.
    ingest(store, second.jobs, NOW + 3 * 86_400_000, true);
    expect(store.deleteRun(third.run.id)).toBe(true);
    const path = store.path;
    store.close();
    const kept = rollups(path);
    expect(kept.com_cells?.length).toBeGreaterThan(0);
    clearForFill(path);
    const reopened = openTemp(path);
    expect(reopened.commerceFillLeft()).toBe(4);
    expect(reopened.fillCommerce(3)).toEqual({ done: 3, left: 1 });
    expect(reopened.fillCommerce(3)).toEqual({ done: 1, left: 0 });
    reopened.close();
    expect(rollups(path)).toEqual(kept);
  });

  it('fills a recorded fill in the app in background batches', async () => {
    const store = history();
    const path = store.path;
    store.close();
    const db = new Database(path);
    for (const t of [...ROLLUPS, 'com_answer']) db.prepare(`DELETE FROM ${t}`).run();
    db.prepare(
      'INSERT OR REPLACE INTO meta (key, value) VALUES (\'commerce_fill\', \'{"upTo":2,"at":0}\')',
    ).run();
    db.close();
    const reopened = openTemp(path);
    const driver = createCommerceFillDriver({
      store: reopened,
      events: { subscribe: () => () => undefined },
    });
    driver.kick();
    await vi.waitFor(() => expect(reopened.commerceFillLeft()).toBe(0));
    await driver.close();
    expect(
      createCommerceService({ store: reopened, now: () => NOW }).summary({
        scope: { kind: 'all' },
        period: { days: 30 },
      }).surfaces,
    ).toMatchObject({ answers: 2, productSlots: 5, adSlots: 3 });
    reopened.close();
  });

  it("reads a monitor's numbers from its own levels, equal to its runs' and after a run of it is deleted", () => {
    const store = history();
    const { monitor, runOf } = monitorOf(store, 'veloxa or fleetfoot');
    const first = runOf();
    ingest(store, first.jobs, NOW - 2 * 86_400_000);
    const second = runOf();
    ingest(store, second.jobs, NOW - 11 * 86_400_000, true);
    const third = runOf();
    ingest(store, third.jobs, NOW);
    expect(store.deleteRun(third.run.id)).toBe(true);
    const service = createCommerceService({ store, now: () => NOW });
    const byMonitor = service.summary({ scope: { kind: 'monitor', id: monitor.id }, period: { days: 30 } });
    const byRuns = commerceSummary(
      store,
      {
        fromDay: Math.floor(NOW / 86_400_000) - 29,
        toDay: Math.floor(NOW / 86_400_000),
        runIds: [first.run.id, second.run.id],
      },
      store.listBrands(),
      undefined,
      undefined,
    );
    expect(byMonitor.surfaces).toMatchObject({ answers: 4, productSlots: 10, adSlots: 6 });
    expect(byMonitor.surfaces).toEqual(byRuns.surfaces);
    expect(byMonitor.brands).toEqual(byRuns.brands);
    store.close();
  });
});

describe('commerce after a brand change', () => {
  const TABLES = [...ROLLUPS, 'com_answer', 'com_product', 'com_offer', 'com_ad'];
  /** A float sum taken out and added back may differ from a fresh one in its last bits. */
  const rounded = (row: Record<string, unknown>) =>
    Object.fromEntries(
      Object.entries(row).map(([k, v]) => [k, typeof v === 'number' ? Math.round(v * 1e6) / 1e6 : v]),
    );

  function commerceTables(path: string): Record<string, unknown[]> {
    const db = new Database(path, { readonly: true });
    try {
      return Object.fromEntries(
        TABLES.map((t) => [
          t,
          (
            db.prepare(`SELECT * FROM ${t} ORDER BY 1, 2, 3, 4, 5`).all() as Array<Record<string, unknown>>
          ).map(rounded),
        ]),
      );
    } finally {
      db.close();
    }
  }

  /** The re-analysis and the commerce fill a brand change records, run to their end. */
  function settle(store: HistoryStore): void {
    while (store.visReanalyseStep(100)?.finished === false);
    while (store.commerceFillLeft() > 0) store.fillCommerce(3);
  }

  /** The commerce tables as a fill from the raw results makes them, on the file as it is. */
  function filledFromScratch(path: string): Record<string, unknown[]> {
    clearForFill(path);
    const store = openTemp(path);
    settle(store);
    store.close();
    return commerceTables(path);
  }

  /** A history with a monitor's run besides, then tracked brands added, removed and matched by name only. */
  function changedBrands(beforeChanges?: (path: string) => void): { path: string; store: HistoryStore } {
    let store = history();
    const run = monitorOf(store, 'veloxa or generic').runOf();
    ingest(store, run.jobs, NOW - 9 * 86_400_000, true);
    const path = store.path;
    if (beforeChanges) {
      store.close();
      beforeChanges(path);
      store = openTemp(path);
    }
    const fleetfoot = store.listBrands().find((b) => b.name === 'Fleetfoot')?.id as string;
    store.saveBrand({ name: 'Shoemart', kind: 'competitor', aliases: [], domains: ['shoemart.example'] });
    settle(store);
    store.deleteBrand(fleetfoot);
    settle(store);
    // Matched on the ad's own advertiser name only: no domain of its own.
    store.saveBrand({ name: 'Fleet Foot Co', kind: 'competitor', aliases: ['Fleetfoot'], domains: [] });
    store.saveBrand({ name: 'Generic', kind: 'competitor', aliases: [], domains: [] });
    settle(store);
    return { path, store };
  }

  it('derives brands, advertisers and mentions again from the rows, equal to a fill from scratch', () => {
    const { path, store } = changedBrands();
    const service = createCommerceService({ store, now: () => NOW });
    const ads = service.ads({ scope: { kind: 'all' }, period: { days: 30 } });
    expect(ads.untracked.map((a) => a.advertiser)).toEqual([]);
    const summary = service.summary({ scope: { kind: 'all' }, period: { days: 30 } });
    expect(summary.brands.find((b) => b.brand === 'Shoemart')?.adPresence).toMatchObject({ n: 4 });
    expect(summary.brands.find((b) => b.brand === 'Fleet Foot Co')?.adPresence?.value).toBeGreaterThan(0);
    expect(summary.brands.find((b) => b.brand === 'Generic')?.shelfPresence?.value).toBeGreaterThan(0);
    store.close();
    const derived = commerceTables(path);
    expect(derived['com_ad']?.map((a) => (a as { advertiser: string }).advertiser)).toContain(
      'Fleet Foot Co',
    );
    expect(filledFromScratch(path)).toEqual(derived);
  });

  it('reads back once from the raw results the answers stored before the ads kept their names', () => {
    const { path, store } = changedBrands((file) => {
      // As a history upgraded from schema version 46 has them.
      const db = new Database(file);
      db.prepare('UPDATE com_ad SET name = NULL').run();
      db.prepare('UPDATE com_answer SET ad_names = 0').run();
      db.close();
    });
    store.close();
    const derived = commerceTables(path);
    expect(derived['com_answer']?.every((a) => (a as { ad_names: number }).ad_names === 1)).toBe(true);
    expect(filledFromScratch(path)).toEqual(derived);
  });
});
