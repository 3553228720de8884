import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { copyFileSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCliAt } from '../../support/cli-in-process';
import { closedPort } from '../../support/closed-port';
import { startTestPostgres, type TestPostgres, type TestRole } from '../../support/postgres';
import { TEAM_SCHEMA_VERSION } from '../../../src/core/team/server/migrate';

// `parallax team …`, `parallax workspace …` and --workspace against a real PostgreSQL: real
// child processes with a team, the CLI in this process without one. No keychain here (D-Bus is cut off): the owner's password comes from
// PGPASSWORD (libpq's variable, which node-postgres reads too) and a teammate's from
// PARALLAX_TEAM_URL, the two ways that need none. The keychain path runs under a real
// gnome-keyring in tests/keychain/cli-team.test.ts.

const BIN = join(import.meta.dirname, '..', '..', '..', 'bin', 'parallax.mjs');

interface Out {
  code: number;
  stdout: string;
  stderr: string;
}

let server: TestPostgres;
let database: string;
let alice: TestRole;
const dirs: string[] = [];

function userDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'parallax-team-cli-'));
  dirs.push(dir);
  return dir;
}

function parallax(args: string[], dir: string, env: NodeJS.ProcessEnv = {}): Promise<Out> {
  return new Promise((resolve) => {
    const childEnv: NodeJS.ProcessEnv = {
      ...process.env,
      PARALLAX_USER_DATA_DIR: dir,
      PARALLAX_API_KEY: '',
      PARALLAX_TEAM_URL: '',
      PARALLAX_WORKSPACE: '',
      ...env,
    };
    // No session bus: no keychain, and never the developer's own.
    delete childEnv['DBUS_SESSION_BUS_ADDRESS'];
    execFile(process.execPath, [BIN, ...args], { env: childEnv, timeout: 60_000 }, (err, stdout, stderr) => {
      const code =
        err && typeof (err as { code?: unknown }).code === 'number' ? (err as { code: number }).code : 0;
      resolve({ code, stdout, stderr });
    });
  });
}

const json = <T>(out: Out): T => JSON.parse(out.stdout) as T;

/**
 * `parallax ARGS` in this process (tests/support/cli-in-process.ts), for the cases without a
 * team: no team configured, no keychain is opened. With a team server the commands stay
 * children: node-postgres reads PGPASSWORD and the keychain's native module the session bus
 * from the process's own environment, which a child gets without a bus.
 */
const local = (args: string[], dir: string, env: NodeJS.ProcessEnv = {}): Promise<Out> =>
  runCliAt(args, dir, { PARALLAX_TEAM_URL: '', PARALLAX_WORKSPACE: '', ...env });

beforeAll(async () => {
  server = await startTestPostgres();
  database = await server.createDatabase('team');
  alice = await server.createRole(`alice_cli_${process.pid}`);
});
afterAll(async () => {
  await server?.close();
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

describe('workspaces without a team', () => {
  it('creates, lists and switches workspaces; --workspace and PARALLAX_WORKSPACE pick one, --db wins', async () => {
    const dir = userDir();
    const created = await local(['--json', 'workspace', 'create', 'Client Ä'], dir);
    expect(created.code).toBe(0);
    expect(json<{ slug: string }>(created).slug).toBe('client-a');
    const history = async (args: string[], env: NodeJS.ProcessEnv = {}): Promise<string> =>
      json<{ path: string }>(await local(['--json', ...args, 'db', 'stats'], dir, env)).path;
    expect(await history([])).toBe(join(dir, 'parallax.db'));
    expect(await history(['--workspace', 'client-a'])).toBe(
      join(dir, 'workspaces', 'client-a', 'parallax.db'),
    );
    expect(await history([], { PARALLAX_WORKSPACE: 'Client Ä' })).toBe(
      join(dir, 'workspaces', 'client-a', 'parallax.db'),
    );
    // A read command given a --db that does not exist refuses it: the other history is a copy.
    const other = join(dir, 'elsewhere.db');
    copyFileSync(join(dir, 'parallax.db'), other);
    const withDb = await local(['--json', '--workspace', 'client-a', 'db', 'stats', '--db', other], dir);
    expect(json<{ path: string }>(withDb).path).toBe(other);

    expect((await local(['workspace', 'use', 'client-a'], dir)).code).toBe(0);
    expect(await history([])).toBe(join(dir, 'workspaces', 'client-a', 'parallax.db'));
    const list = json<{ workspaces: Array<{ slug: string; current: boolean; access: string | null }> }>(
      await local(['--json', 'workspace', 'list'], dir),
    );
    expect(list.workspaces.map((w) => [w.slug, w.current, w.access])).toEqual([
      ['default', false, null],
      ['client-a', true, null],
    ]);
  });

  it('refuses an unknown workspace, a taken name and a nameless one with exit 2 and one line', async () => {
    const dir = userDir();
    const unknown = await local(['--workspace', 'nope', 'history'], dir);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr.trim().split('\n')).toHaveLength(1);
    expect(unknown.stderr).toMatch(/No workspace named "nope"/);
    expect(existsSync(join(dir, 'parallax.db'))).toBe(false);
    await local(['workspace', 'create', 'Acme'], dir);
    const again = await local(['workspace', 'create', 'ACME'], dir);
    expect(again.code).toBe(2);
    expect(again.stderr).toMatch(/already exists/);
    expect((await local(['workspace', 'create', '!!!'], dir)).code).toBe(2);
    expect((await local(['workspace', 'grant', 'acme', '--member', 'x'], dir)).stderr).toMatch(
      /need a team server/,
    );
  });
});

describe('with a team server', () => {
  let owner: string;
  let teammate: string;
  const ownerEnv = (): NodeJS.ProcessEnv => ({ PGPASSWORD: server.admin.password });

  it('refuses to keep a password without a keychain, and changes nothing', async () => {
    const dir = userDir();
    const out = await parallax(['team', 'connect', server.url(database), '--init'], dir);
    expect(out.code).toBe(1);
    expect(out.stderr).toMatch(/team password cannot be kept safely here.*PARALLAX_TEAM_URL/s);
    expect(out.stderr).not.toContain(server.admin.password);
    expect(
      existsSync(join(dir, 'config.json')) ? readFileSync(join(dir, 'config.json'), 'utf8') : '',
    ).not.toMatch(/team/);
  });

  it('connects the owner with --init, then reports the status as JSON', async () => {
    owner = userDir();
    const url = server.url(database).replace(`:${encodeURIComponent(server.admin.password)}@`, '@');
    const connected = await parallax(
      ['--json', 'team', 'connect', `${url}?sslmode=disable`, '--init'],
      owner,
      ownerEnv(),
    );
    expect(connected.stderr).toBe('');
    expect(connected.code).toBe(0);
    expect(json<{ schemaVersion: number; teamAdmin: boolean }>(connected)).toMatchObject({
      schemaVersion: TEAM_SCHEMA_VERSION,
      teamAdmin: true,
    });
    const status = json<Record<string, unknown>>(
      await parallax(['--json', 'team', 'status'], owner, ownerEnv()),
    );
    expect(status).toMatchObject({
      connected: true,
      source: 'settings',
      reachable: true,
      schemaVersion: TEAM_SCHEMA_VERSION,
      knownVersion: TEAM_SCHEMA_VERSION,
      user: server.admin.name,
      teamAdmin: true,
      tls: 'not encrypted',
      workspaces: [],
    });
    const settings = readFileSync(join(owner, 'config.json'), 'utf8');
    expect(settings).toContain(
      `"url": "postgres://${server.admin.name}@127.0.0.1:${server.port}/${database}?sslmode=disable"`,
    );
    expect(settings).not.toContain(server.admin.password);
  });

  it('creates a team workspace and grants it; the teammate sees only that one', async () => {
    expect((await parallax(['workspace', 'create', 'Acme Corp'], owner, ownerEnv())).code).toBe(0);
    expect((await parallax(['workspace', 'create', 'Globex', '--local'], owner, ownerEnv())).code).toBe(0);
    const grant = await parallax(
      ['--json', 'workspace', 'grant', 'acme-corp', '--member', alice.name, '--viewer'],
      owner,
      ownerEnv(),
    );
    expect(grant.code).toBe(0);
    expect(json(grant)).toEqual({ workspace: 'acme-corp', member: alice.name, access: 'viewer' });
    const ownerList = json<{ workspaces: Array<{ slug: string; access: string | null; local: boolean }> }>(
      await parallax(['--json', 'workspace', 'list'], owner, ownerEnv()),
    );
    expect(ownerList.workspaces.map((w) => [w.slug, w.access, w.local])).toEqual([
      ['default', null, true],
      ['acme-corp', 'admin', true],
      ['globex', null, true],
    ]);

    teammate = userDir();
    const asAlice = { PARALLAX_TEAM_URL: server.url(database, alice, { sslmode: 'disable' }) };
    const status = json<{ user: string; source: string; workspaces: unknown[] }>(
      await parallax(['--json', 'team', 'status'], teammate, asAlice),
    );
    expect(status).toMatchObject({ user: alice.name, source: 'environment' });
    expect(status.workspaces).toEqual([
      { slug: 'acme-corp', name: 'Acme Corp', access: 'viewer', seed: null },
    ]);
    const used = await parallax(['--json', 'workspace', 'use', 'Acme Corp'], teammate, asAlice);
    expect(used.code).toBe(0);
    expect(json<{ dbPath: string }>(used).dbPath).toBe(
      join(teammate, 'workspaces', 'acme-corp', 'parallax.db'),
    );
    // A viewer may not grant, and says so in one line with exit 1.
    const refused = await parallax(
      ['workspace', 'grant', 'acme-corp', '--member', alice.name, '--admin'],
      teammate,
      asAlice,
    );
    expect(refused.code).toBe(1);
    expect(refused.stderr.trim()).toMatch(/^parallax: no workspace "acme-corp" that .* administers$/);
    const revoke = await parallax(
      ['--json', 'workspace', 'revoke', 'acme-corp', '--member', alice.name],
      owner,
      ownerEnv(),
    );
    expect(json(revoke)).toEqual({ workspace: 'acme-corp', member: alice.name, revoked: true });
    expect(
      json<{ workspaces: unknown[] }>(await parallax(['--json', 'team', 'status'], teammate, asAlice))
        .workspaces,
    ).toEqual([]);
  });

  it('exits non-zero with one line when the server cannot be reached, leaving the history untouched', async () => {
    const dir = userDir();
    await parallax(['history'], dir); // makes the default history
    const file = join(dir, 'parallax.db');
    const before = createHash('sha256').update(readFileSync(file)).digest('hex');
    const down = {
      PARALLAX_TEAM_URL: `postgres://nobody:pw@127.0.0.1:${await closedPort()}/team?connect_timeout=5`,
    };
    for (const args of [
      ['team', 'status'],
      ['workspace', 'list'],
      ['workspace', 'create', 'X'],
      ['team', 'connect', 'postgres://a@127.0.0.1:1/x'],
    ]) {
      const out = await parallax(args, dir, down);
      expect({ args, code: out.code }).toEqual({ args, code: 1 });
      expect(out.stderr.trim().split('\n')).toHaveLength(1);
      expect(out.stderr).not.toContain(':pw@');
    }
    const connect = await parallax(
      ['team', 'connect', `postgres://a@127.0.0.1:${await closedPort()}/x`],
      dir,
    );
    expect(connect.code).toBe(1);
    expect(connect.stderr.trim()).toMatch(/^parallax: The team server 127\.0\.0\.1:\d+ cannot be reached: /);
    expect(createHash('sha256').update(readFileSync(file)).digest('hex')).toBe(before);
    expect(existsSync(join(dir, 'workspaces'))).toBe(false);
  });

  it('refuses a team schema newer than this Parallax, naming both versions', async () => {
    await server.query(
      `INSERT INTO parallax.schema_version (version, name) VALUES (99, 'future')`,
      [],
      database,
    );
    try {
      const out = await parallax(['team', 'status'], owner, ownerEnv());
      expect(out.code).toBe(1);
      expect(out.stderr).toMatch(
        new RegExp(`version 99, newer than this Parallax knows \\(version ${TEAM_SCHEMA_VERSION}\\)`),
      );
    } finally {
      await server.query('DELETE FROM parallax.schema_version WHERE version = 99', [], database);
    }
  });

  it('disconnects: the stored connection is gone', async () => {
    const out = await parallax(['--json', 'team', 'disconnect'], owner, ownerEnv());
    expect(out.code).toBe(0);
    expect(json<{ connected: boolean }>(out).connected).toBe(false);
    expect(json<{ connected: boolean }>(await parallax(['--json', 'team', 'status'], owner)).connected).toBe(
      false,
    );
  });
});
