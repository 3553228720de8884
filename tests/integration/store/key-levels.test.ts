import { copyFileSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import type { HistoryStore, JobRecord } from '../../../src/core/history';
import type { NormalizedResult } from '../../../src/shared/domain/result';
import { withoutKeyLevels } from '../../support/old-history';
import { newRun, normalized, openTemp, readHistoryFile, tempFolder } from './helpers';

// The Visibility index finds cited URLs and fan-out queries by value through keys in two levels
// (store/visibility/key-levels.ts, migration 023): new keys go to a small level, merged into the
// settled one once it holds 20,000 or more. On real files, across connections (each starts
// without the ids the others cached) and a merge: every value is numbered once, its key is in
// exactly one level under its row's id, and a replaced answer leaves the roll-ups of URLs from
// both levels.

const tmp = tempFolder();
afterAll(() => tmp.cleanup());

const FETCHED = Date.UTC(2026, 4, 4, 9);

function citing(urls: readonly string[], queries: readonly string[]): NormalizedResult {
  return normalized('assistant-a', `An answer citing ${urls.length} pages.`, {
    sources: urls.map((url, i) => ({
      position: i + 1,
      kind: 'cited',
      url,
      domain: new URL(url).hostname,
      title: `Page ${url}`,
      snippet: null,
      redirectLink: null,
      datePublished: null,
    })),
    searchQueries: [...queries],
  });
}

const pageOf = (batch: number, answer: number, k: number): string =>
  `https://site${(answer + k) % 40}.example/b${batch}/a${answer}/p${k}`;

/** `jobs` answered in one batch on a connection of its own, each citing `urlsOf(i)`. */
function answerOnNewConnection(
  path: string,
  jobs: readonly JobRecord[],
  urlsOf: (i: number) => string[],
  queriesOf: (i: number) => string[],
): void {
  const store = openTemp(path);
  try {
    store.ingestResults(
      jobs.map((job, i) => ({
        jobId: job.id,
        raw: {},
        normalized: citing(urlsOf(i), queriesOf(i)),
        fetchedAt: FETCHED + i,
      })),
    );
  } finally {
    store.close();
  }
}

interface KeyState {
  rows: number;
  distinct: number;
  settled: number;
  fresh: number;
  /** Keys whose id is not their value's row. */
  mismatched: number;
  /** Values with a key in both levels. */
  inBoth: number;
  settledTo: number;
  maxSettledId: number;
}

function keyState(path: string, rows: string, column: string, keys: string): KeyState {
  return readHistoryFile(path, (db) => {
    const n = (sql: string): number => (db.prepare(sql).pluck().get() as number | null) ?? 0;
    return {
      rows: n(`SELECT count(*) FROM ${rows}`),
      distinct: n(`SELECT count(DISTINCT ${column}) FROM ${rows}`),
      settled: n(`SELECT count(*) FROM ${keys}`),
      fresh: n(`SELECT count(*) FROM ${keys}_new`),
      mismatched: n(
        `SELECT count(*) FROM (SELECT ${column}, id FROM ${keys} UNION ALL SELECT ${column}, id FROM ${keys}_new) k
         LEFT JOIN ${rows} r ON r.id = k.id AND r.${column} = k.${column} WHERE r.id IS NULL`,
      ),
      inBoth: n(`SELECT count(*) FROM ${keys} s JOIN ${keys}_new f ON f.${column} = s.${column}`),
      settledTo: Number(
        db.prepare('SELECT value FROM meta WHERE key = ?').pluck().get(`${keys}_settled_to`) ?? -1,
      ),
      maxSettledId: n(`SELECT max(id) FROM ${keys}`),
    };
  });
}

const urlKeys = (path: string): KeyState => keyState(path, 'vis_urls', 'url', 'vis_url_keys');
const queryKeys = (path: string): KeyState => keyState(path, 'vis_queries', 'query', 'vis_query_keys');

/** A run of 3,000 jobs (300 prompts × 10 countries) on a new history. */
function historyWithJobs(path: string): JobRecord[] {
  const store: HistoryStore = openTemp(path);
  try {
    const prompts = Array.from({ length: 300 }, (_, i) => `prompt ${i}`);
    const countries = ['US', 'DE', 'FR', 'GB', 'ES', 'IT', 'NL', 'SE', 'PL', 'JP'];
    return newRun(store, { prompts, countries }).jobs;
  } finally {
    store.close();
  }
}

describe('the keys of cited URLs and fan-out queries, in two levels', () => {
  it('numbers each value once across connections and a merge, its key in one level under its id', () => {
    const path = tmp.file('levels.db');
    const jobs = historyWithJobs(path);
    // 12,000 new URLs: under a merge's threshold, every key in the new level.
    answerOnNewConnection(
      path,
      jobs.slice(0, 1_200),
      (i) => Array.from({ length: 10 }, (_, k) => pageOf(1, i, k)),
      (i) => [`query ${i % 700}`],
    );
    const before = urlKeys(path);
    expect(before).toMatchObject({ rows: 12_000, distinct: 12_000, settled: 0, fresh: 12_000, settledTo: 0 });
    // 12,000 more, each answer citing two pages of the first batch again: 24,000 new keys, so the
    // batch's end merges them all into the settled level.
    answerOnNewConnection(
      path,
      jobs.slice(1_200, 2_400),
      (i) => [
        pageOf(1, i, 0),
        pageOf(1, 1_199 - i, 9),
        ...Array.from({ length: 10 }, (_, k) => pageOf(2, i, k)),
      ],
      (i) => [`query ${i % 1_300}`],
    );
    const merged = urlKeys(path);
    expect(merged).toMatchObject({
      rows: 24_000,
      distinct: 24_000,
      settled: 24_000,
      fresh: 0,
      mismatched: 0,
    });
    expect(merged.settledTo).toBe(merged.maxSettledId);
    // Pages of both batches again (now settled) and new ones (in the new level again).
    answerOnNewConnection(
      path,
      jobs.slice(2_400, 3_000),
      (i) => [pageOf(1, i, 3), pageOf(2, i, 4), pageOf(3, i, 0), pageOf(3, i, 1)],
      (i) => [`query ${i}`, `query ${2_000 + i}`],
    );
    expect(urlKeys(path)).toMatchObject({
      rows: 25_200,
      distinct: 25_200,
      settled: 24_000,
      fresh: 1_200,
      mismatched: 0,
      inBoth: 0,
    });
    // Queries: 700, then 500 more (700 to 1,199), then 600 (2,000 to 2,599): under the threshold,
    // one level, each once.
    expect(queryKeys(path)).toMatchObject({
      rows: 1_800,
      distinct: 1_800,
      settled: 0,
      fresh: 1_800,
      mismatched: 0,
    });
    // Each page counted once in its roll-up, by one id, whichever level found it.
    const counted = readHistoryFile(
      path,
      (db) =>
        db
          .prepare(`SELECT sum(x.answers) FROM vis_url_day x JOIN vis_urls u ON u.id = x.url WHERE u.url = ?`)
          .pluck()
          .get(pageOf(1, 0, 0)) as number,
    );
    // Cited by answer 0 of the first batch and answer 0 of the second.
    expect(counted).toBe(2);
  });

  it('finds the values another connection added while this one filtered its own (a first sync)', () => {
    const path = tmp.file('two-writers.db');
    const jobs = historyWithJobs(path);
    const first = openTemp(path);
    const second = openTemp(path);
    const ingest = (store: HistoryStore, from: number, urlsOf: (i: number) => string[]): void => {
      store.ingestResults(
        jobs.slice(from, from + 10).map((job, i) => ({
          jobId: job.id,
          raw: {},
          normalized: citing(urlsOf(i), [`query ${from + i}`]),
          fetchedAt: FETCHED + from + i,
        })),
      );
    };
    try {
      // The first writer starts from an empty table, so it filters the values it adds.
      ingest(first, 0, (i) => [pageOf(1, i, 0)]);
      ingest(second, 10, (i) => [pageOf(2, i, 0)]);
      // Pages the first has never seen but the second added: found, not numbered again.
      ingest(first, 20, (i) => [pageOf(2, i, 0), pageOf(3, i, 0)]);
    } finally {
      first.close();
      second.close();
    }
    expect(urlKeys(path)).toMatchObject({ rows: 30, distinct: 30, fresh: 30, mismatched: 0 });
    expect(queryKeys(path)).toMatchObject({ rows: 30, distinct: 30, mismatched: 0 });
  });

  it('takes a replaced answer out of the roll-ups of the URLs it cited, settled or new', () => {
    const path = tmp.file('replaced.db');
    const jobs = historyWithJobs(path);
    const settledPage = pageOf(1, 5, 5);
    answerOnNewConnection(
      path,
      jobs.slice(0, 2_100),
      (i) => Array.from({ length: 10 }, (_, k) => pageOf(1, i, k)),
      () => [],
    );
    expect(urlKeys(path).fresh).toBe(0);
    const store = openTemp(path);
    const job = jobs[2_100] as JobRecord;
    const newPage = 'https://fresh.example/only-here';
    const answersOf = (url: string): number =>
      readHistoryFile(
        path,
        (db) =>
          (db
            .prepare(
              'SELECT total(x.answers) FROM vis_url_day x JOIN vis_urls u ON u.id = x.url WHERE u.url = ?',
            )
            .pluck()
            .get(url) as number) ?? 0,
      );
    try {
      store.ingestResults([
        { jobId: job.id, raw: {}, normalized: citing([settledPage, newPage], []), fetchedAt: FETCHED },
      ]);
      expect([answersOf(settledPage), answersOf(newPage)]).toEqual([2, 1]);
      store.ingestResults([
        { jobId: job.id, raw: {}, normalized: citing(['https://other.example/x'], []), fetchedAt: FETCHED },
      ]);
      expect([answersOf(settledPage), answersOf(newPage)]).toEqual([1, 0]);
    } finally {
      store.close();
    }
  });

  it('upgrades a version-22 file: every value keeps its id, every key settled, new ones numbered after', () => {
    const path = tmp.file('upgrade.db');
    const jobs = historyWithJobs(path);
    answerOnNewConnection(
      path,
      jobs.slice(0, 300),
      (i) => Array.from({ length: 4 }, (_, k) => pageOf(1, i, k)),
      (i) => [`query ${i % 50}`],
    );
    const ids = (p: string): Array<[number, string]> =>
      readHistoryFile(
        p,
        (db) =>
          db.prepare('SELECT id, url FROM vis_urls ORDER BY id').raw(true).all() as Array<[number, string]>,
      );
    const stored = ids(path);
    const old = tmp.file('upgrade-v22.db');
    copyFileSync(path, old);
    withoutKeyLevels(old);
    answerOnNewConnection(
      old,
      jobs.slice(300, 310),
      (i) => [pageOf(1, i, 0), pageOf(9, i, 0)],
      (i) => [`query ${i}`, 'query 999'],
    );
    expect(ids(old).slice(0, stored.length)).toEqual(stored);
    expect(urlKeys(old)).toMatchObject({
      rows: 1_210,
      distinct: 1_210,
      settled: 1_200,
      fresh: 10,
      mismatched: 0,
    });
    expect(urlKeys(old).settledTo).toBe(1_200);
    expect(queryKeys(old)).toMatchObject({ rows: 51, distinct: 51, settled: 50, fresh: 1, mismatched: 0 });
  });
});
