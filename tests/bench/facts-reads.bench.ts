import { rmSync } from 'node:fs';
import { dirname } from 'node:path';
import { createFactsService } from '../../src/core/analysis';
import { openHistory } from '../../src/core/history';
import { demoHistoryCopy } from '../support/demo-history';
import type { Bench } from './run-all';
import { timeCalls } from './timing';

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
      const t = timeCalls(read, READS);
      console.log(`${name}: p50 ${t.p50.toFixed(1)} ms, p95 ${t.p95.toFixed(1)} ms`);
      if (t.p95 > TARGET_P95_MS) met = false;
    }
    console.log(`target: each read ≤ ${TARGET_P95_MS} ms p95 on the 31-day preview demo`);
    return { name: 'facts reads of a period (Facts panel, findings)', targetsMet: met };
  } finally {
    store.close();
    rmSync(dirname(path), { recursive: true, force: true });
  }
};

export default bench;
