import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openSettingsStore } from '../../../src/core/platform/settings';
import { openHistory } from '../../../src/core/history';
import { startAheadPool } from '../../../src/core/positioning/positioning';
import {
  createAheadThreads,
  createBackgroundSync,
  type AheadJudge,
  type BackgroundSync,
} from '../../../src/core/team/sync';
import { createTeamService } from '../../../src/core/team/server';
import type { SyncStatusView } from '../../../src/shared/ipc/channels/sync';
import { POSITIONING_WORKER } from '../../support/judge-threads';
import { createMemorySecretStore } from '../../support/memory-secret-store';
import { startTestPostgres, type TestPostgres } from '../../support/postgres';
import { recordRun, startSyncTeam, type Desktop, type SyncTeam } from '../../support/sync-team';

// The app's background sync against a real PostgreSQL: the states the sidebar shows (syncing
// with progress, synced, offline with a retry, off without a team), a run recorded while the
// server is down pushed once it is back (0 lost, 0 doubled), and requests that overlap a sync
// folded into one more.

let server: TestPostgres;
let team: SyncTeam;
const services: BackgroundSync[] = [];
const dirs: string[] = [];

function background(desktop: Desktop, statuses: SyncStatusView[], judge?: AheadJudge): BackgroundSync {
  const service = createBackgroundSync({
    ...(judge ? { judge } : {}),
    team: desktop.team,
    store: () => desktop.store,
    workspace: () => team.workspace,
    windowDays: () => null,
    now: Date.now,
    onStatus: (s) => statuses.push(s),
    retryMs: 60_000,
  });
  services.push(service);
  return service;
}

beforeAll(async () => {
  server = await startTestPostgres();
  team = await startSyncTeam(server, { alice: 'member' });
});
afterAll(async () => {
  for (const s of services) await s.close();
  await team?.close();
  await server?.close();
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

describe('background sync', () => {
  it('syncs, then shows offline with a retry while the server is down; a run recorded meanwhile goes up later', async () => {
    const a = team.desktop('alice');
    const statuses: SyncStatusView[] = [];
    const sync = background(a, statuses);
    recordRun(a.store, 300);
    const first = await sync.syncNow();
    expect(first.state).toBe('idle');
    expect(first.lastSyncedAt).not.toBeNull();
    expect(first.last?.pushed).toMatchObject({ run: 1, result: 300 });
    expect(statuses.some((s) => s.state === 'syncing')).toBe(true);
    expect(await team.count('results')).toBe(300);

    await server.stop();
    try {
      const jobs = recordRun(a.store, 40);
      // Reading works offline: the run is here.
      expect(a.store.getRun(jobs[0]?.runId as string)?.status).toBe('completed');
      const offline = await sync.syncNow();
      expect(offline.state).toBe('offline');
      expect(offline.error).toMatch(/cannot be reached/);
      expect(offline.retryAt).toBeGreaterThan(Date.now());
      expect(offline.pending).toBeGreaterThan(40);
    } finally {
      await server.start();
    }
    const back = await sync.syncNow();
    expect(back.state).toBe('idle');
    expect(back.pending).toBe(0);
    expect(back.last?.pushed).toMatchObject({ run: 1, result: 40 });
    expect(await team.count('results')).toBe(340);
    expect(await team.count('result_keys')).toBe(340);
  });

  it('prepares a pull’s answers ahead on other threads, as `parallax sync` does', async () => {
    const threads = createAheadThreads(() => startAheadPool(POSITIONING_WORKER));
    let packed = 0;
    const counting: AheadJudge = {
      judgeBatch: (inputs, signal) => threads.judgeBatch(inputs, signal),
      async packDocs(docs) {
        packed += docs.length;
        return (await threads.packDocs?.(docs)) ?? [];
      },
    };
    try {
      const a = team.desktop('alice', 'a-ahead');
      const synced = await background(a, [], counting).syncNow();
      expect(synced.state).toBe('idle');
      expect(synced.last?.pulled).toMatchObject({ result: 340 });
      // The app's pages are 200 answers: the first went to the threads, the last 140 (too few
      // to be worth it) were packed by ingest.
      expect(packed).toBe(200);
    } finally {
      await threads.close();
    }
  });

  it('folds requests made during a sync into one more sync', async () => {
    const a = team.desktop('alice', 'a2');
    const statuses: SyncStatusView[] = [];
    const sync = background(a, statuses);
    const all = await Promise.all([sync.syncNow(), sync.syncNow(), sync.syncNow()]);
    expect(all.map((s) => s.state)).toEqual(['idle', 'idle', 'idle']);
    expect(statuses.filter((s) => s.state === 'syncing' && s.progress?.total === 0).length).toBe(2);
  });

  it('wakes on a teammate’s write (LISTEN/NOTIFY) without waiting for its timer', async () => {
    const listeners = async (): Promise<number> =>
      Number(
        (
          await server.query<{ n: string }>(
            "SELECT count(*) AS n FROM pg_stat_activity WHERE query LIKE 'LISTEN%'",
            [],
            team.database,
          )
        ).rows[0]?.n,
      );
    const before = await listeners();
    const a = team.desktop('alice', 'a3');
    const b = team.desktop('alice', 'b3');
    const statuses: SyncStatusView[] = [];
    const sync = background(a, statuses);
    expect((await sync.syncNow()).state).toBe('idle');
    const synced = statuses.filter((s) => s.state === 'idle').length;
    // The listening connection is opened after the sync: wait until the server has it.
    await expect.poll(listeners, { timeout: 20_000 }).toBeGreaterThan(before);
    b.store.saveBrand({ name: 'Notifia', kind: 'brand' });
    await b.sync();
    // The sync the NOTIFY started ends (the brand itself comes in its first step).
    await expect
      .poll(() => statuses.filter((s) => s.state === 'idle').length, { timeout: 20_000 })
      .toBeGreaterThan(synced);
    expect(a.store.listBrands().map((x) => x.name)).toContain('Notifia');
  });

  it('is off without a team', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'parallax-bg-off-'));
    dirs.push(dir);
    const store = openHistory({ path: join(dir, 'parallax.db') });
    const statuses: SyncStatusView[] = [];
    const service = createBackgroundSync({
      team: createTeamService({
        settings: openSettingsStore({ userDataDir: dir }),
        passwords: createMemorySecretStore(),
        env: {},
        now: Date.now,
      }),
      store: () => store,
      workspace: () => 'default',
      windowDays: () => null,
      now: Date.now,
      onStatus: (s) => statuses.push(s),
    });
    services.push(service);
    try {
      expect((await service.syncNow()).state).toBe('off');
      expect(store.getMeta('sync.capture')).toBeNull();
    } finally {
      await service.close();
      store.close();
    }
  });
});
