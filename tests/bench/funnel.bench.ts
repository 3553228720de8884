import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { createVisibilityService } from '../../src/core/analysis/visibility';
import { createCrawlersService } from '../../src/core/crawlers';
import { openHistory } from '../../src/core/history';
import { createFunnelService, createOutcomesService, type FunnelOptions } from '../../src/core/outcomes';
import type { Bench } from './run-all';
import { builtCli } from './exports.bench';
import { addCrawlYear, addGa4Year } from './funnel-history';
import { BENCH_NOW, cachedHistory } from './visibility.bench';

// The funnel (`parallax funnel`, the Funnel view) over the benches' 1,000,000-answer history (a
// copy of the visibility bench's), with a year of one site's crawler day totals and a year of
// GA4 AI referrals added: core.services.funnel().funnel() for the last 7, 30, 90 and 365 days and
// for one engine, 20 runs each, wall and CPU time per run (CPU time is the figure that travels
// on a shared machine: wall time there waits for the cores). The service computes every table at
// once (`--by engine|page|week` only chooses the one printed), so these are the queries behind
// each `--by`. Then the CLI as a user runs it, `--by` each, under GNU time: start-up included.
// Target: the queries ≤ 200 ms at p95.
// PARALLAX_FUNNEL_BENCH_ANSWERS=none: a history without answers, the logs' and GA4's side alone
// (in a minute, where the 1M history takes long to build the first time).

const TARGET_P95_MS = 200;
const RUNS = 20;
const CLI_RUNS = 5;
const GNU_TIME = '/usr/bin/time';
const WITHOUT_ANSWERS = process.env.PARALLAX_FUNNEL_BENCH_ANSWERS === 'none';

interface Sample {
  ms: number;
  cpuMs: number;
}

const pct = (values: number[], p: number): number =>
  [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(values.length * p))] as number;

function timed(fn: () => unknown): Sample {
  const cpu = process.cpuUsage();
  const t = performance.now();
  fn();
  const used = process.cpuUsage(cpu);
  return { ms: performance.now() - t, cpuMs: (used.user + used.system) / 1000 };
}

const line = (name: string, samples: Sample[]): string => {
  const ms = samples.map((s) => s.ms);
  const cpu = samples.map((s) => s.cpuMs);
  return `  ${name.padEnd(34)} wall p50 ${pct(ms, 0.5).toFixed(0)} ms, p95 ${pct(ms, 0.95).toFixed(0)} ms;  cpu p50 ${pct(cpu, 0.5).toFixed(0)} ms, p95 ${pct(cpu, 0.95).toFixed(0)} ms`;
};

/** `parallax funnel --by <by>` as a child, under GNU time: wall and CPU (user + sys) in ms. */
function cliRun(cli: string, db: string, by: string): Sample {
  const run = spawnSync(
    GNU_TIME,
    [
      '-f',
      'PARALLAX_TIME %e %U %S',
      process.execPath,
      cli,
      'funnel',
      '--since',
      '365d',
      '--by',
      by,
      '--db',
      db,
    ],
    { encoding: 'utf8' },
  );
  const m = /PARALLAX_TIME ([\d.]+) ([\d.]+) ([\d.]+)/u.exec(run.stderr);
  if (run.status !== 0 || !m) throw new Error(`parallax funnel failed: ${run.stderr.slice(-2000)}`);
  return { ms: Number(m[1]) * 1000, cpuMs: (Number(m[2]) + Number(m[3])) * 1000 };
}

const bench: Bench = async () => {
  const dir = mkdtempSync(join(tmpdir(), 'parallax-funnel-bench-'));
  const db = join(dir, 'history.db');
  try {
    if (!WITHOUT_ANSWERS) copyFileSync((await cachedHistory()).path, db);
    const store = openHistory({ path: db, now: () => BENCH_NOW, integrityCheck: 'none' });
    const t = performance.now();
    const crawlRows = addCrawlYear(store, BENCH_NOW);
    const trafficRows = await addGa4Year(store, BENCH_NOW, dir);
    console.log(
      `${WITHOUT_ANSWERS ? 'a history without answers' : '1M-answer history'} + a year of crawler day totals (${crawlRows.toLocaleString('en')} agent rows) and GA4 (${trafficRows.toLocaleString('en')} AI rows): added in ${((performance.now() - t) / 1000).toFixed(1)} s`,
    );
    const now = (): number => BENCH_NOW;
    const funnel = createFunnelService({
      visibility: createVisibilityService({ store, now }),
      crawlers: createCrawlersService({ store, now }),
      outcomes: createOutcomesService({ store, now }),
    });
    const cases: Array<[string, FunnelOptions]> = [
      ['last 7 days', { days: 7 }],
      ['last 30 days', { days: 30 }],
      ['last 90 days', { days: 90 }],
      ['last 365 days', { days: 365 }],
      ['last 30 days, one engine', { days: 30, engine: 'assistant-a' }],
      ['last 365 days, one engine', { days: 365, engine: 'search' }],
    ];
    let worst = 0;
    console.log(`funnel queries, ${RUNS} runs each (load ${loadavg()[0]?.toFixed(1)}):`);
    for (const [name, options] of cases) {
      const view = funnel.funnel(options);
      const samples = Array.from({ length: RUNS }, () => timed(() => funnel.funnel(options)));
      worst = Math.max(
        worst,
        pct(
          samples.map((s) => s.ms),
          0.95,
        ),
      );
      console.log(`${line(name, samples)}  (${view.engines.length} engines, ${view.pages.length} pages)`);
    }
    store.close();
    if (existsSync(GNU_TIME)) {
      const cli = builtCli();
      console.log(`parallax funnel --since 365d, ${CLI_RUNS} runs each (a new process: start-up included):`);
      for (const by of ['engine', 'page', 'week'])
        console.log(
          line(
            `--by ${by}`,
            Array.from({ length: CLI_RUNS }, () => cliRun(cli, db, by)),
          ),
        );
    }
    const met = worst <= TARGET_P95_MS;
    console.log(
      `worst p95 ${worst.toFixed(0)} ms (target ${TARGET_P95_MS} ms ${met ? 'ok' : 'MISSED'}); load ${loadavg()
        .map((l) => l.toFixed(1))
        .join(' ')}`,
    );
    const over = WITHOUT_ANSWERS ? 'no answers' : '1M answers';
    return { name: `funnel queries over ${over}, a year of logs and GA4`, targetsMet: met };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
};

export default bench;
