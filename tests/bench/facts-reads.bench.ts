import { rmSync } from 'node:fs';
import { dirname } from 'node:path';
import { createFactsService } from '../../src/core/analysis';
import { openHistory } from '../../src/core/history';
import { demoHistoryCopy } from '../support/demo-history';
import type { Bench } from './run-all';

// `npm run bench -- facts-reads`: what the Facts panel, `parallax facts` and the findings read
// of a period's fact checks, on a copy of the tests' 31-day preview demo (9,920 answers, 85,192
// checks; built once and kept, tests/support/demo-history.ts): the figures of the whole history,
// the last 30 and 7 days, by engine, and the findings' sums of 30 days, each read 10 times after
// one warm-up (wall time, one process). They run on the Electron main process. Target: each read
// ≤ 100 ms p95 at this size. How a period's read grows with the history (it should not):
// docs/internals/facts.md, "Reading a period", measured on a 90-day demo beside this one.

const TARGET_P95_MS = 100;
const READS = 10;
const DAY_MS = 86_400_000;

/** The median and p95 of READS reads, after one warm-up read. */
function timed(read: () => unknown): { medianMs: number; p95Ms: number } {
  read();
  const samples: number[] = [];
  for (let i = 0; i < READS; i++) {
    const t0 = performance.now();
    read();
    samples.push(performance.now() - t0);
  }
  samples.sort((a, b) => a - b);
  const at = (p: number): number => samples[Math.min(READS - 1, Math.ceil(READS * p) - 1)] ?? 0;
  return { medianMs: at(0.5), p95Ms: at(0.95) };
}

const bench: Bench = async () => {
  const path = await demoHistoryCopy({ days: 31, variant: 'preview' });
  const store = openHistory({ path, now: Date.now });
  try {
    const facts = createFactsService({ store });
    const last = Math.max(...store.listRuns().runs.map((r) => r.createdAt));
    const reads: Array<[string, () => unknown]> = [
      ['figures, every answer', () => facts.figures({ sinceMs: null })],
      ['figures, last 30 days', () => facts.figures({ sinceMs: last - 30 * DAY_MS })],
      ['figures, last 7 days', () => facts.figures({ sinceMs: last - 7 * DAY_MS })],
      ['figures by engine, last 30 days', () => facts.figures({ sinceMs: last - 30 * DAY_MS, by: 'engine' })],
      [
        "findings' sums, last 30 days",
        () => {
          const toDay = Math.floor(last / DAY_MS);
          return store.factsPeriod({ fromDay: toDay - 29, toDay });
        },
      ],
    ];
    let met = true;
    for (const [name, read] of reads) {
      const t = timed(read);
      console.log(`${name}: median ${t.medianMs.toFixed(1)} ms, p95 ${t.p95Ms.toFixed(1)} ms`);
      if (t.p95Ms > TARGET_P95_MS) met = false;
    }
    console.log(`target: each read ≤ ${TARGET_P95_MS} ms p95 on the 31-day preview demo`);
    return { name: 'facts reads of a period (Facts panel, findings)', targetsMet: met };
  } finally {
    store.close();
    rmSync(dirname(path), { recursive: true, force: true });
  }
};

export default bench;
