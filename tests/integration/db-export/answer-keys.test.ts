import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openHistoryReader } from '../../../src/core/outputs/db-export/reader';
import { registerStoreFunctions } from '../../../src/core/history';
import type { DbExportFilter } from '../../../src/core/outputs/db-export/types';
import { demoFixture, historyQuery, type Fixture } from './fixture';

// The answers' keys (answer-keys.ts) are read from the history's indexes for a whole export and
// from the answers' rows for a filter's: either way they must be what the tables joined before,
// row by row (an answer's id, its job, a job's answer's id), for exactly the scope's answers
// and jobs, including jobs that have no answer, and a second thread's bound (maxSeq).

let fx: Fixture;
beforeAll(async () => {
  fx = await demoFixture('db-export-keys');
  // A job without an answer (the demo's jobs all have one): its answer deleted.
  const db = new Database(fx.db);
  try {
    // The search index's trigger reads the answer's text (the store's functions).
    registerStoreFunctions(db);
    db.prepare('DELETE FROM results WHERE seq = (SELECT min(seq) FROM results)').run();
  } finally {
    db.close();
  }
}, 120_000);
afterAll(() => fx.cleanup());

const DAY_MS = 86_400_000;
const lookups = { engineLabels: {}, demoRunIds: [] };

type Row = [number, string | number | null];

/** The temp tables' rows, and the same joined from the history as the tables did before. */
function keysOf(filter: DbExportFilter, limits?: { maxSeq: number }) {
  const reader = openHistoryReader(fx.db, filter, lookups, limits);
  try {
    const db = reader.connection();
    const rows = (sql: string): Row[] => db.prepare(sql).raw(true).all() as Row[];
    return {
      answers: reader.counts.results,
      jobs: reader.counts.jobs,
      ids: rows('SELECT k, id FROM temp.answer_ids ORDER BY k'),
      idsJoined: rows(
        'SELECT s.k, r.id FROM temp.scope_results s JOIN results r ON r.seq = s.k ORDER BY s.k',
      ),
      answerJobs: rows('SELECT k, job FROM temp.answer_jobs ORDER BY k'),
      answerJobsJoined: rows(
        'SELECT s.k, j.rowid FROM temp.scope_results s JOIN results r ON r.seq = s.k JOIN jobs j ON j.id = r.job_id ORDER BY s.k',
      ),
      jobAnswers: rows(
        'SELECT s.k, r.id FROM temp.scope_jobs s LEFT JOIN temp.job_answers r ON r.k = s.k ORDER BY s.k',
      ),
      jobAnswersJoined: rows(
        'SELECT s.k, r.id FROM temp.scope_jobs s JOIN jobs j ON j.rowid = s.k LEFT JOIN results r ON r.job_id = j.id ORDER BY s.k',
      ),
    };
  } finally {
    reader.close();
  }
}

function expectJoinedKeys(keys: ReturnType<typeof keysOf>): void {
  expect(keys.ids).toHaveLength(keys.answers);
  expect(keys.ids).toEqual(keys.idsJoined);
  expect(keys.answerJobs).toEqual(keys.answerJobsJoined);
  expect(keys.jobAnswers).toHaveLength(keys.jobs);
  expect(keys.jobAnswers).toEqual(keys.jobAnswersJoined);
}

describe("the answers' keys, looked up once per export", { timeout: 60_000 }, () => {
  it('every answer (from the indexes): each answer’s id and job, each job’s answer or none', () => {
    const keys = keysOf({});
    const [stored] = historyQuery<{ n: number }>(fx.db, 'SELECT count(*) AS n FROM results');
    expect(keys.answers).toBe(stored?.n);
    // The job whose answer was deleted: its answer's id stays null.
    expect(keys.jobAnswers.some(([, id]) => id === null)).toBe(true);
    expectJoinedKeys(keys);
  });

  it('a second thread’s bound keeps the answers stored after the snapshot out', () => {
    const [bound] = historyQuery<{ seq: number }>(
      fx.db,
      'SELECT seq FROM results ORDER BY seq LIMIT 1 OFFSET 10',
    );
    const keys = keysOf({}, { maxSeq: bound?.seq ?? 0 });
    expect(keys.ids).toHaveLength(11);
    // (Such a thread reads only the answers: its jobs' answers are not looked up.)
    expect(keys.ids).toEqual(keys.idsJoined);
    expect(keys.answerJobs).toEqual(keys.answerJobsJoined);
  });

  it('a filter’s scope (from the rows): a period, and a monitor', () => {
    const [last] = historyQuery<{ day: number }>(
      fx.db,
      `SELECT max(fetched_at) / ${DAY_MS} AS day FROM results`,
    );
    const day = last?.day ?? 0;
    const period = keysOf({ fromDay: day, toDay: day });
    expect(period.answers).toBeGreaterThan(0);
    expectJoinedKeys(period);
    const [monitor] = historyQuery<{ id: string }>(
      fx.db,
      'SELECT monitor_id AS id FROM runs WHERE monitor_id IS NOT NULL LIMIT 1',
    );
    const byMonitor = keysOf({ monitorId: monitor?.id ?? '' });
    expect(byMonitor.answers).toBeGreaterThan(0);
    expectJoinedKeys(byMonitor);
  });
});
