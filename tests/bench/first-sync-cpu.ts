import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import { performance } from 'node:perf_hooks';
import { GCProfiler } from 'node:v8';
import { startAheadPool } from '../../src/core/positioning/positioning';
import { startTestPostgres } from '../support/postgres';
import { startSyncTeam } from '../support/sync-team';
import { AGENCY_BRANDS, benchWorkspace, recordWorkspaceChunk } from './agency-workspace';
import { BRANDS } from './sync.bench';

// The first sync's main-thread CPU an answer (its critical path on a quiet 2-core machine),
// the other threads' CPU and the wall time, for one workspace of N answers (default 20,000) of
// the kind PARALLAX_SYNC_BENCH_WORKSPACE says (agency, the default, or all-new: agency-workspace.ts)
// with its brands tracked, pulls prepared ahead on the judge threads as `parallax sync` does.
// Run with `flock /tmp/parallax-heavy.lock npx tsx tests/bench/first-sync-cpu.ts [N]`; with
// NODE_OPTIONS='--cpu-prof --cpu-prof-dir=DIR' each thread writes a CPU profile (the main
// thread's is the first of the process; the sync is its last seconds).
// process.threadCpuUsage() is the main thread's CPU; process.cpuUsage() all threads'. With
// PARALLAX_BENCH_HEAP_PROFILE=FILE.heapprofile the main thread's allocations during the sync are
// sampled, collected objects included, and written for Chrome DevTools (Memory tab, Load).

async function main(): Promise<void> {
  const total = Number(process.argv[2] ?? 20_000);
  const server = await startTestPostgres();
  const team = await startSyncTeam(server, { alice: 'member', carol: 'member', dan: 'member' });
  const pool = startAheadPool({
    file: new URL('../../src/core/positioning/positioning/positioning-worker.ts', import.meta.url),
    execArgv: ['--import', 'tsx'],
  });
  try {
    const a = team.desktop('alice');
    const d = team.desktop('dan');
    const workspace = benchWorkspace();
    for (const brand of workspace === 'agency' ? AGENCY_BRANDS : BRANDS) a.store.saveBrand(brand);
    await a.sync();
    for (let chunk = 0, recorded = 0; recorded < total; chunk++) {
      recorded += recordWorkspaceChunk(workspace, d.store, chunk, total - recorded);
      await d.sync({ pull: false });
    }
    const onServer = await team.count('results');
    const c = team.desktop('carol');
    const heap = await sampleAllocations(process.env['PARALLAX_BENCH_HEAP_PROFILE']);
    const gc = watchGc();
    const postmaster = await postmasterPid(server);
    const server0 = serverCpuMs(postmaster);
    const cpu0 = process.cpuUsage();
    const main0 = process.threadCpuUsage();
    const t0 = performance.now();
    const report = await c.sync({ judge: pool });
    const wall = performance.now() - t0;
    const serverMs = serverCpuMs(postmaster) - server0;
    const gcs = gc.stop();
    await heap.stop();
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
        serverCpuPerAnswer: per(serverMs),
        wallPerAnswer: per(wall),
        gcPerAnswer: per(gcs.minorMs + gcs.majorMs),
        scavenges: gcs.minor,
        survivedKbPerAnswer: +((gcs.survivedMb * 1024) / onServer).toFixed(1),
        fullGcs: gcs.major,
        peakRssMb: Math.round(process.resourceUsage().maxRSS / 1024),
      }),
    );
  } finally {
    await pool.close();
    await team.close();
    await server.close();
  }
}

/** The PostgreSQL server's main process: the parent of its checkpointer, which lives as long. */
async function postmasterPid(server: Awaited<ReturnType<typeof startTestPostgres>>): Promise<number> {
  const { rows } = await server.query<{ pid: number }>(
    "SELECT pid FROM pg_stat_activity WHERE backend_type = 'checkpointer'",
  );
  return statOf((rows[0] as { pid: number }).pid).ppid;
}

/** A process's parent and CPU (its own, and its reaped children's), from /proc. */
function statOf(pid: number): { ppid: number; ownTicks: number; childTicks: number } {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  // Fields after the command's closing parenthesis: state is field 3, ppid 4, utime 14 … cstime 17.
  const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const n = (field: number): number => Number(f[field - 3]);
  return { ppid: n(4), ownTicks: n(14) + n(15), childTicks: n(16) + n(17) };
}

/**
 * The server's CPU so far in ms: the postmaster's, its ended children's (reaped into its own
 * tally) and its running children's (the backends of this sync, its writer and checkpointer).
 */
function serverCpuMs(postmaster: number): number {
  const TICK_MS = 10; // Linux's USER_HZ is 100
  const main = statOf(postmaster);
  let ticks = main.ownTicks + main.childTicks;
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const s = statOf(Number(name));
      if (s.ppid === postmaster) ticks += s.ownTicks;
    } catch {
      // Ended while listed.
    }
  }
  return ticks * TICK_MS;
}

/** V8's sampling heap profiler over what follows, written to `file` at stop (nothing without a file). */
async function sampleAllocations(file: string | undefined): Promise<{ stop(): Promise<void> }> {
  if (!file) return { stop: async () => undefined };
  const session = new Session();
  session.connect();
  await session.post('HeapProfiler.enable');
  // Objects collected since are counted too: a first sync's cost is what it allocates.
  const flags = { includeObjectsCollectedByMajorGC: true, includeObjectsCollectedByMinorGC: true };
  await session.post('HeapProfiler.startSampling', { samplingInterval: 16_384, ...flags });
  return {
    async stop() {
      const { profile } = await session.post('HeapProfiler.stopSampling');
      writeFileSync(file, JSON.stringify(profile));
      session.disconnect();
    },
  };
}

interface GcTally {
  minor: number;
  minorMs: number;
  major: number;
  majorMs: number;
  /** What the young collections kept: copied within the young generation or promoted to the old. */
  survivedMb: number;
}

// GCProfiler's spaces are named in camelCase (not as @types/node has them).
type SpaceStats = Array<{ spaceName: string; spaceUsedSize: number }>;
const used = (spaces: SpaceStats, name: string): number =>
  spaces.find((s) => s.spaceName === name)?.spaceUsedSize ?? 0;

/**
 * The main thread's collections while it runs. A young collection's cost is what survives it
 * (each live object is copied), so the bytes it kept are counted as well as its time; they do
 * not depend on the machine's load, its time does (the collector's helper threads wait for a core).
 */
function watchGc(): { stop(): GcTally } {
  const profiler = new GCProfiler();
  profiler.start();
  return {
    stop() {
      const tally: GcTally = { minor: 0, minorMs: 0, major: 0, majorMs: 0, survivedMb: 0 };
      for (const gc of profiler.stop()?.statistics ?? []) {
        const before = gc.beforeGC.heapSpaceStatistics as unknown as SpaceStats;
        const after = gc.afterGC.heapSpaceStatistics as unknown as SpaceStats;
        if (gc.gcType === 'Scavenge' || gc.gcType === 'MinorMarkSweep') {
          tally.minor++;
          tally.minorMs += gc.cost / 1000;
          const promoted = used(after, 'old_space') - used(before, 'old_space');
          tally.survivedMb += (used(after, 'new_space') + Math.max(0, promoted)) / 2 ** 20;
        } else {
          tally.major++;
          tally.majorMs += gc.cost / 1000;
        }
      }
      return tally;
    },
  };
}

await main();
