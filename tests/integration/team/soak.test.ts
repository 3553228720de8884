import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestPostgres, type TestPostgres } from '../../support/postgres';
import { startSyncTeam } from '../../support/sync-team';
import { runTeamSoak, SOAK_WORKSPACES } from '../../support/team-soak';
import { TABLE_ROWS } from './fixtures';

// The soak's short form: 8 desktops of 4 workspaces syncing for a few rounds while a member of
// one of them misbehaves (tests/support/team-soak.ts). Nothing is lost anywhere; how long pulls
// waited is measured by `npm run bench -- team-soak`, not asserted here.

let server: TestPostgres;
beforeAll(async () => {
  server = await startTestPostgres();
});
afterAll(async () => {
  await server.close();
});

describe('a team soaked by a member who misbehaves', () => {
  it('loses nothing of any workspace, and every well-behaved desktop pulls its teammate’s runs', async () => {
    const figures = await runTeamSoak(server, { rounds: 3, answers: 4, idleLimit: '1s' });
    expect(figures.lost).toEqual(Object.fromEntries(SOAK_WORKSPACES.map((w) => [w, 0])));
    expect(figures.syncs).toBe(24);
    expect(figures.rows).toBe(96);
    for (const workspace of ['w1', 'w2', 'w3']) {
      expect(figures.worstPullDelayMs[workspace]).toBeGreaterThanOrEqual(0);
    }
  }, 180_000);
});

describe('a run pulled before its prompts reached the team', () => {
  it('gets its prompts when its jobs come, so its answers are not refused here', async () => {
    const team = await startSyncTeam(server, { bob: 'member' });
    try {
      const { rows } = await team.owner.query<{ id: string }>(
        "SELECT id FROM parallax.workspaces WHERE slug = 'acme'",
      );
      const acme = rows[0]?.id as string;
      const write = (table: string) =>
        team.owner.query(TABLE_ROWS.find((r) => r.table === table)?.sql as string, [acme, 'late']);
      // A push sends the run, then (another transaction) its prompts: bob pulls in between.
      await write('runs');
      const bob = team.desktop('bob');
      expect((await bob.sync()).pulled['run']).toBe(1);
      await write('run_prompts');
      await write('jobs');
      await write('results');
      const report = await bob.sync();
      expect(report.rejected).toBe(0);
      expect(report.pulled['result']).toBe(1);
      expect(bob.store.replica.answerCount()).toBe(1);
    } finally {
      await team.close();
    }
  }, 60_000);
});
