import { performance } from 'node:perf_hooks';
import { startAheadPool } from '../../src/main/positioning';
import { startTestPostgres } from '../support/postgres';
import { recordRun, startSyncTeam } from '../support/sync-team';
import { BRANDS } from './sync.bench';

// The first sync's main-thread CPU an answer (its critical path on a quiet 2-core machine),
// the other threads' CPU and the wall time, for one workspace of N answers (default 20,000),
// four brands tracked, pulls prepared ahead on the judge threads as `parallax sync` does.
// Run with `flock /tmp/parallax-heavy.lock npx tsx tests/bench/first-sync-cpu.ts [N]`; with
// NODE_OPTIONS='--cpu-prof --cpu-prof-dir=DIR' each thread writes a CPU profile (the main
// thread's is the first of the process; the sync is its last seconds).
// process.threadCpuUsage() is the main thread's CPU; process.cpuUsage() all threads'.

async function main(): Promise<void> {
  const total = Number(process.argv[2] ?? 20_000);
  const server = await startTestPostgres();
  const team = await startSyncTeam(server, { alice: 'member', carol: 'member', dan: 'member' });
  const pool = startAheadPool({
    file: new URL('../../src/main/positioning/positioning-worker.ts', import.meta.url),
    execArgv: ['--import', 'tsx'],
  });
  try {
    const a = team.desktop('alice');
    const d = team.desktop('dan');
    for (const brand of BRANDS) a.store.saveBrand(brand);
    await a.sync();
    let onServer = 0;
    while (onServer < total) {
      recordRun(d.store, Math.min(20_000, total - onServer), { fetchedAt: Date.now() - onServer * 1000 });
      await d.sync({ pull: false });
      onServer = await team.count('results');
    }
    const c = team.desktop('carol');
    const cpu0 = process.cpuUsage();
    const main0 = process.threadCpuUsage();
    const t0 = performance.now();
    const report = await c.sync({ judge: pool });
    const wall = performance.now() - t0;
    const cpu = process.cpuUsage(cpu0);
    const main1 = process.threadCpuUsage(main0);
    const mainMs = (main1.user + main1.system) / 1000;
    const allMs = (cpu.user + cpu.system) / 1000;
    const per = (ms: number): string => `${(ms / onServer).toFixed(3)} ms`;
    console.log(
      JSON.stringify({
        answers: onServer,
        wallS: +(wall / 1000).toFixed(1),
        ingestS: +(report.timing.pullApply / 1000).toFixed(1),
        fetchS: +(report.timing.pullFetch / 1000).toFixed(1),
        mainCpuPerAnswer: per(mainMs),
        otherCpuPerAnswer: per(allMs - mainMs),
        wallPerAnswer: per(wall),
      }),
    );
  } finally {
    await pool.close();
    await team.close();
    await server.close();
  }
}

await main();
