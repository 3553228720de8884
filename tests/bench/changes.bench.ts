import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createFindingsService, type FindingsQueryInput } from '../../src/core/analysis/findings';
import { isoDay } from '../../src/core/analysis/visibility';
import { openHistory } from '../../src/core/history';
import { positioningHistoryPath, POS_BENCH_NOW } from './positioning-history';
import type { Bench } from './run-all';
import { timeCalls } from './timing';
import { drillCases } from './changes-drills';

// `parallax changes` over the positioning benches' history (positioning-history.ts: 1,036,800
// answers over 90 days, 8 tracked brands, their positioning): the findings service, for the
// last 45 days against the 45 before (every one of the 90 days read), 30 against 30, with engine and country filters and for a monitor; the drill-downs
// behind a finding (the newest 50 answers matching it) for a monitor, common and rare matches;
// then the real `parallax changes --json` as a child process on the 45 + 45 days and for a
// monitor (start-up included). p50/p95 over 20 runs after 1 warm-up.
// Target: `parallax changes` on 90 days of 1M results ≤ 1 s.

const TARGET_MS = 1000;
const RUNS = 20;
const DAY = 86_400_000;
const BIN = join(import.meta.dirname, '..', '..', 'bin', 'parallax.mjs');

const time = (fn: () => unknown): { p50: number; p95: number } => timeCalls(fn, RUNS);

/** `parallax changes --json` as a child process, start-up included (p50/p95 over RUNS runs). */
function cliTimes(path: string, args: string[]): { p50: number; p95: number } {
  const userData = mkdtempSync(join(tmpdir(), 'parallax-changes-bench-'));
  try {
    return time(() => {
      const out = spawnSync(process.execPath, [BIN, '--json', 'changes', '--db', path, ...args], {
        encoding: 'utf8',
        env: { ...process.env, PARALLAX_API_KEY: '', PARALLAX_USER_DATA_DIR: userData },
      });
      if (out.status !== 0) throw new Error(`parallax changes failed: ${out.stderr}`);
    });
  } finally {
    rmSync(userData, { recursive: true, force: true });
  }
}

const bench: Bench = async () => {
  const path = positioningHistoryPath();
  const store = openHistory({ path, readonly: true, integrityCheck: 'none' });
  const service = createFindingsService({ store, now: () => POS_BENCH_NOW, activeJudge: () => 'builtin' });
  const monitorId = store.listMonitors()[0]?.id as string;
  const today = Math.floor(POS_BENCH_NOW / DAY);
  const last = (days: number) => ({ from: isoDay(today - days + 1), to: isoDay(today) });
  const q = (days: number, extra: Partial<FindingsQueryInput> = {}): FindingsQueryInput => ({
    scope: { kind: 'all' },
    period: last(days),
    limit: 7,
    resultLimit: 50,
    ...extra,
  });
  const cases: Array<[string, FindingsQueryInput]> = [
    ['45 days against 45 (all 90 days read)', q(45)],
    ['30 days against 30', q(30)],
    ['45 + 45 days, engine filter', q(45, { engines: ['assistant-b'] })],
    ['45 + 45 days, countries DE+US-CA', q(45, { locations: ['DE', 'US-CA'] })],
    ['45 + 45 days, a monitor', q(45, { scope: { kind: 'monitor', id: monitorId } })],
  ];
  let met = true;
  console.log('findings service                                 p50 ms   p95 ms');
  for (const [label, input] of cases) {
    const t = time(() => service.list(input));
    met &&= t.p95 <= TARGET_MS;
    console.log(
      `${label.padEnd(48)} ${t.p50.toFixed(0).padStart(8)} ${t.p95.toFixed(0).padStart(8)}${t.p95 > TARGET_MS ? '  MISSED' : ''}`,
    );
  }
  console.log('drill-down, 45 days, newest 50                     p50 ms   p95 ms  answers');
  for (const [label, drill] of drillCases(store, monitorId, today)) {
    const t = time(drill);
    met &&= t.p95 <= TARGET_MS;
    console.log(
      `${label.padEnd(48)} ${t.p50.toFixed(0).padStart(8)} ${t.p95.toFixed(0).padStart(8)} ${String(drill().total).padStart(8)}`,
    );
  }
  const sample = service.list(q(45));
  console.log(`   ${sample.tests} tests; ${sample.findings.length} findings:`);
  for (const f of sample.findings) console.log(`   - ${f.text}`);
  store.close();

  const period = last(45);
  console.log('parallax changes --json (child process)            p50 ms   p95 ms');
  for (const [label, extra] of [
    ['45 + 45 days', []],
    ['45 + 45 days, a monitor', ['--monitor', monitorId]],
  ] as Array<[string, string[]]>) {
    const t = cliTimes(path, [...extra, '--from', period.from, '--to', period.to]);
    met &&= t.p95 <= TARGET_MS;
    console.log(
      `${label.padEnd(48)} ${t.p50.toFixed(0).padStart(8)} ${t.p95.toFixed(0).padStart(8)}${t.p95 > TARGET_MS ? '  MISSED' : ''}`,
    );
  }
  return { name: `changes (target ≤ ${TARGET_MS} ms)`, targetsMet: met };
};

export default bench;
