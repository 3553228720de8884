import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { openHistory } from '../../src/core/history';
import { funnelDays } from '../../src/core/outcomes';
import { funnelDaysOn } from '../../src/core/team/sync';
import { SHARED_DAYS } from '../../src/core/team/sync/push-funnel';
import { positioningWorker } from '../support/worker-scripts';
import { addCrawlYear, addGa4Year } from './funnel-history';
import type { Bench } from './run-all';

// The funnel totals a sync shares, computed as `parallax sync` computes them (on the syncing
// thread) and as the app does (on positioning-worker's 'funnel-days' thread), over a new history
// holding a year of one busy site's crawler day totals and GA4 export (funnel-history.ts). The
// figure the app's window feels is the syncing thread's longest stall: in-process it is the whole
// computation; on the thread only the rows' arrival (their structured clone). Target: the stall
// on the app's path ≤ 200 ms (the funnel's own budget per view), with the same rows.

const NOW = Date.UTC(2026, 10, 20, 12);
const STALL_TARGET_MS = 200;
const SAMPLE_MS = 10;

const bench: Bench = async () => {
  const dir = mkdtempSync(join(tmpdir(), 'parallax-funnel-thread-bench-'));
  const path = join(dir, 'parallax.db');
  const store = openHistory({ path, now: () => NOW });
  try {
    const crawlRows = addCrawlYear(store, NOW);
    const ga4Rows = await addGa4Year(store, NOW, dir);
    console.log(
      `history: ${crawlRows.toLocaleString('en')} crawl day rows, ${ga4Rows.toLocaleString('en')} GA4 rows`,
    );
    let t = performance.now();
    const here = funnelDays(store, { days: SHARED_DAYS, now: NOW });
    const inProcessMs = performance.now() - t;
    const onThread = funnelDaysOn(positioningWorker());
    const delay = monitorEventLoopDelay({ resolution: SAMPLE_MS });
    // Two measures of the same stall: libuv's loop delay, and the longest gap between a timer's ticks.
    let last = performance.now();
    let gapMs = 0;
    const probe = setInterval(() => {
      const at = performance.now();
      gapMs = Math.max(gapMs, at - last - SAMPLE_MS);
      last = at;
    }, SAMPLE_MS);
    delay.enable();
    t = performance.now();
    const there = await onThread({ dbPath: path, days: SHARED_DAYS, now: NOW });
    const threadMs = performance.now() - t;
    // The rows arrive in a message; the tick after it shows the time their arrival took.
    await new Promise((resolve) => setTimeout(resolve, 3 * SAMPLE_MS));
    clearInterval(probe);
    delay.disable();
    const stallMs = Math.max(delay.max / 1e6, gapMs);
    const same = JSON.stringify(here) === JSON.stringify(there);
    console.log(
      `in-process (the CLI): ${here.length.toLocaleString('en')} rows, the syncing thread held ${inProcessMs.toFixed(0)} ms`,
    );
    console.log(
      `on the thread (the app): ${there.length.toLocaleString('en')} rows in ${threadMs.toFixed(0)} ms wall, the syncing thread's longest stall ${stallMs.toFixed(0)} ms (same rows: ${same}; load ${loadavg()[0]?.toFixed(1)})`,
    );
    return {
      name: 'shared funnel totals off the syncing thread',
      targetsMet: same && stallMs <= STALL_TARGET_MS,
    };
  } finally {
    store.close();
    rmSync(dir, { recursive: true, force: true });
  }
};

export default bench;
