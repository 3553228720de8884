import { describe, expect, it } from 'vitest';
import { recordRun } from '../../support/sync-team';
import { teamForThisFile } from '../../support/team-for-file';

// The team's results are partitioned by month, and the first push of a month's answers creates
// its partition (parallax.ensure_result_months, one creator at a time under a table lock).
// Two pushes that need a month nobody has made yet must both get through, whatever their order:
// 8 runners starting a new month once deadlocked each other's pushes over and over (each job
// batch made the month inside its own transaction, holding its jobs' locks that the attach
// waits for). Real PostgreSQL; the two pushes are lined up on the creators' lock so they meet.

// A month no test pushes answers of before this one: its partition does not exist yet. Next
// month, as a desktop whose clock runs a little ahead would fetch: the server makes only months
// near the present (schema version 6).
const today = new Date();
const NEW_MONTH = Date.UTC(today.getUTCFullYear(), today.getUTCMonth() + 1, 10);
const NEW_PARTITION = `results_${new Date(NEW_MONTH).toISOString().slice(0, 7).replace('-', '_')}`;

const shared = teamForThisFile({ alice: 'member', bob: 'member' });

async function waitersOnCreatorLock(): Promise<number> {
  const { rows } = await shared.team.owner.query<{ n: string }>(
    "SELECT count(*) AS n FROM pg_locks WHERE relation = 'parallax.result_month_creator'::regclass AND NOT granted",
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
    const pushes: Array<ReturnType<typeof a.sync>> = [];
    let settled: Promise<PromiseSettledResult<Awaited<ReturnType<typeof a.sync>>>[]> = Promise.resolve([]);
    await team.owner.transaction(async () => {
      await team.owner.query('LOCK TABLE parallax.result_month_creator IN SHARE ROW EXCLUSIVE MODE');
      pushes.push(a.sync({ pull: false }), b.sync({ pull: false }));
      // A push that failed before reaching the lock ends the wait as well.
      settled = Promise.allSettled(pushes);
      let done = false;
      void settled.then(() => (done = true));
      while (!done && (await waitersOnCreatorLock()) < 2) await new Promise((r) => setTimeout(r, 20));
    });

    const outcomes = await settled;
    expect(outcomes.map((o) => (o.status === 'rejected' ? String(o.reason) : 'pushed'))).toEqual([
      'pushed',
      'pushed',
    ]);
    const reports = await Promise.all(pushes);
    expect(reports.map((r) => r.pushed['result'])).toEqual([20, 20]);
    expect(await team.count('results')).toBe(40);
    const { rows } = await team.owner.query<{ n: string }>(
      `SELECT count(*) AS n FROM parallax.${NEW_PARTITION} WHERE workspace_id = (SELECT id FROM parallax.workspaces WHERE slug = 'acme')`,
    );
    expect(Number(rows[0]?.n)).toBe(40);
    const { rows: stray } = await team.owner.query<{ n: string }>(
      'SELECT count(*) AS n FROM parallax.results_default',
    );
    expect(Number(stray[0]?.n)).toBe(0);
  });
});
