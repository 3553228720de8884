import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { openSettingsStore } from '../../../src/core/platform/settings';
import { createTeamService } from '../../../src/core/team/server/service';
import { createMemorySecretStore } from '../../support/memory-secret-store';
import { openTeamClient, type TeamClient } from '../../../src/core/team/server/client';
import { readChanges, START_CURSOR } from '../../../src/core/team/server/changes';
import { TeamError } from '../../../src/core/team/server/errors';
import {
  applyTeamMigrations,
  checkTeamSchema,
  readTeamSchemaVersion,
  TEAM_SCHEMA_VERSION,
} from '../../../src/core/team/server/migrate';
import { TEAM_MIGRATIONS } from '../../../src/core/team/server/migrations';
import { parseTeamUrl } from '../../../src/core/team/server/team-url';
import { startTestPostgres, type TestPostgres } from '../../support/postgres';
import { JUNE, MAY, seedWorkspace, TABLE_ROWS, teamDatabase } from './fixtures';

// The team schema's migrations and the properties later stages rely on, against a real
// PostgreSQL (one server for this file, a database per test).

let server: TestPostgres;
const clients: TeamClient[] = [];

beforeAll(async () => {
  server = await startTestPostgres();
});
afterAll(async () => {
  for (const client of clients) await client.end();
  await server?.close();
});

async function connect(database: string): Promise<TeamClient> {
  const client = await openTeamClient(parseTeamUrl(server.url(database, undefined, { sslmode: 'disable' })));
  clients.push(client);
  return client;
}

async function emptyDatabase(): Promise<TeamClient> {
  return connect(await server.createDatabase('empty'));
}

async function rejection(promise: Promise<unknown>): Promise<TeamError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(TeamError);
  return error as TeamError;
}

describe('team schema migrations', () => {
  it('creates the schema in an empty database, then finds nothing to do', async () => {
    const client = await emptyDatabase();
    expect(await readTeamSchemaVersion(client)).toBeNull();
    expect(await applyTeamMigrations(client)).toEqual({ from: 0, to: TEAM_SCHEMA_VERSION });
    expect(await applyTeamMigrations(client)).toEqual({ from: TEAM_SCHEMA_VERSION, to: TEAM_SCHEMA_VERSION });
    const { rows } = await client.query<{ version: number; name: string }>(
      'SELECT version, name FROM parallax.schema_version ORDER BY version',
    );
    expect(rows).toEqual(TEAM_MIGRATIONS.map((m) => ({ version: m.version, name: m.name })));
    expect(await checkTeamSchema(client)).toBe(TEAM_SCHEMA_VERSION);
  });

  it('lets two Parallaxes initialise one database at once (one applies, the other waits and finds it done)', async () => {
    const database = await server.createDatabase('race');
    const [a, b] = await Promise.all([connect(database), connect(database)]);
    const outcomes = await Promise.all([applyTeamMigrations(a), applyTeamMigrations(b)]);
    expect(outcomes.every((o) => o.to === TEAM_SCHEMA_VERSION)).toBe(true);
    const { rows } = await a.query<{ n: string }>('SELECT count(*) AS n FROM parallax.schema_version');
    expect(rows[0]?.n).toBe(String(TEAM_SCHEMA_VERSION));
  });

  it('refuses a schema newer than this Parallax knows, naming both versions, and writes nothing', async () => {
    const { owner } = await teamDatabase(server);
    clients.push(owner);
    const newer = TEAM_SCHEMA_VERSION + 1;
    await owner.query(`INSERT INTO parallax.schema_version (version, name) VALUES ($1, 'from-the-future')`, [
      newer,
    ]);
    const applying = await rejection(applyTeamMigrations(owner));
    expect(applying.kind).toBe('newer-schema');
    expect(applying.message).toContain(`version ${newer}`);
    expect(applying.message).toContain(`version ${TEAM_SCHEMA_VERSION}`);
    const checking = await rejection(checkTeamSchema(owner));
    expect(checking.kind).toBe('newer-schema');
    const { rows } = await owner.query('SELECT 1 FROM parallax.schema_version');
    expect(rows).toHaveLength(TEAM_SCHEMA_VERSION + 1);
  });

  it('tells a member connecting to an empty, an older or a foreign database what to do', async () => {
    const empty = await emptyDatabase();
    expect((await rejection(checkTeamSchema(empty))).message).toMatch(/--init/);
    const { owner } = await teamDatabase(server);
    clients.push(owner);
    const older = await rejection(checkTeamSchema(owner, TEAM_SCHEMA_VERSION + 1));
    expect(older.kind).toBe('older-schema');
    const foreign = await emptyDatabase();
    await foreign.query('CREATE SCHEMA parallax');
    expect((await rejection(applyTeamMigrations(foreign))).kind).toBe('foreign-schema');
  });

  it('tells a role without the rights that creating the schema needs the owner', async () => {
    const database = await server.createDatabase('rights');
    const nobody = await server.createRole(`nobody_${process.pid}`);
    const dataDir = mkdtempSync(join(tmpdir(), 'parallax-rights-'));
    onTestFinished(() => rmSync(dataDir, { recursive: true, force: true }));
    const settings = openSettingsStore({ userDataDir: dataDir });
    const service = createTeamService({
      settings,
      passwords: createMemorySecretStore(),
      env: {},
      now: Date.now,
    });
    const refused = await rejection(
      service.connect(server.url(database, nobody, { sslmode: 'disable' }), { init: true }),
    );
    expect(refused.kind).toBe('forbidden');
    expect(refused.message).toMatch(/needs the database's owner with CREATEROLE.*permission denied/);
    expect(settings.get().team).toBeNull();
  });

  it('rolls a failing migration back whole: no table, no version row', async () => {
    const { owner } = await teamDatabase(server);
    clients.push(owner);
    const broken = [
      ...TEAM_MIGRATIONS,
      {
        version: TEAM_SCHEMA_VERSION + 1,
        name: 'broken',
        sql: 'CREATE TABLE parallax.half (x int); SELECT 1 / 0;',
      },
    ];
    await rejection(applyTeamMigrations(owner, broken));
    expect(await readTeamSchemaVersion(owner)).toBe(TEAM_SCHEMA_VERSION);
    const { rows } = await owner.query(`SELECT to_regclass('parallax.half') AS t`);
    expect(rows[0]).toEqual({ t: null });
  });

  it('puts every table under row-level security', async () => {
    const { owner } = await teamDatabase(server);
    clients.push(owner);
    const { rows } = await owner.query<{ relname: string }>(
      `SELECT c.relname FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
        WHERE n.nspname = 'parallax' AND c.relkind IN ('r', 'p') AND NOT c.relispartition
          AND NOT c.relrowsecurity AND c.relname NOT IN ('schema_version', 'team')`,
    );
    expect(rows).toEqual([]);
  });
});

describe('what sync and the runner will rely on', () => {
  let owner: TeamClient;
  let ws: string;

  beforeAll(async () => {
    ({ owner } = await teamDatabase(server));
    clients.push(owner);
    const created = await owner.query<{ id: string }>(
      `SELECT parallax.create_workspace('acme', 'Acme', 0) AS id`,
    );
    ws = created.rows[0]?.id as string;
  });

  it('upserts by the local ids: a retried push leaves one row, at a later tick', async () => {
    await seedWorkspace(owner, ws, 'u1');
    const upsert = `INSERT INTO parallax.runs (workspace_id, id, status, mode, priority, engines_json, countries_json,
        states_json, repeats, prompt_count, engine_options_json, base_url, sandbox, cost_estimate, created_at, updated_at)
      VALUES ($1, 'run-u1', 'completed', 'sync', 5, '[]', '[]', '[]', 1, 1, '{}', 'x', true, 1, 0, 1)
      ON CONFLICT (workspace_id, id) DO UPDATE SET updated_at = excluded.updated_at RETURNING xid::text AS tick`;
    const first = await owner.query<{ tick: string }>(upsert, [ws]);
    const second = await owner.query<{ tick: string }>(upsert, [ws]);
    expect(BigInt(second.rows[0]?.tick ?? 0)).toBeGreaterThan(BigInt(first.rows[0]?.tick ?? 0));
    const { rows } = await owner.query(
      `SELECT 1 FROM parallax.runs WHERE workspace_id = $1 AND id = 'run-u1'`,
      [ws],
    );
    expect(rows).toHaveLength(1);
  });

  it('keeps one row per result across months, moving a replaced result into its new month', async () => {
    await seedWorkspace(owner, ws, 'm1');
    expect(
      (await owner.query(`SELECT parallax.ensure_result_months(ARRAY[$1, $2]::bigint[]) AS n`, [MAY, JUNE]))
        .rows[0],
    ).toEqual({ n: 2 });
    // The seeded May result was in the default partition: it moved into results_2026_05.
    const where = async (): Promise<Array<{ part: string; fetched_at: string }>> =>
      (
        await owner.query<{ part: string; fetched_at: string }>(
          `SELECT tableoid::regclass::text AS part, fetched_at FROM parallax.results WHERE workspace_id = $1 AND id = 'result-m1'`,
          [ws],
        )
      ).rows;
    expect(await where()).toEqual([{ part: 'parallax.results_2026_05', fetched_at: String(MAY) }]);
    const replace = `INSERT INTO parallax.results (workspace_id, id, job_id, run_id, fetched_at, ingested_at, answer_text,
        normalized_json, raw_json) VALUES ($1, 'result-m1', 'job-m1', 'run-m1', $2, $2, 'new', '{"text": "new"}', '{}')
      ON CONFLICT (workspace_id, id, fetched_at) DO UPDATE SET answer_text = excluded.answer_text`;
    await owner.query(replace, [ws, JUNE]);
    await owner.query(replace, [ws, JUNE]);
    expect(await where()).toEqual([{ part: 'parallax.results_2026_06', fetched_at: String(JUNE) }]);
    const keys = await owner.query(
      `SELECT fetched_at FROM parallax.result_keys WHERE workspace_id = $1 AND id = 'result-m1'`,
      [ws],
    );
    expect(keys.rows).toEqual([{ fetched_at: String(JUNE) }]);
  });

  it('versions configuration rows and records their last writer', async () => {
    await owner.query(TABLE_ROWS.find((r) => r.table === 'brands')?.sql ?? '', [ws, 'v1']);
    await owner.query(
      `UPDATE parallax.brands SET name = 'Veloxa Pro' WHERE workspace_id = $1 AND id = 'brand-v1'`,
      [ws],
    );
    const { rows } = await owner.query(
      `SELECT version, changed_by = session_user AS mine, deleted_at FROM parallax.brands WHERE workspace_id = $1 AND id = 'brand-v1'`,
      [ws],
    );
    expect(rows).toEqual([{ version: 2, mine: true, deleted_at: null }]);
  });

  it('never passes over a row whose transaction commits after a later one (the workspace’s clock)', async () => {
    const database = (await owner.query<{ db: string }>('SELECT current_database() AS db')).rows[0]
      ?.db as string;
    const slow = await connect(database);
    const fast = await connect(database);
    const add = (client: TeamClient, name: string) =>
      client.query(`INSERT INTO parallax.tags (workspace_id, name) VALUES ($1, $2)`, [ws, name]);
    let cursor = (await readChanges(owner, 'tags', ws, START_CURSOR, 1000)).cursor;
    await slow.query('BEGIN');
    await add(slow, 'slow'); // takes the workspace's clock first
    const later = add(fast, 'fast'); // waits for the clock, then takes the next tick
    const during = await readChanges<{ name: string }>(owner, 'tags', ws, cursor, 1000);
    expect(during.rows.map((r) => r.name)).toEqual([]);
    cursor = during.cursor;
    await slow.query('COMMIT');
    await later;
    const after = await readChanges<{ name: string }>(owner, 'tags', ws, cursor, 1000);
    expect(after.rows.map((r) => r.name)).toEqual(['slow', 'fast']);
    expect((await readChanges(owner, 'tags', ws, after.cursor, 1000)).rows).toEqual([]);
  });
});
