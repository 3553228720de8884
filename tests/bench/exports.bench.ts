import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Bench } from './run-all';
import { cachedExportHistory } from './export-run';
import { BUILD_INFO_FILE, CLI_OUT_DIR } from '../../bin/built-cli.mjs';

// Streamed exports: `parallax export` of the 20,000-result run (100 prompts
// × 20 countries × 10 repeats, search queries, shopping and Markdown; tests/bench/export-run.ts)
// as a whole process, the way a user runs it: wall time, CPU time (user + system) and peak
// resident memory from GNU time (/usr/bin/time), median of RUNS runs, the largest peak, with the
// machine's load average (on a shared machine the wall time follows the load; the CPU time much
// less). Targets: CSV, JSON and NDJSON ≤ 3 s, XLSX ≤ 20 s, peak memory ≤ 400 MB for every
// format, the HTML report ≤ 10 MB.

const RUNS = 3;
const PEAK_TARGET_MB = 400;
const HTML_TARGET_BYTES = 10_000_000;
const TARGET_S: Record<string, number | undefined> = { csv: 3, json: 3, ndjson: 3, xlsx: 20 };
const GNU_TIME = '/usr/bin/time';
const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

/**
 * The CLI as `npx parallax` runs it: bundled. Built here first, and its entry run directly: in a
 * tree being edited the bin's staleness check would fall back to the sources through tsx
 * (seconds of compiling in every run) whenever any source changed after the build.
 */
export function builtCli(): string {
  const build = spawnSync(process.execPath, [join(ROOT, 'scripts/build-cli.mjs')], {
    cwd: ROOT,
    encoding: 'utf8',
  });
  if (build.status !== 0) throw new Error(`the CLI did not build: ${build.stderr.slice(-2000)}`);
  const info = JSON.parse(readFileSync(join(ROOT, CLI_OUT_DIR, BUILD_INFO_FILE), 'utf8')) as {
    entry: string;
  };
  return join(ROOT, CLI_OUT_DIR, info.entry);
}

function runOnce(cli: string, args: string[]): { seconds: number; cpuSeconds: number; peakMb: number } {
  const out = spawnSync(GNU_TIME, ['-f', 'PARALLAX_TIME %e %U %S %M', process.execPath, cli, ...args], {
    cwd: ROOT,
    encoding: 'utf8',
  });
  const m = /PARALLAX_TIME ([\d.]+) ([\d.]+) ([\d.]+) (\d+)/.exec(out.stderr);
  if (out.status !== 0 || !m) throw new Error(`export failed: ${out.stderr.slice(-2000)}`);
  return { seconds: Number(m[1]), cpuSeconds: Number(m[2]) + Number(m[3]), peakMb: Number(m[4]) / 1024 };
}

const median = (values: number[]): number =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] as number;

const load = (): string =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');

const bench: Bench = async () => {
  if (!existsSync(GNU_TIME)) {
    console.log(`${GNU_TIME} (GNU time) is not installed: apt-get install time`);
    return { name: 'exports (GNU time missing)', targetsMet: false };
  }
  const { path, runId } = cachedExportHistory();
  const dir = mkdtempSync(join(tmpdir(), 'parallax-exports-bench-'));
  let met = true;
  try {
    const cli = builtCli();
    console.log(`run ${runId}: 20,000 jobs; CLI: ${cli}; load average ${load()}`);
    for (const format of ['csv', 'json', 'ndjson', 'xlsx', 'html']) {
      const file = join(dir, `run.${format}`);
      const runs = Array.from({ length: RUNS }, () =>
        runOnce(cli, ['export', runId, '--format', format, '--db', path, '--out', file]),
      );
      const seconds = median(runs.map((r) => r.seconds));
      const cpuSeconds = median(runs.map((r) => r.cpuSeconds));
      const peak = Math.max(...runs.map((r) => r.peakMb));
      const size = statSync(file).size;
      const target = TARGET_S[format];
      const timeOk = target === undefined || seconds <= target;
      const peakOk = peak <= PEAK_TARGET_MB;
      const sizeOk = format !== 'html' || size <= HTML_TARGET_BYTES;
      met &&= timeOk && peakOk && sizeOk;
      console.log(
        `  ${format.padEnd(7)} ${seconds.toFixed(2).padStart(6)} s (${target === undefined ? 'no time target' : `target ${target} s ${timeOk ? 'ok' : 'MISSED'}`})` +
          `  cpu ${cpuSeconds.toFixed(2).padStart(6)} s` +
          `  peak ${peak.toFixed(0).padStart(4)} MB (${peakOk ? 'ok' : 'MISSED'})` +
          `  file ${(size / 1e6).toFixed(1)} MB${format === 'html' ? ` (target 10 MB ${sizeOk ? 'ok' : 'MISSED'})` : ''}` +
          `  load ${load()}`,
      );
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  return { name: 'exports (20,000-result run)', targetsMet: met };
};

export default bench;
