import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RESCORE_SCOPE_SQL, RESCORE_SQL } from '../../../src/core/history';
import { registerStoreFunctions } from '../../../src/core/history/codec';
import { newRun, openTemp, tempFolder } from '../store/helpers';
import { BRANDS, storeAnswers } from './fixtures';

// The re-score's reads and the estimate's count go by primary keys and indexes: at a million
// answers a full scan of results, vis_result or pos_brand costs seconds a batch (and the
// estimate, asked on the app's main thread, must not count the answers one by one).

const tmp = tempFolder();
let path = '';
let db: Database.Database;

/** Tables a plan reads row by row without a key or an index (SQLite's "SCAN t" without "USING"). */
function fullScans(sql: string, ...params: unknown[]): string[] {
  const plan = db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all(...params) as Array<{ detail: string }>;
  return plan
    .map((r) => r.detail)
    .filter(
      (d) =>
        /^SCAN (?!json_each|CONSTANT ROW|v\b)/u.test(d) &&
        !/ USING (COVERING )?INDEX| USING INTEGER PRIMARY KEY/u.test(d),
    );
}

beforeAll(() => {
  path = tmp.file('plans.db');
  const store = openTemp(path);
  for (const b of BRANDS) store.saveBrand(b);
  const run = newRun(store, { prompts: ['p1', 'p2'], engines: ['assistant-a'], countries: ['US', 'DE'] });
  storeAnswers(store, run.jobs, Date.UTC(2026, 2, 2, 10));
  store.close();
  db = new Database(path, { readonly: true });
  registerStoreFunctions(db);
});

afterAll(() => {
  db.close();
  tmp.cleanup();
});

describe("the re-score's query plans", () => {
  const seqs = JSON.stringify([1, 2, 3]);
  it.each([
    ['visit', RESCORE_SQL.visit, [0, 100, 20_000, 500]],
    ['notAtTarget', RESCORE_SQL.notAtTarget, [seqs, 1, 1]],
    ['texts', RESCORE_SQL.texts, [seqs]],
    ['cells', RESCORE_SQL.cells, [seqs]],
    ['rows', RESCORE_SQL.rows, [1, seqs]],
    ['scope (the estimate)', RESCORE_SCOPE_SQL, [20_000]],
  ] as const)('%s reads by keys and indexes only', (_name, sql, params) => {
    expect(fullScans(sql, ...params)).toEqual([]);
  });

  it('the check itself sees a full scan', () => {
    expect(fullScans('SELECT count(*) FROM results WHERE ingested_at > ?', 0)).toEqual(['SCAN results']);
  });
});
