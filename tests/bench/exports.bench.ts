import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Bench } from './run-all';
import { cachedExportHistory } from './export-run';
import { freshBuiltCli } from '../../bin/built-cli.mjs';

// Streamed exports (issue 15, part 1): `parallax export` of the 20,000-result run (100 prompts
// × 20 countries × 10 repeats, search queries, shopping and Markdown; tests/bench/export-run.ts)
// as a whole process, the way a user runs it: wall time and peak resident memory from GNU time
// (/usr/bin/time), median of RUNS runs, the largest peak. Targets: CSV, JSON and NDJSON ≤ 3 s,
// XLSX ≤ 20 s, peak memory ≤ 400 MB for every format, the HTML report ≤ 10 MB.

const RUNS = 3;
const PEAK_TARGET_MB = 400;
const HTML_TARGET_BYTES = 10_000_000;
const TARGET_S: Record<string, number | undefined> = { csv: 3, json: 3, ndjson: 3, xlsx: 20 };
const GNU_TIME = '/usr/bin/time';
const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

function cliCommand(): string[] {
  // The built CLI when it is current (what `npx parallax` runs), else the sources through tsx.
  const built = freshBuiltCli(ROOT);
  return built
    ? [process.execPath, built]
    : [process.execPath, '--import', 'tsx', join(ROOT, 'src/cli/main.ts')];
}

function runOnce(args: string[]): { seconds: number; peakMb: number } {
  const [cmd, ...rest] = cliCommand();
  const out = spawnSync(GNU_TIME, ['-f', 'PARALLAX_TIME %e %M', cmd as string, ...rest, ...args], {
    cwd: ROOT,
    encoding: 'utf8',
  });
  const m = /PARALLAX_TIME ([\d.]+) (\d+)/.exec(out.stderr);
  if (out.status !== 0 || !m) throw new Error(`export failed: ${out.stderr.slice(-2000)}`);
  return { seconds: Number(m[1]), peakMb: Number(m[2]) / 1024 };
}

const bench: Bench = async () => {
  if (!existsSync(GNU_TIME)) {
    console.log(`${GNU_TIME} (GNU time) is not installed: apt-get install time`);
    return { name: 'exports (GNU time missing)', targetsMet: false };
  }
  const { path, runId } = cachedExportHistory();
  const dir = mkdtempSync(join(tmpdir(), 'parallax-exports-bench-'));
  let met = true;
  try {
    console.log(`run ${runId}: 20,000 jobs; CLI: ${cliCommand().slice(1).join(' ')}`);
    for (const format of ['csv', 'json', 'ndjson', 'xlsx', 'html']) {
      const file = join(dir, `run.${format}`);
      const runs = Array.from({ length: RUNS }, () =>
        runOnce(['export', runId, '--format', format, '--db', path, '--out', file]),
      );
      const seconds = runs.map((r) => r.seconds).sort((a, b) => a - b)[Math.floor(RUNS / 2)] as number;
      const peak = Math.max(...runs.map((r) => r.peakMb));
      const size = statSync(file).size;
      const target = TARGET_S[format];
      const timeOk = target === undefined || seconds <= target;
      const peakOk = peak <= PEAK_TARGET_MB;
      const sizeOk = format !== 'html' || size <= HTML_TARGET_BYTES;
      met &&= timeOk && peakOk && sizeOk;
      console.log(
        `  ${format.padEnd(7)} ${seconds.toFixed(2).padStart(6)} s (${target === undefined ? 'no time target' : `target ${target} s ${timeOk ? 'ok' : 'MISSED'}`})` +
          `  peak ${peak.toFixed(0).padStart(4)} MB (${peakOk ? 'ok' : 'MISSED'})` +
          `  file ${(size / 1e6).toFixed(1)} MB${format === 'html' ? ` (target 10 MB ${sizeOk ? 'ok' : 'MISSED'})` : ''}`,
      );
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  return { name: 'exports (20,000-result run)', targetsMet: met };
};

export default bench;
