import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBuiltinJudgePool, type JudgePool } from '../../../src/core/positioning/positioning';
import type { AheadJudge } from '../../../src/core/team/sync';
import { startTestPostgres, type TestPostgres } from '../../support/postgres';
import { recordRun, startSyncTeam, type SyncTeam } from '../../support/sync-team';
import { positioningWorker } from '../../support/worker-scripts';

// A pull's answers judged ahead on a judge thread (src/core/team/sync/judge-ahead.ts) while the page
// before is stored: the positioning rows come out exactly as when ingest judges each answer
// itself, and ingest really takes the verdicts made ahead (a judge that marks its verdicts shows
// them stored). Real PostgreSQL, real history files, the real judge pool on a worker thread.

let server: TestPostgres;
let team: SyncTeam;
let pool: JudgePool;
const TUNING = { pushBatch: 1000, pullBatch: 200 };

/** Every answer's positioning as stored: its note and its brands' rows, by result id. */
function positionings(path: string): Array<Record<string, unknown>> {
  const db = new Database(path, { readonly: true });
  try {
    return db
      .prepare(
        `SELECT r.id, a.markdown, a.note,
           (SELECT json_group_array(json_array(k.brand_id, b.status, b.sentiment, b.score, b.evidence, b.attrs))
              FROM (SELECT * FROM pos_brand WHERE seq = a.seq) b JOIN pos_brands k ON k.id = b.brand
              ORDER BY k.brand_id) AS brands
         FROM pos_answer a JOIN results r ON r.seq = a.seq ORDER BY r.id`,
      )
      .all() as Array<Record<string, unknown>>;
  } finally {
    db.close();
  }
}

beforeAll(async () => {
  server = await startTestPostgres();
  team = await startSyncTeam(server, { alice: 'member', bob: 'member', carol: 'member', dan: 'member' });
  pool = createBuiltinJudgePool(positioningWorker(), 1);
  const a = team.desktop('alice');
  a.store.saveBrand({ name: 'Nike', kind: 'brand' });
  a.store.saveBrand({ name: 'Hoka', kind: 'competitor' });
  a.store.saveBrand({ name: 'Asics', kind: 'competitor' });
  recordRun(a.store, 600);
  await a.sync();
});
afterAll(async () => {
  await pool?.close();
  await team?.close();
  await server?.close();
});

describe('a pull judged ahead', () => {
  it('stores the same positioning as ingest judging each answer itself', async () => {
    const ahead = team.desktop('bob');
    const inline = team.desktop('carol');
    let judgedAhead = 0;
    const counting: AheadJudge = {
      judgeBatch(inputs, signal) {
        judgedAhead += inputs.length;
        return pool.judgeBatch(inputs, signal);
      },
    };
    const pulled = await ahead.sync({ judge: counting, tuning: TUNING });
    await inline.sync({ tuning: TUNING });
    expect(pulled.pulled['result']).toBe(600);
    // Every page of answers went to the judge thread.
    expect(judgedAhead).toBe(600);
    const mine = positionings(ahead.path);
    expect(mine).toHaveLength(600);
    expect(mine.some((row) => row['brands'] !== '[]')).toBe(true);
    expect(mine).toEqual(positionings(inline.path));
  });

  it('sends each page of answers to the judge before the page before it is stored', async () => {
    const early = team.desktop('bob', 'early');
    // The answers this history had committed when each page went to the judge: a page judged
    // only after the one before was stored would find that page's 200 answers already there.
    const storedAtSend: number[] = [];
    const watching: AheadJudge = {
      judgeBatch(inputs, signal) {
        const db = new Database(early.path, { readonly: true });
        try {
          storedAtSend.push(db.prepare('SELECT count(*) FROM results').pluck().get() as number);
        } finally {
          db.close();
        }
        return pool.judgeBatch(inputs, signal);
      },
    };
    const pulled = await early.sync({ judge: watching, tuning: TUNING });
    expect(pulled.pulled['result']).toBe(600);
    expect(storedAtSend).toEqual([0, 0, 200]);
  });

  it('uses the verdicts made ahead, and judges itself where the judge thread fails', async () => {
    const marked = team.desktop('dan');
    let calls = 0;
    const marking: AheadJudge = {
      judgeBatch(inputs) {
        calls += 1;
        // The second page's judge fails: its answers are judged by ingest, nothing is lost.
        if (calls === 2) return Promise.reject(new Error('judge thread gone'));
        return inputs.map(() => ({ notScored: 'judged ahead' }));
      },
    };
    const pulled = await marked.sync({ judge: marking, tuning: TUNING });
    expect(pulled.pulled['result']).toBe(600);
    const notes = positionings(marked.path).map((row) => row['note']);
    expect(notes).toHaveLength(600);
    expect(notes.filter((n) => n === 'judged ahead')).toHaveLength(400);
    expect(notes.filter((n) => n === null)).toHaveLength(200);
  });

  it('uses the brand hits and list leads made ahead, and makes them itself where the thread fails', async () => {
    const marked = team.desktop('alice', 'matched');
    let calls = 0;
    const marking: AheadJudge = {
      judgeBatch: (inputs, signal) => pool.judgeBatch(inputs, signal),
      async analyseAhead(_brands, answers) {
        calls += 1;
        // The second page's analysis fails: its answers are analysed by ingest, nothing is lost.
        if (calls === 2) throw new Error('thread gone');
        return answers.map(() => ({
          hits: [{ idx: 0, mentioned: true, cited: false, rank: 1, count: 99 }],
          leads: ['Marked Ahead'],
        }));
      },
    };
    const pulled = await marked.sync({ judge: marking, tuning: TUNING });
    expect(pulled.pulled['result']).toBe(600);
    const db = new Database(marked.path, { readonly: true });
    try {
      const marks = db
        .prepare('SELECT count(DISTINCT seq) FROM vis_result_brand WHERE count = 99')
        .pluck()
        .get() as number;
      const real = db
        .prepare('SELECT count(DISTINCT seq) FROM vis_result_brand WHERE count <> 99')
        .pluck()
        .get() as number;
      expect(marks).toBe(400);
      expect(real).toBeGreaterThan(0);
      // The discovery index took the list leads found ahead too.
      const leads = db
        .prepare(
          `SELECT count(DISTINCT d.seq) FROM disc_result d JOIN disc_forms f ON f.id = d.form
            WHERE f.form = 'Marked Ahead'`,
        )
        .pluck()
        .get() as number;
      expect(leads).toBe(400);
    } finally {
      db.close();
    }
  });
});
