import { mkdtempSync, readFileSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { AsyncEntry } from '@napi-rs/keyring';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestPostgres, type TestPostgres } from '../support/postgres';
import { TEAM_SCHEMA_VERSION } from '../../src/core/team/server/migrate';
import { requireThrowawayKeyring } from './support/guard';
import { runNode, type ChildResult } from './support/run-child';

// `parallax team connect|status|disconnect` end to end with the real keychain: the real bin in
// a child Node, a real PostgreSQL, the team password stored by the throwaway gnome-keyring under
// the app's service name and the team account, and nowhere else.

requireThrowawayKeyring();

let server: TestPostgres;
let database: string;
let configHome: string;
const outputs: ChildResult[] = [];
const teamEntry = (): AsyncEntry =>
  new AsyncEntry('Parallax', 'team-password', { linux: { store: 'secret-service' } });
const keyEntry = (): AsyncEntry =>
  new AsyncEntry('Parallax', 'api-key', { linux: { store: 'secret-service' } });

beforeAll(async () => {
  server = await startTestPostgres();
  database = await server.createDatabase('team');
  configHome = mkdtempSync(join(tmpdir(), 'parallax-team-keychain-'));
  await teamEntry().deletePassword();
});
afterAll(async () => {
  await teamEntry().deletePassword();
  await server?.close();
  rmSync(configHome, { recursive: true, force: true });
});

async function parallax(args: string[], input = ''): Promise<ChildResult> {
  const result = await runNode(['bin/parallax.mjs', ...args], {
    env: {
      ...process.env,
      PARALLAX_API_KEY: '',
      PARALLAX_TEAM_URL: '',
      PGPASSWORD: '',
      XDG_CONFIG_HOME: configHome,
    },
    input,
  });
  outputs.push(result);
  return result;
}

/** Every file Parallax wrote (settings, histories), to check none holds the password. */
function writtenFiles(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .map((name) => join(dir, name))
    .filter((path) => statSync(path).isFile());
}

describe('parallax team (real keychain, real PostgreSQL, child process)', () => {
  it('connects with --init: the password goes to the keychain, the stored URL has none', async () => {
    const result = await parallax([
      'team',
      'connect',
      server.url(database, undefined, { sslmode: 'disable' }),
      '--init',
    ]);
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(
      /Password kept in Secret Service \(D-Bus keyring\); the stored URL has none\./,
    );
    expect(await teamEntry().getPassword()).toBe(server.admin.password);
    expect(await keyEntry().getPassword()).toBeNull();
  });

  it('reads the password back from the keychain for status', async () => {
    const result = await parallax(['--json', 'team', 'status']);
    expect(result.code).toBe(0);
    expect(JSON.parse(result.stdout)).toMatchObject({
      connected: true,
      reachable: true,
      schemaVersion: TEAM_SCHEMA_VERSION,
      user: server.admin.name,
      passwordStore: 'Secret Service (D-Bus keyring)',
    });
  });

  it('takes the password from stdin with --password-stdin', async () => {
    const bare = server
      .url(database, undefined, { sslmode: 'disable' })
      .replace(`:${encodeURIComponent(server.admin.password)}@`, '@');
    const result = await parallax(
      ['team', 'connect', bare, '--password-stdin'],
      `${server.admin.password}\n`,
    );
    expect(result.code).toBe(0);
    expect(result.stderr).toBe('');
    expect(await teamEntry().getPassword()).toBe(server.admin.password);
  });

  it('never writes the password to settings, histories or output', () => {
    for (const file of writtenFiles(join(configHome, 'Parallax'))) {
      expect({ file, leaked: readFileSync(file).includes(server.admin.password) }).toEqual({
        file,
        leaked: false,
      });
    }
    for (const out of outputs) expect(out.stdout + out.stderr).not.toContain(server.admin.password);
  });

  it('disconnects: the keychain entry and the stored connection are gone', async () => {
    const result = await parallax(['team', 'disconnect']);
    expect(result.code).toBe(0);
    expect(await teamEntry().getPassword()).toBeNull();
    expect(JSON.parse((await parallax(['--json', 'team', 'status'])).stdout)).toMatchObject({
      connected: false,
    });
  });
});
