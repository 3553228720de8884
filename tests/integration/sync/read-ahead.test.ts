import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type JudgePool, startJudgeThreads } from '../../support/judge-threads';
import { packDoc, registerStoreFunctions } from '../../../src/core/history';
import type { AheadJudge, ReadAheadPage, ReadAheadStream } from '../../../src/core/team/sync';
import { FIRST_PAGE_ROWS } from '../../../src/core/team/sync/read-ahead-thread';
import { TeamError } from '../../../src/core/team/server';
import { historyTables } from '../../support/history-tables';
import { startTestPostgres, type TestPostgres } from '../../support/postgres';
import { recordTwoDaysWithBrands, startSyncTeam, type SyncTeam } from '../../support/sync-team';

// A large pull's answers read ahead on a thread with a team connection of its own
// (src/core/team/sync/read-ahead.ts): the pulling thread only stores them. The history comes out the
// same, table by table, as a first sync whose ingest does everything itself; ingest really takes
// the documents, verdicts and brand hits made on that thread, and does that work itself for a page
// whose preparation failed there; a server gone mid-read fails the
// sync with its one clear error, and the next sync resumes with nothing lost or doubled; a
// cancel stops it between pages. Real PostgreSQL, real history files, the real worker thread.

let server: TestPostgres;
let team: SyncTeam;
let pool: JudgePool;
/** Small pages, and the read-ahead thread whatever the pull's size. */
const TUNING = { pushBatch: 1000, pullBatch: 100, readAheadFrom: 0 };
const ANSWERS = 800;

/** The pool as the pull's judge, with each page read ahead passed through `edit` (and counted). */
function readingAhead(edit: (page: ReadAheadPage) => ReadAheadPage = (page) => page): {
  judge: AheadJudge;
  pages: () => number;
  sizes: number[];
  /** Raw JSON texts posted beside documents packed with them (the thread keeps those). */
  rawBesideDocs: () => number;
} {
  let pages = 0;
  let rawBesideDocs = 0;
  const sizes: number[] = [];
  const judge: AheadJudge = {
    judgeBatch: () => Promise.reject(new Error('a pull read ahead judges on its reading thread')),
    readAhead(request) {
      const stream = pool.readAhead(request);
      return {
        async next() {
          const page = await stream.next();
          if (page === null) return null;
          pages += 1;
          sizes.push(page.rows);
          if (page.docs !== null) rawBesideDocs += page.results.filter((r) => r.rawJson !== null).length;
          return edit(page);
        },
        close: () => stream.close(),
      } satisfies ReadAheadStream;
    },
  };
  return { judge, pages: () => pages, sizes, rawBesideDocs: () => rawBesideDocs };
}

function count(path: string, sql: string): number {
  const db = new Database(path, { readonly: true });
  registerStoreFunctions(db);
  try {
    return db.prepare(sql).pluck().get() as number;
  } finally {
    db.close();
  }
}

beforeAll(async () => {
  server = await startTestPostgres();
  team = await startSyncTeam(server, { alice: 'member', bob: 'member', carol: 'member', dan: 'member' });
  pool = startJudgeThreads();
  await recordTwoDaysWithBrands(team.desktop('alice'));
}, 120_000);
afterAll(async () => {
  await pool?.close();
  await team?.close();
  await server?.close();
});

describe('a pull read ahead on a thread of its own', () => {
  it('stores the same rows in every table as a first sync whose ingest does it all', async () => {
    const ahead = team.desktop('bob');
    const inline = team.desktop('carol');
    const reading = readingAhead();
    const pulled = await ahead.sync({ judge: reading.judge, tuning: TUNING });
    await inline.sync({ tuning: TUNING });
    expect(pulled.pulled['result']).toBe(ANSWERS);
    expect(pulled.pulled['job']).toBe(ANSWERS);
    expect(reading.pages()).toBe(ANSWERS / TUNING.pullBatch);
    // Every raw JSON came inside its packed document, none beside it (and reads back the same below).
    expect(reading.rawBesideDocs()).toBe(0);
    ahead.store.close();
    inline.store.close();
    const mine = historyTables(ahead.path);
    const theirs = historyTables(inline.path);
    expect(Object.keys(mine)).toEqual(Object.keys(theirs));
    for (const table of ['results', 'jobs', 'vis_result_brand', 'disc_result', 'pos_answer', 'pos_brand'])
      expect(mine[table]?.length, table).toBeGreaterThan(0);
    for (const name of Object.keys(theirs)) expect(mine[name], name).toEqual(theirs[name]);
    ahead.reopen();
    inline.reopen();
  });

  it('stores the documents, verdicts and brand hits made on the thread', async () => {
    const marked = team.desktop('dan');
    const marking = readingAhead((page) => {
      const docs = page.results.map(({ normalized }) =>
        packDoc(
          {
            text: normalized.text,
            sourceTitles: '',
            markdown: normalized.markdown,
            rawJson: '"read ahead"',
            searchQueriesJson: '[]',
          },
          { verify: false },
        ),
      );
      const lengths = docs.map((d) => d.length);
      const bytes = new Uint8Array(Buffer.concat(docs));
      const analysed = page.results.map(() => ({
        hits: [{ idx: 0, mentioned: true, cited: false, rank: 1, count: 99 }],
        leads: [],
      }));
      const verdicts = page.results.map(() => ({ notScored: 'judged on the reading thread' }));
      return {
        ...page,
        docs: { bytes, lengths },
        analysed: JSON.stringify(analysed),
        verdicts: JSON.stringify(verdicts),
      };
    });
    const pulled = await marked.sync({ judge: marking.judge, tuning: TUNING });
    expect(pulled.pulled['result']).toBe(ANSWERS);
    expect(count(marked.path, `SELECT count(*) FROM results WHERE doc_text(doc, 3) = '"read ahead"'`)).toBe(
      ANSWERS,
    );
    expect(count(marked.path, 'SELECT count(DISTINCT seq) FROM vis_result_brand WHERE count = 99')).toBe(
      ANSWERS,
    );
    expect(
      count(marked.path, `SELECT count(*) FROM pos_answer WHERE note = 'judged on the reading thread'`),
    ).toBe(ANSWERS);
  });

  it('stores a page whose preparation failed on the thread all the same, its ingest doing that work', async () => {
    const unprepared = team.desktop('alice', 'unprepared');
    const inline = team.desktop('dan', 'inline');
    // A thread that could not pack a page's documents posts each answer's raw JSON with it.
    const { rows } = await team.owner.query<{ id: string; raw_json: string }>(
      'SELECT id::text, raw_json FROM parallax.results',
    );
    const raws = new Map(rows.map((row) => [row.id, row.raw_json]));
    const failing = readingAhead((page) => ({
      ...page,
      results: page.results.map((r) => ({ ...r, rawJson: raws.get(r.id) ?? null })),
      docs: null,
      analysed: null,
      verdicts: null,
    }));
    const pulled = await unprepared.sync({ judge: failing.judge, tuning: TUNING });
    await inline.sync({ tuning: TUNING });
    expect(pulled.pulled['result']).toBe(ANSWERS);
    expect(failing.pages()).toBe(ANSWERS / TUNING.pullBatch);
    unprepared.store.close();
    inline.store.close();
    const mine = historyTables(unprepared.path);
    const theirs = historyTables(inline.path);
    expect(mine['pos_answer']?.length).toBe(ANSWERS);
    for (const name of Object.keys(theirs)) expect(mine[name], name).toEqual(theirs[name]);
    unprepared.reopen();
    inline.reopen();
  });

  it('starts with a small page and doubles it up to the pull page size, so storing starts early', async () => {
    const limit = 4000;
    const reading = readingAhead();
    const b = team.desktop('dan', 'ramp');
    const pulled = await b.sync({ judge: reading.judge, tuning: { ...TUNING, pullBatch: limit } });
    expect(pulled.pulled['result']).toBe(ANSWERS);
    const expected: number[] = [];
    for (let left = ANSWERS, size = FIRST_PAGE_ROWS; left > 0; size = Math.min(2 * size, limit)) {
      expected.push(Math.min(size, left));
      left -= size;
    }
    expect(expected.length).toBeGreaterThan(1);
    expect(reading.sizes).toEqual(expected);
    expect(count(b.path, 'SELECT count(*) FROM results')).toBe(ANSWERS);
  });

  it('the server stopped mid-read and restarted: the sync fails in one clear error, the next resumes', async () => {
    const b = team.desktop('bob', 'cut');
    let pages = 0;
    const cut = await b
      .sync({
        judge: readingAhead().judge,
        tuning: TUNING,
        // After two pages of answers are stored: the server goes away (fast shutdown cuts both
        // connections, the reading thread's and this one's).
        pause: async () => {
          if (count(b.path, 'SELECT count(*) FROM results') > 0 && ++pages === 2) await server.stop();
        },
      })
      .then(
        () => null,
        (error: unknown) => error,
      );
    await server.start();
    expect(cut).toBeInstanceOf(TeamError);
    expect((cut as TeamError).kind).toBe('unreachable');
    const partial = count(b.path, 'SELECT count(*) FROM results');
    // The thread is at most three pages ahead of the one being stored: one posted, one prepared
    // and held, one read from the server.
    expect(partial).toBeGreaterThanOrEqual(2 * TUNING.pullBatch);
    expect(partial).toBeLessThanOrEqual(5 * TUNING.pullBatch);
    const resumed = await b.sync({ judge: readingAhead().judge, tuning: TUNING });
    expect(resumed.pulled['result']).toBe(ANSWERS - partial);
    expect(count(b.path, 'SELECT count(*) FROM results')).toBe(ANSWERS);
    expect(count(b.path, "SELECT count(*) FROM jobs WHERE job_state = 'succeeded'")).toBe(ANSWERS);
  });

  it('a cancel stops between pages; what was stored stays, and the next sync takes the rest', async () => {
    const b = team.desktop('carol', 'canceled');
    const abort = new AbortController();
    const canceled = await b.sync({
      judge: readingAhead().judge,
      tuning: TUNING,
      signal: abort.signal,
      onProgress: (p) => {
        if (p.kind === 'result' && p.done >= 3 * TUNING.pullBatch) abort.abort();
      },
    });
    expect(canceled.canceled).toBe(true);
    const partial = count(b.path, 'SELECT count(*) FROM results');
    expect(partial).toBe(3 * TUNING.pullBatch);
    const resumed = await b.sync({ judge: readingAhead().judge, tuning: TUNING });
    expect(resumed.pulled['result']).toBe(ANSWERS - partial);
    expect(count(b.path, 'SELECT count(*) FROM results')).toBe(ANSWERS);
  });
});
