import { startRunnerWorld } from '../support/runner-world';

// `npm run bench -- runner`: 8 `parallax runner --once` processes against
// one team (a real PostgreSQL) and the sandbox over HTTP, 200 monitors due at once (2 prompts
// each, async), and one runner killed with SIGKILL in the middle of its runs; once its lease has
// passed a ninth runner sweeps up what it held. Targets: each monitor's due slot runs exactly
// once, 0 answers lost, 0 duplicates, the credits the team records equal the sandbox's ledger.

const RUNNERS = 8;
const MONITORS = Number(process.env['RUNNER_BENCH_MONITORS'] ?? 200);
const PROMPTS = 2;
const LEASE_S = 5;

export default async function bench(): Promise<{ name: string; targetsMet: boolean }> {
  const world = await startRunnerWorld({ plan: 'Growth', latencyMs: 50 });
  try {
    await world.addMonitors(MONITORS, { prompts: PROMPTS, mode: 'async', prefix: 'bench' });
    const t0 = performance.now();
    const runners = Array.from({ length: RUNNERS }, (_, i) =>
      world.spawnRunner(i, ['--once', '--json', '--parallel', '4', '--lease', String(LEASE_S)]),
    );
    const victim = runners[0];
    if (!victim) throw new Error('no runner');
    // Killed once it has finished a few runs: it holds others half done.
    await victim.waitFor(/("event":"run"[^\n]*\n[^\n]*){3}/, 300_000);
    victim.child.kill('SIGKILL');
    await Promise.all(runners.map((r) => r.exited));
    const raced = performance.now() - t0;
    const held = await world.team.owner.query<{ n: string }>(
      "SELECT count(*) AS n FROM parallax.runner_claims WHERE state = 'running'",
    );
    const orphaned = Number(held.rows[0]?.n ?? 0);
    // The lease passes, then a runner finishes what the killed one held.
    await new Promise((r) => setTimeout(r, LEASE_S * 1000 + 500));
    const sweeper = world.spawnRunner(RUNNERS, ['--once', '--json', '--parallel', '8']);
    const swept = await sweeper.exited;
    const wall = performance.now() - t0;
    const f = await world.figures();
    const charged = world.charged();
    const lost = f.jobs - f.answeredJobs;
    const duplicates = f.results - f.answeredJobs + f.twice;
    const exits = (await Promise.all(runners.map((r) => r.exited))).map((e) => e.code ?? e.signal);
    console.log(`machine load (1 min): ${(await import('node:os')).loadavg()[0]?.toFixed(1)}`);
    console.log(
      `${RUNNERS} runners x ${MONITORS} due monitors (${PROMPTS} prompts each, async), runner 0 killed -9`,
    );
    console.log(`  exits: ${exits.join(' ')}; sweeper: ${swept.code}`);
    console.log(
      `  race: ${(raced / 1000).toFixed(1)} s; wall with lease wait and sweep: ${(wall / 1000).toFixed(1)} s`,
    );
    console.log(`  claims left running by the killed runner: ${orphaned}; taken over: ${f.takeovers}`);
    console.log(`  runs: ${f.runs} for ${f.monitors} monitors; monitors run twice: ${f.twice}`);
    console.log(`  answers: ${f.answeredJobs} of ${f.jobs} jobs; lost: ${lost}; duplicates: ${duplicates}`);
    console.log(
      `  credits recorded: ${f.credits}; sandbox ledger: ${charged}; claims: ${JSON.stringify(f.claims)}`,
    );
    // Why any claim closed failed, and what a runner that exited non-zero said.
    const failed = await world.team.owner.query<{ monitor_id: string; note: string | null }>(
      "SELECT monitor_id, note FROM parallax.runner_claims WHERE state = 'failed'",
    );
    for (const row of failed.rows)
      console.log(`  failed claim ${row.monitor_id}: ${row.note ?? '(no note)'}`);
    const results = await Promise.all(runners.map((r) => r.exited));
    results.forEach((e, i) => {
      if (e.code !== 0 && e.code !== null)
        console.log(`  runner ${i} exited ${e.code}: ${runners[i]?.stderr().trim()}`);
    });
    const targetsMet =
      f.runs === MONITORS &&
      f.twice === 0 &&
      lost === 0 &&
      duplicates === 0 &&
      f.credits === charged &&
      swept.code === 0 &&
      failed.rows.length === 0;
    return { name: `runner: ${RUNNERS} runners x ${MONITORS} monitors, one killed`, targetsMet };
  } finally {
    await world.close();
  }
}
