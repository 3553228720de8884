import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { freshBuiltCli } from '../../bin/built-cli.mjs';
import { buildCli } from '../../scripts/build-cli.mjs';
import type { Bench } from './run-all';
import { cachedExportHistory } from './export-run';

// The CLI's start: whole processes, the way a user runs them, timed by GNU time
// (/usr/bin/time): wall seconds, CPU seconds (user + system) and peak memory, median of RUNS
// runs after one warm-up. The bundle is built from the sources as they are now (out/cli, as
// `npm run build:cli` does); bin/parallax.mjs, which first checks that no source is newer than
// the bundle, is timed too while that holds (another helper's edit makes the bin fall back to
// the sources: then the line says so). Targets: `parallax --help` ≤ 0.3 s; `history` and `show`
// on the 20,000-result run (tests/bench/export-run.ts) ≤ 0.5 s. The sources through tsx (what
// every start cost before the bundle) are printed beside for --help. On a shared machine wall
// time follows the load (printed): CPU time is the steadier figure.

const RUNS = 5;
const GNU_TIME = '/usr/bin/time';
const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

interface Sample {
  wall: number;
  cpu: number;
  peakMb: number;
}

function runOnce(command: string[], env: NodeJS.ProcessEnv): Sample {
  const out = spawnSync(GNU_TIME, ['-f', 'PARALLAX_TIME %e %U %S %M', ...command], {
    cwd: ROOT,
    encoding: 'utf8',
    env,
    maxBuffer: 64 * 1024 * 1024,
  });
  const m = /PARALLAX_TIME ([\d.]+) ([\d.]+) ([\d.]+) (\d+)/.exec(out.stderr);
  if (out.status !== 0 || !m) throw new Error(`${command.join(' ')} failed: ${out.stderr.slice(-2000)}`);
  return { wall: Number(m[1]), cpu: Number(m[2]) + Number(m[3]), peakMb: Number(m[4]) / 1024 };
}

const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] as number;

function measure(command: string[], env: NodeJS.ProcessEnv, runs = RUNS): Sample {
  runOnce(command, env); // warm-up: the page cache, V8's compile cache, a pending migration
  const samples = Array.from({ length: runs }, () => runOnce(command, env));
  return {
    wall: median(samples.map((s) => s.wall)),
    cpu: median(samples.map((s) => s.cpu)),
    peakMb: Math.max(...samples.map((s) => s.peakMb)),
  };
}

function report(label: string, s: Sample, target?: number): boolean {
  const ok = target === undefined || s.wall <= target;
  console.log(
    `  ${label.padEnd(34)} wall ${s.wall.toFixed(2).padStart(5)} s` +
      `${target === undefined ? '' : ` (target ${target} s ${ok ? 'ok' : 'MISSED'})`}` +
      `  cpu ${s.cpu.toFixed(2).padStart(5)} s  peak ${s.peakMb.toFixed(0).padStart(4)} MB`,
  );
  return ok;
}

const bench: Bench = async () => {
  if (!existsSync(GNU_TIME)) {
    console.log(`${GNU_TIME} (GNU time) is not installed: apt-get install time`);
    return { name: 'cli start (GNU time missing)', targetsMet: false };
  }
  const userData = mkdtempSync(join(tmpdir(), 'parallax-cli-bench-'));
  // V8's compile cache on, in a folder of the bench's own, as bin/parallax.mjs turns it on.
  const env = {
    ...process.env,
    PARALLAX_USER_DATA_DIR: userData,
    PARALLAX_API_KEY: '',
    NODE_COMPILE_CACHE: join(userData, 'compile-cache'),
  };
  try {
    const { entry, files, bytes } = await buildCli();
    const { path, runId } = cachedExportHistory();
    const built = [process.execPath, entry];
    console.log(
      `bundle: ${files} files, ${(bytes / 1e6).toFixed(1)} MB; history: ${path} (20,000 jobs); ` +
        `load average ${loadavg()[0]?.toFixed(1)} on 2 cores`,
    );
    const sources = [process.execPath, '--import', 'tsx', join(ROOT, 'src/cli/main.ts')];
    report('--help (sources via tsx, before)', measure([...sources, '--help'], env, 3));
    let met = report('--help', measure([...built, '--help'], env), 0.3);
    const viaBin = measure([process.execPath, join(ROOT, 'bin/parallax.mjs'), '--help'], env);
    if (freshBuiltCli(ROOT) === entry) met = report('bin/parallax.mjs --help', viaBin, 0.3) && met;
    else console.log('  bin/parallax.mjs --help             not timed: a source changed since the build');
    met = report('history', measure([...built, 'history', '--db', path], env), 0.5) && met;
    met = report('show RUN (20,000 jobs)', measure([...built, 'show', runId, '--db', path], env), 0.5) && met;
    report('show RUN --json', measure([...built, '--json', 'show', runId, '--db', path], env, 3));
    return { name: 'cli start', targetsMet: met };
  } finally {
    rmSync(userData, { recursive: true, force: true });
  }
};

export default bench;
