import Database from 'better-sqlite3';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buildDemoHistory,
  deleteDemo,
  demoStatus,
  DemoRefusedError,
  type DemoProgress,
} from '../../../src/core/demo';
import { openHistory } from '../../../src/core/history';
import { ENGINE_NAMES } from '../../../src/shared/api/engines';
import { runSpecSchema } from '../../../src/shared/domain/run-spec';
import { categoryFor } from '../../../src/sandbox/engines/catalog';

// The demo history builder against a real temp SQLite file, through the real run engine and
// the in-process sandbox: what it builds, its labels and dates, refusal, cancel and delete.

const DAY = 86_400_000;
const NOW = Date.UTC(2026, 2, 10, 12, 0, 0); // "today" for the builder: 2 days end 2026-03-10
/**
 * The days of the main build: two, the fewest in which each day's runs, dates and progress are
 * told apart from the next day's (it built four: 480 more answers through the run engine).
 */
const DAYS = ['2026-03-09', '2026-03-10'];
const RUNS = 3 * DAYS.length;
const RESULTS = 240 * DAYS.length;

let dir = '';
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'parallax-demo-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const build = (
  path: string,
  days: number,
  extra: { signal?: AbortSignal; onProgress?: (p: DemoProgress) => void } = {},
) => buildDemoHistory({ openStore: (now) => openHistory({ path, now }), days, now: () => NOW, ...extra });

const isoDay = (ms: number): string => new Date(ms).toISOString().slice(0, 10);

describe('demo history', () => {
  const path = (): string => join(dir, 'demo.db');
  const progress: DemoProgress[] = [];
  let nonDemoRunId = '';

  beforeAll(async () => {
    // Someone's own history first: one run, one brand, one monitor that the demo must leave alone.
    const store = openHistory({ path: path() });
    const spec = runSpecSchema.parse({
      prompts: ['best laptop'],
      engines: ['assistant-a'],
      countries: ['US'],
    });
    nonDemoRunId = store.createRun({
      spec,
      keyLabel: null,
      baseUrl: 'http://x',
      sandbox: false,
      costEstimate: 5,
    }).run.id;
    store.saveBrand({ name: 'My Laptop Co', kind: 'brand', domains: ['mylaptop.example'] });
    store.saveMonitor({ name: 'Mine', spec, cadence: 'daily', enabled: true, nextDueAt: null });
    store.close();
    const result = await build(path(), DAYS.length, { onProgress: (p) => progress.push(p) });
    expect(result).toMatchObject({ days: DAYS.length, monitors: 3, runs: RUNS, brands: 6, canceled: false });
    expect(result.results).toBe(RESULTS);
  });

  it('builds ≥ 3 daily monitors, ≥ 10 catalog prompts, 5 countries and a US state, the available engine, 4 repeats', () => {
    const store = openHistory({ path: path() });
    try {
      const monitors = store.listMonitors().filter((m) => m.name.startsWith('Demo · '));
      expect(monitors).toHaveLength(3);
      for (const m of monitors) {
        expect(m.cadence).toBe('daily');
        // Disabled: they never start by themselves (against a real key).
        expect(m.enabled).toBe(false);
        // Only engines the spec lists as available: the monitors run in the app's sandbox too.
        expect(m.spec.engines).toEqual(['assistant-a']);
        expect(m.spec.countries).toEqual(['US', 'GB', 'DE', 'FR', 'JP']);
        expect(m.spec.states).toEqual(['CA']);
        expect(m.spec.repeats).toBe(4);
        expect(m.spec.tags).toEqual(['demo']);
      }
      const prompts = monitors.flatMap((m) => m.spec.prompts);
      expect(new Set(prompts).size).toBeGreaterThanOrEqual(10);
      for (const p of prompts) expect(categoryFor(p, 0).id, p).toBe('running-shoes');
      const brands = store.listBrands();
      const demoBrands = brands.filter((b) => b.name !== 'My Laptop Co');
      expect(demoBrands.filter((b) => b.kind === 'brand')).toHaveLength(1);
      expect(demoBrands.filter((b) => b.kind === 'competitor').length).toBeGreaterThanOrEqual(4);
      for (const b of demoBrands) {
        expect(b.aliases.length, b.name).toBeGreaterThan(0);
        expect(b.domains.length, b.name).toBeGreaterThan(0);
      }
    } finally {
      store.close();
    }
  });

  it('runs every monitor once a day at 06:00 UTC, results fetched on that day, all labelled', () => {
    const db = new Database(path(), { readonly: true });
    try {
      const runs = db
        .prepare(
          `SELECT r.id, r.created_at, r.sandbox, r.key_label, r.status, m.name AS monitor,
             (SELECT group_concat(t.name) FROM run_tags rt JOIN tags t ON t.id = rt.tag_id WHERE rt.run_id = r.id) AS tags
           FROM runs r LEFT JOIN monitors m ON m.id = r.monitor_id WHERE r.id <> ? ORDER BY r.created_at`,
        )
        .all(nonDemoRunId) as Array<{
        id: string;
        created_at: number;
        sandbox: number;
        key_label: string;
        status: string;
        monitor: string | null;
        tags: string;
      }>;
      expect(runs).toHaveLength(RUNS);
      for (const r of runs) {
        expect(r).toMatchObject({ sandbox: 1, key_label: 'sandbox', status: 'completed', tags: 'demo' });
        expect(r.monitor).toMatch(/^Demo · /);
        expect(new Date(r.created_at).getUTCHours()).toBe(6);
      }
      // Each day: one run per monitor.
      for (const day of DAYS) {
        const ofDay = runs.filter((r) => isoDay(r.created_at) === day);
        expect(new Set(ofDay.map((r) => r.monitor)).size, day).toBe(3);
        expect(ofDay, day).toHaveLength(3);
      }
      // Every result was fetched on its run's day, 240 a day.
      const perDay = db
        .prepare(
          `SELECT date(res.fetched_at / 1000, 'unixepoch') AS day, count(*) AS n,
             sum(date(res.fetched_at / 1000, 'unixepoch') <> date(r.created_at / 1000, 'unixepoch')) AS off
           FROM results res JOIN jobs j ON j.id = res.job_id JOIN runs r ON r.id = j.run_id
           WHERE r.id <> ? GROUP BY 1 ORDER BY 1`,
        )
        .all(nonDemoRunId);
      expect(perDay).toEqual(DAYS.map((day) => ({ day, n: 240, off: 0 })));
      const locations = db
        .prepare(`SELECT DISTINCT country || coalesce('-' || us_state, '') AS loc FROM jobs ORDER BY 1`)
        .all()
        .map((r) => (r as { loc: string }).loc);
      expect(locations).toEqual(['DE', 'FR', 'GB', 'JP', 'US', 'US-CA']);
    } finally {
      db.close();
    }
  });

  it('the focus brand and competitors are named in some answers, not all, and their sites are cited', () => {
    const db = new Database(path(), { readonly: true });
    try {
      const rows = db
        .prepare(
          `SELECT b.name, sum(x.mentioned) AS mentioned, sum(x.cited) AS cited
           FROM vis_result_brand x JOIN vis_brands vb ON vb.id = x.brand JOIN brands b ON b.id = vb.brand_id
           GROUP BY b.name`,
        )
        .all() as Array<{ name: string; mentioned: number; cited: number }>;
      const total = RESULTS;
      expect(rows.length).toBeGreaterThanOrEqual(5);
      for (const r of rows) {
        expect(r.mentioned, r.name).toBeGreaterThan(0);
        expect(r.mentioned, r.name).toBeLessThan(total);
      }
      expect(rows.some((r) => r.cited > 0)).toBe(true);
    } finally {
      db.close();
    }
  });

  it('reports progress per day', () => {
    const building = progress.filter((p) => p.phase === 'building' && p.message !== null);
    expect(building.map((p) => p.message)).toEqual(DAYS);
    expect(building.map((p) => p.day)).toEqual(DAYS.map((_, i) => i + 1));
    expect(building.at(-1)).toMatchObject({ runs: RUNS, results: RESULTS, days: DAYS.length });
    expect(progress.at(-1)?.phase).toBe('done');
  });

  it('refuses a second demo on top of the first, writing nothing', async () => {
    await expect(build(path(), 2)).rejects.toThrow(DemoRefusedError);
    await expect(build(path(), 2)).rejects.toThrow(/delete it first/);
    const store = openHistory({ path: path() });
    try {
      // Its days from its own record (what a reader after 07:00 UTC of a demo built before needs).
      expect(demoStatus(store)).toMatchObject({
        present: true,
        days: DAYS.length,
        firstDay: DAYS[0],
        lastDay: DAYS.at(-1),
        runs: RUNS,
        results: RESULTS,
      });
      expect(store.listMonitors()).toHaveLength(4);
    } finally {
      store.close();
    }
  });

  it('delete removes every demo run, monitor and brand, and nothing else', () => {
    const store = openHistory({ path: path() });
    try {
      expect(deleteDemo(store)).toEqual({ runs: RUNS, monitors: 3, brands: 6 });
      expect(demoStatus(store)).toMatchObject({ present: false, runs: 0 });
      expect(store.listRuns().runs.map((r) => r.id)).toEqual([nonDemoRunId]);
      expect(store.listMonitors().map((m) => m.name)).toEqual(['Mine']);
      expect(store.listBrands().map((b) => b.name)).toEqual(['My Laptop Co']);
      expect(store.listTags()).not.toContain('demo');
      expect(deleteDemo(store)).toBeNull();
    } finally {
      store.close();
    }
    const db = new Database(path(), { readonly: true });
    try {
      const count = (table: string): number =>
        (db.prepare(`SELECT count(*) AS n FROM ${table}`).get() as { n: number }).n;
      for (const table of ['results', 'vis_result', 'vis_brand_day', 'vis_cell'])
        expect(count(table), table).toBe(0);
      // The one job left is the non-demo run's.
      expect(count('jobs')).toBe(1);
    } finally {
      db.close();
    }
  });

  it('can be built again once deleted', async () => {
    const result = await build(path(), 1);
    expect(result).toMatchObject({ days: 1, runs: 3, results: 240 });
    const store = openHistory({ path: path() });
    try {
      expect(deleteDemo(store)).toEqual({ runs: 3, monitors: 3, brands: 6 });
    } finally {
      store.close();
    }
  });
});

describe('canceling a demo build', () => {
  it('keeps the days built, labelled and deletable', async () => {
    const path = join(dir, 'cancel.db');
    const controller = new AbortController();
    const result = await build(path, 5, {
      signal: controller.signal,
      onProgress: (p) => {
        if (p.day === 2) controller.abort();
      },
    });
    expect(result).toMatchObject({ canceled: true, days: 2, runs: 6, results: 480 });
    const store = openHistory({ path });
    try {
      expect(demoStatus(store)).toMatchObject({ present: true, runs: 6, results: 480 });
      expect(store.listRuns().runs.every((r) => r.status === 'completed')).toBe(true);
      // The run dates are the first two of the five days (2026-03-06 and -07).
      const days = new Set(store.listRuns().runs.map((r) => isoDay(r.createdAt)));
      expect([...days].sort()).toEqual([isoDay(NOW - 4 * DAY), isoDay(NOW - 3 * DAY)]);
      await expect(build(path, 1)).rejects.toThrow(/delete it first/);
      expect(deleteDemo(store)).toEqual({ runs: 6, monitors: 3, brands: 6 });
      expect(store.listRuns().total).toBe(0);
    } finally {
      store.close();
    }
  });
});

describe('the preview demo: every engine', () => {
  it('asks every engine through the preview profile, 320 answers a day, and says it is a preview', async () => {
    const path = join(dir, 'preview.db');
    const result = await buildDemoHistory({
      openStore: (now) => openHistory({ path, now }),
      days: 1,
      now: () => NOW,
      variant: 'preview',
    });
    expect(result).toMatchObject({ days: 1, runs: 3, results: 320, variant: 'preview', canceled: false });
    const store = openHistory({ path });
    try {
      expect(demoStatus(store)).toMatchObject({ present: true, variant: 'preview', results: 320 });
      const engines = new Map<string, number>();
      for (const run of store.listRuns({ limit: 10 }).runs)
        for (const job of store.listJobs(run.id)) {
          expect(job.jobState).toBe('succeeded');
          engines.set(job.engine, (engines.get(job.engine) ?? 0) + 1);
        }
      // 10 prompts × 2 countries × 2 repeats on each of the 8 engines, the coming-soon ones included.
      expect(Object.fromEntries(engines)).toEqual(Object.fromEntries(ENGINE_NAMES.map((e) => [e, 40])));
    } finally {
      store.close();
    }
  });
});

describe('the sandbox in-process (the builder default) or over loopback HTTP', () => {
  /** Every run's jobs and their stored answers, in order, without the ids each build draws anew. */
  const historyOf = (path: string) => {
    const db = new Database(path, { readonly: true });
    const resultOf = new Map(
      (db.prepare('SELECT job_id, id FROM results').all() as Array<{ job_id: string; id: string }>).map(
        (r) => [r.job_id, r.id],
      ),
    );
    db.close();
    const store = openHistory({ path });
    try {
      const runs = store.listRuns({ limit: 100 }).runs.sort((a, b) => a.createdAt - b.createdAt);
      return runs.map((run) => ({
        name: run.name,
        createdAt: run.createdAt,
        jobs: store.listJobs(run.id).map((job) => {
          const resultId = resultOf.get(job.id);
          const result = resultId === undefined ? null : store.getResult(resultId);
          return {
            ...[job.prompt, job.engine, job.country, job.state, job.repeat, job.jobState, job.attempts],
            status: job.httpStatus,
            credits: job.creditsCharged,
            fetchedAt: result?.fetchedAt,
            answer: result?.normalized,
          };
        }),
      }));
    } finally {
      store.close();
    }
  };

  it('builds the same history: every job, answer, source and brand alike', async () => {
    const viewOf = async (transport: 'in-process' | 'http') => {
      const path = join(dir, `transport-${transport}.db`);
      const view = await buildDemoHistory({
        openStore: (now) => openHistory({ path, now }),
        days: 1,
        now: () => NOW,
        transport,
      });
      return { view, history: historyOf(path) };
    };
    const overHttp = await viewOf('http');
    const inProcess = await viewOf('in-process');
    expect(overHttp.view).toMatchObject({ days: 1, runs: 3, results: 240, canceled: false });
    expect(inProcess.view).toEqual(overHttp.view);
    expect(overHttp.history).toHaveLength(3);
    const answers = overHttp.history.flatMap((run) => run.jobs.map((job) => job.answer));
    expect(answers).toHaveLength(240);
    expect(answers.every((answer) => answer !== undefined)).toBe(true);
    expect(answers.filter((answer) => (answer?.text ?? '') !== '').length).toBeGreaterThan(100);
    expect(inProcess.history).toEqual(overHttp.history);
  });
});
