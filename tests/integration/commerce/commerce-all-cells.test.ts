import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { MIGRATIONS, type ComFilter, type HistoryStore } from '../../../src/core/history';
import type { EngineName } from '../../../src/shared/api/engines';
import { normalizeResult } from '../../../src/shared/api/normalize';
import { commerceAnswer } from '../../support/commerce-history';
import { newRun, openTemp, tempFolder } from '../store/helpers';

// The merchants and prices of the commerce roll-ups' every-run levels are also kept summed over
// every engine and location ('*' rows), so a period without an engine or location filter reads
// few rows. They must hold exactly the sums of the engine × location rows, after ingest, a
// replaced answer and a deleted run, and when migration 33 computes them for an older file; and
// a read without a filter must give what a read naming every engine gives.

const folder = tempFolder();
afterAll(() => folder.cleanup());
const DAY = 86_400_000;
const NOW = Date.parse('2026-11-10T12:00:00Z');
const ENGINES = ['assistant-a', 'assistant-b'] as const;
/** The schema version just before the migration that computes the '*' rows. */
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

/** '*' rows as stored, and the same sums computed from the engine × location rows. */
function allCells(path: string): { stored: unknown[]; summed: unknown[] } {
  const db = new Database(path, { readonly: true });
  try {
    const merchants = (star: boolean) =>
      db
        .prepare(
          `SELECT day, run, brand, merchant, sum(slots) AS slots FROM com_merchants
           WHERE run IN (0, -8, -64) AND engine ${star ? '=' : '<>'} '*'
           GROUP BY day, run, brand, merchant ORDER BY 1, 2, 3, 4`,
        )
        .all();
    const prices = (star: boolean) => {
      const rows = db
        .prepare(
          `SELECT day, run, brand, currency, own, hist FROM com_prices
           WHERE run IN (0, -8, -64) AND engine ${star ? '=' : '<>'} '*' ORDER BY 1, 2, 3, 4, 5`,
        )
        .all() as Array<{
        day: number;
        run: number;
        brand: number;
        currency: string;
        own: number;
        hist: string;
      }>;
      const sums = new Map<string, Hist>();
      for (const r of rows) {
        const key = `${r.day}/${r.run}/${r.brand}/${r.currency}/${r.own}`;
        const hist = sums.get(key) ?? {};
        const flat = JSON.parse(r.hist) as number[];
        for (let i = 0; i < flat.length; i += 2)
          hist[flat[i] as number] = (hist[flat[i] as number] ?? 0) + (flat[i + 1] as number);
        sums.set(key, hist);
      }
      return [...sums].sort((a, b) => a[0].localeCompare(b[0]));
    };
    return { stored: [merchants(true), prices(true)], summed: [merchants(false), prices(false)] };
  } finally {
    db.close();
  }
}

const sorted = <T>(rows: T[]): T[] =>
  [...rows].sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b)));

describe('the every-engine-and-location rows of merchants and prices', () => {
  it('hold the sums of the engine × location rows after ingest, a replaced answer and a deleted run', () => {
    const store = history();
    const path = store.path;
    store.close();
    const { stored, summed } = allCells(path);
    expect((stored[0] as unknown[]).length).toBeGreaterThan(0);
    expect((stored[1] as unknown[]).length).toBeGreaterThan(0);
    expect(stored).toEqual(summed);
  });

  it('give an unfiltered period the merchants and prices of every engine and location named', () => {
    const store = history();
    try {
      const day = Math.floor(NOW / DAY);
      for (const span of [1, 10, 30, 90]) {
        const period: ComFilter = { fromDay: day + 10 - span, toDay: day + 10 };
        const named: ComFilter = { ...period, engines: [...ENGINES] };
        expect(sorted(store.comMerchants(period))).toEqual(sorted(store.comMerchants(named)));
        expect(sorted(store.comPrices(period))).toEqual(sorted(store.comPrices(named)));
        expect(store.comMerchants(period).length).toBeGreaterThan(0);
        // Split by engine or location, the '*' rows are never counted again.
        expect(store.comCells(period)[0]?.answers).toBe(
          store.comCells(period, 'engine').reduce((sum, c) => sum + c.answers, 0),
        );
      }
    } finally {
      store.close();
    }
  });

  it('are computed by their migration for a history written before it, the same as at ingest', () => {
    const store = history();
    const path = store.path;
    store.close();
    const kept = allCells(path);
    const db = new Database(path);
    db.exec("DELETE FROM com_merchants WHERE engine = '*'; DELETE FROM com_prices WHERE engine = '*';");
    db.pragma(`user_version = ${BEFORE}`);
    db.close();
    expect(allCells(path).stored).toEqual([[], []]);
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
