import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Bench } from './run-all';
import { builtCli } from './exports.bench';
import { bigDbPath } from './store-big-history';

// The analysis export on the store bench's 1,000,000-answer history (buildBig:
// answers of 60-260 words with their Markdown, 10 sources each, 1,000 runs; reused from the temp
// folder when built before, else built once, which takes tens of minutes): `parallax db export`
// as a whole process, the way a user runs it (the bundled CLI), in both formats. Printed: wall
// time, CPU time (user + system) and peak resident memory from GNU time (/usr/bin/time), rows
// per table, output size, and the machine's load average (on a shared machine the wall time
// follows the load; the CPU time much less). The peak is the whole process's (both threads, V8
// and native memory, DuckDB's included: the export starts no other process), twice: GNU time's
// maximum RSS and the kernel's high-water mark (VmHWM) sampled while it runs. Targets: SQLite ≤ 120 s, Parquet ≤ 60 s, peak
// memory ≤ 500 MB each. The file tracks no brands, so mentions and visibility_daily are empty
// here: their cost is the per-answer roll-up rows (a few per answer), small beside sources.

const TARGET_S = { sqlite: 120, parquet: 60 } as const;
/**
 * PARALLAX_DB_EXPORT_BENCH_PERIOD=2025-01-01..2025-03-31: a slice of the history (259,200
 * answers for those 90 days; for measuring on a shared machine: the targets are the whole
 * history's). Taking a slice's scope costs time the whole history's export does not pay.
 */
const SLICE = process.env.PARALLAX_DB_EXPORT_BENCH_PERIOD?.split('..');
const PERIOD = SLICE?.length === 2 ? ['--from', SLICE[0] as string, '--to', SLICE[1] as string] : [];
const PEAK_TARGET_MB = 500;
const GNU_TIME = '/usr/bin/time';
const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

interface Measured {
  seconds: number;
  cpuSeconds: number;
  /** GNU time's maximum resident set size of the export process (every thread, native memory too). */
  peakMb: number;
  /** The kernel's high-water mark of the same process (VmHWM), read while it ran: a second opinion. */
  hwmMb: number;
  summary: { bytes: number; tables: Array<{ table: string; rows: number }> };
}

/** VmHWM of the process GNU time started (its one child), in kB; 0 when it cannot be read. */
function highWaterOf(timePid: number): number {
  try {
    const child = readFileSync(`/proc/${timePid}/task/${timePid}/children`, 'utf8').trim().split(/\s+/u)[0];
    if (!child) return 0;
    const m = /VmHWM:\s+(\d+) kB/u.exec(readFileSync(`/proc/${child}/status`, 'utf8'));
    return m ? Number(m[1]) : 0;
  } catch {
    return 0; // not started yet, or already gone
  }
}

async function runOnce(cli: string, args: string[], env: NodeJS.ProcessEnv = {}): Promise<Measured> {
  const child = spawn(GNU_TIME, ['-f', 'PARALLAX_TIME %e %U %S %M', process.execPath, cli, ...args], {
    cwd: ROOT,
    env: { ...process.env, ...env },
  });
  let stdout = '';
  let stderr = '';
  child.stdout.setEncoding('utf8').on('data', (d: string) => (stdout += d));
  child.stderr.setEncoding('utf8').on('data', (d: string) => (stderr = (stderr + d).slice(-64_000)));
  // The high-water mark only grows: sampled until the process ends, the last reading is its peak.
  let hwmKb = 0;
  const sampler = setInterval(() => (hwmKb = Math.max(hwmKb, highWaterOf(child.pid ?? 0))), 250);
  const status = await new Promise<number | null>((resolve) => child.on('close', resolve));
  clearInterval(sampler);
  const m = /PARALLAX_TIME ([\d.]+) ([\d.]+) ([\d.]+) (\d+)/.exec(stderr);
  if (status !== 0 || !m) throw new Error(`db export failed: ${stderr.slice(-2000)}`);
  return {
    seconds: Number(m[1]),
    cpuSeconds: Number(m[2]) + Number(m[3]),
    peakMb: Number(m[4]) / 1024,
    hwmMb: hwmKb / 1024,
    summary: JSON.parse(stdout) as Measured['summary'],
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
    console.log(
      `history ${history}${PERIOD.length ? ` (${PERIOD.join(' ')})` : ''}; CLI ${cli}; load average ${load()}`,
    );
    // Each format as shipped (SQLite reads the answers on a second thread, Parquet on one), then
    // the other way (PARALLAX_DB_EXPORT_THREADS).
    const variants = [
      { format: 'parquet', label: 'parquet', env: {} },
      { format: 'parquet', label: 'parquet/2', env: { PARALLAX_DB_EXPORT_THREADS: '2' } },
      { format: 'sqlite', label: 'sqlite', env: {} },
      { format: 'sqlite', label: 'sqlite/1', env: { PARALLAX_DB_EXPORT_THREADS: '1' } },
    ] as const;
    for (const { format, label, env } of variants) {
      const out = join(dir, format === 'sqlite' ? 'history.sqlite' : 'history-parquet');
      const run = await runOnce(
        cli,
        ['--json', 'db', 'export', '--format', format, '--out', out, '--db', history, ...PERIOD],
        env,
      );
      const timeOk = run.seconds <= TARGET_S[format];
      const peakOk = Math.max(run.peakMb, run.hwmMb) <= PEAK_TARGET_MB;
      // The other-thread variants are printed for comparison; the shipped ones count.
      if (label === format) met &&= timeOk && peakOk;
      console.log(
        `  ${label.padEnd(9)} ${run.seconds.toFixed(1).padStart(6)} s (target ${TARGET_S[format]} s ${timeOk ? 'ok' : 'MISSED'})` +
          `  cpu ${run.cpuSeconds.toFixed(1).padStart(6)} s` +
          `  peak ${run.peakMb.toFixed(0).padStart(4)} MB (target ${PEAK_TARGET_MB} MB ${peakOk ? 'ok' : 'MISSED'}; VmHWM ${run.hwmMb.toFixed(0)} MB)` +
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
