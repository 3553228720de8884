import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Bench } from './run-all';
import { builtCli } from './exports.bench';
import { bigDbPath } from './store-big-history';

// The analysis export (issue 33, item 5) on the store bench's 1,000,000-answer history (buildBig:
// answers of 60-260 words with their Markdown, 10 sources each, 1,000 runs; reused from the temp
// folder when built before, else built once, which takes tens of minutes): `parallax db export`
// as a whole process, the way a user runs it (the bundled CLI), in both formats. Printed: wall
// time, CPU time (user + system) and peak resident memory from GNU time (/usr/bin/time), rows
// per table, output size, and the machine's load average (on a shared machine the wall time
// follows the load; the CPU time much less). Targets: SQLite ≤ 120 s, Parquet ≤ 60 s, peak
// memory ≤ 500 MB each. The file tracks no brands, so mentions and visibility_daily are empty
// here: their cost is the per-answer roll-up rows (a few per answer), small beside sources.

const TARGET_S = { sqlite: 120, parquet: 60 } as const;
const PEAK_TARGET_MB = 500;
const GNU_TIME = '/usr/bin/time';
const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

interface Measured {
  seconds: number;
  cpuSeconds: number;
  peakMb: number;
  summary: { bytes: number; tables: Array<{ table: string; rows: number }> };
}

function runOnce(cli: string, args: string[], env: NodeJS.ProcessEnv = {}): Measured {
  const out = spawnSync(GNU_TIME, ['-f', 'PARALLAX_TIME %e %U %S %M', process.execPath, cli, ...args], {
    cwd: ROOT,
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
    env: { ...process.env, ...env },
  });
  const m = /PARALLAX_TIME ([\d.]+) ([\d.]+) ([\d.]+) (\d+)/.exec(out.stderr);
  if (out.status !== 0 || !m) throw new Error(`db export failed: ${out.stderr.slice(-2000)}`);
  return {
    seconds: Number(m[1]),
    cpuSeconds: Number(m[2]) + Number(m[3]),
    peakMb: Number(m[4]) / 1024,
    summary: JSON.parse(out.stdout) as Measured['summary'],
  };
}

const load = (): string =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');

const sizeOf = (path: string): number =>
  statSync(path).isDirectory()
    ? readdirSync(path).reduce((sum, name) => sum + statSync(join(path, name)).size, 0)
    : statSync(path).size;

const bench: Bench = async () => {
  if (!existsSync(GNU_TIME)) {
    console.log(`${GNU_TIME} (GNU time) is not installed: apt-get install time`);
    return { name: 'db-export (GNU time missing)', targetsMet: false };
  }
  const history = bigDbPath();
  const dir = mkdtempSync(join(tmpdir(), 'parallax-db-export-bench-'));
  let met = true;
  try {
    const cli = builtCli();
    console.log(`history ${history}; CLI ${cli}; load average ${load()}`);
    // Each format as shipped (the answers on a second thread), then on one thread.
    const variants = [
      { format: 'parquet', label: 'parquet', env: {} },
      { format: 'parquet', label: 'parquet/1', env: { PARALLAX_DB_EXPORT_THREADS: '1' } },
      { format: 'sqlite', label: 'sqlite', env: {} },
      { format: 'sqlite', label: 'sqlite/1', env: { PARALLAX_DB_EXPORT_THREADS: '1' } },
    ] as const;
    for (const { format, label, env } of variants) {
      const out = join(dir, format === 'sqlite' ? 'history.sqlite' : 'history-parquet');
      const run = runOnce(
        cli,
        ['--json', 'db', 'export', '--format', format, '--out', out, '--db', history],
        env,
      );
      const timeOk = run.seconds <= TARGET_S[format];
      const peakOk = run.peakMb <= PEAK_TARGET_MB;
      // The one-thread variants are printed for comparison; the shipped ones count.
      if (!label.endsWith('/1')) met &&= timeOk && peakOk;
      console.log(
        `  ${label.padEnd(9)} ${run.seconds.toFixed(1).padStart(6)} s (target ${TARGET_S[format]} s ${timeOk ? 'ok' : 'MISSED'})` +
          `  cpu ${run.cpuSeconds.toFixed(1).padStart(6)} s` +
          `  peak ${run.peakMb.toFixed(0).padStart(4)} MB (target ${PEAK_TARGET_MB} MB ${peakOk ? 'ok' : 'MISSED'})` +
          `  output ${(sizeOf(out) / 1e6).toFixed(0)} MB  load ${load()}`,
      );
      console.log(
        `           ${run.summary.tables.map((t) => `${t.table} ${t.rows.toLocaleString('en')}`).join(' · ')}`,
      );
      rmSync(out, { recursive: true, force: true });
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  return { name: 'db-export (1,000,000 answers, SQLite and Parquet)', targetsMet: met };
};

export default bench;
