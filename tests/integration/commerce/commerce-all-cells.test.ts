import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { MIGRATIONS, type ComFilter, type HistoryStore } from '../../../src/core/history';
import type { EngineName } from '../../../src/shared/api/engines';
import { normalizeResult } from '../../../src/shared/api/normalize';
import { commerceAnswer } from '../../support/commerce-history';
import { newRun, openTemp, tempFolder } from '../store/helpers';

// The commerce roll-ups' every-run levels also keep summed rows: each engine's over every
// location (loc '*') and, for merchants, prices and advertisers, the sums over every engine and
// location (both '*'), so a period reads few rows. They must hold exactly the sums of the
// engine × location rows, after ingest, a replaced answer and a deleted run, and when migrations
// 33 and 36 compute them for an older file; and a read without a filter, or split or filtered by
// engine, must give what a read of the engine × location rows gives.

const folder = tempFolder();
afterAll(() => folder.cleanup());
const DAY = 86_400_000;
const NOW = Date.parse('2026-11-10T12:00:00Z');
const ENGINES = ['assistant-a', 'assistant-b'] as const;
/** The schema version just before the migrations that compute the summed rows. */
const BEFORE = (MIGRATIONS.find((m) => m.name === 'commerce-all-cells')?.version ?? 0) - 1;

function ingest(
  store: HistoryStore,
  jobs: ReadonlyArray<{ id: string; engine: EngineName }>,
  at: number,
  price: number,
) {
  store.ingestResults(
    jobs.map((job, i) => {
      const raw = {
        success: true,
        result: commerceAnswer({ veloxa: i % 2 === 0, fleetfootPrice: price, fleetfootAds: i % 3 === 0 }, i),
      };
      return { jobId: job.id, raw, fetchedAt: at, normalized: normalizeResult(job.engine, raw) };
    }),
  );
}

function history(): HistoryStore {
  const store = openTemp(folder.file(`h-${Math.random()}.db`));
  store.saveBrand({ name: 'Veloxa', kind: 'brand', aliases: [], domains: [] });
  store.saveBrand({ name: 'Fleetfoot', kind: 'competitor', aliases: [], domains: [] });
  const spec = { prompts: ['is veloxa good', 'best shoes'], engines: [...ENGINES], countries: ['US', 'DE'] };
  const first = newRun(store, spec);
  ingest(store, first.jobs, NOW, 80);
  const second = newRun(store, spec);
  ingest(store, second.jobs, NOW + 9 * DAY, 70);
  const third = newRun(store, spec);
  ingest(store, third.jobs, NOW + 9 * DAY, 65);
  // A replaced answer, then a deleted run: both taken out of every level.
  ingest(store, second.jobs.slice(0, 3), NOW + 9 * DAY, 99);
  expect(store.deleteRun(third.run.id)).toBe(true);
  return store;
}

type Hist = Record<string, number>;
type Kind = 'engine' | 'all';

/** Each roll-up with summed rows: its key and value columns, and the kinds of summed rows it keeps. */
const TABLES: ReadonlyArray<{ table: string; keys: string[]; values: string[]; kinds: Kind[] }> = [
  {
    table: 'com_cells',
    keys: [],
    values: ['answers', 'asked', 'shop', 'ads', 'pslots', 'pslots_sq', 'aslots', 'aslots_sq'],
    kinds: ['engine'],
  },
  {
    table: 'com_brands',
    keys: ['brand'],
    values: [
      'shelf',
      'pslots',
      'pslots_sq',
      'pcross',
      'rank_sum',
      'ad_answers',
      'aslots',
      'across',
      'mentioned',
    ],
    kinds: ['engine'],
  },
  { table: 'com_merchants', keys: ['brand', 'merchant'], values: ['slots'], kinds: ['engine', 'all'] },
  {
    table: 'com_advertisers',
    keys: ['advertiser', 'brand'],
    values: ['answers', 'slots'],
    kinds: ['engine', 'all'],
  },
  { table: 'com_conquest', keys: ['victim', 'brand'], values: ['answers', 'slots'], kinds: ['engine'] },
];

const LEVELS = 'run IN (0, -8, -64)';
/** The summed rows of a kind, as stored (loc '*'), or the engine × location rows they sum. */
const rowsOf = (kind: Kind, stored: boolean): string =>
  stored ? `loc = '*' AND engine ${kind === 'all' ? '=' : '<>'} '*'` : `loc <> '*' AND engine <> '*'`;

/** Summed rows as stored, and the same sums computed from the engine × location rows. */
function allCells(path: string): { stored: unknown[]; summed: unknown[] } {
  const db = new Database(path, { readonly: true });
  try {
    const rollup = (t: (typeof TABLES)[number], kind: Kind, stored: boolean) => {
      const group = ['day', 'run', ...(kind === 'engine' ? ['engine'] : []), ...t.keys];
      return db
        .prepare(
          `SELECT ${[...group, ...t.values.map((v) => `sum(${v}) AS ${v}`)].join(', ')} FROM ${t.table}
           WHERE ${LEVELS} AND ${rowsOf(kind, stored)} GROUP BY ${group.join(', ')} ORDER BY ${group.join(', ')}`,
        )
        .all();
    };
    const prices = (kind: Kind, stored: boolean) => {
      const rows = db
        .prepare(
          `SELECT day, run, engine, brand, currency, own, hist FROM com_prices WHERE ${LEVELS} AND ${rowsOf(kind, stored)}`,
        )
        .all() as Array<{
        day: number;
        run: number;
        engine: string;
        brand: number;
        currency: string;
        own: number;
        hist: string;
      }>;
      const sums = new Map<string, Hist>();
      for (const r of rows) {
        const key = `${r.day}/${r.run}/${kind === 'engine' ? r.engine : '*'}/${r.brand}/${r.currency}/${r.own}`;
        const hist = sums.get(key) ?? {};
        const flat = JSON.parse(r.hist) as number[];
        for (let i = 0; i < flat.length; i += 2)
          hist[flat[i] as number] = (hist[flat[i] as number] ?? 0) + (flat[i + 1] as number);
        sums.set(key, hist);
      }
      return [...sums].sort((a, b) => a[0].localeCompare(b[0]));
    };
    const all = (stored: boolean) => [
      ...TABLES.flatMap((t) => t.kinds.map((kind) => rollup(t, kind, stored))),
      prices('engine', stored),
      prices('all', stored),
    ];
    return { stored: all(true), summed: all(false) };
  } finally {
    db.close();
  }
}

const sorted = <T>(rows: T[]): T[] =>
  [...rows].sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b)));

describe('the summed rows of the commerce roll-ups', () => {
  it('hold the sums of the engine × location rows after ingest, a replaced answer and a deleted run', () => {
    const store = history();
    const path = store.path;
    store.close();
    const { stored, summed } = allCells(path);
    // Every kind of summed row has rows (the history has conquest: a rival's ad on a prompt naming Veloxa).
    for (const rows of stored) expect((rows as unknown[]).length).toBeGreaterThan(0);
    expect(stored).toEqual(summed);
  });

  it('give a period read from them what a read of every engine × location gives', () => {
    const store = history();
    try {
      const day = Math.floor(NOW / DAY);
      const reads = (filter: ComFilter) => ({
        cells: store.comCells(filter),
        byEngine: sorted(store.comCells(filter, 'engine')),
        brands: sorted(store.comBrands(filter)),
        brandsByEngine: sorted(store.comBrands(filter, 'engine')),
        merchants: sorted(store.comMerchants(filter)),
        prices: sorted(store.comPrices(filter)),
        advertisers: sorted(store.comAdvertisers(filter)),
        conquest: sorted(store.comConquest(filter)),
      });
      for (const span of [1, 10, 30, 90]) {
        const period: ComFilter = { fromDay: day + 10 - span, toDay: day + 10 };
        // Naming every location makes the read take the engine × location rows.
        const everyCell: ComFilter = { ...period, locations: ['US', 'DE'] };
        const summed = reads(period);
        expect(summed).toEqual(reads(everyCell));
        expect(summed.merchants.length).toBeGreaterThan(0);
        expect(summed.conquest.length).toBeGreaterThan(0);
        const oneEngine: ComFilter = { ...period, engines: ['assistant-b'] };
        expect(reads(oneEngine)).toEqual(reads({ ...oneEngine, locations: ['US', 'DE'] }));
        expect(reads(oneEngine).cells[0]?.answers).toBeGreaterThan(0);
        // Split by engine, the summed rows are never counted twice.
        expect(summed.cells[0]?.answers).toBe(summed.byEngine.reduce((sum, c) => sum + c.answers, 0));
      }
    } finally {
      store.close();
    }
  });

  it('are computed by their migrations for a history written before them, the same as at ingest', () => {
    const store = history();
    const path = store.path;
    store.close();
    const kept = allCells(path);
    const db = new Database(path);
    for (const { table } of [...TABLES, { table: 'com_prices' }])
      db.exec(`DELETE FROM ${table} WHERE loc = '*'`);
    db.pragma(`user_version = ${BEFORE}`);
    db.close();
    expect(allCells(path).stored.every((rows) => (rows as unknown[]).length === 0)).toBe(true);
    openTemp(path).close();
    expect(allCells(path)).toEqual(kept);
    // Run again on a file that has them (an upgrade test takes a file back a version): no double count.
    const again = new Database(path);
    again.pragma(`user_version = ${BEFORE}`);
    again.close();
    openTemp(path).close();
    expect(allCells(path)).toEqual(kept);
  });
});
