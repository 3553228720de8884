import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openSettingsStore } from '../../../src/core/platform/settings';
import { openTeamClient, parseTeamUrl } from '../../../src/core/team/server';
import { createWorkspaceRegistry } from '../../../src/core/team/workspaces';
import type { JobRecord, QuarantineEntry } from '../../../src/core/history';
import type { SyncReportView } from '../../../src/shared/ipc/channels/sync';
import { startTestPostgres, type TestPostgres, type TestRole } from '../../support/postgres';
import {
  answerJobs,
  createSandboxRun,
  recordRun,
  startSyncTeam,
  type SyncTeam,
} from '../../support/sync-team';
import { runSpecSchema } from '../../../src/shared/domain/run-spec';
import { makeResult } from '../../bench/store-answers';
import { rng } from '../../bench/bench-random';
import { TABLE_ROWS } from './fixtures';

// A member who means harm, with plain SQL through its own login role, against a real PostgreSQL
// and real histories synced by the real sync code: after each try, the workspaces of everyone
// else still sync. Mallory is a member of the workspace "evil" only; alice and bob share "acme".
// Each test has a team database of its own (the results' months are the database's, not a
// workspace's). No timing is asserted: a bounded wait only proves that a sync did not hang.

const BIN = join(import.meta.dirname, '..', '..', '..', 'bin', 'parallax.mjs');
/** Long enough for any sync here, short of "for ever". */
const NOT_HUNG_MS = 25_000;

interface HostileTeam {
  team: SyncTeam;
  mallory: TestRole;
}

let server: TestPostgres;
const open: pg.Client[] = [];
const dirs: string[] = [];
/** Every team a test made, closed after the file (their desktops' folders with them). */
const teams: SyncTeam[] = [];

beforeAll(async () => {
  server = await startTestPostgres();
});
afterAll(async () => {
  for (const client of open) await client.end().catch(() => undefined);
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  for (const team of teams) await team.close().catch(() => undefined);
  await server.close();
});

/** A team with acme (alice, bob) and evil (mallory), in a database of its own. */
async function hostileTeam(): Promise<HostileTeam> {
  const team = await startSyncTeam(server, { alice: 'member', bob: 'member' });
  teams.push(team);
  await team.owner.query("SELECT parallax.create_workspace('evil', 'EVIL', 0)");
  const mallory = await server.createRole(`mallory_${team.database}`.slice(0, 60));
  await team.owner.query("SELECT parallax.grant_workspace('evil', $1, 'member')", [mallory.name]);
  return { team, mallory };
}

/** A workspace's id, by its slug. */
async function workspaceIdOf(team: SyncTeam, slug: string): Promise<string> {
  const { rows } = await team.owner.query<{ id: string }>(
    'SELECT id FROM parallax.workspaces WHERE slug = $1',
    [slug],
  );
  return rows[0]?.id as string;
}

/** A plain node-postgres session as `role`: SQL as a member could type it. */
async function sessionAs(team: SyncTeam, role: TestRole): Promise<pg.Client> {
  const client = new pg.Client({ connectionString: server.url(team.database, role) });
  // A session the server ends (its idle timeout) must not crash the test process.
  client.on('error', () => undefined);
  await client.connect();
  open.push(client);
  return client;
}

/** The statement's error code, or 'ok'. */
async function attempt(client: pg.Client, sql: string, params: unknown[] = []): Promise<string> {
  try {
    await client.query(sql, params);
    return 'ok';
  } catch (error) {
    return String((error as { code?: string }).code ?? error);
  }
}

/** The results' month partitions, by name. */
async function months(team: SyncTeam): Promise<string[]> {
  const { rows } = await team.owner.query<{ name: string }>(
    `SELECT c.relname AS name FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid
      WHERE i.inhparent = 'parallax.results'::regclass AND c.relname <> 'results_default' ORDER BY 1`,
  );
  return rows.map((r) => r.name);
}

/** Whether the promise settled (either way) within `ms`: it did not hang. */
async function settlesWithin(promise: Promise<unknown>, ms: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const hung = new Promise<false>((resolve) => (timer = setTimeout(() => resolve(false), ms)));
  try {
    return await Promise.race([
      promise.then(
        () => true,
        () => true,
      ),
      hung,
    ]);
  } finally {
    clearTimeout(timer);
  }
}

/** The first instant of the UTC month `offset` months from this one. */
function monthFromNow(offset: number): number {
  const now = new Date();
  return Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + offset, 1);
}

const partitionOf = (ms: number): string =>
  `results_${new Date(ms).toISOString().slice(0, 7).replace('-', '_')}`;

/** Alice records answers fetched at `at` and syncs; bob pulls them. Both must go through. */
async function acmeStillSyncs(team: SyncTeam, at: number, answers = 5): Promise<void> {
  const alice = team.desktop('alice', `alice-${at}`);
  const bob = team.desktop('bob', `bob-${at}`);
  await alice.sync();
  recordRun(alice.store, answers, { fetchedAt: at });
  const pushed = await alice.sync();
  expect(pushed.pushed['result']).toBe(answers);
  const pulled = await bob.sync();
  expect(pulled.pulled['result'] ?? 0).toBeGreaterThanOrEqual(answers);
}

describe('a member making the results table’s months', () => {
  it('makes only the months near the present, up to the team’s cap; every workspace still syncs', async () => {
    const { team, mallory } = await hostileTeam();
    const evil = await sessionAs(team, mallory);
    // Twenty ten-year windows, as version 1's function took them, then every month of two centuries.
    for (let i = 0; i < 20; i++) {
      const from = Date.UTC(2000 + (i % 8) * 10, 0, 1);
      await attempt(evil, 'SELECT parallax.ensure_result_months($1::bigint, $2::bigint)', [
        from,
        from + 3650 * 86_400_000,
      ]);
    }
    const everyMonth = Array.from({ length: 2400 }, (_, i) => Date.UTC(1950, i, 15));
    await attempt(evil, 'SELECT parallax.ensure_result_months($1::bigint[])', [everyMonth]);

    const made = await months(team);
    const first = partitionOf(monthFromNow(-60));
    const last = partitionOf(monthFromNow(1));
    expect(made.length).toBeLessThanOrEqual(62);
    expect(made.filter((name) => name < first || name > last)).toEqual([]);

    // At the cap, a month more is refused in words; a push of that month's answers still goes
    // through (they wait in the default partition).
    await team.owner.query(
      `UPDATE parallax.server_limits SET value = CASE name WHEN 'result_months_ahead' THEN 3 ELSE $1 END
        WHERE name IN ('result_months_ahead', 'result_months_cap')`,
      [made.length],
    );
    const beyond = monthFromNow(3) + 86_400_000;
    const refused = await evil
      .query('SELECT parallax.ensure_result_months($1::bigint[])', [[beyond]])
      .then(() => null)
      .catch((error: Error & { code?: string }) => error);
    expect(refused?.code).toBe('54000');
    expect(refused?.message).toMatch(/holds \d+ result months, its cap/);
    await acmeStillSyncs(team, beyond);
    expect(await months(team)).toEqual(made);
    await acmeStillSyncs(team, Date.now());
  }, 120_000);
});

describe('a member holding locks', () => {
  it('every new session of the team starts with the documented limits', async () => {
    const { team, mallory } = await hostileTeam();
    const evil = await sessionAs(team, mallory);
    const { rows } = await evil.query<{ lock: string; statement: string; idle: string }>(
      `SELECT current_setting('lock_timeout') AS lock, current_setting('statement_timeout') AS statement,
        current_setting('idle_in_transaction_session_timeout') AS idle`,
    );
    expect(rows).toEqual([{ lock: '30s', statement: '10min', idle: '2min' }]);
  });

  it('the creators’ old advisory lock, taken and held by a member, blocks no push', async () => {
    const { team, mallory } = await hostileTeam();
    const evil = await sessionAs(team, mallory);
    await evil.query("SELECT pg_advisory_lock(hashtext('parallax.ensure_result_months'))");
    const next = monthFromNow(1) + 86_400_000;
    const alice = team.desktop('alice');
    recordRun(alice.store, 5, { fetchedAt: next });
    const sync = alice.sync();
    expect(await settlesWithin(sync, NOT_HUNG_MS)).toBe(true);
    expect((await sync).pushed['result']).toBe(5);
    expect(await months(team)).toContain(partitionOf(next));
  }, 60_000);

  it('a transaction left open after making a month is ended by the server, and the push goes on', async () => {
    const { team, mallory } = await hostileTeam();
    // The owner shortens the team's idle limit (ALTER DATABASE … SET, as the guide says).
    await team.owner.query(
      `ALTER DATABASE "${team.database}" SET idle_in_transaction_session_timeout = '1s'`,
    );
    const evil = await sessionAs(team, mallory);
    const next = monthFromNow(1) + 86_400_000;
    await evil.query('BEGIN');
    await evil.query('SELECT parallax.ensure_result_months($1::bigint[])', [[next]]);
    const alice = team.desktop('alice');
    recordRun(alice.store, 5, { fetchedAt: next + 3_600_000 });
    const sync = alice.sync();
    expect(await settlesWithin(sync, NOT_HUNG_MS)).toBe(true);
    expect((await sync).pushed['result']).toBe(5);
  }, 60_000);

  it('a member who lifts its own limits and holds the lock makes pushes give up in words, not hang', async () => {
    const { team, mallory } = await hostileTeam();
    await team.owner.query(`ALTER DATABASE "${team.database}" SET lock_timeout = '1s'`);
    const evil = await sessionAs(team, mallory);
    await evil.query(
      'SET idle_in_transaction_session_timeout = 0; SET statement_timeout = 0; SET lock_timeout = 0',
    );
    const next = monthFromNow(1) + 86_400_000;
    await evil.query('BEGIN');
    await evil.query('SELECT parallax.ensure_result_months($1::bigint[])', [[next]]);
    const alice = team.desktop('alice');
    recordRun(alice.store, 5, { fetchedAt: next });
    const held = alice.sync();
    expect(await settlesWithin(held, NOT_HUNG_MS)).toBe(true);
    await expect(held).rejects.toThrow(/gave up waiting: canceling statement due to lock timeout/);
    await evil.query('ROLLBACK');
    expect((await alice.sync()).pushed['result']).toBe(5);
  }, 60_000);
});

/** What writeAnswer needs of a connection: a member's plain session or the owner's client. */
interface Querying {
  query(sql: string, params: unknown[]): Promise<unknown>;
}

async function writeAnswer(
  client: Querying,
  workspaceId: string,
  normalized: string,
  at = Date.now(),
): Promise<void> {
  for (const row of TABLE_ROWS.filter((r) => r.table === 'runs' || r.table === 'jobs')) {
    await client.query(row.sql, [workspaceId, 'bad']);
  }
  await client.query(
    `INSERT INTO parallax.results (workspace_id, id, job_id, run_id, fetched_at, ingested_at, answer_text, normalized_json, raw_json)
      VALUES ($1, 'result-bad', 'job-bad', 'run-bad', $2, $2, 'answer', $3::jsonb, '{}')`,
    [workspaceId, at, normalized],
  );
}

/** An unreadable answer of acme fetched at `at`, as stored before the server refused such rows. */
async function storedBeforeTheCheck(team: SyncTeam, workspaceId: string, at = Date.now()): Promise<void> {
  await team.owner.query('ALTER TABLE parallax.results DROP CONSTRAINT IF EXISTS results_normalized_shape');
  await writeAnswer(team.owner, workspaceId, '"not an object"', at);
  // As schema version 8 adds it: NOT VALID, the rows already there are not checked.
  await team.owner.query(
    `ALTER TABLE parallax.results ADD CONSTRAINT results_normalized_shape CHECK (jsonb_typeof(normalized_json) = 'object'
      AND jsonb_typeof(normalized_json -> 'text') IS NOT DISTINCT FROM 'string') NOT VALID`,
  );
}

/** `parallax <args> --json --db <desktop's history>` as bob, in a new data folder with acme. */
async function cliAsBob(
  team: SyncTeam,
  args: string[],
  historyPath: string,
): Promise<{ code: number | null; stdout: string }> {
  const dir = mkdtempSync(join(tmpdir(), 'parallax-hostile-cli-'));
  dirs.push(dir);
  const settings = openSettingsStore({ userDataDir: dir });
  createWorkspaceRegistry({ dataFolder: dir, settings, env: {} }).create('acme');
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PARALLAX_USER_DATA_DIR: dir,
    PARALLAX_API_KEY: '',
    PARALLAX_TEAM_URL: server.url(team.database, team.roles['bob'], { sslmode: 'disable' }),
    PARALLAX_WORKSPACE: 'acme',
  };
  delete env['DBUS_SESSION_BUS_ADDRESS'];
  const child = spawn(process.execPath, [BIN, ...args, '--json', '--db', historyPath], {
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
  const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
  return { code, stdout };
}

/** `parallax sync --json` of a new history of acme, as bob; then its `sync quarantine --json`. */
async function cliSync(
  team: SyncTeam,
): Promise<{ code: number | null; report: SyncReportView; kept: QuarantineEntry[] }> {
  const desktop = team.desktop('bob', 'bob-cli');
  desktop.store.close();
  const { code, stdout } = await cliAsBob(team, ['sync'], desktop.path);
  const kept = await cliAsBob(team, ['sync', 'quarantine'], desktop.path);
  return {
    code,
    report: JSON.parse(stdout) as SyncReportView,
    kept: JSON.parse(kept.stdout) as QuarantineEntry[],
  };
}

describe('an answer whose document is not an object', () => {
  it('is refused at push, and one stored before is skipped and named by every pull', async () => {
    const { team } = await hostileTeam();
    const acme = await workspaceIdOf(team, 'acme');
    const bobSql = await sessionAs(team, team.roles['bob'] as TestRole);
    const bob = team.desktop('bob');
    recordRun(bob.store, 5);
    await bob.sync();

    // A JSON string (what failed every pull) and an object without its text: both refused.
    for (const doc of ['"not an object"', '{"answer": "no text"}']) {
      await bobSql.query('BEGIN');
      const refused = await writeAnswer(bobSql, acme, doc).then(
        () => 'ok',
        (error: { code?: string }) => String(error.code),
      );
      await bobSql.query('ROLLBACK');
      expect(refused).toBe('23514');
    }

    await storedBeforeTheCheck(team, acme);

    const alice = team.desktop('alice');
    const report = await alice.sync();
    expect(report.pulled['result']).toBe(5);
    expect(report.quarantined).toEqual([
      { table: 'results', id: 'result-bad', reason: 'its normalized_json is a JSON string, not an object' },
    ]);
    expect(report.rejected).toBeGreaterThanOrEqual(1);
    // Kept on alice's desktop as the server sent it, so nothing of it is lost.
    const kept = alice.store.replica.listQuarantined();
    expect(kept.map((q) => [q.direction, q.table, q.id])).toEqual([['pull', 'results', 'result-bad']]);
    expect(JSON.parse(kept[0]?.raw ?? '{}')).toMatchObject({
      id: 'result-bad',
      normalized_json: 'not an object',
    });
    // The next sync goes on past it.
    await expect(alice.sync()).resolves.toMatchObject({ quarantined: [] });

    const cli = await cliSync(team);
    expect(cli.code).toBe(1);
    expect(cli.report.pulled['result']).toBe(5);
    expect(cli.report.quarantined.map((q) => `${q.table} ${q.id}`)).toEqual(['results result-bad']);
    expect(cli.kept.map((q) => `${q.direction} ${q.table} ${q.id} ${q.reason}`)).toEqual([
      'pull results result-bad its normalized_json is a JSON string, not an object',
    ]);
  }, 120_000);

  it('one stored before the check, in a month not made yet, does not stop that month being made', async () => {
    const { team } = await hostileTeam();
    const acme = await workspaceIdOf(team, 'acme');
    const next = monthFromNow(1) + 86_400_000;
    await storedBeforeTheCheck(team, acme, next);
    const alice = team.desktop('alice');
    recordRun(alice.store, 5, { fetchedAt: next });
    const report = await alice.sync();
    expect(report.pushed['result']).toBe(5);
    expect(report.quarantined.map((q) => q.id)).toEqual(['result-bad']);
    const { rows } = await team.owner.query<{ n: string }>(
      `SELECT count(*) AS n FROM parallax.${partitionOf(next)}`,
    );
    expect(rows).toEqual([{ n: '6' }]);
  }, 60_000);
});

describe('values too large, and who wrote a row', () => {
  it('a value larger than the team takes is refused before it is stored, in words naming the column', async () => {
    const { team, mallory } = await hostileTeam();
    const evilId = await workspaceIdOf(team, 'evil');
    const evil = await sessionAs(team, mallory);
    const run = TABLE_ROWS.find((r) => r.table === 'runs')?.sql as string;
    await evil.query(run, [evilId, 'big']);
    const bigName = await attempt(
      evil,
      "UPDATE parallax.runs SET name = repeat('x', 20 * 1024 * 1024) WHERE id = 'run-big'",
    );
    expect(bigName).toBe('23514');
    // Through the team's own client: the column and the limit, in one line.
    const client = await openTeamClient(
      parseTeamUrl(server.url(team.database, mallory, { sslmode: 'disable' })),
    );
    try {
      await expect(
        client.query("UPDATE parallax.runs SET name = repeat('x', 20 * 1024 * 1024) WHERE id = 'run-big'"),
      ).rejects.toThrow(/refused a value of runs\.name larger than the team takes \(4 MB/);
      await client.query(TABLE_ROWS.find((r) => r.table === 'jobs')?.sql as string, [evilId, 'big']);
      await expect(
        client.query(
          `INSERT INTO parallax.results (workspace_id, id, job_id, run_id, fetched_at, ingested_at, answer_text, normalized_json, raw_json)
            VALUES ($1, 'result-big', 'job-big', 'run-big', $2, $2, 'a', '{"text": "a"}', repeat('x', 33 * 1024 * 1024))`,
          [evilId, Date.now()],
        ),
      ).rejects.toThrow(/refused a value of results\.raw_json larger than the team takes/);
    } finally {
      await client.end();
    }
    const { rows } = await team.owner.query<{ n: string }>(
      "SELECT count(*) AS n FROM parallax.results WHERE id = 'result-big'",
    );
    expect(rows).toEqual([{ n: '0' }]);
    await acmeStillSyncs(team, Date.now());
  }, 60_000);

  it('a value of this history larger than the team takes is not sent, but named and kept; the rest goes', async () => {
    const { team } = await hostileTeam();
    const alice = team.desktop('alice');
    await alice.sync();
    // A run whose name is over the 4 MB cap: it and everything of it stay here.
    const bigRun = recordRun(alice.store, 3)[0]?.runId as string;
    alice.store.updateRun(bigRun, { name: 'x'.repeat(4 * 1024 * 1024 + 1) });
    recordRun(alice.store, 4);
    // A run with one answer whose raw response is over the 32 MB cap: that job and answer stay.
    const spec = runSpecSchema.parse({
      name: 'big answer',
      prompts: ['a', 'b'],
      engines: ['assistant-a'],
      countries: ['US'],
    });
    const { jobs } = createSandboxRun(alice.store, spec, 2);
    const [small, big] = jobs as [JobRecord, JobRecord];
    answerJobs(alice.store, [small], rng(7), Date.now());
    alice.store.ingestResults([
      {
        jobId: big.id,
        raw: { padding: 'y'.repeat(33 * 1024 * 1024) },
        normalized: makeResult(rng(8), 40).normalized,
        fetchedAt: Date.now(),
        jobPatch: { jobState: 'succeeded', creditsCharged: 1 },
      },
    ]);

    const report = await alice.sync();
    expect(report.pushed['result']).toBe(5);
    const named = report.overCap.map((q) => `${q.table} ${q.reason}`);
    expect(named).toContain('runs its name is 4.0 MB, more than the team takes (4 MB)');
    expect(named.filter((n) => n.startsWith('jobs its run'))).toHaveLength(3);
    expect(named.filter((n) => n.startsWith('results its run'))).toHaveLength(3);
    expect(named).toContain('jobs its answer is more than the team takes');
    expect(named).toContainEqual(expect.stringMatching(/^results its raw_json is 33\.0 MB/));
    expect(report.overCap.find((q) => q.table === 'jobs' && q.reason.startsWith('its answer'))?.id).toBe(
      big.id,
    );
    // Kept here, named by `parallax sync quarantine`.
    const kept = alice.store.replica.listQuarantined();
    expect(kept.filter((q) => q.direction === 'push')).toHaveLength(report.overCap.length);
    expect(kept.find((q) => q.table === 'runs')?.id).toBe(bigRun);

    const { rows } = await team.owner.query<{ n: string }>(
      "SELECT count(*) AS n FROM parallax.results r JOIN parallax.workspaces w ON w.id = r.workspace_id WHERE w.slug = 'acme'",
    );
    expect(rows).toEqual([{ n: '5' }]);
    const bob = team.desktop('bob');
    expect((await bob.sync()).pulled['result']).toBe(5);
    // The next sync does not meet them again.
    expect((await alice.sync()).overCap).toEqual([]);
  }, 120_000);

  it('a member cannot write as a teammate’s desktop or publish a seed in a teammate’s name', async () => {
    const { team } = await hostileTeam();
    const acme = await workspaceIdOf(team, 'acme');
    const alice = team.desktop('alice');
    recordRun(alice.store, 2);
    await alice.sync();
    // Bob reads alice's desktop id from a row she wrote, and writes a run marked as hers.
    const bobSql = await sessionAs(team, team.roles['bob'] as TestRole);
    const { rows } = await bobSql.query<{ origin: string }>(
      'SELECT origin FROM parallax.runs WHERE workspace_id = $1 AND origin IS NOT NULL LIMIT 1',
      [acme],
    );
    const aliceDesktop = (rows[0]?.origin ?? '').split('/').at(-1) as string;
    await bobSql.query("SELECT set_config('parallax.origin', $1, false)", [aliceDesktop]);
    await bobSql.query(TABLE_ROWS.find((r) => r.table === 'runs')?.sql as string, [acme, 'forged']);
    expect((await alice.sync()).pulled['run']).toBe(1);

    await bobSql.query(
      `INSERT INTO parallax.workspace_seeds (workspace_id, schema_version, app_version, bytes, created_by)
        VALUES ($1, 1, '0', 1, $2)`,
      [acme, team.roles['alice']?.name],
    );
    const seeds = await team.owner.query<{ created_by: string }>(
      'SELECT created_by FROM parallax.workspace_seeds',
    );
    expect(seeds.rows).toEqual([{ created_by: team.roles['bob']?.name }]);
  }, 60_000);
});

describe('a transaction left open', () => {
  it('by a member of another workspace delays no pull of this one', async () => {
    const { team, mallory } = await hostileTeam();
    const evilId = await workspaceIdOf(team, 'evil');
    const evil = await sessionAs(team, mallory);
    await evil.query('SET idle_in_transaction_session_timeout = 0');
    await evil.query('BEGIN');
    await evil.query(TABLE_ROWS.find((r) => r.table === 'runs')?.sql as string, [evilId, 'open']);
    const alice = team.desktop('alice');
    const bob = team.desktop('bob');
    recordRun(alice.store, 5);
    expect((await alice.sync()).pushed['result']).toBe(5);
    // Before, bob's pull read only below mallory's transaction, and got nothing until it ended.
    expect((await bob.sync()).pulled['result']).toBe(5);
    await evil.query('COMMIT');
  }, 60_000);

  it('by a teammate delays none of the workspace’s pulls; its pushes give up in words until it ends', async () => {
    const { team } = await hostileTeam();
    const acme = await workspaceIdOf(team, 'acme');
    const alice = team.desktop('alice');
    recordRun(alice.store, 5);
    await alice.sync();
    const bobSql = await sessionAs(team, team.roles['bob'] as TestRole);
    await bobSql.query('SET idle_in_transaction_session_timeout = 0');
    await bobSql.query('BEGIN');
    await bobSql.query(TABLE_ROWS.find((r) => r.table === 'runs')?.sql as string, [acme, 'open']);
    // A second desktop of bob pulls everything committed while his transaction is open.
    const second = team.desktop('bob', 'bob-second');
    expect((await second.sync()).pulled['result']).toBe(5);
    // The workspace's writers wait for its clock: with the team's lock limit, in words.
    await team.owner.query(`ALTER DATABASE "${team.database}" SET lock_timeout = '1s'`);
    recordRun(alice.store, 3);
    const held = alice.sync();
    expect(await settlesWithin(held, NOT_HUNG_MS)).toBe(true);
    await expect(held).rejects.toThrow(/gave up waiting: canceling statement due to lock timeout/);
    await bobSql.query('ROLLBACK');
    expect((await alice.sync()).pushed['result']).toBe(3);
    expect((await second.sync()).pulled['result']).toBe(3);
    const leftOpen = await team.owner.query("SELECT 1 FROM parallax.runs WHERE id = 'run-open'");
    expect(leftOpen.rows).toEqual([]);
  }, 60_000);

  it('in another workspace’s rows is refused before it holds anything of that workspace', async () => {
    const { team, mallory } = await hostileTeam();
    const acme = await workspaceIdOf(team, 'acme');
    const evil = await sessionAs(team, mallory);
    await evil.query('SET idle_in_transaction_session_timeout = 0');
    await evil.query('BEGIN');
    const refused = await attempt(evil, TABLE_ROWS.find((r) => r.table === 'runs')?.sql as string, [
      acme,
      'foreign',
    ]);
    expect(refused).toBe('42501');
    expect(await attempt(evil, 'SELECT 1')).toBe('25P02');
    // Mallory's aborted transaction stays open; acme's pushes and pulls go on.
    const alice = team.desktop('alice');
    recordRun(alice.store, 4);
    const push = alice.sync();
    expect(await settlesWithin(push, NOT_HUNG_MS)).toBe(true);
    expect((await push).pushed['result']).toBe(4);
    expect((await team.desktop('bob').sync()).pulled['result']).toBe(4);
    await evil.query('ROLLBACK');
  }, 60_000);
});

/** Notifications a session hears on `channel` (LISTEN as it is), collected as they come. */
async function listenAs(client: pg.Client, channel: string): Promise<string[]> {
  const heard: string[] = [];
  client.on('notification', (n) => {
    if (n.channel === channel) heard.push(n.payload ?? '');
  });
  await client.query(`LISTEN "${channel}"`);
  return heard;
}

/** Waits until `heard` has something (a notification is delivered soon after the commit). */
async function untilHeard(heard: readonly string[], client: pg.Client): Promise<void> {
  for (let i = 0; i < 250 && heard.length === 0; i++) {
    await client.query('SELECT 1');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('nothing to watch', () => {
  it('a workspace’s channel is a name only its members read; a revoked member hears nothing after', async () => {
    const { team, mallory } = await hostileTeam();
    const acme = await workspaceIdOf(team, 'acme');
    const evil = await sessionAs(team, mallory);
    const bobSql = await sessionAs(team, team.roles['bob'] as TestRole);
    const channelOf = async (client: pg.Client): Promise<string | undefined> =>
      (
        await client.query<{ channel: string }>(
          'SELECT channel FROM parallax.workspace_channels WHERE workspace_id = $1',
          [acme],
        )
      ).rows[0]?.channel;
    expect(await channelOf(evil)).toBeUndefined();
    const channel = (await channelOf(bobSql)) as string;
    expect(channel).toMatch(/^parallax_[0-9a-f]{32}$/);
    // The name mallory could once compute from acme's id, and the one bob reads as a member.
    const guessed = await listenAs(evil, `parallax_${acme.replace(/-/g, '')}`);
    const bobHeard = await listenAs(bobSql, channel);
    const alice = team.desktop('alice');
    recordRun(alice.store, 2);
    await alice.sync();
    await untilHeard(bobHeard, bobSql);
    expect(bobHeard).toContain('runs');

    await team.owner.query("SELECT parallax.revoke_workspace('acme', $1)", [team.roles['bob']?.name]);
    const aliceSql = await sessionAs(team, team.roles['alice'] as TestRole);
    const renamed = (await channelOf(aliceSql)) as string;
    expect(renamed).not.toBe(channel);
    const aliceHeard = await listenAs(aliceSql, renamed);
    bobHeard.length = 0;
    recordRun(alice.store, 2);
    await alice.sync();
    await untilHeard(aliceHeard, aliceSql);
    expect(aliceHeard).toContain('runs');
    // Both sessions have been idle since that commit and answered a statement: what they were sent is in.
    await bobSql.query('SELECT 1');
    await evil.query('SELECT 1');
    expect(bobHeard).toEqual([]);
    expect(guessed).toEqual([]);
  }, 60_000);

  it('a member reads no table’s counters or sizes, and another workspace’s writes do not show in its own numbering', async () => {
    const { team, mallory } = await hostileTeam();
    const evilId = await workspaceIdOf(team, 'evil');
    const bobSql = await sessionAs(team, team.roles['bob'] as TestRole);
    for (const sql of [
      'SELECT n_tup_ins FROM pg_stat_user_tables',
      'SELECT * FROM pg_statio_user_tables',
      'SELECT xact_commit FROM pg_stat_database',
      "SELECT pg_stat_get_tuples_inserted('parallax.runs'::regclass)",
      "SELECT pg_total_relation_size('parallax.results_default')",
      'SELECT pg_database_size(current_database())',
      'SELECT count(*) FROM pg_locks',
    ]) {
      expect([sql, await attempt(bobSql, sql)]).toEqual([sql, '42501']);
    }
    // The owner still reads them.
    await expect(team.owner.query('SELECT count(*) FROM pg_stat_user_tables')).resolves.toBeTruthy();

    const alice = team.desktop('alice');
    const seqsOfRun = async (runId: string): Promise<string[]> =>
      (
        await team.owner.query<{ seq: string }>(
          'SELECT seq::text AS seq FROM parallax.jobs WHERE run_id = $1 ORDER BY seq',
          [runId],
        )
      ).rows.map((r) => r.seq);
    const first = recordRun(alice.store, 3)[0]?.runId as string;
    await alice.sync();
    const evil = await sessionAs(team, mallory);
    const run = TABLE_ROWS.find((r) => r.table === 'runs')?.sql as string;
    for (let i = 0; i < 50; i++) await evil.query(run, [evilId, `noise-${i}`]);
    const second = recordRun(alice.store, 3)[0]?.runId as string;
    await alice.sync();
    // Numbered within acme's own transactions: the same for the same push, whatever evil wrote.
    expect(await seqsOfRun(second)).toEqual(await seqsOfRun(first));
  }, 60_000);
});
