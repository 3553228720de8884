import Database from 'better-sqlite3';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startRunnerWorld, type RunnerWorld } from '../../support/runner-world';

// A runner killed with SIGKILL in the middle of a monitor's run, after some of its answers
// reached the team: while its lease holds nobody else runs the slot; once it passed, another
// runner takes the claim over and finishes THE SAME run. Nothing is lost (every job has its
// answer), nothing doubled (one result per job, one run for the monitor), and the credits the
// team records equal what the sandbox charged: the async tasks the dead runner created are
// collected under their idempotency keys, not paid again.

// Child processes start in seconds each on a loaded 2-core machine.
vi.setConfig({ testTimeout: 240_000 });

let world: RunnerWorld;
beforeAll(async () => {
  world = await startRunnerWorld({ plan: 'Lite', latencyMs: 1500 });
}, 120_000);
afterAll(async () => {
  await world?.close();
});

async function until(check: () => Promise<boolean>, timeoutMs = 120_000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe('a runner stopped mid-run', () => {
  it('is finished by another runner after its lease: 0 lost, 0 duplicates, credits exact', async () => {
    await world.addMonitors(1, { prompts: 60, mode: 'async', prefix: 'kill' });
    const first = world.spawnRunner(1, ['--json', '--lease', '10', '--poll', '1']);
    await until(async () => (await world.figures()).results >= 5);
    first.child.kill('SIGKILL');
    expect((await first.exited).signal).toBe('SIGKILL');
    const atKill = await world.figures();
    expect(atKill.results).toBeLessThan(60);
    expect(atKill.claims).toEqual({ running: 1 });

    // The lease still holds: another runner leaves the slot alone.
    const early = world.spawnRunner(2, ['--once', '--lease', '3']);
    expect((await early.exited).code).toBe(0);
    expect(early.stdout()).toContain('Nothing is due.');

    // A child starts in seconds on a loaded machine: the early one must come within the lease.
    expect(early.stderr()).toBe('');
    await until(async () => {
      const { rows } = await world.team.owner.query<{ passed: boolean }>(
        'SELECT lease_until < now() AS passed FROM parallax.runner_claims',
      );
      return rows[0]?.passed === true;
    });
    const second = world.spawnRunner(2, ['--once', '--json', '--lease', '3']);
    const exit = await second.exited;
    expect(exit, second.stderr()).toEqual({ code: 0, signal: null });
    const runs = second.jsonLines().filter((l) => l['event'] === 'run');
    expect(runs).toHaveLength(1);
    expect(runs[0]).toMatchObject({ status: 'completed', answers: 60, takeover: true });

    const f = await world.figures();
    expect(f).toMatchObject({ runs: 1, twice: 0, jobs: 60, results: 60, answeredJobs: 60, takeovers: 1 });
    expect(f.claims).toEqual({ finished: 1 });
    expect(f.credits).toBe(world.charged());
    // The run on the team is the one the dead runner started.
    const { rows } = await world.team.owner.query<{ run_id: string; id: string }>(
      `SELECT c.run_id, r.id FROM parallax.runner_claims c JOIN parallax.runs r ON r.id = c.run_id AND r.workspace_id = c.workspace_id`,
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]?.run_id).toBe(runs[0]?.['runId']);
  });

  it('SIGTERM pauses the run, pushes it and hands the claim on at once (exit 130)', async () => {
    const before = await world.figures();
    await world.addMonitors(1, { prompts: 40, mode: 'async', prefix: 'term' });
    const first = world.spawnRunner(3, ['--json', '--lease', '60', '--poll', '1']);
    await until(async () => (await world.figures()).results - before.results >= 5);
    first.child.kill('SIGTERM');
    const stopped = await first.exited;
    expect(stopped, first.stderr()).toEqual({ code: 130, signal: null });
    expect(first.stdout()).toMatch(/"event":"run".*"status":"paused"/);
    // Released: no lease to wait out, another runner resumes the same run now.
    const second = world.spawnRunner(4, ['--once', '--json']);
    expect(await second.exited, second.stderr()).toEqual({ code: 0, signal: null });
    expect(second.stdout()).toMatch(/"status":"completed".*"answers":40.*"takeover":true/);
    const f = await world.figures();
    expect(f.runs - before.runs).toBe(1);
    expect(f.results - before.results).toBe(40);
    expect(f.answeredJobs).toBe(f.results);
    expect(f.credits).toBe(world.charged());
  });

  it('a kill between the push of its jobs and of their results: the answers are collected again', async () => {
    const before = await world.figures();
    await world.addMonitors(1, { prompts: 30, mode: 'async', prefix: 'cut' });
    const first = world.spawnRunner(5, ['--json', '--lease', '60', '--poll', '1']);
    await until(async () => (await world.figures()).results - before.results >= 5);
    first.child.kill('SIGKILL');
    expect((await first.exited).signal).toBe('SIGKILL');
    // What a kill between a push's job batch and its result batch left when each was its own
    // transaction (a team written by an older version may still hold it): jobs
    // 'succeeded' on the team without their results.
    const { rows: cut } = await world.team.owner.query<{ job_id: string }>(
      `WITH gone AS (
         DELETE FROM parallax.results WHERE (id, fetched_at) IN (
           SELECT r.id, r.fetched_at FROM parallax.results r JOIN parallax.runner_claims c
               ON c.workspace_id = r.workspace_id AND c.run_id = r.run_id
            WHERE c.monitor_id LIKE 'cut-%' ORDER BY r.fetched_at LIMIT 3)
         RETURNING workspace_id, id, job_id)
       DELETE FROM parallax.result_keys k USING gone
        WHERE k.workspace_id = gone.workspace_id AND k.id = gone.id
       RETURNING k.job_id`,
    );
    expect(cut).toHaveLength(3);
    const { rows: states } = await world.team.owner.query<{ job_state: string }>(
      'SELECT job_state FROM parallax.jobs WHERE id = ANY ($1::text[])',
      [cut.map((r) => r.job_id)],
    );
    expect(states.map((s) => s.job_state)).toEqual(['succeeded', 'succeeded', 'succeeded']);
    // Its lease ended: another runner takes the slot over now.
    await world.team.owner.query(
      `UPDATE parallax.runner_claims SET lease_until = now() - interval '1 millisecond'
        WHERE monitor_id LIKE 'cut-%'`,
    );

    const second = world.spawnRunner(6, ['--once', '--json']);
    expect(await second.exited, second.stderr()).toEqual({ code: 0, signal: null });
    expect(second.stdout()).toMatch(/"status":"completed".*"answers":30.*"takeover":true/);
    const f = await world.figures();
    expect(f.runs - before.runs).toBe(1);
    expect(f.results - before.results).toBe(30);
    expect(f.answeredJobs).toBe(f.results);
    expect(f.claims['finished']).toBe((before.claims['finished'] ?? 0) + 1);
    // Collected under the task ids the dead runner created: not paid twice.
    expect(f.credits).toBe(world.charged());

    // The dead runner restarted (systemd's Restart=) with its own answers of those 3 jobs still
    // waiting in its outbox, as a kill between storing answers and pushing them leaves them: the
    // team keeps runner 6's, and runner 5 pushes on (before team schema 5 its every push failed).
    const dead = new Database(join(world.dir, 'runner-5.db'));
    try {
      const enqueue = dead.prepare(
        "INSERT OR IGNORE INTO sync_outbox (kind, key) SELECT 'result', id FROM results WHERE job_id = ?",
      );
      // A kill after the team took a result but before the runner cleared its outbox row leaves
      // the row there already: either way the answer must be waiting in the outbox once.
      const waiting = dead.prepare<[string], { n: number }>(
        "SELECT count(*) AS n FROM sync_outbox o JOIN results r ON o.kind = 'result' AND o.key = r.id WHERE r.job_id = ?",
      );
      for (const { job_id } of cut) {
        enqueue.run(job_id);
        expect(waiting.get(job_id)?.n, job_id).toBe(1);
      }
    } finally {
      dead.close();
    }
    const restarted = world.spawnRunner(5, ['--once', '--json']);
    expect(await restarted.exited, restarted.stderr()).toEqual({ code: 0, signal: null });
    expect(await world.figures()).toMatchObject({ results: f.results, answeredJobs: f.results, twice: 0 });
  });
});
