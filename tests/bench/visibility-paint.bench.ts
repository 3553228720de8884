import { copyFileSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { build } from 'electron-vite';
import { startHarness, type Harness } from '../e2e/harness';
import { BENCH_NOW, cachedHistory } from './visibility.bench';
import type { Bench } from './run-all';

// The renderer's first paint and the Visibility view's paint on a 1,000,000-result, 90-day
// history (issue 15, item 5: first paint ≤ 500 ms; issue 12, item 5: the view paints in ≤ 1 s):
// the production renderer in headless Chromium (the e2e harness) over the real core opened on
// a copy of the visibility bench's cached history.
//
// Each load is timed in the page, from navigation start (performance.now()), by a script that
// checks the DOM at every animation frame: the first contentful paint, the view's frame on
// screen (sidebar, heading, filters: the lazy view chunk loaded and rendered), the KPI cards
// with their numbers, and every panel with its numbers. Then the period is
// switched to 90 days and timed until every panel shows the new period's numbers. Main's time
// per IPC channel is recorded beside, so the figures come with their breakdown.

const FIRST_PAINT_TARGET_MS = 500;
const VIEW_TARGET_MS = 1000;
const RELOADS = 7;

// The page's checks are defined by the init script (which CDP runs whatever the page's CSP
// says) and only called from waitForFunction: the renderer's CSP forbids eval, so a string
// predicate cannot run there, and a string holding \`() => …\` is a truthy function value, which
// ends the wait at once (the previous version of this bench timed only the reload that way).
const PANELS_DONE = `(() => {
  const panels = [...document.querySelectorAll('section.vis-panel')];
  return document.querySelector('[data-testid="kpi-mention"]') !== null && panels.length >= 6 &&
    panels.every((p) => p.getAttribute('aria-busy') !== 'true');
})()`;

const PERIOD_TEXT = `(document.getElementById('visibility-heading')?.parentElement?.textContent ?? '')`;

/** What the init script leaves on window. */
interface PaintWindow {
  __paint?: { panels?: number };
  __panelsDone(): boolean;
  __periodText(): string;
}

/** Records when each milestone is first on screen, in ms since navigation start, and the layout shift. */
const MILESTONES = `(() => {
  const m = { cls: 0 };
  window.__paint = m;
  window.__panelsDone = () => ${PANELS_DONE};
  window.__periodText = () => ${PERIOD_TEXT};
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) if (!e.hadRecentInput) m.cls += e.value;
  }).observe({ type: 'layout-shift', buffered: true });
  const frame = () => {
    const now = performance.now();
    if (m.view === undefined && document.querySelector('nav.sidebar') && document.getElementById('visibility-heading'))
      m.view = now;
    if (m.kpis === undefined && document.querySelector('[data-testid="kpi-mention"]')) m.kpis = now;
    if (m.panels === undefined && ${PANELS_DONE}) m.panels = now;
    if (m.panels === undefined) requestAnimationFrame(frame);
  };
  requestAnimationFrame(frame);
})()`;

interface LoadTimes {
  fcp: number;
  view: number;
  kpis: number;
  panels: number;
  cls: number;
  /** Script bytes the page had fetched when the view first showed. */
  scriptBytes: number;
}

const READ_LOAD = `(() => {
  const m = window.__paint;
  const fcp = performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? NaN;
  const scriptBytes = performance.getEntriesByType('resource')
    .filter((r) => r.name.endsWith('.js') && r.responseEnd <= m.view)
    .reduce((sum, r) => sum + r.decodedBodySize, 0);
  return { fcp, view: m.view, kpis: m.kpis, panels: m.panels, cls: m.cls, scriptBytes };
})()`;

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
}

/** Main's time per IPC channel during one step (calls are answered one after another in main). */
function recordMainTime(h: Harness): { take(): Map<string, number>; restore(): void } {
  const router = h.core.router as { invoke: Harness['core']['router']['invoke'] };
  const original = router.invoke.bind(router);
  let spent = new Map<string, number>();
  router.invoke = async (channel, payload) => {
    const t = performance.now();
    try {
      return await original(channel, payload);
    } finally {
      const key = String(channel);
      spent.set(key, (spent.get(key) ?? 0) + performance.now() - t);
    }
  };
  return {
    take() {
      const taken = spent;
      spent = new Map();
      return taken;
    },
    restore() {
      router.invoke = original;
    },
  };
}

function addInto(total: Map<string, number[]>, step: Map<string, number>): void {
  for (const [channel, ms] of step) total.set(channel, [...(total.get(channel) ?? []), ms]);
}

function printMainTime(label: string, perChannel: Map<string, number[]>): void {
  const rows = [...perChannel].map(([channel, ms]) => [channel, percentile(ms, 50)] as const);
  const sum = rows.reduce((s, [, ms]) => s + ms, 0);
  console.log(`  main's time per IPC channel, ${label} (p50 per load; sum ${sum.toFixed(0)} ms):`);
  for (const [channel, ms] of rows.sort((a, b) => b[1] - a[1]).filter(([, ms]) => ms >= 1))
    console.log(`    ${channel.padEnd(24)} ${ms.toFixed(0).padStart(5)} ms`);
}

const bench: Bench = async () => {
  if (!existsSync('out/renderer/index.html')) await build({ logLevel: 'warn' });
  const { path } = await cachedHistory();
  const dir = mkdtempSync(join(tmpdir(), 'parallax-paint-'));
  const copy = join(dir, 'history.db');
  copyFileSync(path, copy);
  const h = await startHarness({ dbPath: copy, now: () => BENCH_NOW });
  const mainTime = recordMainTime(h);
  try {
    await h.core.router.invoke('settings.update', { sandboxMode: true });
    await h.page.addInitScript(MILESTONES);
    const loads: LoadTimes[] = [];
    const switches: number[] = [];
    const loadMain = new Map<string, number[]>();
    const switchMain = new Map<string, number[]>();
    for (let i = 0; i < RELOADS; i++) {
      await h.page.reload({ waitUntil: 'commit' });
      mainTime.take();
      await h.page.waitForFunction(
        () => (window as unknown as PaintWindow).__paint?.panels !== undefined,
        undefined,
        {
          timeout: 60_000,
          polling: 'raf',
        },
      );
      loads.push((await h.page.evaluate(READ_LOAD)) as LoadTimes);
      // Calls still coming in after the panels painted (pickers' lists, catalog) belong to the load too.
      await h.page.waitForTimeout(300);
      addInto(loadMain, mainTime.take());

      const before = (await h.page.evaluate(PERIOD_TEXT)) as string;
      const t1 = performance.now();
      await h.page.getByLabel('Period').selectOption('90');
      // Done when the heading names the new period and every panel has its new numbers.
      await h.page.waitForFunction(
        (was) => {
          const w = window as unknown as PaintWindow;
          return w.__periodText() !== was && w.__panelsDone();
        },
        before,
        { timeout: 60_000, polling: 'raf' },
      );
      switches.push(performance.now() - t1);
      addInto(switchMain, mainTime.take());
    }
    await h.screenshot('bench-visibility-1m');

    const stat = (values: number[]) =>
      `p50 ${percentile(values, 50).toFixed(0).padStart(5)} ms  p95 ${percentile(values, 95).toFixed(0).padStart(5)} ms`;
    const verdict = (values: number[], target: number) =>
      percentile(values, 95) <= target ? 'met' : 'MISSED';
    const pick = (k: keyof LoadTimes) => loads.map((l) => l[k]);
    // Figures from a shared machine mean little without its load: printed with them.
    console.log(
      `Visibility view on 1,000,000 results, ${RELOADS} loads, ms from navigation start ` +
        `(load average ${loadavg()[0]?.toFixed(1)} on ${cpus().length} cores):`,
    );
    console.log(`  first contentful paint        ${stat(pick('fcp'))}`);
    console.log(
      `  view painted (shell + view)   ${stat(pick('view'))}  target ≤ ${FIRST_PAINT_TARGET_MS} ms: ${verdict(pick('view'), FIRST_PAINT_TARGET_MS)}`,
    );
    console.log(`  KPI cards painted             ${stat(pick('kpis'))}`);
    console.log(
      `  every panel, last 30 days     ${stat(pick('panels'))}  target ≤ ${VIEW_TARGET_MS} ms: ${verdict(pick('panels'), VIEW_TARGET_MS)}`,
    );
    console.log(
      `  switch to 90 days             ${stat(switches)}  target ≤ ${VIEW_TARGET_MS} ms: ${verdict(switches, VIEW_TARGET_MS)}`,
    );
    console.log(
      `  script fetched before the view showed: ${(percentile(pick('scriptBytes'), 50) / 1024).toFixed(0)} KB; ` +
        `layout shift (CLS) p95 ${percentile(pick('cls'), 95).toFixed(3)}`,
    );
    printMainTime('first load', loadMain);
    printMainTime('switch to 90 days', switchMain);
    const met =
      percentile(pick('view'), 95) <= FIRST_PAINT_TARGET_MS &&
      percentile(pick('panels'), 95) <= VIEW_TARGET_MS &&
      percentile(switches, 95) <= VIEW_TARGET_MS;
    return { name: 'renderer first paint ≤ 500 ms and Visibility view ≤ 1 s on 1M results', targetsMet: met };
  } finally {
    mainTime.restore();
    await h.close();
    rmSync(dir, { recursive: true, force: true });
  }
};

export default bench;
