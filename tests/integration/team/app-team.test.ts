import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Core, openWorkspaceHost, type WorkspaceHost } from '../../../src/core/app';
import { openSettingsStore, type SettingsStore } from '../../../src/core/platform/settings';
import type { TeamStatusView, WorkspaceListView } from '../../../src/shared/ipc/channels/team';
import type { IpcResult } from '../../../src/shared/ipc/define';
import { createMemorySecretStore } from '../../support/memory-secret-store';
import { startTestPostgres, type TestPostgres } from '../../support/postgres';
import { createTestCore } from '../../support/test-core';
import { recordRun } from '../../support/sync-team';
import { published } from '../../support/published-seed';
import { openHistory } from '../../../src/core/history';
import { publishSeed, syncWorkspace } from '../../../src/core/team/sync';
import { createTeamService } from '../../../src/core/team/server';
import type { SyncStatusView } from '../../../src/shared/ipc/channels/sync';
import { TEAM_SCHEMA_VERSION } from '../../../src/core/team/server/migrate';

// The app's side: the team and workspace IPC channels through the real router (zod-validated in
// main), the workspace host reopening the core on another history, and the team password in a
// keychain stand-in (the real keychain: tests/keychain). A real PostgreSQL serves the team.

let server: TestPostgres;
let dir: string;
let settings: SettingsStore;
let host: WorkspaceHost<Core>;
const passwords = createMemorySecretStore();

async function call<T>(channel: string, input: unknown = {}): Promise<IpcResult<T>> {
  return (await host.router.invoke(channel, input)) as IpcResult<T>;
}

async function ok<T>(channel: string, input: unknown = {}): Promise<T> {
  const result = await call<T>(channel, input);
  if (!result.ok) throw new Error(`${channel}: ${result.error.code} ${result.error.message}`);
  return result.value;
}

beforeAll(async () => {
  server = await startTestPostgres();
  dir = mkdtempSync(join(tmpdir(), 'parallax-app-team-'));
  settings = openSettingsStore({ userDataDir: dir });
  host = await openWorkspaceHost(
    (dbPath, switchWorkspace) =>
      createTestCore(dir, settings, { dbPath, switchWorkspace, teamPasswords: passwords }),
    join(dir, 'parallax.db'),
  );
});
afterAll(async () => {
  await host?.close();
  await server?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('workspaces in the app', () => {
  it('creates a workspace and switches the open core to its history', async () => {
    const first = host.current();
    expect(first.store.path).toBe(join(dir, 'parallax.db'));
    const created = await ok<WorkspaceListView>('workspaces.create', { name: 'Acme Corp' });
    expect(created.workspaces.map((w) => [w.slug, w.current])).toEqual([
      ['default', true],
      ['acme-corp', false],
    ]);
    const seen: string[] = [];
    host.events.subscribe((event) => seen.push(event));
    const used = await ok<WorkspaceListView>('workspaces.use', { name: 'acme-corp' });
    expect(used.workspaces.find((w) => w.current)?.slug).toBe('acme-corp');
    expect(host.current()).not.toBe(first);
    expect(host.current().store.path).toBe(join(dir, 'workspaces', 'acme-corp', 'parallax.db'));
    expect(settings.get().workspace).toBe('acme-corp');
    // Events come from the open core only.
    host.current().events.emit('app.notice', { level: 'info', message: 'new core' });
    expect(seen).toEqual(['app.notice']);
    // Calls go to the new core: its history is the workspace's, empty.
    expect(await ok<{ path: string }>('storage.stats')).toMatchObject({
      path: join(dir, 'workspaces', 'acme-corp', 'parallax.db'),
    });
    await ok('workspaces.use', { name: 'default' });
    expect(host.current().store.path).toBe(join(dir, 'parallax.db'));
  });

  it('refuses an unknown workspace and a blank name with clear errors', async () => {
    const unknown = await call('workspaces.use', { name: 'nope' });
    expect(unknown).toMatchObject({ ok: false, error: { code: 'WORKSPACE_NOT_FOUND' } });
    const blank = await call('workspaces.create', { name: '   ' });
    expect(blank).toMatchObject({
      ok: false,
      error: { code: 'VALIDATION_ERROR', fields: [{ field: 'name', message: 'Name the workspace' }] },
    });
  });
});

describe('the team in the app', () => {
  let url = '';

  it('connects with --init, keeps the password in the keychain only, and reports the status', async () => {
    const database = await server.createDatabase('team');
    url = server.url(database, undefined, { sslmode: 'disable' });
    const status = await ok<TeamStatusView>('team.connect', { url, init: true });
    expect(status).toMatchObject({
      connected: true,
      reachable: true,
      schemaVersion: TEAM_SCHEMA_VERSION,
      teamAdmin: true,
      source: 'settings',
    });
    expect(status.server).not.toContain(server.admin.password);
    expect(passwords.peek()).toBe(server.admin.password);
    expect(readFileSync(join(dir, 'config.json'), 'utf8')).not.toContain(server.admin.password);
    expect(host.current().store.getMeta('team.id')).toMatch(/^[0-9a-f-]{36}$/);
    await ok('workspaces.create', { name: 'Globex' });
    const list = await ok<WorkspaceListView>('workspaces.list');
    expect(list.workspaces.find((w) => w.slug === 'globex')).toMatchObject({ access: 'admin', local: true });
  });

  it('starts a workspace new on this desktop from the team’s seed, showing its download', async () => {
    // A teammate's history of globex with 30 answers, pushed, and the workspace's seed published.
    const elsewhere = mkdtempSync(join(tmpdir(), 'parallax-app-seed-'));
    const teammate = createTeamService({
      settings: openSettingsStore({ userDataDir: elsewhere }),
      passwords: createMemorySecretStore(),
      env: { PARALLAX_TEAM_URL: url },
      now: Date.now,
    });
    const theirs = openHistory({ path: join(elsewhere, 'parallax.db') });
    recordRun(theirs, 30);
    await syncWorkspace(teammate, { store: theirs, workspace: 'globex' });
    theirs.close();
    const seed = published(
      await teammate.withTeam((session) =>
        publishSeed(session, {
          replicaPath: join(elsewhere, 'seed.db'),
          workspace: 'globex',
          appVersion: 'test',
        }),
      ),
    );
    expect(seed.answers).toBe(30);
    const globex = join(dir, 'workspaces', 'globex', 'parallax.db');
    expect(existsSync(globex)).toBe(false);
    // Canceled from the sidebar while it downloads: the app stays where it was, nothing is kept.
    const before = host.current().store.path;
    const canceling = host.events.subscribe((event, payload) => {
      if (event === 'sync.status' && (payload as SyncStatusView).seed) void call('sync.cancelSeed', {});
    });
    const canceled = await call('workspaces.use', { name: 'globex' });
    canceling();
    expect(canceled).toMatchObject({ ok: false, error: { code: 'SEED_CANCELED' } });
    expect(host.current().store.path).toBe(before);
    expect(settings.get().workspace).not.toBe('globex');
    expect(readdirSync(dirname(globex))).toEqual([]);
    const shown: Array<SyncStatusView['seed']> = [];
    const off = host.events.subscribe((event, payload) => {
      if (event === 'sync.status') shown.push((payload as SyncStatusView).seed);
    });
    await ok('workspaces.use', { name: 'globex' });
    off();
    expect(host.current().store.path).toBe(globex);
    expect(host.current().store.replica.answerCount()).toBe(30);
    // The sidebar's status said the download (then went back to what it was).
    expect(shown.some((seed) => seed !== null && seed.done > 0 && seed.done <= seed.total)).toBe(true);
    expect(shown.at(-1)).toBeNull();
    await ok('workspaces.use', { name: 'default' });
    rmSync(elsewhere, { recursive: true, force: true });
  });

  it('answers an unreachable server with its error, and a bad URL field by field', async () => {
    const bad = await call('team.connect', { url: 'http://example.com' });
    expect(bad).toMatchObject({ ok: false, error: { code: 'VALIDATION_ERROR' } });
    const down = await call('team.connect', { url: 'postgres://x:pw@127.0.0.1:1/db?connect_timeout=3' });
    expect(down).toMatchObject({ ok: false, error: { code: 'TEAM_UNREACHABLE' } });
    expect(JSON.stringify(down)).not.toContain(':pw@');
  });

  it('disconnects: no stored URL, no password', async () => {
    const status = await ok<TeamStatusView>('team.disconnect');
    expect(status.connected).toBe(false);
    expect(passwords.peek()).toBeNull();
    expect(settings.get().team).toBeNull();
  });
});
