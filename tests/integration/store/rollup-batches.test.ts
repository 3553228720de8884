import Database from 'better-sqlite3';
import { registerStoreFunctions } from '../../../src/core/history/codec';
import { afterAll, describe, expect, it } from 'vitest';
import type { HistoryStore, JobRecord } from '../../../src/core/history';
import { createDiscoveryIndexer } from '../../../src/core/history/discovery';
import { createVisibilityIndexer, rollupTables } from '../../../src/core/history/visibility';
import type { NormalizedResult } from '../../../src/shared/domain/result';
import type { RunSpecInput } from '../../../src/shared/domain/run-spec';
import { newRun, normalized, openTemp, source, tempFolder } from './helpers';

// The roll-ups are written in multi-row upserts of fixed sizes (64, 16, 4, 1 rows) at the end
// of each ingest batch. Whatever the batch sizes, with results replaced (their old rows taken
// out) and a run deleted, every roll-up must hold what indexing the remaining results from
// scratch (the migrations' rebuild) gives, and no emptied row may stay. Real SQLite files.

const tmp = tempFolder();
afterAll(() => tmp.cleanup());

const DAY = 86_400_000;
const FIRST_DAY = Date.UTC(2026, 2, 2, 9);
const NAMES = ['Acme', 'Bolt', 'Corvo', 'Dunmore', 'Elkhart', 'Fenwick', 'Granite', 'Halvard'];
const SITES = ['review.com', 'blog.net', 'acme.com', 'shop.io', 'news.org', 'forum.dev'];

/** A varied answer: entity names, list leads and sources drawn from small pools by `i`. */
function answer(engine: JobRecord['engine'], i: number): NormalizedResult {
  const pick = <T>(pool: readonly T[], k: number): T => pool[(i * 7 + k * 3) % pool.length] as T;
  const listed = [pick(NAMES, 1), pick(NAMES, 2)];
  // Leads are whole names: a lead extending a known name ("Acme Pro") is read by what the
  // history knows at that point, which a rebuild in result order does not reproduce.
  const markdown = listed
    .map((n, k) => `${k + 1}. **${i % 4 === 0 ? n.toUpperCase() : n}** - a pick`)
    .join('\n');
  return normalized(engine, `Answer ${i}: ${listed.join(', ')}`, {
    markdown,
    entities: [
      { type: 'brand', name: pick(NAMES, 0) },
      { type: 'organization', name: i % 2 === 0 ? `${pick(NAMES, 3)} Inc.` : pick(NAMES, 3) },
    ],
    sources: [
      source(1, pick(SITES, 0), 'one'),
      source(2, pick(SITES, 1), 'two'),
      source(3, pick(SITES, 2), 'three'),
    ],
    searchQueries: [`query ${i % 5}`],
  });
}

function ingest(
  store: HistoryStore,
  jobs: readonly JobRecord[],
  sizes: readonly number[],
  salt: number,
): void {
  let at = 0;
  for (let b = 0; at < jobs.length; b++) {
    const size = sizes[b % sizes.length] as number;
    store.ingestResults(
      jobs.slice(at, at + size).map((j, k) => ({
        jobId: j.id,
        raw: {},
        fetchedAt: FIRST_DAY + ((at + k) % 3) * DAY,
        normalized: answer(j.engine, at + k + salt),
      })),
    );
    at += size;
  }
}

const DISC_LEVELS = {
  disc_day: 'engine, loc, day',
  disc_engine_day: 'engine, day',
  disc_loc_day: 'loc, day',
  disc_name_day: 'day',
} as const;

interface Tables {
  /** Each Visibility roll-up's rows (its keys are ids that a rebuild keeps). */
  visibility: Record<string, string[]>;
  /** Each discovery roll-up's rows by name key (a rebuild numbers names anew), answers only. */
  discovery: Record<string, string[]>;
  /** Origins per discovery row: a bit OR, which a leaving answer does not undo. */
  origins: Map<string, number>;
  /** Forms with answers, by name key and form. */
  forms: string[];
}

function read(db: Database.Database): Tables {
  const rows = (sql: string): string[] =>
    (db.prepare(sql).raw().all() as unknown[][]).map((r) => JSON.stringify(r)).sort();
  const origins = new Map<string, number>();
  const discovery: Record<string, string[]> = {};
  for (const [table, cols] of Object.entries(DISC_LEVELS)) {
    const list = db
      .prepare(
        `SELECT ${cols}, n.key, t.answers, t.origins FROM ${table} t JOIN disc_names n ON n.id = t.name`,
      )
      .raw()
      .all() as unknown[][];
    discovery[table] = list.map((r) => JSON.stringify(r.slice(0, -1))).sort();
    for (const r of list)
      origins.set(`${table} ${JSON.stringify(r.slice(0, -2))}`, r[r.length - 1] as number);
  }
  return {
    visibility: Object.fromEntries(rollupTables().map((t) => [t.table, rows(`SELECT * FROM ${t.table}`)])),
    discovery,
    origins,
    forms: rows(
      `SELECT n.key, f.form, f.answers FROM disc_forms f JOIN disc_names n ON n.id = f.name WHERE f.answers <> 0`,
    ),
  };
}

/** The file's index tables as stored, and as rebuilt from its results (the migrations' code). */
function storedAndRebuilt(path: string): { stored: Tables; fresh: Tables } {
  const file = new Database(path, { readonly: true });
  registerStoreFunctions(file);
  try {
    const image = file.serialize();
    // Header bytes 18-19 say WAL; an in-memory copy must be a rollback-journal database.
    image[18] = 1;
    image[19] = 1;
    const copy = new Database(image);
    registerStoreFunctions(copy);
    try {
      copy.transaction(() => {
        createVisibilityIndexer(copy).rebuildAll();
        createDiscoveryIndexer(copy).rebuildAll();
      })();
      return { stored: read(file), fresh: read(copy) };
    } finally {
      copy.close();
    }
  } finally {
    file.close();
  }
}

/**
 * The file's index equals the rebuild's: every row and count; origins hold at least the
 * rebuild's bits (exactly them when no answer ever left: `exactOrigins`).
 */
function expectAsRebuilt(path: string, exactOrigins: boolean): Tables {
  const { stored, fresh } = storedAndRebuilt(path);
  expect(stored.visibility).toEqual(fresh.visibility);
  expect(stored.discovery).toEqual(fresh.discovery);
  expect(stored.forms).toEqual(fresh.forms);
  for (const [row, bits] of fresh.origins) {
    const kept = stored.origins.get(row) as number;
    if (exactOrigins) expect(kept, row).toBe(bits);
    else expect(kept & bits, row).toBe(bits);
  }
  return stored;
}

describe('roll-ups written in multi-row chunks', () => {
  it('equal a rebuild from scratch after batches of every size, replaced results and a deleted run', () => {
    const path = tmp.file('batches.db');
    const store = openTemp(path);
    try {
      const spec: Partial<RunSpecInput> = {
        prompts: Array.from({ length: 12 }, (_, i) => `prompt ${i}`),
        engines: ['assistant-a', 'assistant-b'],
        countries: ['US', 'DE', 'FR', 'JP'],
      };
      const kept = newRun(store, spec).jobs;
      const gone = newRun(store, spec);
      // Batches of 1 to 90 results: chunks of 64, 16, 4 and 1 rows, many keys per table.
      ingest(store, kept, [90, 1, 5, 17, 3], 0);
      ingest(store, gone.jobs, [40, 2, 25], 1000);
      const first = expectAsRebuilt(path, true);
      expect(first.discovery.disc_day?.length).toBeGreaterThan(64);

      // Replaced in other batch shapes: old rows out (negative deltas), new ones in, same batch.
      ingest(store, kept.slice(0, 70), [70], 5000);
      ingest(store, kept.slice(30, 60), [7, 1], 9000);
      expectAsRebuilt(path, false);

      // A deleted run leaves no row behind it: the tables hold only the kept run's share.
      expect(store.deleteRun(gone.run.id)).toBe(true);
      const last = expectAsRebuilt(path, false);
      expect(last.discovery.disc_name_day?.length).toBeGreaterThan(0);
    } finally {
      store.close();
    }
  });
});
