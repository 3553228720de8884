import Database from 'better-sqlite3';
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SyncConflictView, SyncReportView } from '../../../src/shared/ipc/channels/sync';
import { openSettingsStore } from '../../../src/core/platform/settings';
import { createWorkspaceRegistry } from '../../../src/core/team/workspaces';
import { closedPort } from '../../support/closed-port';
import { startTestPostgres, type TestPostgres } from '../../support/postgres';
import { recordRun, startSyncTeam, type Desktop, type SyncTeam } from '../../support/sync-team';

// `parallax sync` as a real child process against a real PostgreSQL: what it prints, the one
// line and exit 1 when the server cannot be reached (the history untouched), Ctrl-C at a batch
// boundary (exit 130) and a kill mid-push, each followed by a sync that ends with exact counts,
// the --since window, a viewer, and conflicts with `sync conflicts` / `sync resolve`.

const BIN = join(import.meta.dirname, '..', '..', '..', 'bin', 'parallax.mjs');

interface Out {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
}

interface Running {
  kill(signal: NodeJS.Signals): void;
  exited: Promise<Out>;
}

let server: TestPostgres;
let team: SyncTeam;
/**
 * A team of its own for the bulk Ctrl-C case: in the shared one, every later desktop's first
 * sync pulled those answers through its ingest (most of this file's time).
 */
let bulk: SyncTeam;
/**
 * The bulk case's answers: 30 batches of 50, so a Ctrl-C and a kill each land after a batch or
 * two and well before the last. The count is that margin, not what is tested.
 */
const BULK_ANSWERS = 1500;
const dirs: string[] = [];
const userDirs = new Map<string, string>();

function start(args: string[], who: string, env: NodeJS.ProcessEnv = {}, on: SyncTeam = team): Running {
  const childEnv: NodeJS.ProcessEnv = {
    ...process.env,
    PARALLAX_USER_DATA_DIR: userDirs.get(who),
    PARALLAX_API_KEY: '',
    PARALLAX_TEAM_URL: server.url(on.database, on.roles[who.replace(/\d+$/, '')], { sslmode: 'disable' }),
    PARALLAX_WORKSPACE: 'acme',
    ...env,
  };
  delete childEnv['DBUS_SESSION_BUS_ADDRESS'];
  const child = spawn(process.execPath, [BIN, ...args], { env: childEnv, stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
  child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
  return {
    kill: (signal) => child.kill(signal),
    exited: new Promise((resolve) =>
      child.on('close', (code, signal) => resolve({ code, signal, stdout, stderr })),
    ),
  };
}

const parallax = (args: string[], who: string, env: NodeJS.ProcessEnv = {}): Promise<Out> =>
  start(args, who, env).exited;

/**
 * A desktop with a user data folder of its own that knows the local workspace acme, made here
 * with the registry `parallax workspace create --local` uses (that command has its own tests in
 * cli-team.test.ts): a child process each was a sixth of this file's time.
 */
function desktop(role: string, name = role, on: SyncTeam = team): Desktop {
  const dir = mkdtempSync(join(tmpdir(), `parallax-sync-cli-${name}-`));
  dirs.push(dir);
  userDirs.set(name, dir);
  const settings = openSettingsStore({ userDataDir: dir });
  createWorkspaceRegistry({ dataFolder: dir, settings, env: {} }).create('acme');
  return on.desktop(role, name);
}

function rows(path: string, sql: string): unknown[] {
  const db = new Database(path, { readonly: true });
  try {
    return db.prepare(sql).all();
  } finally {
    db.close();
  }
}

async function until(check: () => Promise<boolean>, what: string): Promise<void> {
  for (let i = 0; i < 1200; i++) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`timed out waiting for ${what}`);
}

beforeAll(async () => {
  server = await startTestPostgres();
  team = await startSyncTeam(server, { alice: 'member', bob: 'member', carol: 'viewer' });
  bulk = await startSyncTeam(server, { alice: 'member' });
});
afterAll(async () => {
  await team?.close();
  await bulk?.close();
  await server?.close();
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

describe('parallax sync', { timeout: 240_000 }, () => {
  it('prints what went each way, in words; a second sync finds nothing; --json has the counts', async () => {
    const a = desktop('alice');
    const b = desktop('bob');
    recordRun(a.store, 30);
    a.store.saveBrand({ name: 'Veloxa', kind: 'brand' });
    const sent = await parallax(['sync', '--db', a.path], 'alice');
    expect(sent.code, sent.stderr).toBe(0);
    expect(sent.stdout).toMatch(/^Synced workspace acme with .* as alice\S* \(member\) in [\d.]+ s\.$/m);
    expect(sent.stdout).toMatch(/^Pushed: +1 run, 6 run prompts, 30 jobs, 30 answers, 1 brand$/m);

    const got = await parallax(['--json', 'sync', '--db', b.path], 'bob');
    expect(got.code, got.stderr).toBe(0);
    const report = JSON.parse(got.stdout) as SyncReportView;
    expect(report.pulled).toMatchObject({ run: 1, job: 30, result: 30, brand: 1 });
    expect(report.pushed).toEqual({});
    b.reopen();
    expect(b.store.listRuns().total).toBe(1);

    const again = await parallax(['sync', '--db', b.path], 'bob');
    expect(again.stdout).toMatch(/^Pushed: +nothing$/m);
    expect(again.stdout).toMatch(/^Pulled: +nothing$/m);
  });

  it('says in one line that the server cannot be reached, exits 1 and leaves the history as it was', async () => {
    const a = desktop('alice', 'alice2');
    recordRun(a.store, 5);
    const before = rows(a.path, 'SELECT key, value FROM meta ORDER BY key');
    const port = await closedPort();
    const out = await parallax(['sync', '--db', a.path], 'alice2', {
      PARALLAX_TEAM_URL: `postgres://alice@127.0.0.1:${port}/team?sslmode=disable`,
    });
    expect(out.code).toBe(1);
    expect(out.stdout).toBe('');
    expect(out.stderr.trim().split('\n')).toHaveLength(1);
    expect(out.stderr).toMatch(/cannot be reached/);
    expect(rows(a.path, 'SELECT key, value FROM meta ORDER BY key')).toEqual(before);
    expect(rows(a.path, 'SELECT count(*) AS n FROM sync_outbox')).toEqual([{ n: 0 }]);
  });

  it('Ctrl-C stops at a batch boundary (exit 130), a kill mid-push loses nothing; the next sync ends exact', async () => {
    const a = desktop('alice', 'alice3', bulk);
    const base = await bulk.count('results');
    recordRun(a.store, BULK_ANSWERS);
    const small = { PARALLAX_SYNC_BATCH: '50' };

    const interrupted = start(['sync', '--db', a.path], 'alice3', small, bulk);
    await until(async () => (await bulk.count('results')) > base, 'the first answers on the server');
    interrupted.kill('SIGINT');
    const stopped = await interrupted.exited;
    expect(stopped.code, stopped.stderr).toBe(130);
    expect(stopped.stdout, stopped.stderr).toMatch(/^Sync stopped workspace acme/m);
    expect(stopped.stdout).toMatch(/run parallax sync to go on/);
    const afterStop = await bulk.count('results');
    expect(afterStop - base).toBeLessThan(BULK_ANSWERS);

    const killed = start(['sync', '--db', a.path], 'alice3', small, bulk);
    await until(async () => (await bulk.count('results')) > afterStop, 'more answers on the server');
    killed.kill('SIGKILL');
    expect((await killed.exited).signal).toBe('SIGKILL');
    expect(await bulk.count('results')).toBeLessThan(base + BULK_ANSWERS);

    const done = await start(['--json', 'sync', '--db', a.path], 'alice3', {}, bulk).exited;
    expect(done.code, done.stderr).toBe(0);
    expect((JSON.parse(done.stdout) as SyncReportView).canceled).toBe(false);
    expect(await bulk.count('results')).toBe(base + BULK_ANSWERS);
    expect(await bulk.count('result_keys')).toBe(base + BULK_ANSWERS);
    expect(rows(a.path, 'SELECT count(*) AS n FROM sync_outbox')).toEqual([{ n: 0 }]);
  });

  it('--since pulls only the runs of the window; a wider window later fetches what was left out', async () => {
    const a = desktop('alice', 'alice4');
    const b = desktop('bob', 'bob4');
    const old = recordRun(a.store, 4)[0]?.runId as string;
    const recent = recordRun(a.store, 6)[0]?.runId as string;
    const db = new Database(a.path);
    db.prepare('UPDATE runs SET created_at = ? WHERE id = ?').run(Date.now() - 400 * 86_400_000, old);
    db.close();
    expect((await parallax(['sync', '--db', a.path], 'alice4')).code).toBe(0);

    const windowed = await parallax(['sync', '--db', b.path, '--since', '180d'], 'bob4');
    expect(windowed.code, windowed.stderr).toBe(0);
    expect(windowed.stdout).toMatch(/^Window: +runs since \d{4}-\d{2}-\d{2}/m);
    b.reopen();
    expect(b.store.getRun(recent)).not.toBeNull();
    expect(b.store.getRun(old)).toBeNull();

    const bad = await parallax(['sync', '--db', b.path, '--since', 'lately'], 'bob4');
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/--since takes 180d/);

    const all = await parallax(['--json', 'sync', '--db', b.path, '--since', 'all'], 'bob4');
    expect((JSON.parse(all.stdout) as SyncReportView).pulled).toMatchObject({ run: 1, job: 4, result: 4 });
    b.reopen();
    expect(b.store.getRun(old)).not.toBeNull();
  });

  it('a viewer pulls and pushes nothing; its local changes stay here', async () => {
    const c = desktop('carol');
    c.store.saveBrand({ name: 'Carolina', kind: 'brand' });
    const out = await parallax(['sync', '--db', c.path], 'carol');
    expect(out.code, out.stderr).toBe(0);
    expect(out.stdout).toMatch(/\(viewer\)/);
    expect(out.stdout).toMatch(/^Pushed: +nothing \(read-only access; 1 local changes stay here\)$/m);
    expect(await team.count('brands', "t.name = 'Carolina'")).toBe(0);
  });

  it('shows a conflict, lists it with sync conflicts, and resolves it with sync resolve', async () => {
    const a = desktop('alice', 'alice6');
    const b = desktop('bob', 'bob6');
    const brand = a.store.saveBrand({ name: 'Stridex', kind: 'competitor' });
    await parallax(['sync', '--db', a.path], 'alice6');
    await parallax(['sync', '--db', b.path], 'bob6');
    b.reopen();
    a.store.saveBrand({ id: brand.id, name: 'Stridex', kind: 'competitor', aliases: ['Stridex EU'] });
    b.store.saveBrand({ id: brand.id, name: 'Stridex', kind: 'competitor', aliases: ['Stridex US'] });
    await parallax(['sync', '--db', a.path], 'alice6');
    const out = await parallax(['sync', '--db', b.path], 'bob6');
    expect(out.stdout).toMatch(/^Conflicts \(the team’s version won\):$/m);
    expect(out.stdout).toMatch(
      /^ {2}\[\d+\] Brand Stridex was changed by a teammate \(.+\); your edit is kept as a draft\.$/m,
    );
    expect(out.stdout).toMatch(/^Drafts waiting: 1 /m);

    const listed = await parallax(['--json', 'sync', 'conflicts', '--db', b.path], 'bob6');
    const conflicts = JSON.parse(listed.stdout) as SyncConflictView[];
    expect(conflicts).toHaveLength(1);
    const bad = await parallax(['sync', 'resolve', String(conflicts[0]?.id), '--db', b.path], 'bob6');
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/Say --apply or --discard/);
    const resolved = await parallax(
      ['sync', 'resolve', String(conflicts[0]?.id), '--discard', '--db', b.path],
      'bob6',
    );
    expect(resolved.stdout).toMatch(/discarded: the team’s version stays/);
    const none = await parallax(['sync', 'conflicts', '--db', b.path], 'bob6');
    expect(none.stdout).toMatch(/No drafts/);
  });
});

describe('parallax team seed, and a first sync that starts from the seed', { timeout: 240_000 }, () => {
  /** A user data folder that knows the local workspace acme but holds no history of it yet. */
  function newMachine(name: string): string {
    const dir = mkdtempSync(join(tmpdir(), `parallax-seed-cli-${name}-`));
    dirs.push(dir);
    userDirs.set(name, dir);
    createWorkspaceRegistry({
      dataFolder: dir,
      settings: openSettingsStore({ userDataDir: dir }),
      env: {},
    }).create('acme');
    return join(dir, 'workspaces', 'acme', 'parallax.db');
  }

  it('publishes the workspace as a seed; a new machine’s sync starts from it, --no-seed pulls it all', async () => {
    // A team of its own: the others' answers would be in its seed.
    const seeded = await startSyncTeam(server, { alice: 'member' });
    const run = (args: string[], who: string): Promise<Out> => start(args, who, {}, seeded).exited;
    const a = desktop('alice', 'alice7', seeded);
    recordRun(a.store, 40);
    expect((await run(['sync', '--db', a.path], 'alice7')).code).toBe(0);
    const unseeded = await run(['sync', '--db', newMachine('alice12')], 'alice12');
    expect(unseeded.code, unseeded.stderr).toBe(0);
    expect(unseeded.stderr).toMatch(
      /^No seed of workspace acme on the team \(none published, or none this version reads\): this desktop pulls everything itself, .*the team's runner publishes one daily; parallax team seed publishes one now\)\.$/m,
    );

    newMachine('alice8');
    const published = await run(['--json', 'team', 'seed'], 'alice8');
    expect(published.code, published.stderr).toBe(0);
    const seed = JSON.parse(published.stdout) as { answers: number; chunks: number; pulled: number };
    expect(seed).toMatchObject({ answers: 40, pulled: 40, chunks: 1 });
    const words = await run(['team', 'seed'], 'alice8');
    expect(words.stdout).toMatch(/^Published a seed of workspace acme: 40 answers, /m);
    expect(words.stdout).toMatch(/pulled 0 new answers/);

    const history = newMachine('alice9');
    const first = await run(['--json', 'sync'], 'alice9');
    expect(first.code, first.stderr).toBe(0);
    const report = JSON.parse(first.stdout) as SyncReportView & { seed?: { answers: number } };
    expect(report.seed).toMatchObject({ answers: 40 });
    expect(report.pulled['result']).toBeUndefined();
    expect(rows(history, 'SELECT count(*) AS n FROM results')).toEqual([{ n: 40 }]);
    const said = await run(['sync', '--db', newMachine('alice10')], 'alice10');
    expect(said.stderr).toMatch(
      /^Started from the workspace’s seed of .* \(40 answers, .*\); pulling what is newer\.$/m,
    );

    const without = newMachine('alice11');
    const all = await run(['--json', 'sync', '--no-seed'], 'alice11');
    const pulledAll = JSON.parse(all.stdout) as SyncReportView & { seed?: unknown };
    expect(pulledAll.seed).toBeUndefined();
    expect(pulledAll.pulled['result']).toBe(40);
    expect(rows(without, 'SELECT count(*) AS n FROM results')).toEqual([{ n: 40 }]);
    await seeded.close();
  });
});
