import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countRows } from '../../support/history-tables';
import { SyncError } from '../../../src/core/team/sync';
import { readTeamSchemaVersion, TEAM_SCHEMA_VERSION, TeamError } from '../../../src/core/team/server';
import { startTestPostgres, type TestPostgres } from '../../support/postgres';
import { recordRun, startSyncTeam, type SyncTeam } from '../../support/sync-team';
import { seedWorkspace } from '../team/fixtures';

// Sync between desktops (two history files each) through one real PostgreSQL: both ways, with
// every local index built from what is pulled; retries that change nothing twice; conflicts
// (the team's version wins, the local edit is kept as a draft); tombstones both ways; a server
// stopped mid-sync; access (another workspace, a viewer); the window. One server for the file,
// a team database per describe.

let server: TestPostgres;

/** The outbox's entries in order, read through a connection of its own (as another process would). */
function outbox(path: string): Array<{ kind: string; key: string }> {
  const db = new Database(path, { readonly: true });
  try {
    return db.prepare('SELECT kind, key FROM sync_outbox ORDER BY id').all() as Array<{
      kind: string;
      key: string;
    }>;
  } finally {
    db.close();
  }
}

function enqueue(path: string, entries: ReadonlyArray<{ kind: string; key: string }>): void {
  const db = new Database(path);
  try {
    const insert = db.prepare('INSERT OR IGNORE INTO sync_outbox (kind, key) VALUES (?, ?)');
    db.transaction(() => entries.forEach((e) => insert.run(e.kind, e.key)))();
  } finally {
    db.close();
  }
}

beforeAll(async () => {
  server = await startTestPostgres();
});
afterAll(async () => {
  await server?.close();
});

describe('two desktops, one team', () => {
  let team: SyncTeam;
  beforeAll(async () => {
    team = await startSyncTeam(server, { alice: 'member', bob: 'member' });
  });
  afterAll(async () => team?.close());

  it('pushes a run from one desktop and pulls it on the other, with search and Visibility built there', async () => {
    const a = team.desktop('alice');
    const b = team.desktop('bob');
    const jobs = recordRun(a.store, 40);
    a.store.saveBrand({ name: 'Veloxa', kind: 'brand', aliases: ['Velox'] });
    a.store.savePrompt({ text: 'best running shoes', tags: ['shoes'] });

    const pushed = await a.sync();
    expect(pushed.pushed).toMatchObject({ run: 1, job: 40, result: 40, brand: 1, prompt: 1 });
    expect(await team.count('results')).toBe(40);
    expect(await team.count('result_keys')).toBe(40);

    const pulled = await b.sync();
    expect(pulled.pulled).toMatchObject({ run: 1, job: 40, result: 40, brand: 1, prompt: 1 });
    expect(pulled.pushed).toEqual({});
    const runId = jobs[0]?.runId as string;
    expect(b.store.getRun(runId)?.status).toBe('completed');
    expect(b.store.countJobs(runId).total).toBe(40);
    // The same answer, the same id, byte for byte.
    const resultId = a.store.getResultByJob(jobs[0]?.id as string)?.resultId as string;
    expect(b.store.getRawJson(resultId)).toBe(a.store.getRawJson(resultId));
    expect(b.store.getResult(resultId)?.normalized).toEqual(a.store.getResult(resultId)?.normalized);
    // Built by B's own ingest: search, the Visibility index.
    const word =
      (a.store.getResult(resultId)?.normalized.text ?? '').split(/\s+/).find((w) => w.length > 6) ?? '';
    expect(b.store.search({ query: word.replace(/[^\p{L}]/gu, '') }).total).toBeGreaterThan(0);
    expect(b.store.visDayRange()).toEqual(a.store.visDayRange());
    expect(b.store.listPrompts()[0]?.tags).toEqual(['shoes']);

    // Nothing left either way; a pull never reads B's own rows back.
    const again = await b.sync();
    expect(again.pushed).toEqual({});
    expect(again.pulled).toEqual({});
    const back = await a.sync();
    expect(back.pulled).toEqual({});
  });

  it('sends B’s own run back to A, and A does not resume or alert on a run driven elsewhere', async () => {
    const a = team.desktop('alice', 'a2');
    const b = team.desktop('bob', 'b2');
    await a.sync();
    await b.sync();
    const jobs = recordRun(b.store, 10);
    b.store.updateRun(jobs[0]?.runId as string, { status: 'running' });
    await b.sync();
    const report = await a.sync();
    expect(report.pulled).toMatchObject({ run: 1, job: 10, result: 10 });
    expect(a.store.getRun(jobs[0]?.runId as string)?.status).toBe('running');
    expect(a.store.listUnfinishedRuns().map((r) => r.id)).not.toContain(jobs[0]?.runId);
  });

  it('retries without duplicating: batches sent twice, a pull started over', async () => {
    const a = team.desktop('alice', 'a3');
    const b = team.desktop('bob', 'b3');
    await a.sync();
    await b.sync();
    const before = await team.count('results');
    recordRun(a.store, 25);
    // As if the process died after the server committed and before the outbox was cleared.
    const queued = outbox(a.path);
    expect(queued.length).toBeGreaterThan(25);
    await a.sync();
    enqueue(a.path, queued);
    const again = await a.sync();
    expect(again.pushed).toMatchObject({ run: 1, job: 25, result: 25 });
    expect(await team.count('results')).toBe(before + 25);
    expect(await team.count('result_keys')).toBe(before + 25);
    expect(await team.count('jobs')).toBe(await team.count('result_keys'));

    await b.sync();
    const here = countRows(b.path, 'results');
    b.store.replica.resetCursors(['runs', 'jobs', 'results', 'pages', 'credit_sessions']);
    const repeat = await b.sync();
    expect(repeat.pulled['result'] ?? 0).toBe(0);
    expect(countRows(b.path, 'results')).toBe(here);
  });

  it('a row this history refuses is left out and counted; the rest of its page is applied, once', async () => {
    const a = team.desktop('alice', 'a4');
    const b = team.desktop('bob', 'b4');
    await a.sync();
    await b.sync();
    const jobs = recordRun(a.store, 12); // 3 prompts x 5 countries: 15 jobs, 12 answered
    await a.sync();
    // A second job for a cell that already has one: the team's schema takes it, a history's
    // one-job-per-cell index does not.
    const twin = jobs[5] as (typeof jobs)[number];
    await team.owner.query(
      `INSERT INTO parallax.jobs (workspace_id, id, run_id, prompt_index, engine, country, repeat, job_state,
         created_at, updated_at)
       SELECT workspace_id, 'twin-job', run_id, prompt_index, engine, country, repeat, 'pending', created_at, updated_at
         FROM parallax.jobs WHERE id = $1`,
      [twin.id],
    );
    const pulled = await b.sync();
    expect(pulled.rejected).toBe(1);
    expect(pulled.pulled).toMatchObject({ run: 1, job: 15, result: 12 });
    expect(countRows(b.path, 'jobs')).toBe(countRows(a.path, 'jobs'));
    expect(countRows(b.path, 'results')).toBe(countRows(a.path, 'results'));
    // Indexed by ingest as they were here: search and Visibility.
    expect(countRows(b.path, 'answer_search_docsize')).toBe(countRows(a.path, 'answer_search_docsize'));
    expect(countRows(b.path, 'vis_result')).toBe(countRows(a.path, 'vis_result'));
    const again = await b.sync();
    expect(again.rejected).toBe(0);
    expect(again.pulled).toEqual({});
  });

  it('pulls a page of runs with more prompts than one call can take as arguments', async () => {
    const a = team.desktop('alice', 'a5');
    const b = team.desktop('bob', 'b5');
    await a.sync();
    await b.sync();
    recordRun(a.store, 5);
    await a.sync();
    // 200,000 prompts on the team for that run: a first sync of 1,000,000 answers pulls a page of
    // 50 runs with 4,000 prompts each. Spread into one call, they overflowed the stack.
    await team.owner.query(
      `INSERT INTO parallax.run_prompts (workspace_id, run_id, idx, text)
       SELECT r.workspace_id, r.id, 1000 + g, 'best running shoes, more ' || g
         FROM parallax.runs r, generate_series(1, 200000) g
        WHERE r.id = (SELECT id FROM parallax.runs ORDER BY created_at DESC LIMIT 1)`,
    );
    const pulled = await b.sync();
    expect(pulled.pulled).toMatchObject({ run: 1, job: 5, result: 5 });
    expect(countRows(b.path, 'run_prompts')).toBe(countRows(a.path, 'run_prompts') + 200_000);
  });
});

describe('conflicts and tombstones', () => {
  let team: SyncTeam;
  beforeAll(async () => {
    team = await startSyncTeam(server, { alice: 'member', bob: 'member' });
  });
  afterAll(async () => team?.close());

  it('two desktops edit one brand: the team’s version wins, the loser is kept as a draft and can win later', async () => {
    const a = team.desktop('alice');
    const b = team.desktop('bob');
    const brand = a.store.saveBrand({ name: 'Veloxa', kind: 'brand' });
    await a.sync();
    await b.sync();
    a.store.saveBrand({ id: brand.id, name: 'Veloxa', kind: 'brand', aliases: ['Velox EU'] });
    b.store.saveBrand({ id: brand.id, name: 'Veloxa', kind: 'brand', aliases: ['Velox US'] });
    await a.sync();
    const report = await b.sync();
    expect(report.conflicts).toHaveLength(1);
    expect(report.conflicts[0]?.message).toBe(
      `Brand Veloxa was changed by a teammate (${team.roles['alice']?.name}); your edit is kept as a draft.`,
    );
    expect(b.store.listBrands()[0]?.aliases).toEqual(['Velox EU']);
    expect(b.store.replica.listDrafts()).toHaveLength(1);

    // Applied: it goes up against the team's latest version and wins; A gets it.
    b.store.replica.resolveDraft(report.conflicts[0]?.id as number, 'apply');
    const resent = await b.sync();
    expect(resent.pushed).toMatchObject({ brand: 1 });
    expect(resent.conflicts).toEqual([]);
    expect(b.store.replica.listDrafts()).toEqual([]);
    await a.sync();
    expect(a.store.listBrands()[0]?.aliases).toEqual(['Velox US']);
  });

  it('a deletion that loses to an edit is a draft; discarding it keeps the team’s object', async () => {
    const a = team.desktop('alice', 'a2');
    const b = team.desktop('bob', 'b2');
    const prompt = a.store.savePrompt({ text: 'best trail shoes' });
    await a.sync();
    await b.sync();
    b.store.deletePrompt(prompt.id);
    a.store.savePrompt({ id: prompt.id, text: 'best trail running shoes' });
    await a.sync();
    const report = await b.sync();
    expect(report.conflicts[0]?.message).toMatch(
      /^Prompt “best trail running shoes” was changed by a teammate .*; your deletion is kept as a draft\.$/,
    );
    expect(b.store.getPrompt(prompt.id)?.text).toBe('best trail running shoes');
    b.store.replica.resolveDraft(report.conflicts[0]?.id as number, 'discard');
    expect((await b.sync()).pushed).toEqual({});
    expect(b.store.getPrompt(prompt.id)?.text).toBe('best trail running shoes');
  });

  it('tombstones travel both ways: a run deleted here, a brand deleted there', async () => {
    const a = team.desktop('alice', 'a3');
    const b = team.desktop('bob', 'b3');
    const jobs = recordRun(a.store, 5);
    const runId = jobs[0]?.runId as string;
    const brand = b.store.saveBrand({ name: 'Stridex', kind: 'competitor' });
    await a.sync();
    await b.sync();
    await a.sync();
    expect(b.store.getRun(runId)).not.toBeNull();
    expect(a.store.listBrands().map((x) => x.name)).toContain('Stridex');

    a.store.deleteRun(runId);
    b.store.deleteBrand(brand.id);
    const sentA = await a.sync();
    expect(sentA.pushed).toMatchObject({ run: 1 });
    expect(sentA.deleted).toMatchObject({});
    const gotB = await b.sync();
    expect(gotB.deleted).toMatchObject({ run: 1 });
    expect(b.store.getRun(runId)).toBeNull();
    const gotA = await a.sync();
    expect(gotA.deleted).toMatchObject({ brand: 1 });
    expect(a.store.listBrands().map((x) => x.name)).not.toContain('Stridex');
    // The team keeps both as tombstones; a new desktop gets neither.
    expect(await team.count('runs', `t.id = '${runId}' AND t.deleted_at IS NOT NULL`)).toBe(1);
    const c = team.desktop('alice', 'c3');
    await c.sync();
    expect(c.store.getRun(runId)).toBeNull();
    expect(c.store.listBrands().map((x) => x.name)).not.toContain('Stridex');
  });
});

describe('cuts and access', () => {
  let team: SyncTeam;
  beforeAll(async () => {
    team = await startSyncTeam(server, { alice: 'member', bob: 'member', carol: 'viewer' });
    await team.owner.query("SELECT parallax.create_workspace('globex', 'Globex', 0)");
  });
  afterAll(async () => team?.close());

  it('the server stopped mid-pull and restarted: the next sync resumes, nothing lost or doubled', async () => {
    // Six pages of answers, the server gone after the second: the count is that margin.
    const ANSWERS = 300;
    const a = team.desktop('alice');
    const b = team.desktop('bob');
    recordRun(a.store, ANSWERS);
    await a.sync();
    let pages = 0;
    const cut = await b
      .sync({
        tuning: { pushBatch: 50, pullBatch: 50 },
        // Between two pages of answers: the server goes away (fast shutdown cuts connections).
        pause: async () => {
          if (countRows(b.path, 'results') > 0 && ++pages === 2) await server.stop();
        },
      })
      .then(
        () => null,
        (error: unknown) => error,
      );
    await server.start();
    expect(cut).toBeInstanceOf(TeamError);
    expect((cut as TeamError).kind).toBe('unreachable');
    const partial = countRows(b.path, 'results');
    expect(partial).toBeGreaterThan(0);
    expect(partial).toBeLessThan(ANSWERS);
    const resumed = await b.sync();
    expect(resumed.pulled['result']).toBe(ANSWERS - partial);
    expect(countRows(b.path, 'results')).toBe(ANSWERS);
    expect(await team.count('results')).toBe(ANSWERS);
  });

  it('a member of one workspace cannot pull another, and the history stays untouched', async () => {
    const a = team.desktop('alice', 'a2');
    const refused = await a.team
      .withTeam(async (session) => {
        const { syncWithSession } = await import('../../../src/core/team/sync');
        return syncWithSession(session, { store: a.store, workspace: 'globex' });
      })
      .then(
        () => null,
        (error: unknown) => error,
      );
    expect(refused).toBeInstanceOf(SyncError);
    expect((refused as SyncError).kind).toBe('no-workspace');
    expect(a.store.getMeta('team.id')).toBeNull();
  });

  it('a viewer pulls but pushes nothing: its local changes stay here', async () => {
    const c = team.desktop('carol');
    c.store.saveBrand({ name: 'Carolina', kind: 'brand' });
    const before = await team.count('brands');
    const report = await c.sync();
    expect(report.access).toBe('viewer');
    expect(report.pushed).toEqual({});
    expect(report.notPushed).toBe(1);
    expect(await team.count('brands')).toBe(before);
    expect(c.store.listRuns().total).toBeGreaterThan(0);
  });

  it('refuses to push into another team’s database', async () => {
    const a = team.desktop('alice', 'a4');
    a.store.setMeta('team.id', '00000000-0000-4000-8000-000000000000');
    recordRun(a.store, 3);
    const before = await team.count('runs');
    const refused = await a.sync().then(
      () => null,
      (error: unknown) => error,
    );
    expect((refused as SyncError).kind).toBe('wrong-team');
    expect(await team.count('runs')).toBe(before);
  });
});

describe('a team upgraded from schema version 1', () => {
  let team: SyncTeam;
  beforeAll(async () => {
    team = await startSyncTeam(server, { alice: 'member' }, 'acme', (owner, id) =>
      seedWorkspace(owner, id, 'v1'),
    );
  });
  afterAll(async () => team?.close());

  it('keeps the rows written before the upgrade and syncs them both ways after it', async () => {
    expect(await readTeamSchemaVersion(team.owner)).toBe(TEAM_SCHEMA_VERSION);
    const a = team.desktop('alice');
    const report = await a.sync();
    expect(report.pulled).toMatchObject({ run: 1, job: 1, brand: 1 });
    expect(a.store.getRun('run-v1')).not.toBeNull();
    recordRun(a.store, 3);
    expect((await a.sync()).pushed).toMatchObject({ run: 1, result: 3 });
    expect(await team.count('runs')).toBe(2);
    expect(await team.count('runs', 't.origin IS NOT NULL')).toBe(1);
  });
});
