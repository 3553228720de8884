import Database from 'better-sqlite3';
import { existsSync, readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  installSeed,
  publishSeed,
  SeedRefused,
  SyncError,
  type PublishSeedOptions,
  type PublishSeedReport,
  type SeedSkipped,
} from '../../../src/core/team/sync';
import { historyTables } from '../../support/history-tables';
import { published } from '../../support/published-seed';
import { startTestPostgres, type TestPostgres } from '../../support/postgres';
import {
  recordRun,
  recordTwoDaysWithBrands,
  startSyncTeam,
  type Desktop,
  type SyncTeam,
  withoutHistory,
} from '../../support/sync-team';

// Workspace seeds (team schema 004, src/core/team/sync/seed-*.ts) against a real PostgreSQL, with real
// history files: a member publishes the workspace's history as a seed; a new desktop installs
// it and syncs only what is newer, ending with the same rows in every table as a desktop that
// pulled everything; two desktops made from one seed see each other's answers; a seed that is
// damaged, of another schema version, with a trigger of its own, or half-published is never
// installed, and leaves nothing; one replaced by a newer seed during its download still installs.

let server: TestPostgres;
let team: SyncTeam;
let alice: Desktop;
const TUNING = { pushBatch: 1000, pullBatch: 200 };
const SMALL_CHUNKS = 256 * 1024;

beforeAll(async () => {
  server = await startTestPostgres();
  team = await startSyncTeam(server, {
    alice: 'member',
    seeder: 'member',
    carol: 'member',
    dave: 'member',
    erin: 'member',
    vera: 'viewer',
  });
  alice = team.desktop('alice');
  await recordTwoDaysWithBrands(alice);
}, 120_000);
afterAll(async () => {
  await team?.close();
  await server?.close();
});

/** A desktop whose history for the workspace does not exist yet (a new teammate's). */
function newDesktop(role: string, name = role): Desktop {
  return withoutHistory(team.desktop(role, name));
}

type PublishExtra = Pick<PublishSeedOptions, 'signal' | 'ifOlderThanMs' | 'now'>;

/** A publication from the desktop's folder: published, or skipped (busy, fresh). */
function publishOrSkip(desktop: Desktop, extra: PublishExtra = {}): Promise<PublishSeedReport | SeedSkipped> {
  const replicaPath = join(dirname(desktop.path), 'seed-replica.db');
  return desktop.team.withTeam((session) =>
    publishSeed(session, {
      replicaPath,
      workspace: team.workspace,
      appVersion: 'test',
      chunkBytes: SMALL_CHUNKS,
      ...extra,
    }),
  );
}

const publish = async (desktop: Desktop, extra: PublishExtra = {}): Promise<PublishSeedReport> =>
  published(await publishOrSkip(desktop, extra));

const install = (desktop: Desktop) =>
  desktop.team.withTeam((session) => installSeed(session, { path: desktop.path, workspace: team.workspace }));

/** Files left in a desktop's folder besides its history (a seed's download never stays). */
const strays = (desktop: Desktop): string[] =>
  readdirSync(dirname(desktop.path)).filter((f) => f.includes('.seed-'));

describe('workspace seeds', () => {
  let seeder: Desktop;
  let seeded: PublishSeedReport;

  it('a member publishes the workspace as a seed: its replica pulls everything, in several chunks', async () => {
    seeder = team.desktop('seeder');
    seeded = await publish(seeder);
    expect(seeded.answers).toBe(800);
    expect(seeded.pulled).toBe(800);
    expect(seeded.chunks).toBeGreaterThan(2);
    expect(await team.count('workspace_seeds', 'complete')).toBe(1);
  }, 120_000);

  it('a new desktop installs it, then pulls only what is newer: the same rows as a desktop that pulled all', async () => {
    recordRun(alice.store, 60);
    await alice.sync({ pull: false });
    const dave = newDesktop('dave');
    const installed = await install(dave);
    expect(installed).toMatchObject({ seedId: seeded.seedId, answers: 800 });
    expect(strays(dave)).toEqual([]);
    dave.reopen();
    const report = await dave.sync({ tuning: TUNING });
    expect(report.pulled['result']).toBe(60);
    const carol = team.desktop('carol');
    await carol.sync({ tuning: TUNING });
    dave.store.close();
    carol.store.close();
    const mine = historyTables(dave.path);
    const theirs = historyTables(carol.path);
    expect(mine['results']?.length).toBe(860);
    expect(Object.keys(mine)).toEqual(Object.keys(theirs));
    // SQLite's own bookkeeping (autoincrement high-water marks, the planner's statistics) follows
    // each file's own past, not its rows.
    const bookkeeping = new Set(['sqlite_sequence', 'sqlite_stat1']);
    for (const name of Object.keys(theirs).filter((n) => !bookkeeping.has(n)))
      expect(mine[name], name).toEqual(theirs[name]);
    dave.reopen();
    carol.reopen();
  }, 180_000);

  it('two desktops made from one seed are two desktops: each pulls what the other pushed', async () => {
    const dave = newDesktop('dave', 'dave-2');
    const erin = newDesktop('erin');
    await install(dave);
    await install(erin);
    dave.reopen();
    erin.reopen();
    await dave.sync({ tuning: TUNING });
    await erin.sync({ tuning: TUNING });
    expect(dave.store.replica.origin()).not.toBe(erin.store.replica.origin());
    recordRun(dave.store, 25);
    await dave.sync({ tuning: TUNING });
    const pulled = await erin.sync({ tuning: TUNING });
    expect(pulled.pulled['result']).toBe(25);
  }, 180_000);

  it('refuses a damaged seed and leaves no file: the sync then pulls everything itself', async () => {
    const published = await server.query<{ data: Buffer }>(
      'SELECT data FROM parallax.workspace_seed_chunks WHERE seed_id = $1 AND n = 1',
      [seeded.seedId],
      team.database,
    );
    // Another chunk's bytes in place of chunk 1: a valid zstd frame, the wrong file.
    await server.query(
      `UPDATE parallax.workspace_seed_chunks SET data = (SELECT data FROM parallax.workspace_seed_chunks
        WHERE seed_id = $1 AND n = 2) WHERE seed_id = $1 AND n = 1`,
      [seeded.seedId],
      team.database,
    );
    const frank = newDesktop('carol', 'frank');
    await expect(install(frank)).rejects.toThrow(SeedRefused);
    expect(existsSync(frank.path)).toBe(false);
    expect(strays(frank)).toEqual([]);
    await server.query(
      'UPDATE parallax.workspace_seed_chunks SET data = $2 WHERE seed_id = $1 AND n = 1',
      [seeded.seedId, published.rows[0]?.data],
      team.database,
    );
  });

  it("offers only a seed of this version's schema (none runs an upgrade over another's file)", async () => {
    for (const step of [1, -1]) {
      await server.query(
        'UPDATE parallax.workspace_seeds SET schema_version = schema_version + $1',
        [step],
        team.database,
      );
      try {
        expect(await install(newDesktop('carol', `gina${step}`))).toBeNull();
      } finally {
        await server.query(
          'UPDATE parallax.workspace_seeds SET schema_version = schema_version - $1',
          [step],
          team.database,
        );
      }
    }
  });

  it('refuses a seed whose schema has a trigger a new history has not (it would run on this desktop)', async () => {
    const replicaPath = join(dirname(seeder.path), 'trojan-replica.db');
    const publishFrom = () =>
      seeder.team.withTeam((session) =>
        publishSeed(session, { replicaPath, workspace: team.workspace, appVersion: 'test' }),
      );
    await publishFrom();
    const db = new Database(replicaPath);
    db.exec(`CREATE TRIGGER brands_wipe AFTER INSERT ON brands BEGIN DELETE FROM results; END`);
    db.close();
    await publishFrom();
    const hank = newDesktop('carol', 'hank');
    await expect(install(hank)).rejects.toThrow(/trigger brands_wipe/);
    expect(existsSync(hank.path)).toBe(false);
    expect(strays(hank)).toEqual([]);
  }, 120_000);

  it('a publication cut half-way shows no seed; the next one completes and deletes the others', async () => {
    const stop = new AbortController();
    const cut = seeder.team.withTeam((session) =>
      publishSeed(session, {
        replicaPath: join(dirname(seeder.path), 'seed-replica.db'),
        workspace: team.workspace,
        appVersion: 'test',
        chunkBytes: SMALL_CHUNKS,
        signal: stop.signal,
        onProgress: (p) => {
          if (p.phase === 'upload') stop.abort();
        },
      }),
    );
    await expect(cut).rejects.toThrow(SyncError);
    expect(await team.count('workspace_seeds')).toBe(2);
    expect(await team.count('workspace_seeds', 'complete')).toBe(1);
    const again = await publish(seeder);
    expect(again.pulled).toBe(0);
    expect(await team.count('workspace_seeds')).toBe(1);
    const dave = newDesktop('dave', 'dave-3');
    expect((await install(dave))?.seedId).toBe(again.seedId);
  }, 180_000);

  it('one publisher at a time per workspace, and none while its seed is recent enough', async () => {
    const completeSeeds = async (): Promise<string[]> =>
      (
        await team.owner.query<{ id: string }>(
          'SELECT id::text AS id FROM parallax.workspace_seeds WHERE complete',
        )
      ).rows.map((r) => r.id);
    const before = await completeSeeds();
    expect(before).toHaveLength(1);
    // Another publisher at work (a server's timer beside a runner) holds the workspace's lock.
    const lock = `hashtext('parallax.workspace_seed'), hashtext((SELECT id::text FROM parallax.workspaces WHERE slug = $1))`;
    await team.owner.query(`SELECT pg_advisory_lock(${lock})`, [team.workspace]);
    try {
      expect(await publishOrSkip(seeder)).toEqual({
        skipped: 'busy',
        workspace: team.workspace,
        newestAt: null,
      });
    } finally {
      await team.owner.query(`SELECT pg_advisory_unlock(${lock})`, [team.workspace]);
    }
    expect(await completeSeeds()).toEqual(before);
    // The newest seed is minutes old: a publication due hourly skips it, and one 2 hours later runs.
    const hour = 3_600_000;
    const fresh = await publishOrSkip(seeder, { ifOlderThanMs: hour });
    expect(fresh).toMatchObject({ skipped: 'fresh', workspace: team.workspace });
    expect(Date.now() - ((fresh as SeedSkipped).newestAt ?? 0)).toBeLessThan(hour);
    expect(await completeSeeds()).toEqual(before);
    const later = await publish(seeder, { ifOlderThanMs: hour, now: () => Date.now() + 2 * hour });
    expect(later.pulled).toBe(0);
    expect(await completeSeeds()).toEqual([later.seedId]);
  }, 120_000);

  it('a viewer may install a seed but not publish one', async () => {
    const vera = newDesktop('vera');
    expect((await install(vera))?.answers).toBeGreaterThan(0);
    await expect(publish(team.desktop('vera', 'vera-2'))).rejects.toThrow(/takes member access/);
    // Nor by hand: the table's policy refuses it.
    await expect(
      vera.team.withTeam((session) =>
        session.client.query(
          `INSERT INTO parallax.workspace_seeds (workspace_id, schema_version, app_version, bytes)
            SELECT id, 1, 'x', 1 FROM parallax.workspaces`,
        ),
      ),
    ).rejects.toThrow();
  });

  it('a newer seed completed during a download (which deletes the older one) does not cut it', async () => {
    const downloading = (
      await team.owner.query<{ id: string; chunks: number }>(
        'SELECT id::text AS id, chunks FROM parallax.workspace_seeds WHERE complete',
      )
    ).rows[0];
    expect(downloading?.chunks).toBeGreaterThan(2);
    // What completing a newer seed does to this one (complete_seed), committed once the
    // download has its first chunk.
    await team.owner.query('BEGIN');
    await team.owner.query('DELETE FROM parallax.workspace_seeds WHERE id = $1', [downloading?.id]);
    let committed: Promise<unknown> | null = null;
    const ivan = newDesktop('carol', 'ivan');
    const installed = await ivan.team.withTeam((session) =>
      installSeed(session, {
        path: ivan.path,
        workspace: team.workspace,
        onProgress: () => {
          committed ??= team.owner.query('COMMIT');
        },
      }),
    );
    await committed;
    expect(await team.count('workspace_seeds')).toBe(0);
    expect(installed?.seedId).toBe(downloading?.id);
    ivan.reopen();
    expect(ivan.store.replica.answerCount()).toBe(installed?.answers);
  });
});
