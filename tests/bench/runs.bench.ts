import { fork, spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PLAN_SLOTS } from '../../src/shared/api/engines';
import { runSpecSchema } from '../../src/shared/domain/run-spec';
import { createApiClient } from '../../src/core/runs/api';
import { openHistory } from '../../src/core/history';
import { createRunEngine } from '../../src/core/runs/engine';
import type { SandboxStats } from '../../src/sandbox';
import { buildCli } from '../../scripts/build-cli.mjs';

// Run engine throughput against the sandbox: plan Enterprise 5K (255 slots), a fixed 200 ms
// per engine call. Target: 2,000 synchronous jobs within 1.05 × ceil(2000/255) × 200 ms,
// with zero concurrency 429s. The sandbox runs in a child process, so the CPU time printed
// per job is the engine's own (client, SQLite, normalization), not the service's.
// Also: 2,000 async tasks end to end (submit, poll, store), time printed.
//
// The engine's CPU per job split into the store's share (ingest, job changes) and
// the rest (client, transport, driver); and end to end with process start included, the real
// `parallax run` CLI against a plain 255-thread Python pool (urllib, ThreadPoolExecutor) sending
// the same 2,000 calls to the same sandbox. Targets: ≤ 0.7 ms CPU per job; CLI ≤ the peer.

const JOBS = 2_000;
const LATENCY_MS = 200;
const PLAN = 'Enterprise 5K' as const;
const SELF = fileURLToPath(import.meta.url);

interface SandboxHandle {
  baseUrl: string;
  apiKey: string;
  stats(): Promise<SandboxStats>;
  close(): Promise<void>;
}

// Child side: `node --import tsx runs.bench.ts` with PARALLAX_BENCH_CHILD=sandbox.
if (process.env.PARALLAX_BENCH_CHILD === 'sandbox') {
  const { startSandbox } = await import('../../src/sandbox');
  const sandbox = await startSandbox({
    plan: PLAN,
    latencyMs: LATENCY_MS,
    // The per-key rate limit is 1,000 requests/s per endpoint; the target needs ~1,250
    // monitor calls/s, so the bench raises it to measure the engine, not the limiter.
    rateLimit: 100_000,
    credits: 100_000_000,
    seed: 11,
  });
  process.on('message', (m: string) => {
    if (m === 'stats') process.send?.({ stats: sandbox.stats() });
    if (m === 'close') void sandbox.close().then(() => process.exit(0));
  });
  process.send?.({ baseUrl: sandbox.baseUrl, apiKey: sandbox.apiKey });
}

function startSandboxChild(): Promise<SandboxHandle> {
  const child: ChildProcess = fork(SELF, [], {
    execArgv: ['--import', 'tsx'],
    env: { ...process.env, PARALLAX_BENCH_CHILD: 'sandbox' },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const next = <T>(): Promise<T> => new Promise((resolve) => child.once('message', (m) => resolve(m as T)));
  return next<{ baseUrl: string; apiKey: string }>().then(({ baseUrl, apiKey }) => ({
    baseUrl,
    apiKey,
    async stats() {
      const reply = next<{ stats: SandboxStats }>();
      child.send('stats');
      return (await reply).stats;
    },
    async close() {
      const exited = new Promise((r) => child.once('exit', r));
      child.send('close');
      await exited;
    },
  }));
}

const COUNTRIES = ['US', 'DE', 'FR', 'GB', 'ES', 'IT', 'NL', 'SE', 'PL', 'JP'];
const PROMPTS = Array.from({ length: JOBS / COUNTRIES.length }, (_, i) => `benchmark prompt ${i}`);

/** Wraps the store's methods so the CPU spent inside them is counted apart. */
function countStoreCpu<T extends object>(store: T): { store: T; microseconds(): number; reset(): void } {
  let spent = 0;
  const wrapped = new Proxy(store, {
    get(target, key, receiver) {
      const value = Reflect.get(target, key, receiver) as unknown;
      if (typeof value !== 'function') return value;
      return (...args: unknown[]) => {
        const c = process.cpuUsage();
        try {
          return (value as (...a: unknown[]) => unknown).apply(target, args);
        } finally {
          const d = process.cpuUsage(c);
          spent += d.user + d.system;
        }
      };
    },
  });
  return { store: wrapped, microseconds: () => spent, reset: () => (spent = 0) };
}

/** Wall time of a child process from spawn to exit (its start included). */
function timeProcess(
  cmd: string,
  args: string[],
  env: NodeJS.ProcessEnv,
): Promise<{ ms: number; code: number | null; out: string }> {
  return new Promise((resolve, reject) => {
    const t0 = performance.now();
    const child = spawn(cmd, args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr.on('data', (d: Buffer) => (out += d.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ ms: performance.now() - t0, code, out }));
  });
}

const PYTHON_PEER = `
import json, sys, urllib.request
from concurrent.futures import ThreadPoolExecutor
base, key, prompts, countries = sys.argv[1], sys.argv[2], json.loads(sys.argv[3]), json.loads(sys.argv[4])
def call(job):
    prompt, country = job
    req = urllib.request.Request(base + '/v1/monitor/assistant-a', data=json.dumps({'prompt': prompt, 'country': country}).encode(),
        headers={'Authorization': 'Bearer ' + key, 'Content-Type': 'application/json'}, method='POST')
    with urllib.request.urlopen(req) as r:
        return json.loads(r.read())['success']
jobs = [(p, c) for p in prompts for c in countries]
with ThreadPoolExecutor(max_workers=255) as pool:
    ok = sum(1 for s in pool.map(call, jobs) if s)
print(ok)
`;

const TIME = '/usr/bin/time';

/**
 * The real CLI, process start included: `parallax run` over 2,000 jobs, from the bundle that
 * `npm install` builds (built here first: with the tree's sources newer than out/cli,
 * bin/parallax.mjs would compile them through tsx at start, seconds the user never pays).
 * Its CPU (user + sys) is read with /usr/bin/time where there is one.
 */
async function cliRun(
  sandbox: SandboxHandle,
  entry: string,
): Promise<{ ms: number; code: number | null; cpuMs: number | null }> {
  const dir = mkdtempSync(join(tmpdir(), 'parallax-bench-cli-'));
  try {
    const prompts = join(dir, 'prompts.txt');
    writeFileSync(prompts, PROMPTS.join('\n'));
    const args = [
      entry,
      'run',
      '--base-url',
      sandbox.baseUrl,
      '--db',
      join(dir, 'h.db'),
      '--prompts',
      prompts,
    ];
    args.push('--countries', COUNTRIES.join(','), '--yes');
    const env = {
      ...process.env,
      PARALLAX_USER_DATA_DIR: join(dir, 'ud'),
      PARALLAX_API_KEY: sandbox.apiKey,
      NODE_COMPILE_CACHE: join(dir, 'compile-cache'),
    };
    const usage = join(dir, 'usage.txt');
    if (!existsSync(TIME)) return { ...(await timeProcess(process.execPath, args, env)), cpuMs: null };
    const run = await timeProcess(TIME, ['-o', usage, '-f', '%U %S', process.execPath, ...args], env);
    const [user, sys] = (readFileSync(usage, 'utf8').trim().split('\n').pop() ?? '').split(' ').map(Number);
    const cpuMs = user !== undefined && sys !== undefined ? (user + sys) * 1000 : null;
    return { ...run, cpuMs: cpuMs !== null && Number.isFinite(cpuMs) ? cpuMs : null };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const load = (): string => `load average ${loadavg()[0]?.toFixed(1)}`;

async function pythonPeer(sandbox: SandboxHandle): Promise<{ ms: number; ok: number } | null> {
  try {
    const r = await timeProcess(
      'python3',
      [
        '-c',
        PYTHON_PEER,
        sandbox.baseUrl,
        sandbox.apiKey,
        JSON.stringify(PROMPTS),
        JSON.stringify(COUNTRIES),
      ],
      process.env,
    );
    return r.code === 0 ? { ms: r.ms, ok: Number(r.out.trim()) } : null;
  } catch {
    return null; // no python3 here
  }
}

interface RunFigures {
  ms: number;
  cpuMsPerJob: number;
  storeCpuMsPerJob: number;
  succeeded: number;
}

/**
 * One run of the bench's 2,000 jobs (`rounds` > 1: the same run again on the same history, as a
 * monitor's next day asks the same prompts; the sandbox answers them alike, so their sources,
 * entities and products are texts the history already keeps).
 */
async function runOnce(
  mode: 'sync' | 'async',
  rounds = 1,
): Promise<RunFigures & { stats: SandboxStats; again: RunFigures[] }> {
  const sandbox = await startSandboxChild();
  const dir = mkdtempSync(join(tmpdir(), 'parallax-bench-'));
  const counted = countStoreCpu(openHistory({ path: join(dir, 'history.db') }));
  const store = counted.store;
  const client = createApiClient({ baseUrl: sandbox.baseUrl, apiKey: sandbox.apiKey });
  const engine = createRunEngine({
    store,
    client,
    now: Date.now,
    plan: () => PLAN,
    pollIntervalMs: { min: 100, max: 1_000 },
  });
  const spec = runSpecSchema.parse({
    prompts: PROMPTS,
    engines: ['assistant-a'],
    countries: COUNTRIES,
    mode,
  });
  const measure = async (): Promise<RunFigures> => {
    counted.reset();
    const cpu0 = process.cpuUsage();
    const t0 = performance.now();
    const { runId } = await engine.start(spec, {
      keyLabel: 'sandbox',
      sandbox: true,
      baseUrl: sandbox.baseUrl,
    });
    const end = await engine.wait(runId);
    const ms = performance.now() - t0;
    const cpu = process.cpuUsage(cpu0);
    return {
      ms,
      cpuMsPerJob: (cpu.user + cpu.system) / 1000 / JOBS,
      storeCpuMsPerJob: counted.microseconds() / 1000 / JOBS,
      succeeded: end.counts.succeeded,
    };
  };
  try {
    const first = await measure();
    const stats = await sandbox.stats();
    const again: RunFigures[] = [];
    for (let round = 1; round < rounds; round++) again.push(await measure());
    return { ...first, stats, again };
  } finally {
    await engine.close();
    store.close();
    await sandbox.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

export default async function bench(): Promise<{ name: string; targetsMet: boolean }> {
  const ideal = Math.ceil(JOBS / PLAN_SLOTS[PLAN]) * LATENCY_MS;
  console.log(`${load()} at the start`);
  const sync = await runOnce('sync', 2);
  const ratio = sync.ms / ideal;
  const peak = Math.max(...Object.values(sync.stats.peakConcurrency));
  console.log(
    `sync: ${JOBS} jobs (${sync.succeeded} succeeded) in ${sync.ms.toFixed(0)} ms; ideal ${ideal} ms; ratio ${ratio.toFixed(3)} (target ≤ 1.05)`,
  );
  console.log(
    `sync: peak concurrency ${peak} of ${PLAN_SLOTS[PLAN]} slots; concurrency 429s ${sync.stats.concurrencyRejections}; rate-limit 429s ${sync.stats.rateLimitRejections}`,
  );
  console.log(
    `sync: engine CPU ${sync.cpuMsPerJob.toFixed(3)} ms per job (target ≤ 0.7; sandbox in a child process, not counted): store ${sync.storeCpuMsPerJob.toFixed(3)} ms (ingest, job changes), the rest ${(sync.cpuMsPerJob - sync.storeCpuMsPerJob).toFixed(3)} ms (client, transport, driver); ${load()}`,
  );

  for (const again of sync.again)
    console.log(
      `sync, the same prompts again on the same history (their sources, entities and products already kept): engine CPU ${again.cpuMsPerJob.toFixed(3)} ms per job, store ${again.storeCpuMsPerJob.toFixed(3)} ms; ${again.succeeded} succeeded in ${again.ms.toFixed(0)} ms; ${load()}`,
    );

  // End to end, process start included: the CLI against a 255-thread Python pool.
  const { entry } = await buildCli();
  const shared = await startSandboxChild();
  let cli: { ms: number; code: number | null; cpuMs: number | null };
  let peer: { ms: number; ok: number } | null;
  try {
    peer = await pythonPeer(shared);
    cli = await cliRun(shared, entry);
  } finally {
    await shared.close();
  }
  const peerText = peer
    ? `${peer.ms.toFixed(0)} ms (${peer.ok} answers)`
    : 'not measured (python3 missing or failed)';
  console.log(
    `process start included: parallax run ${cli.ms.toFixed(0)} ms (exit ${cli.code}${cli.cpuMs === null ? '' : `, CPU ${cli.cpuMs.toFixed(0)} ms: ${(cli.cpuMs / JOBS).toFixed(2)} ms a job`}); 255-thread Python pool ${peerText}; ideal ${ideal} ms; ${load()}`,
  );
  const cliVsPeer = peer ? cli.ms / peer.ms : null;
  if (cliVsPeer !== null) console.log(`CLI / thread-pool peer: ${cliVsPeer.toFixed(2)} (target ≤ 1)`);

  const async = await runOnce('async');
  console.log(
    `async: ${JOBS} tasks (${async.succeeded} succeeded) end to end in ${async.ms.toFixed(0)} ms; engine CPU ${async.cpuMsPerJob.toFixed(3)} ms per task; tasks created ${async.stats.tasksCreated}; batches ${async.stats.requests['POST /v1/async/task/batch'] ?? 0}; polls ${async.stats.requests['GET /v1/async/task/:id'] ?? 0}; ${load()}`,
  );

  const met =
    ratio <= 1.05 &&
    sync.cpuMsPerJob <= 0.7 &&
    cli.code === 0 &&
    (cliVsPeer === null || cliVsPeer <= 1) &&
    sync.stats.concurrencyRejections === 0 &&
    sync.succeeded === JOBS &&
    peak <= PLAN_SLOTS[PLAN] &&
    async.succeeded === JOBS &&
    async.stats.tasksCreated === JOBS;
  return {
    name: 'runs: 2,000 sync jobs within 1.05 × ideal, ≤ 0.7 ms CPU a job, the CLI no slower than a 255-thread pool, zero concurrency 429s; 2,000 async tasks',
    targetsMet: met,
  };
}
