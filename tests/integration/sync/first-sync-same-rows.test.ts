import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { JudgePool } from '../../../src/core/positioning/positioning';
import { packDoc, registerStoreFunctions } from '../../../src/core/history';
import { historyTables } from '../../support/history-tables';
import type { AheadJudge } from '../../../src/core/team/sync';
import { startTestPostgres, type TestPostgres } from '../../support/postgres';
import { startJudgeThreads } from '../../support/judge-threads';
import { recordTwoDaysWithBrands, startSyncTeam, type SyncTeam } from '../../support/sync-team';

// A first sync with its answers prepared ahead on a worker thread (judged, matched against the
// brands for the Visibility index, and their documents packed: src/core/team/sync/judge-ahead.ts) stores the same local rows, table by table, as one whose
// ingest does everything itself (the path of a sync without threads): the answers, their packed
// documents byte for byte, the Visibility, search, discovery and positioning indexes and
// roll-ups, the text dictionaries and the sync's own tables. Real PostgreSQL, real history files,
// the real judge pool on a worker thread.

let server: TestPostgres;
let team: SyncTeam;
let pool: JudgePool;
const TUNING = { pushBatch: 1000, pullBatch: 200 };

beforeAll(async () => {
  server = await startTestPostgres();
  team = await startSyncTeam(server, { alice: 'member', bob: 'member', carol: 'member' });
  pool = startJudgeThreads();
  await recordTwoDaysWithBrands(team.desktop('alice'));
  // Recording and pushing 800 answers takes a while on a loaded machine.
}, 120_000);
afterAll(async () => {
  await pool?.close();
  await team?.close();
  await server?.close();
});

describe('a first sync prepared ahead on a worker thread', () => {
  it('stores the same rows in every table as a first sync whose ingest does it all', async () => {
    const ahead = team.desktop('bob');
    const inline = team.desktop('carol');
    let packedAhead = 0;
    let matchedAhead = 0;
    const counting: AheadJudge = {
      judgeBatch: (inputs, signal) => pool.judgeBatch(inputs, signal),
      async packDocs(docs) {
        packedAhead += docs.length;
        return pool.packDocs(docs);
      },
      async analyseAhead(brands, answers) {
        matchedAhead += answers.length;
        return pool.analyseAhead(brands, answers);
      },
    };
    const pulled = await ahead.sync({ judge: counting, tuning: TUNING });
    await inline.sync({ tuning: TUNING });
    expect(pulled.pulled['result']).toBe(800);
    // Every page of answers had its documents packed on the thread.
    expect(packedAhead).toBe(800);
    expect(matchedAhead).toBe(800);
    ahead.store.close();
    inline.store.close();
    const mine = historyTables(ahead.path);
    const theirs = historyTables(inline.path);
    expect(Object.keys(mine)).toEqual(Object.keys(theirs));
    // Not vacuous: the answers, their documents and every index are there.
    for (const table of [
      'results',
      'vis_result',
      'vis_result_brand',
      'vis_url_day',
      'disc_result',
      'pos_answer',
      'source_lists',
    ])
      expect(mine[table]?.length, table).toBeGreaterThan(0);
    for (const name of Object.keys(theirs)) expect(mine[name], name).toEqual(theirs[name]);
    ahead.reopen();
    inline.reopen();
  });

  it('stores the documents packed ahead, and packs itself where the thread fails', async () => {
    const marked = team.desktop('alice', 'marked');
    let calls = 0;
    const marking: AheadJudge = {
      judgeBatch: (inputs, signal) => pool.judgeBatch(inputs, signal),
      async packDocs(docs) {
        calls += 1;
        // The second page's packing fails: its answers are packed by ingest, nothing is lost.
        if (calls === 2) throw new Error('thread gone');
        return docs.map((parts) => packDoc({ ...parts, rawJson: '"packed ahead"' }, { verify: false }));
      },
    };
    const pulled = await marked.sync({ judge: marking, tuning: TUNING });
    expect(pulled.pulled['result']).toBe(800);
    const db = new Database(marked.path, { readonly: true });
    registerStoreFunctions(db);
    try {
      const raws = db.prepare('SELECT doc_text(doc, 3) FROM results ORDER BY seq').pluck().all() as string[];
      expect(raws).toHaveLength(800);
      expect(raws.filter((raw) => raw === '"packed ahead"')).toHaveLength(600);
      expect(raws.slice(200, 400).every((raw) => raw.startsWith('{'))).toBe(true);
    } finally {
      db.close();
    }
  });
});
