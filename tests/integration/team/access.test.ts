import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TeamClient } from '../../../src/core/team/server/client';
import { TEAM_SCHEMA_VERSION } from '../../../src/core/team/server/migrate';
import { startTestPostgres, type TestPostgres, type TestRole } from '../../support/postgres';
import { JUNE, MAY, loginAs, seedWorkspace, TABLE_ROWS, teamDatabase, WORKSPACE_TABLES } from './fixtures';

// Row-level security per workspace, tried the way a member could: hand-written SQL on every
// table (and the month partitions directly), inserts, updates and deletes into a workspace not
// granted, the admin functions, and role switching. Identity is the login role.

let server: TestPostgres;
let owner: TeamClient;
let database: string;
let wsA: string;
let wsB: string;
const roles: Record<'alice' | 'vera' | 'bob' | 'wade' | 'nina', TestRole> = {} as never;
const sessions: pg.Client[] = [];

async function as(role: TestRole): Promise<pg.Client> {
  const client = await loginAs(server, database, role);
  sessions.push(client);
  return client;
}

async function sqlError(
  client: pg.Client,
  sql: string,
  params: unknown[] = [],
): Promise<{ code: string; message: string }> {
  const error = await client.query(sql, params).then(
    () => null,
    (e: unknown) => e as { code: string; message: string },
  );
  if (error === null) throw new Error(`expected an error from: ${sql}`);
  return error;
}

beforeAll(async () => {
  server = await startTestPostgres();
  ({ database, owner } = await teamDatabase(server));
  const created = async (slug: string): Promise<string> =>
    (await owner.query<{ id: string }>(`SELECT parallax.create_workspace($1, $1, 0) AS id`, [slug])).rows[0]
      ?.id as string;
  wsA = await created('a');
  wsB = await created('b');
  await owner.query('SELECT parallax.ensure_result_months(ARRAY[$1, $2]::bigint[])', [MAY, JUNE]);
  await seedWorkspace(owner, wsA, 'a');
  await seedWorkspace(owner, wsB, 'b');
  // Unique role names per run: roles are cluster-wide and the server is this file's alone, but
  // a test re-run against a kept server must not collide.
  for (const name of ['alice', 'vera', 'bob', 'wade', 'nina'] as const)
    roles[name] = await server.createRole(`${name}_${process.pid}`);
  const grant = (slug: string, role: TestRole, access: string) =>
    owner.query('SELECT parallax.grant_workspace($1, $2, $3)', [slug, role.name, access]);
  await grant('a', roles.alice, 'member');
  await grant('a', roles.vera, 'viewer');
  await grant('b', roles.bob, 'member');
  await grant('a', roles.wade, 'admin');
});

afterAll(async () => {
  for (const session of sessions) await session.end().catch(() => undefined);
  await owner?.end();
  await server?.close();
});

async function workspacesSeen(client: pg.Client, table: string): Promise<string[]> {
  const { rows } = await client.query<{ ws: string }>(
    `SELECT DISTINCT workspace_id::text AS ws FROM parallax.${table}`,
  );
  return rows.map((r) => r.ws).sort();
}

describe('a member of workspace A', () => {
  it('reads A and nothing of B through every table', async () => {
    const alice = await as(roles.alice);
    for (const table of WORKSPACE_TABLES) {
      expect({ table, seen: await workspacesSeen(alice, table) }).toEqual({ table, seen: [wsA] });
    }
    const { rows } = await alice.query<{ id: string }>('SELECT id FROM parallax.workspaces');
    expect(rows.map((r) => r.id)).toEqual([wsA]);
    // A join, an aggregate, a sub-select: row security applies inside each.
    const joined = await alice.query(
      `SELECT count(*)::int AS n FROM parallax.results r JOIN parallax.jobs j USING (workspace_id)
        WHERE r.workspace_id = $1 OR j.workspace_id = $1`,
      [wsB],
    );
    expect(joined.rows).toEqual([{ n: 0 }]);
  });

  it('cannot read the month partitions or the default partition directly', async () => {
    const alice = await as(roles.alice);
    const { rows } = await owner.query<{ part: string }>(
      `SELECT inhrelid::regclass::text AS part FROM pg_inherits WHERE inhparent = 'parallax.results'::regclass`,
    );
    expect(rows.length).toBeGreaterThanOrEqual(3);
    for (const { part } of rows) {
      expect((await sqlError(alice, `SELECT * FROM ${part}`)).code).toBe('42501');
    }
  });

  it('cannot insert into B, in any table', async () => {
    const alice = await as(roles.alice);
    for (const row of TABLE_ROWS) {
      const error = await sqlError(alice, row.sql, [wsB, 'alice-in-b']);
      expect({ table: row.table, code: error.code }).toEqual({ table: row.table, code: '42501' });
    }
  });

  it('updates none of B, deletes nothing anywhere, and cannot move a row of A into B', async () => {
    const alice = await as(roles.alice);
    for (const table of TABLE_ROWS.map((r) => r.table)) {
      const updated = await alice.query(
        `UPDATE parallax.${table} SET workspace_id = workspace_id WHERE workspace_id = $1`,
        [wsB],
      );
      expect({ table, updated: updated.rowCount }).toEqual({ table, updated: 0 });
      expect((await sqlError(alice, `DELETE FROM parallax.${table}`)).code).toBe('42501');
    }
    const moved = await sqlError(
      alice,
      `UPDATE parallax.brands SET workspace_id = $1 WHERE workspace_id = $2`,
      [wsB, wsA],
    );
    expect(moved.code).toBe('42501');
    const stillB = await owner.query(
      `SELECT count(*)::int AS n FROM parallax.brands WHERE workspace_id = $1`,
      [wsB],
    );
    expect(stillB.rows).toEqual([{ n: 1 }]);
  });

  it('writes its own workspace', async () => {
    const alice = await as(roles.alice);
    const brand = TABLE_ROWS.find((r) => r.table === 'brands')?.sql ?? '';
    await alice.query(brand, [wsA, 'by-alice']);
    const updated = await alice.query(
      `UPDATE parallax.brands SET name = 'Renamed' WHERE workspace_id = $1 AND id = 'brand-by-alice'`,
      [wsA],
    );
    expect(updated.rowCount).toBe(1);
    const { rows } = await owner.query(
      `SELECT changed_by, version FROM parallax.brands WHERE id = 'brand-by-alice'`,
    );
    expect(rows).toEqual([{ changed_by: roles.alice.name, version: 2 }]);
  });

  it('cannot use the admin functions on B, nor create workspaces, nor become someone else', async () => {
    const alice = await as(roles.alice);
    expect(
      (await sqlError(alice, `SELECT parallax.grant_workspace('b', $1, 'admin')`, [roles.alice.name])).code,
    ).toBe('42501');
    expect((await sqlError(alice, `SELECT parallax.revoke_workspace('b', $1)`, [roles.bob.name])).code).toBe(
      '42501',
    );
    expect(
      (await sqlError(alice, `SELECT parallax.grant_workspace('a', $1, 'admin')`, [roles.alice.name])).code,
    ).toBe('42501');
    expect((await sqlError(alice, `SELECT parallax.create_workspace('c', 'C', 0)`)).code).toBe('42501');
    expect((await sqlError(alice, `SET ROLE ${roles.bob.name}`)).code).toBe('42501');
    expect((await sqlError(alice, `SET SESSION AUTHORIZATION ${roles.bob.name}`)).code).toBe('42501');
    const own = await alice.query<{ ids: string[] }>('SELECT parallax.readable_workspaces()::text[] AS ids');
    expect(own.rows[0]?.ids).toEqual([wsA]);
    const who = await alice.query('SELECT * FROM parallax.whoami()');
    expect(who.rows).toEqual([{ role_name: roles.alice.name, team_admin: false, member: true }]);
  });
});

describe('a viewer of A', () => {
  it('reads A but writes nothing', async () => {
    const vera = await as(roles.vera);
    expect(await workspacesSeen(vera, 'results')).toEqual([wsA]);
    for (const row of TABLE_ROWS) {
      expect((await sqlError(vera, row.sql, [wsA, 'vera'])).code).toBe('42501');
    }
    const updated = await vera.query(`UPDATE parallax.brands SET name = 'No' WHERE workspace_id = $1`, [wsA]);
    expect(updated.rowCount).toBe(0);
  });
});

describe('granting and revoking', () => {
  it('a login role with no grant sees nothing and may not even read the tables', async () => {
    const nina = await as(roles.nina);
    expect((await sqlError(nina, 'SELECT * FROM parallax.results')).code).toBe('42501');
    const who = await nina.query('SELECT * FROM parallax.whoami()');
    expect(who.rows).toEqual([{ role_name: roles.nina.name, team_admin: false, member: false }]);
    const version = await nina.query('SELECT max(version) AS v FROM parallax.schema_version');
    expect(version.rows).toEqual([{ v: TEAM_SCHEMA_VERSION }]);
    // No function beyond whoami: not even the harmless ones.
    for (const fn of [
      'parallax.ensure_result_months(ARRAY[0]::bigint[])',
      'parallax.readable_workspaces()',
      "parallax.grant_workspace('a', 'x', 'member')",
    ]) {
      expect((await sqlError(nina, `SELECT ${fn}`)).code).toBe('42501');
    }
    const executable = await owner.query<{ fn: string }>(
      `SELECT p.oid::regprocedure::text AS fn FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace
        WHERE n.nspname = 'parallax' AND has_function_privilege('public', p.oid, 'EXECUTE') ORDER BY 1`,
    );
    expect(executable.rows.map((r) => r.fn)).toEqual(['parallax.is_team_admin()', 'parallax.whoami()']);
  });

  it('a workspace admin grants and revokes A; the grantee sees A only while granted', async () => {
    const wade = await as(roles.wade);
    const bob = await as(roles.bob);
    expect(await workspacesSeen(bob, 'runs')).toEqual([wsB]);
    await wade.query(`SELECT parallax.grant_workspace('a', $1, 'viewer')`, [roles.bob.name]);
    expect(await workspacesSeen(bob, 'runs')).toEqual([wsA, wsB].sort());
    expect((await sqlError(bob, TABLE_ROWS[0]?.sql ?? '', [wsA, 'bob-in-a'])).code).toBe('42501');
    const revoked = await wade.query<{ r: boolean }>(`SELECT parallax.revoke_workspace('a', $1) AS r`, [
      roles.bob.name,
    ]);
    expect(revoked.rows).toEqual([{ r: true }]);
    expect(await workspacesSeen(bob, 'runs')).toEqual([wsB]);
    // Wade administers A only.
    expect(
      (await sqlError(wade, `SELECT parallax.grant_workspace('b', $1, 'member')`, [roles.wade.name])).code,
    ).toBe('42501');
  });

  it('refuses a grant to a role that does not exist, saying how to create it', async () => {
    const error = await sqlError(
      await as(roles.wade),
      `SELECT parallax.grant_workspace('a', 'nobody_here', 'member')`,
    );
    expect(error.code).toBe('42704');
    expect(error.message).toMatch(/CREATE ROLE nobody_here LOGIN/);
  });
});
