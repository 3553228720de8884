import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { openHistory } from '../../../src/core/history';
import { registerStoreFunctions } from '../../../src/core/history/codec';
import { buildBig, facetsOfCopy, type CopiedRow } from '../../bench/store-big-history';
import { searchIndexProblems, tempFolder } from './helpers';

// The store bench's million-answer history is mostly answers copied in SQL from 20,000 stored
// through the store (tests/bench/store-big-history.ts, buildBig). Its search figures stand for the
// store's only if a copy reads like an answer the store kept itself; and its SQL names the
// store's columns, so a migration that changes them must show here, not after a half-hour build.
// Built small: 3 runs of 1,000 answers, the first stored through the store.

const folder = tempFolder();
afterAll(() => folder.cleanup());

const path = folder.file('bench.db');
buildBig(path, { runs: 3, templateRuns: 1 });

interface Row extends CopiedRow {
  seq: number;
  job_id: string;
  facets: string;
}

function rows(): Row[] {
  const db = new Database(path, { readonly: true });
  registerStoreFunctions(db);
  try {
    return db
      .prepare(
        `SELECT r.seq, r.job_id, r.facets, r.fetched_at, j.engine, j.country, j.us_state, j.run_id
         FROM results r JOIN jobs j ON j.id = r.job_id ORDER BY r.seq`,
      )
      .all() as Row[];
  } finally {
    db.close();
  }
}

describe("the store bench's history (answers copied in SQL)", () => {
  const all = rows();
  const store = openHistory({ path, readonly: true });
  afterAll(() => store.close());

  it('opens at the current schema with every answer, the file and its search index intact', () => {
    expect(all).toHaveLength(3000);
    expect(store.checkIntegrity('full')).toEqual(['ok']);
    expect(searchIndexProblems(path)).toBeNull();
  });

  it('reads a copy as its template: text, Markdown, sources, entities, search queries, raw JSON', () => {
    for (const copySeq of [1001, 1500, 2000, 2999]) {
      const copy = all[copySeq - 1] as Row;
      const template = all[(copySeq - 1) % 1000] as Row;
      const a = store.getResultByJob(copy.job_id);
      const b = store.getResultByJob(template.job_id);
      expect(a?.normalized.text).toBeTruthy();
      expect(a?.normalized.sources.length).toBeGreaterThan(0);
      // Everything the answer says is its template's; only where and when it was asked differ.
      expect({ ...a?.normalized, engine: b?.normalized.engine }).toEqual(b?.normalized);
      expect(a?.rawJson).toBe(b?.rawJson);
      expect(a?.runId).not.toBe(b?.runId);
    }
  });

  it('gives every copy the search facets the store would write for it', () => {
    for (const row of all) {
      expect(row.facets, `seq ${row.seq}`).toBe(facetsOfCopy(row));
    }
  });

  it('finds the copies by a word of their text, within a run filter', () => {
    const copy = all[2500] as Row;
    const text = store.getResultByJob(copy.job_id)?.normalized.text ?? '';
    const word = text.split(/\s+/).find((w) => /^\p{L}{6,}$/u.test(w)) as string;
    expect(word).toBeTruthy();
    const page = store.search({ query: word, runId: copy.run_id, limit: 500, countLimit: 5000 });
    expect(page.hits.map((h) => h.jobId)).toContain(copy.job_id);
    expect(page.hits.every((h) => h.runId === copy.run_id)).toBe(true);
  });
});
