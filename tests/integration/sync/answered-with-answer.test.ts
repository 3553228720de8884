import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countRows } from '../../support/history-tables';
import type { SyncProgress } from '../../../src/core/team/sync';
import { TeamError } from '../../../src/core/team/server';
import { startTestPostgres, type TestPostgres } from '../../support/postgres';
import { recordRun, startSyncTeam, type SyncTeam } from '../../support/sync-team';

// A job is never on the team, nor on a desktop that pulls it, as answered without its
// answer: not while a push goes batch by batch, not after a push cut between its jobs and its
// results, not between two pages of a pull nor after a pull cut, and not when a teammate pushes
// an answered job after a pull's results went by. Real PostgreSQL, real history files; the
// server is stopped (a fast shutdown cuts the connections) between two batches.

let server: TestPostgres;
let team: SyncTeam;
const TUNING = { pushBatch: 100, pullBatch: 50 };

const UNANSWERED = `t.job_state = 'succeeded' AND NOT EXISTS (SELECT 1 FROM parallax.results r
  WHERE r.workspace_id = t.workspace_id AND r.job_id = t.id)`;

/** Jobs this history holds as answered without their answer (read as another process would). */
function unansweredHere(path: string): number {
  const db = new Database(path, { readonly: true });
  try {
    return db
      .prepare(
        `SELECT count(*) FROM jobs j WHERE j.job_state = 'succeeded'
           AND NOT EXISTS (SELECT 1 FROM results r WHERE r.job_id = j.id)`,
      )
      .pluck()
      .get() as number;
  } finally {
    db.close();
  }
}

/** Runs a sync whose progress `at` sees after each batch; resolves to its error, or null. */
async function syncCut(
  sync: (options: { onProgress: (p: SyncProgress) => void; pause: () => Promise<void> }) => Promise<unknown>,
  at: (last: SyncProgress | null) => Promise<void>,
): Promise<unknown> {
  let last: SyncProgress | null = null;
  return sync({
    onProgress: (p) => {
      last = p;
    },
    pause: () => at(last),
  }).then(
    () => null,
    (error: unknown) => error,
  );
}

beforeAll(async () => {
  server = await startTestPostgres();
  team = await startSyncTeam(server, { alice: 'member', bob: 'member', carol: 'member' });
});
afterAll(async () => {
  await team?.close();
  await server?.close();
});

describe('a job answered on the team comes with its answer', () => {
  it('a push cut after a batch of jobs leaves no answered job without its answer; the next push sends the rest once', async () => {
    const a = team.desktop('alice');
    recordRun(a.store, 300);
    const seen: number[] = [];
    let cutAt: SyncProgress | null = null;
    const cut = await syncCut(
      (hooks) => a.sync({ tuning: TUNING, ...hooks }),
      async (last) => {
        seen.push(await team.count('jobs', UNANSWERED));
        if (cutAt === null && last?.phase === 'push' && last.kind === 'job') {
          cutAt = last;
          await server.stop();
        }
      },
    );
    await server.start();
    expect(cutAt).not.toBeNull();
    expect(cut).toBeInstanceOf(TeamError);
    expect((cut as TeamError).kind).toBe('unreachable');
    // What another desktop would have pulled at any of those moments, and what the cut left.
    expect(seen.filter((n) => n > 0)).toEqual([]);
    expect(await team.count('jobs', UNANSWERED)).toBe(0);
    const partial = await team.count('results');
    expect(partial).toBeGreaterThan(0);
    expect(partial).toBeLessThan(300);

    const resumed = await a.sync({ tuning: TUNING });
    expect(resumed.pushed['result']).toBe(300 - partial);
    expect(await team.count('jobs')).toBe(300);
    expect(await team.count('results')).toBe(300);
    expect(await team.count('jobs', UNANSWERED)).toBe(0);
    expect(countRows(a.path, 'sync_outbox')).toBe(0);
  });

  it('a pulling desktop never holds an answered job without its answer, between pages or after a cut', async () => {
    const b = team.desktop('bob');
    const seen: number[] = [];
    let cut = false;
    const error = await syncCut(
      (hooks) => b.sync({ tuning: TUNING, ...hooks }),
      async (last) => {
        seen.push(unansweredHere(b.path));
        if (!cut && last?.phase === 'pull' && last.kind === 'job') {
          cut = true;
          await server.stop();
        }
      },
    );
    await server.start();
    expect(cut).toBe(true);
    expect(error).toBeInstanceOf(TeamError);
    expect(seen.length).toBeGreaterThan(1);
    expect(seen.filter((n) => n > 0)).toEqual([]);
    expect(unansweredHere(b.path)).toBe(0);

    await b.sync({ tuning: TUNING });
    expect(unansweredHere(b.path)).toBe(0);
    expect(countRows(b.path, 'results')).toBe(300);
  });

  it('a job pushed answered after a pull’s results went by arrives there with its answer', async () => {
    const a = team.desktop('alice', 'a-later');
    const c = team.desktop('carol');
    const seen: number[] = [];
    let pushed = false;
    const error = await syncCut(
      (hooks) => c.sync({ tuning: TUNING, ...hooks }),
      async (last) => {
        seen.push(unansweredHere(c.path));
        if (!pushed && last?.phase === 'pull' && last.kind === 'job') {
          // The results' pass is over: a teammate's answered jobs and answers land now.
          pushed = true;
          recordRun(a.store, 40);
          await a.sync({ tuning: TUNING, pull: false });
        }
      },
    );
    expect(error).toBeNull();
    expect(pushed).toBe(true);
    expect(seen.filter((n) => n > 0)).toEqual([]);
    expect(unansweredHere(c.path)).toBe(0);
    expect(await team.count('results')).toBe(340);
    expect(countRows(c.path, 'results')).toBe(340);
  });
});
