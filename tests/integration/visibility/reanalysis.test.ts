import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEventBus } from '../../../src/core/platform/events/event-bus';
import type { HistoryStore, JobRecord } from '../../../src/core/history';
import { createVisibilityService, type VisibilityService } from '../../../src/core/analysis/visibility';
import { createReanalysisDriver, REANALYSIS_BATCH } from '../../../src/core/analysis/visibility/reanalysis';
import type { EventChannelName } from '../../../src/shared/ipc/contract';
import type { CitationGap } from '../../../src/shared/visibility/types';
import { newRun, normalized, openTemp, source, tempFolder } from '../store/helpers';

// Brand re-analysis in batches (a job recorded in the file), on a history one batch larger
// than REANALYSIS_BATCH: the save analyses the first batch, the rest waits; answers stored
// meanwhile, a close and reopen, the CLI's finishReanalysis and the app's driver all end with
// the same numbers as a history whose brands were defined before any answer was stored.

const tmp = tempFolder();
const NOW = Date.UTC(2026, 2, 10, 12);
const AT = Date.UTC(2026, 2, 9, 10);
const all = { kind: 'all' as const };
const period = { days: 7 };
const EXTRA = 100;
const RESULTS = REANALYSIS_BATCH + EXTRA;

const ACME = { name: 'Acme', kind: 'brand' as const, domains: ['acme.com'] };
const BOLT = { name: 'Bolt', kind: 'competitor' as const, domains: ['bolt.io'] };
const BOLT_CO = { ...BOLT, aliases: ['BoltCo'] };

/** Answers that need the alias BoltCo to count Bolt, spread over engines and countries. */
function answer(i: number) {
  const texts = [
    'BoltCo leads, then Acme.',
    'Acme and Bolt.',
    'Only BoltCo here.',
    'Acme alone.',
    'Nothing.',
  ];
  const sources = [
    [source(1, 'review.com', 'R'), source(2, 'acme.com', 'A')],
    [source(1, 'blog.net', 'B')],
    [source(1, 'bolt.io', 'Bolt'), source(2, 'review.com', 'R')],
  ];
  return {
    text: texts[i % texts.length] as string,
    sources: sources[i % sources.length] as ReturnType<typeof source>[],
    queries: [`query ${i % 7}`],
  };
}

function ingestAll(store: HistoryStore, jobs: readonly JobRecord[], offset = 0): void {
  for (let at = 0; at < jobs.length; at += 500) {
    store.ingestResults(
      jobs.slice(at, at + 500).map((j, k) => {
        const a = answer(offset + at + k);
        return {
          jobId: j.id,
          raw: {},
          fetchedAt: AT,
          normalized: normalized(j.engine, a.text, { sources: a.sources, searchQueries: a.queries }),
        };
      }),
    );
  }
}

/** One run with RESULTS jobs: 10 prompts × 2 engines × 5 countries × repeats (RESULTS / 100). */
function bigRun(store: HistoryStore): JobRecord[] {
  const { jobs } = newRun(store, {
    prompts: Array.from({ length: 10 }, (_, i) => `prompt ${i}`),
    engines: ['assistant-a', 'assistant-b'],
    countries: ['US', 'DE', 'FR', 'GB', 'JP'],
    repeats: RESULTS / 100,
  });
  expect(jobs.length).toBe(RESULTS);
  return jobs;
}

/** What a dashboard shows, for comparing two histories (brand ids differ between files). */
function snapshot(svc: VisibilityService, store: HistoryStore) {
  const name = new Map(store.listBrands().map((b) => [b.id, b.name]));
  const o = svc.overview({ scope: all, period });
  const g = svc.gaps({ scope: all, period, limit: 10 });
  const named = (list: CitationGap[]) =>
    list.map((x) => ({
      ...x,
      competitors: x.competitors.map((c) => ({ ...c, brandId: name.get(c.brandId) })),
    }));
  const byEngine = svc.buckets({ scope: all, period, by: ['engine'] });
  return {
    answers: o.answers,
    leaderboard: o.leaderboard.map((m) => ({ ...m, brandId: name.get(m.brandId), previous: undefined })),
    gaps: {
      ...g,
      focusBrandId: undefined,
      reanalysis: undefined,
      gaps: named(g.gaps),
      partialGaps: named(g.partialGaps),
      thinGaps: named(g.thinGaps),
      competitorSites: named(g.competitorSites),
    },
    byEngine: byEngine.rows.map((r) => ({ ...r, brandId: name.get(r.brandId) })),
    mentioned: svc.results({
      scope: all,
      period,
      limit: 1,
      drill: { brandId: [...name].find(([, n]) => n === 'Bolt')?.[0] as string, mentioned: true },
    }).total,
  };
}

let reference: ReturnType<typeof snapshot>;
let replacementJob: JobRecord;

beforeAll(() => {
  // The reference: BoltCo known before any answer is stored, so everything is analysed at ingest.
  const ref = openTemp(tmp.file('reference.db'));
  ref.saveBrand(ACME);
  ref.saveBrand(BOLT_CO);
  const jobs = bigRun(ref);
  ingestAll(ref, jobs);
  // The same later answers as the test history below: a replaced answer and a second run.
  ingestAll(ref, [jobs[jobs.length - 1] as JobRecord], 2);
  ingestAll(ref, newRun(ref, { prompts: ['later'], repeats: 3 }).jobs, 0);
  reference = snapshot(createVisibilityService({ store: ref, now: () => NOW }), ref);
  ref.close();
  expect(reference.answers).toBe(RESULTS + 3);
});
afterAll(() => tmp.cleanup());

describe('brand re-analysis in batches', () => {
  const path = () => tmp.file('history.db');
  let boltId: string;

  it('a save analyses the first batch and records the rest; the numbers say so until it ends', () => {
    const store = openTemp(path());
    try {
      store.saveBrand(ACME);
      boltId = store.saveBrand(BOLT).id;
      const jobs = bigRun(store);
      ingestAll(store, jobs);
      replacementJob = jobs[jobs.length - 1] as JobRecord;
      const svc = createVisibilityService({ store, now: () => NOW });
      expect(svc.reanalysis()).toBeNull();

      store.saveBrand({ ...BOLT_CO, id: boltId });
      expect(svc.reanalysis()).toEqual({ done: REANALYSIS_BATCH, total: RESULTS });
      const o = svc.overview({ scope: all, period });
      expect(o.reanalysis).toEqual({ done: REANALYSIS_BATCH, total: RESULTS });
      expect(svc.gaps({ scope: all, period, limit: 5 }).reanalysis).toEqual(o.reanalysis);
      // Every answer is counted; brand numbers only over the answers analysed so far.
      expect(o.answers).toBe(RESULTS);
      const analysed = o.leaderboard.find((m) => m.brandId === boltId)?.mentionRate.k ?? 0;
      expect(analysed).toBeGreaterThan(0);
      expect(analysed).toBeLessThan(
        reference.leaderboard.find((m) => m.brandId === 'Bolt')?.mentionRate.k ?? 0,
      );

      // Answers stored meanwhile: one replacing a result the job has yet to reach, a new run.
      ingestAll(store, [replacementJob], 2);
      ingestAll(store, newRun(store, { prompts: ['later'], repeats: 3 }).jobs, 0);
      expect(svc.reanalysis()).toEqual({ done: REANALYSIS_BATCH, total: RESULTS });
    } finally {
      // Closed mid-job, as a quit or a crash would leave it.
      store.close();
    }
  });

  it('resumes at the next open and the CLI finishes it, with the numbers of the reference', () => {
    const store = openTemp(path());
    try {
      const svc = createVisibilityService({ store, now: () => NOW });
      expect(svc.reanalysis()).toEqual({ done: REANALYSIS_BATCH, total: RESULTS });
      const progress: Array<{ done: number; total: number }> = [];
      expect(svc.finishReanalysis((p) => progress.push(p))).toEqual({ done: RESULTS, total: RESULTS });
      expect(progress).toEqual([{ done: RESULTS, total: RESULTS }]);
      expect(svc.reanalysis()).toBeNull();
      expect(svc.finishReanalysis()).toBeNull();
      expect(snapshot(svc, store)).toEqual(reference);
      expect(svc.overview({ scope: all, period }).reanalysis).toBeNull();
    } finally {
      store.close();
    }
  });

  it("the app's driver runs it in batches between other work, reports progress, then 'visibility.changed'", async () => {
    const store = openTemp(path());
    const events = createEventBus();
    const seen: Array<{ event: EventChannelName; payload: unknown }> = [];
    events.subscribe((event, payload) => seen.push({ event, payload }));
    const svc = createVisibilityService({ store, now: () => NOW });
    const readsBetween: Array<number | undefined> = [];
    const driver = createReanalysisDriver({
      store,
      events,
      batch: 30,
      // Each batch waits for the event loop; a read runs in between, as an IPC call would.
      defer: (fn) =>
        setImmediate(() => {
          readsBetween.push(svc.overview({ scope: all, period }).reanalysis?.done);
          fn();
        }),
    });
    try {
      store.saveBrand({ ...BOLT, id: boltId });
      store.saveBrand({ ...BOLT_CO, id: boltId });
      const finished = new Promise<void>((resolve) =>
        events.subscribe(
          (event, payload) =>
            event === 'visibility.reanalysis' && (payload as { phase: string }).phase === 'done' && resolve(),
        ),
      );
      // As the brands.save handler does after a save.
      events.emit('visibility.changed', { reason: 'brands' });
      expect(driver.running).toBe(true);
      await finished;
      await new Promise((resolve) => setImmediate(resolve));
      expect(driver.running).toBe(false);

      const progress = seen.filter((e) => e.event === 'visibility.reanalysis').map((e) => e.payload);
      const total = RESULTS + 3;
      expect(progress[0]).toEqual({ phase: 'running', done: REANALYSIS_BATCH, total });
      expect(progress.at(-1)).toEqual({ phase: 'done', done: total, total });
      const running = progress.filter((p) => (p as { phase: string }).phase === 'running');
      // 103 answers left after the first batch, 30 per batch: 4 more batches, the last one short.
      const B = REANALYSIS_BATCH;
      expect(running.map((p) => (p as { done: number }).done)).toEqual([B, B + 30, B + 60, B + 90]);
      expect(readsBetween).toEqual([B, B + 30, B + 60, B + 90]);
      expect(seen.at(-1)).toEqual({ event: 'visibility.changed', payload: { reason: 'brands' } });
      expect(snapshot(svc, store)).toEqual(reference);
    } finally {
      await driver.close();
      store.close();
    }
  });
});
