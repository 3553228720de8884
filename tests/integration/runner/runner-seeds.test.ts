import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startRunnerWorld, type RunnerWorld } from '../../support/runner-world';

// The runner keeps each workspace's seed fresh for new desktops (src/core/team/runner/seed-keeper.ts):
// real `parallax runner` children against a real PostgreSQL and the sandbox over HTTP, each
// publication a `parallax team seed` child of the runner's, on a data folder that has no local
// workspace (a server's): a workspace without a seed gets one, a recent one is left alone.

// Child processes start in seconds each on a loaded 2-core machine.
vi.setConfig({ testTimeout: 240_000 });

let world: RunnerWorld;
beforeAll(async () => {
  world = await startRunnerWorld();
}, 120_000);
afterAll(async () => {
  await world?.close();
});

interface SeedRow {
  id: string;
  answers: number;
  created_by: string;
}

async function completeSeeds(): Promise<SeedRow[]> {
  const { rows } = await world.team.owner.query<{ id: string; answers: string; created_by: string }>(
    'SELECT id::text AS id, answers, created_by FROM parallax.workspace_seeds WHERE workspace_id = $1 AND complete',
    [world.workspaceId],
  );
  return rows.map((r) => ({ id: r.id, answers: Number(r.answers), created_by: r.created_by }));
}

describe('parallax runner and the workspace seed', () => {
  it('--once without --seed-every publishes none', async () => {
    await world.addMonitors(2, { prefix: 'plain' });
    const r = world.spawnRunner(1, ['--once', '--json']);
    expect(await r.exited, r.stderr()).toEqual({ code: 0, signal: null });
    expect(r.jsonLines().filter((l) => l['event'] === 'seed')).toEqual([]);
    expect(await completeSeeds()).toEqual([]);
  });

  it('--once --seed-every publishes a workspace without a seed after its runs, from all its answers', async () => {
    await world.addMonitors(2, { prefix: 'seeded' });
    const r = world.spawnRunner(2, ['--once', '--json', '--seed-every', '20h']);
    expect(await r.exited, r.stderr()).toEqual({ code: 0, signal: null });
    const lines = r.jsonLines();
    const seedLines = lines.filter((l) => l['event'] === 'seed');
    expect(seedLines).toHaveLength(1);
    const results = (await world.figures()).results;
    expect(results).toBe(8);
    expect(seedLines[0]).toMatchObject({
      workspace: world.team.workspace,
      answers: results,
      pulled: results,
    });
    const seeds = await completeSeeds();
    expect(seeds).toEqual([
      { id: seedLines[0]?.['seedId'], answers: results, created_by: world.team.roles['runner']?.name },
    ]);
    // The runs' summary comes last, after the seed it waited for.
    expect(lines.at(-1)).toMatchObject({ event: 'summary', runs: 2, completed: 2 });
  });

  it('leaves a seed younger than --seed-every alone, and says nothing of it', async () => {
    const before = await completeSeeds();
    const r = world.spawnRunner(2, ['--once', '--seed-every', '20h']);
    expect(await r.exited, r.stderr()).toEqual({ code: 0, signal: null });
    expect(r.stdout().trim()).toBe('Nothing is due.');
    expect(await completeSeeds()).toEqual(before);
  });

  it('`team seed --if-older` on the server (no local workspace) says why it publishes nothing', async () => {
    const before = await completeSeeds();
    const r = world.spawnCli(4, ['--workspace', world.team.workspace, 'team', 'seed', '--if-older', '20h']);
    expect(await r.exited, r.stderr()).toEqual({ code: 0, signal: null });
    expect(r.stdout().trim()).toMatch(
      new RegExp(
        `^Not published: workspace ${world.team.workspace}'s seed of \\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d UTC is recent enough\\.$`,
      ),
    );
    expect(await completeSeeds()).toEqual(before);
  });

  it('a looping runner publishes beside its runs once the seed is older than --seed-every', async () => {
    const before = await completeSeeds();
    // Made a minute ago: due for a runner publishing every minute.
    await world.team.owner.query(
      "UPDATE parallax.workspace_seeds SET created_at = now() - interval '61 seconds' WHERE workspace_id = $1",
      [world.workspaceId],
    );
    await world.addMonitors(1, { prefix: 'looping' });
    const r = world.spawnRunner(3, ['--poll', '1', '--seed-every', '1m']);
    await r.waitFor(/seed {2}published {2}\d+ answers/);
    await r.waitFor(/looping-\d+|Monitor \d+/);
    r.child.kill('SIGTERM');
    expect(await r.exited, r.stderr()).toEqual({ code: 0, signal: null });
    const after = await completeSeeds();
    expect(after).toHaveLength(1);
    expect(after[0]?.id).not.toBe(before[0]?.id);
    expect(r.stdout()).toMatch(new RegExp(`^${world.team.workspace}/seed {2}published {2}\\d+ answers`, 'm'));
    expect(r.stderr()).toBe('');
  });

  it('team status says, per workspace, the seed a new desktop would start from', async () => {
    const [seed] = await completeSeeds();
    const text = world.spawnCli(5, ['team', 'status']);
    expect(await text.exited, text.stderr()).toEqual({ code: 0, signal: null });
    expect(text.stdout()).toMatch(
      new RegExp(
        `^Workspaces: {3}${world.team.workspace} \\(member\\): seed published (just now|\\d+ min ago) \\(${seed?.answers} answers, [\\d.]+ (KB|MB)\\)$`,
        'm',
      ),
    );
    const json = world.spawnCli(5, ['--json', 'team', 'status']);
    expect(await json.exited, json.stderr()).toEqual({ code: 0, signal: null });
    const status = JSON.parse(json.stdout()) as { workspaces: Array<{ seed: { answers: number } | null }> };
    expect(status.workspaces).toEqual([
      expect.objectContaining({
        slug: world.team.workspace,
        seed: expect.objectContaining({ answers: seed?.answers }),
      }),
    ]);
  });

  it('a bad --seed-every is refused in one line, exit 2', async () => {
    const r = world.spawnRunner(1, ['--once', '--seed-every', 'daily']);
    expect((await r.exited).code).toBe(2);
    expect(r.stderr().trim()).toBe('parallax: --seed-every takes an age such as 90m, 20h or 7d, not "daily"');
  });
});
