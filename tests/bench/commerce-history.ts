import Database from 'better-sqlite3';
import { existsSync, renameSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MIGRATIONS, openHistory } from '../../src/core/history';
import { CommerceRollups, contribute, type AnswerFacts } from '../../src/core/history/commerce';
import { rng } from './bench-random';

// A 1,000,000-answer commerce history for the commerce bench, its roll-ups written by the
// store's own roll-up code (contribute, CommerceRollups) from answers generated here, without
// the row tables the queries never read: 90 days × 10 runs a day (5 monitors) × 4 engines × 6
// locations, 46 or 47 answers a cell; a third show six product slots from a catalog of 24
// products per engine and location (5 brands and unbranded ones, prices in the location's
// currency, cut or raised every 15 days); a quarter carry 1-3 ads (the brands or 20 untracked
// advertisers); a quarter of the prompts name the focus brand. Each run belongs to one of the 5
// monitors, so its answers count in that monitor's levels too, as a monitor run's do.

export const ANSWERS = 1_000_000;
export const DAYS = 90;
export const RUNS_PER_DAY = 10;
export const MONITORS = 5;
export const ENGINES = ['assistant-a', 'assistant-b', 'search', 'search-ai'];
export const LOCATIONS = ['US', 'US-CA', 'US-NY', 'DE', 'FR', 'GB'];
export const BRANDS = ['Acme', 'Bolt', 'Stride', 'Pace', 'Nimbus'];
const CURRENCY: Record<string, string> = {
  US: 'USD',
  'US-CA': 'USD',
  'US-NY': 'USD',
  DE: 'EUR',
  FR: 'EUR',
  GB: 'GBP',
};
const CATALOG = 24;
const MONITOR_IDS = Array.from({ length: MONITORS }, (_, m) => `bench-monitor-${m}`);
const SCHEMA_VERSION = MIGRATIONS.length;
const SLOTS = 6;
const MERCHANTS = ['Runners Shop', 'Big Store', 'Sport Hub', 'Outlet', 'Marketplace'];
export const LAST_DAY = 20_540;

export interface BuiltHistory {
  path: string;
  /** vis_runs run ids per monitor (the runs a monitor filter names). */
  monitorRuns: string[][];
  /** The monitors' ids (com_monitors), as a monitor filter names them. */
  monitorIds: string[];
  /** null when the history came from the cache. */
  buildMs: number | null;
}

/** Bumped whenever the roll-ups or the generated answers change (the cache's name). */
const VERSION = 'com-v6';

function facts(r: () => number, cell: AnswerFacts['cell'], brandKeys: number[], i: number): AnswerFacts {
  const shop = i % 3 === 0;
  const currency = CURRENCY[cell.loc] as string;
  const products = shop
    ? Array.from({ length: SLOTS }, (_, slot) => {
        const p = Math.floor(r() * CATALOG);
        const brand = p % 6 === 5 ? null : (brandKeys[p % 6] as number);
        const base = 40 + ((p * 37) % 160);
        const drift = 1 + 0.05 * (Math.floor((cell.day + p) / 15) % 3);
        return {
          brand,
          position: slot + 1,
          title: `Product ${p}`,
          merchant: MERCHANTS[p % MERCHANTS.length] as string,
          offerMerchants: [],
          amount: Math.round(base * drift * 100) / 100,
          currency,
        };
      })
    : [];
  const adCount = i % 4 === 1 ? 1 + Math.floor(r() * 3) : 0;
  const ads = Array.from({ length: adCount }, () => {
    const a = Math.floor(r() * 25);
    return a < 5
      ? { brand: brandKeys[a] as number, advertiser: BRANDS[a] as string }
      : { brand: null, advertiser: `shop${a}.example` };
  });
  const mentioned = brandKeys.filter(() => r() < 0.4);
  return {
    cell,
    asked: true,
    products,
    ads,
    promptBrands: i % 16 < 4 ? [brandKeys[0] as number] : [],
    mentioned,
  };
}

const monitorRunsOf = (): string[][] =>
  Array.from({ length: MONITORS }, (_, m) =>
    Array.from({ length: DAYS }, (_, d) =>
      Array.from({ length: RUNS_PER_DAY }, (_, run) => run)
        .filter((run) => run % MONITORS === m)
        .map((run) => `bench-run-${d}-${run}`),
    ).flat(),
  );

/** The history, built once per VERSION and kept in the temp folder (about a minute to build). */
export function cachedCommerceHistory(): BuiltHistory {
  const path = join(tmpdir(), `parallax-commerce-bench-${VERSION}-${SCHEMA_VERSION}.db`);
  if (existsSync(path)) return { path, monitorRuns: monitorRunsOf(), monitorIds: MONITOR_IDS, buildMs: null };
  const building = `${path}.building`;
  rmSync(building, { force: true });
  const built = buildCommerceHistory(building);
  renameSync(building, path);
  return { ...built, path };
}

/** Writes the history at `path` (a new file). */
export function buildCommerceHistory(path: string): BuiltHistory {
  const started = performance.now();
  const store = openHistory({ path });
  BRANDS.forEach((name, i) =>
    store.saveBrand({ name, kind: i === 0 ? 'brand' : 'competitor', aliases: [], domains: [] }),
  );
  store.close();
  const db = new Database(path);
  db.pragma('journal_mode = WAL');
  db.pragma('foreign_keys = OFF');
  db.exec('INSERT OR IGNORE INTO vis_brands (brand_id) SELECT id FROM brands');
  const brandKeys = BRANDS.map(
    (name) =>
      (
        db
          .prepare('SELECT v.id FROM vis_brands v JOIN brands b ON b.id = v.brand_id WHERE b.name = ?')
          .get(name) as { id: number }
      ).id,
  );
  const monitorRuns: string[][] = Array.from({ length: MONITORS }, () => []);
  const addRun = db.prepare('INSERT INTO vis_runs (run_id) VALUES (?)');
  const monitorKeys = MONITOR_IDS.map((id) =>
    Number(db.prepare('INSERT INTO com_monitors (monitor_id) VALUES (?)').run(id).lastInsertRowid),
  );
  const r = rng(61);
  const rollups = new CommerceRollups(db);
  const cellsPerDay = RUNS_PER_DAY * ENGINES.length * LOCATIONS.length;
  const base = Math.floor(ANSWERS / (DAYS * cellsPerDay));
  let extra = ANSWERS - base * DAYS * cellsPerDay;
  let i = 0;
  const day = db.transaction((d: number) => {
    for (let run = 0; run < RUNS_PER_DAY; run++) {
      const runId = `bench-run-${d}-${run}`;
      const runKey = Number(addRun.run(runId).lastInsertRowid);
      (monitorRuns[run % MONITORS] as string[]).push(runId);
      for (const engine of ENGINES)
        for (const loc of LOCATIONS) {
          const n = base + (extra-- > 0 ? 1 : 0);
          const monitor = monitorKeys[run % MONITORS] as number;
          const cell = { day: LAST_DAY - DAYS + 1 + d, run: runKey, engine, loc, monitor };
          for (let k = 0; k < n; k++) contribute(rollups, facts(r, cell, brandKeys, i++), 1);
        }
    }
    rollups.flush();
  });
  for (let d = 0; d < DAYS; d++) day(d);
  db.pragma('optimize');
  db.pragma('wal_checkpoint(TRUNCATE)');
  db.pragma('journal_mode = DELETE');
  db.close();
  return { path, monitorRuns, monitorIds: MONITOR_IDS, buildMs: performance.now() - started };
}
