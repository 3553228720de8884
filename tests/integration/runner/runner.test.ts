import { chmodSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { dockerCmd, parallaxArgs, read } from '../../support/deploy-files';
import { startRunnerWorld, type RunnerWorld } from '../../support/runner-world';

// `parallax runner` as real child processes against a real PostgreSQL and the sandbox over
// HTTP: each due slot runs once whatever the number of runners, a runner killed mid-run (-9)
// is finished by another after its lease with nothing lost, nothing doubled and the credits
// recorded equal to the sandbox's ledger.

// Child processes start in seconds each on a loaded 2-core machine.
vi.setConfig({ testTimeout: 240_000 });

let world: RunnerWorld;
beforeAll(async () => {
  world = await startRunnerWorld();
}, 120_000);
afterAll(async () => {
  await world?.close();
});

describe('parallax runner', () => {
  it('--once with nothing due says so and exits 0', async () => {
    const r = world.spawnRunner(0, ['--once']);
    expect(await r.exited).toEqual({ code: 0, signal: null });
    expect(r.stdout()).toContain('Nothing is due.');
  });

  it('refuses a key file others may read, in one line, exit 2', async () => {
    const file = join(world.dir, 'key');
    writeFileSync(file, `${world.sandbox.apiKey}\n`);
    chmodSync(file, 0o644);
    const r = world.spawnRunner(0, ['--once', '--key-file', file], { PARALLAX_API_KEY: '' });
    expect((await r.exited).code).toBe(2);
    expect(r.stderr().trim().split('\n')).toEqual([
      `parallax: --key-file ${file} is readable by other users (mode 644): run chmod 600 ${file}`,
    ]);
    expect(r.stderr()).not.toContain(world.sandbox.apiKey);
  });

  it('runs due monitors once with a private key file, one --json line per run', async () => {
    await world.addMonitors(3, { prefix: 'smoke' });
    const file = join(world.dir, 'key-private');
    writeFileSync(file, `${world.sandbox.apiKey}\n`, { mode: 0o600 });
    const r = world.spawnRunner(1, ['--once', '--json', '--key-file', file], { PARALLAX_API_KEY: '' });
    const exit = await r.exited;
    expect(exit, r.stderr()).toEqual({ code: 0, signal: null });
    const lines = r.jsonLines();
    const runs = lines.filter((l) => l['event'] === 'run');
    expect(runs).toHaveLength(3);
    for (const run of runs) expect(run).toMatchObject({ status: 'completed', answers: 2, takeover: false });
    expect(lines.at(-1)).toMatchObject({ event: 'summary', runs: 3, completed: 3, answers: 6 });
    const f = await world.figures();
    expect(f).toMatchObject({ runs: 3, twice: 0, results: 6, answeredJobs: 6, claims: { finished: 3 } });
    expect(f.credits).toBe(world.charged());
    // Again: nothing is due until tomorrow.
    const again = world.spawnRunner(1, ['--once']);
    expect((await again.exited).code).toBe(0);
    expect(again.stdout()).toContain('Nothing is due.');
  });

  it('8 runners racing for 40 due monitors run each due slot exactly once; credits equal the ledger', async () => {
    const before = await world.figures();
    const charged = world.charged();
    await world.addMonitors(40, { prefix: 'race' });
    const runners = Array.from({ length: 8 }, (_, i) =>
      world.spawnRunner(10 + i, ['--once', '--json', '--parallel', '2']),
    );
    const exits = await Promise.all(runners.map((r) => r.exited));
    for (const [i, e] of exits.entries()) expect(e, runners[i]?.stderr()).toEqual({ code: 0, signal: null });
    const lines = runners.flatMap((r) => r.jsonLines().filter((l) => l['event'] === 'run'));
    expect(lines).toHaveLength(40);
    expect(new Set(lines.map((l) => l['monitorId'])).size).toBe(40);
    // More than one runner did some of the work.
    expect(runners.filter((r) => r.stdout().includes('"event":"run"')).length).toBeGreaterThan(1);
    const f = await world.figures();
    expect(f.runs - before.runs).toBe(40);
    expect(f.twice).toBe(0);
    expect(f.results - before.results).toBe(80);
    expect(f.answeredJobs).toBe(f.results);
    expect(f.credits - before.credits).toBe(world.charged() - charged);
  });

  it('runs the deployed command (the image CMD, its key file swapped for a test one)', async () => {
    await world.addMonitors(1, { prefix: 'deploy' });
    const file = join(world.dir, 'secret-key');
    writeFileSync(file, `${world.sandbox.apiKey}\n`, { mode: 0o600 });
    const argv = parallaxArgs(dockerCmd(read('deploy/Dockerfile'))).map((w) =>
      w === '/run/secrets/parallax-key' ? file : w,
    );
    const r = world.spawnCli(20, [...argv, '--once', '--base-url', world.sandbox.baseUrl], {
      PARALLAX_API_KEY: '',
    });
    expect(await r.exited, r.stderr()).toEqual({ code: 0, signal: null });
    expect(r.stdout()).toMatch(/^acme\/Monitor \d+ {2}run \S+ {2}completed {2}2 answers/m);
    expect(r.stdout()).toContain('1 run: 1 completed');
  });

  // Refused results: the pushes at the run's end fail. Refused jobs: the push made before the
  // run's first answer fails as well, and the run still goes on to its end (its answers paid).
  it.each(['results', 'jobs'])(
    'a run whose %s the team refuses is not reported completed, its claim fails, exit 1',
    async (table) => {
      const prefix = `refused-${table}`;
      await world.addMonitors(1, { prefix });
      // The team refuses this monitor's rows (as a server-side check would), whatever the retry.
      await world.team.owner.query(`
        CREATE FUNCTION parallax.refuse_rows() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
          IF EXISTS (SELECT 1 FROM parallax.runs r WHERE r.workspace_id = NEW.workspace_id
                      AND r.id = NEW.run_id AND r.monitor_id LIKE '${prefix}-%') THEN
            RAISE EXCEPTION 'rows refused by the test';
          END IF;
          RETURN NEW;
        END $$;
        CREATE TRIGGER refuse_rows BEFORE INSERT ON parallax.${table}
          FOR EACH ROW EXECUTE FUNCTION parallax.refuse_rows();`);
      try {
        const r = world.spawnRunner(30, ['--once', '--json']);
        expect((await r.exited).code, r.stderr()).toBe(1);
        const runs = r.jsonLines().filter((l) => l['event'] === 'run');
        expect(runs).toHaveLength(1);
        expect(runs[0]).toMatchObject({ status: 'failed', answers: 2 });
        expect(String(runs[0]?.['error'])).toContain('2 of 2 answers are not on the team');
        // Refused jobs fail the push before the first answer every time; it is said, and the run goes on.
        if (table === 'jobs') expect(r.stderr()).toContain('first push of run');
        const { rows } = await world.team.owner.query<{ state: string; note: string }>(
          'SELECT state, note FROM parallax.runner_claims WHERE monitor_id LIKE $1',
          [`${prefix}-%`],
        );
        expect(rows).toEqual([{ state: 'failed', note: expect.stringContaining('not on the team') }]);
      } finally {
        await world.team.owner.query(
          `DROP TRIGGER refuse_rows ON parallax.${table}; DROP FUNCTION parallax.refuse_rows()`,
        );
      }
    },
  );
});
