import { describe, expect, it } from 'vitest';
import { recordRun } from '../../support/sync-team';
import { teamForThisFile } from '../../support/team-for-file';

// The team's results are partitioned by month, and the first push of a month's answers creates
// its partition (parallax.ensure_result_months, one creator at a time under an advisory lock).
// Two pushes that need a month nobody has made yet must both get through, whatever their order:
// 8 runners starting a new month once deadlocked each other's pushes over and over (each job
// batch made the month inside its own transaction, holding its jobs' locks that the attach
// waits for). Real PostgreSQL; the two pushes are lined up on the creators' lock so they meet.

const CREATOR_LOCK = "hashtext('parallax.ensure_result_months')";
// A month no test pushes answers of before this one: its partition does not exist yet.
const NEW_MONTH = Date.UTC(2031, 2, 10);

const shared = teamForThisFile({ alice: 'member', bob: 'member' });

async function waitersOnCreatorLock(): Promise<number> {
  const { rows } = await shared.team.owner.query<{ n: string }>(
    "SELECT count(*) AS n FROM pg_locks WHERE locktype = 'advisory' AND NOT granted",
  );
  return Number(rows[0]?.n ?? 0);
}

describe('answers of a month without its partition, pushed by two desktops at once', () => {
  it('both pushes get through and the month is made once, with every answer in it', async () => {
    const { team } = shared;
    const a = team.desktop('alice');
    const b = team.desktop('bob');
    await a.sync();
    await b.sync();
    recordRun(a.store, 20, { fetchedAt: NEW_MONTH });
    recordRun(b.store, 20, { fetchedAt: NEW_MONTH + 86_400_000 });

    // Held by the owner, so both pushes reach the creators' lock before either makes the month.
    await team.owner.query(`SELECT pg_advisory_lock(${CREATOR_LOCK})`);
    const pushes = [a.sync({ pull: false }), b.sync({ pull: false })];
    // A push that failed before reaching the lock ends the wait as well.
    const settled = Promise.allSettled(pushes);
    let done = false;
    void settled.then(() => (done = true));
    while (!done && (await waitersOnCreatorLock()) < 2) await new Promise((r) => setTimeout(r, 20));
    await team.owner.query(`SELECT pg_advisory_unlock(${CREATOR_LOCK})`);

    const outcomes = await settled;
    expect(outcomes.map((o) => (o.status === 'rejected' ? String(o.reason) : 'pushed'))).toEqual([
      'pushed',
      'pushed',
    ]);
    const reports = await Promise.all(pushes);
    expect(reports.map((r) => r.pushed['result'])).toEqual([20, 20]);
    expect(await team.count('results')).toBe(40);
    const { rows } = await team.owner.query<{ n: string }>(
      "SELECT count(*) AS n FROM parallax.results_2031_03 WHERE workspace_id = (SELECT id FROM parallax.workspaces WHERE slug = 'acme')",
    );
    expect(Number(rows[0]?.n)).toBe(40);
    const { rows: stray } = await team.owner.query<{ n: string }>(
      'SELECT count(*) AS n FROM parallax.results_default',
    );
    expect(Number(stray[0]?.n)).toBe(0);
  });
});
