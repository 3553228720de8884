import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  claimDue,
  ensureSchedules,
  finishClaim,
  heartbeat,
  takeOverExpired,
  type Claim,
  type ClaimOptions,
  type RunnerIdentity,
} from '../../../src/core/team/runner';
import { openTeamClient, parseTeamUrl, type TeamClient } from '../../../src/core/team/server';
import { startTestPostgres, type TestPostgres } from '../../support/postgres';
import { startSyncTeam, type SyncTeam } from '../../support/sync-team';

// The claim protocol on a real PostgreSQL: eight connections (one per runner) race for 200 due
// monitors; each due slot is claimed exactly once. A claim whose lease passes is taken over by
// another runner (the same run id), and the first runner's heartbeat then says it lost it.

let server: TestPostgres;
let team: SyncTeam;
let workspaceId = '';
const clients: TeamClient[] = [];

beforeAll(async () => {
  server = await startTestPostgres();
  team = await startSyncTeam(server, { runner: 'member' });
  const { rows } = await team.owner.query<{ id: string }>(
    'SELECT id::text FROM parallax.workspaces WHERE slug = $1',
    [team.workspace],
  );
  workspaceId = rows[0]?.id ?? '';
});
afterAll(async () => {
  for (const c of clients) await c.end();
  await team?.close();
  await server?.close();
});

async function connect(): Promise<TeamClient> {
  const client = await openTeamClient(
    parseTeamUrl(server.url(team.database, team.roles['runner'], { sslmode: 'disable' })),
  );
  clients.push(client);
  return client;
}

async function addMonitors(count: number, prefix: string, createdAt: number): Promise<void> {
  await team.owner.query(
    `INSERT INTO parallax.monitors (workspace_id, id, name, spec_json, cadence, created_at, updated_at)
      SELECT $1, $2 || i, 'Monitor ' || i, '{}'::jsonb, 'daily', $3, $3 FROM generate_series(1, $4) i`,
    [workspaceId, prefix, createdAt, count],
  );
}

const runner = (n: number): RunnerIdentity => ({ id: `runner-${n}`, host: 'test-host', pid: 1000 + n });
const options = (n: number, leaseMs = 60_000): ClaimOptions => ({
  runner: runner(n),
  workspaceIds: [workspaceId],
  leaseMs,
  limit: 3,
});

describe('claiming due monitors', () => {
  it('8 runners racing for 200 due monitors claim each due slot exactly once', async () => {
    await addMonitors(200, 'race-', Date.now() - 2 * 86_400_000);
    const runners = await Promise.all(Array.from({ length: 8 }, () => connect()));
    expect(await ensureSchedules(runners[0] as TeamClient, [workspaceId])).toBe(200);
    // A second runner seeing the same monitors adds nothing.
    expect(await ensureSchedules(runners[1] as TeamClient, [workspaceId])).toBe(0);
    const claimed = await Promise.all(
      runners.map(async (client, n) => {
        const mine: Claim[] = [];
        for (;;) {
          const batch = await claimDue(client, options(n));
          if (batch.length === 0) return mine;
          mine.push(...batch);
        }
      }),
    );
    const all = claimed.flat();
    expect(all).toHaveLength(200);
    expect(new Set(all.map((c) => c.monitorId)).size).toBe(200);
    // Every runner got some: SKIP LOCKED spreads the work instead of queueing it.
    expect(claimed.filter((c) => c.length > 0).length).toBeGreaterThan(1);
    const { rows } = await team.owner.query<{ n: string; monitors: string; future: string }>(
      `SELECT count(*) AS n, count(DISTINCT monitor_id) AS monitors,
          (SELECT count(*) FROM parallax.monitor_schedule WHERE monitor_id LIKE 'race-%'
             AND next_due_at > (extract(epoch FROM now()) * 1000)::bigint) AS future
        FROM parallax.runner_claims WHERE monitor_id LIKE 'race-%'`,
    );
    expect(rows[0]).toEqual({ n: '200', monitors: '200', future: '200' });
    // Nothing is due any more: the next slot is a day later.
    expect(await claimDue(runners[0] as TeamClient, options(0))).toEqual([]);
  });

  it('a claim whose lease passed is taken over once, with its run; the first holder learns it lost it', async () => {
    await addMonitors(1, 'lease-', Date.now() - 2 * 86_400_000);
    const [a, b, c] = [await connect(), await connect(), await connect()];
    await ensureSchedules(a, [workspaceId]);
    const [claim] = await claimDue(a, { ...options(1), limit: 10 });
    expect(claim?.monitorId).toBe('lease-1');
    const held = claim as Claim;
    await a.query(`UPDATE parallax.runner_claims SET run_id = 'run-1' WHERE monitor_id = 'lease-1'`);
    // Within the lease nobody takes it.
    expect(await takeOverExpired(b, options(2))).toEqual([]);
    // The lease passes (moved back on the server's clock rather than waited for, so a loaded
    // machine cannot make the claim expire before the check above).
    await a.query(
      `UPDATE parallax.runner_claims SET lease_until = now() - interval '1 second' WHERE monitor_id = 'lease-1'`,
    );
    const [taken, twice] = await Promise.all([
      takeOverExpired(b, options(2)),
      takeOverExpired(c, options(3)),
    ]);
    const all = [...taken, ...twice];
    expect(all).toEqual([{ ...held, runId: 'run-1', takeovers: 1 }]);
    expect(await heartbeat(a, [held], runner(1), 60_000)).toEqual([held]);
    const winner = taken.length > 0 ? 2 : 3;
    expect(await heartbeat(winner === 2 ? b : c, all, runner(winner), 60_000)).toEqual([]);
    // Only the holder closes it.
    const outcome = { state: 'finished' as const, answers: 3, credits: 15, note: null };
    expect(await finishClaim(a, held, runner(1), outcome)).toBe(false);
    // The runner that took it over closes it, whichever of the two won the race.
    expect(
      await finishClaim(winner === 2 ? b : c, { ...held, runId: 'run-1' }, runner(winner), outcome),
    ).toBe(true);
  });
});
