import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppError } from '../../../src/core/platform/errors/app-error';
import type { HistoryStore } from '../../../src/core/history';
import { createVisibilityService, type VisibilityService } from '../../../src/core/analysis/visibility';
import type { EngineName } from '../../../src/shared/api/engines';
import type { CitationGap, CitationGapsView, VisibilityQuery } from '../../../src/shared/visibility/types';
import { tempFolder } from '../store/helpers';
import { all, buildVisibilityFixture, NOW, period } from './visibility-fixture';

// The Visibility service's numbers on the hand-made history of visibility-fixture.ts, every
// expected number counted by hand. Deleting a run, re-analysis and migration: visibility-changes.test.ts.

const tmp = tempFolder();
let store: HistoryStore;
let svc: VisibilityService;
let acme: string;
let bolt: string;
let resultIds: Record<string, string>;
let emptyRunId: string;
let prevRunId: string;
let curRunId: string;

beforeAll(() => {
  ({ store, acme, bolt, resultIds, emptyRunId, prevRunId, curRunId } = buildVisibilityFixture(
    tmp.file('visibility.db'),
  ));
  svc = createVisibilityService({ store, now: () => NOW });
});
afterAll(() => {
  store.close();
  tmp.cleanup();
});

describe('overview', () => {
  it('gives the focus brand rates, Wilson bounds, position, share of voice and changes, counted by hand', () => {
    const o = svc.overview({ scope: all, period });
    expect(o.period).toEqual({
      from: '2026-03-09',
      to: '2026-03-10',
      days: 2,
      previous: { from: '2026-03-07', to: '2026-03-08' },
    });
    expect(o.focusBrandId).toBe(acme);
    expect(o.answers).toBe(8);
    expect(o.previousAnswers).toBe(20);
    const k = o.kpis!;
    // Acme named in aUS1, aDE1, bUS1, bUS2: 4 of 8. Wilson, z = 1.96: z²/n = 0.48015,
    // centre = (0.5 + 0.24008)/1.48015 = 0.5, half = (1.96/1.48015)·√(0.25/8 + 3.8415/256)
    // = 1.32419 · 0.21507 = 0.28479 → [0.2152, 0.7848].
    expect(k.mentionRate).toMatchObject({ k: 4, n: 8, value: 0.5 });
    expect(k.mentionRate.lower).toBeCloseTo(0.2152, 3);
    expect(k.mentionRate.upper).toBeCloseTo(0.7848, 3);
    // Previous: 20 of 20 → [0.8389, 1]: the intervals do not overlap, significant.
    expect(k.previous.mentionRate).toMatchObject({ k: 20, n: 20, value: 1 });
    expect(k.previous.mentionRate.lower).toBeCloseTo(0.8389, 3);
    expect(k.change.mentionRate).toEqual({ delta: -0.5, significant: true });
    // Cited on acme.com: aUS1, bUS1 → 2/8 [0.0715, 0.5907] against 1/20 [0.0089, 0.2361]: overlap.
    expect(k.citationRate).toMatchObject({ k: 2, n: 8, value: 0.25 });
    expect(k.citationRate.lower).toBeCloseTo(0.0715, 3);
    expect(k.change.citationRate.delta).toBeCloseTo(0.2, 10);
    expect(k.change.citationRate.significant).toBe(false);
    // Ranks 2 (aUS1), 2 (aDE1), 1 (bUS1), 2 (bUS2): mean 1.75, sd 0.5, df 3, half 3.182·0.5/2 = 0.7955.
    expect(k.avgPosition.value).toBe(1.75);
    expect(k.avgPosition.n).toBe(4);
    expect(k.avgPosition.lower).toBeCloseTo(0.9545, 10);
    expect(k.avgPosition.upper).toBeCloseTo(2.5455, 10);
    // Mentions: Acme 4, Bolt 5 (aUS1, aUS2, aDE1 as BoltCo, bUS2, bDE1): 4/9.
    expect(k.shareOfVoice).toMatchObject({ k: 4, n: 9 });
    const b = o.leaderboard.find((m) => m.brandId === bolt)!;
    expect(b.mentionRate).toMatchObject({ k: 5, n: 8 });
    expect(b.shareOfVoice).toMatchObject({ k: 5, n: 9 });
    expect(o.leaderboard[0]?.brandId).toBe(acme);
    expect(o.empty).toBeNull();
  });

  it('says why a period is empty, never NaN, and names unknown brands and scopes', () => {
    const o = svc.overview({ scope: all, period: { from: '2020-01-01', to: '2020-01-05' } });
    expect(o.answers).toBe(0);
    expect(o.kpis?.mentionRate).toEqual({ value: null, k: 0, n: 0, lower: null, upper: null });
    expect(o.kpis?.change.mentionRate).toEqual({ delta: null, significant: false });
    expect(o.empty).toBe('No answers in this period');
    expect(svc.overview({ scope: { kind: 'run', id: emptyRunId }, period }).empty).toBe(
      'No answers for this scope',
    );
    const err = (fn: () => unknown) => {
      try {
        fn();
      } catch (e) {
        return e as AppError;
      }
      throw new Error('expected an error');
    };
    expect(err(() => svc.overview({ scope: all, period, brandId: 'nope' }))).toMatchObject({
      code: 'BRAND_NOT_FOUND',
      message: 'No brand with id nope',
    });
    expect(err(() => svc.overview({ scope: { kind: 'monitor', id: 'm1' }, period }))).toMatchObject({
      code: 'SCOPE_NOT_FOUND',
      message: 'No monitor m1',
    });
    expect(err(() => svc.sources({ scope: { kind: 'tag', name: 'zzz' }, period, limit: 5 })).code).toBe(
      'SCOPE_NOT_FOUND',
    );
  });
});

describe('buckets', () => {
  const acmeRows = (by: Array<'day' | 'location' | 'engine'>) =>
    svc
      .buckets({ scope: all, period, by })
      .rows.filter((r) => r.brandId === acme)
      .map((r) => ({ bucket: r.bucket, k: r.mentionRate.k, n: r.mentionRate.n }));
  it('splits by day (ISO dates), location and engine', () => {
    expect(acmeRows(['day'])).toEqual([
      { bucket: { day: '2026-03-09' }, k: 2, n: 4 },
      { bucket: { day: '2026-03-10' }, k: 2, n: 4 },
    ]);
    expect(acmeRows(['location'])).toEqual([
      { bucket: { location: 'DE' }, k: 1, n: 4 },
      { bucket: { location: 'US' }, k: 3, n: 4 },
    ]);
    expect(acmeRows(['location', 'engine'])).toContainEqual({
      bucket: { location: 'US', engine: 'assistant-b' },
      k: 2,
      n: 2,
    });
  });
});

/** Every gap domain but the brands' own sites, whatever list it falls in, most cited first. */
const candidates = (g: CitationGapsView): CitationGap[] =>
  [...g.gaps, ...g.partialGaps, ...g.thinGaps].sort(
    (x, y) => y.gapAnswers.k - x.gapAnswers.k || x.domain.localeCompare(y.domain),
  );

describe('sources, gaps, URLs, fan-out, drill-down', () => {
  it('ranks cited domains by share of answers with owner, previous share and trend', () => {
    const s = svc.sources({ scope: all, period, limit: 10 });
    expect(s.answers).toBe(8);
    expect(s.domains.map((d) => [d.domain, d.share.k, d.brandId])).toEqual([
      ['review.com', 3, null],
      ['acme.com', 2, acme],
      ['blog.net', 2, null],
      ['bolt.io', 1, bolt],
    ]);
    const review = s.domains[0]!;
    expect(review.previousShare).toMatchObject({ k: 20, n: 20 });
    expect(review.change.significant).toBe(true);
    expect(review.trend).toEqual([
      { day: '2026-03-09', share: 0.5, answers: 2 },
      { day: '2026-03-10', share: 0.25, answers: 1 },
    ]);
    expect(review.kinds).toEqual(['cited']);
  });

  it('finds citation gaps: domains cited where Bolt is named and Acme is not', () => {
    const g = svc.gaps({ scope: all, period, limit: 10 });
    expect(g.gapAnswers).toBe(2); // aUS2, bDE1
    expect(
      candidates(g).map((x) => [x.domain, x.gapAnswers.k, x.focusCitedElsewhere, x.competitors]),
    ).toEqual([
      ['blog.net', 2, false, [{ brandId: bolt, answers: 2 }]],
      ['review.com', 1, true, [{ brandId: bolt, answers: 1 }]],
    ]);
    // Both in fewer than three gap answers: few answers, listed apart.
    expect(g.gaps).toEqual([]);
    expect(g.thinGaps.map((x) => x.domain)).toEqual(['blog.net', 'review.com']);
  });

  it("drills into a domain's URLs and the focus brand's own cited URLs", () => {
    expect(svc.urls({ scope: all, period, domain: 'review.com', limit: 10 }).urls).toEqual([
      { url: 'https://review.com/page-1', title: 'R', answers: 3, bestPosition: 1 },
    ]);
    const own = svc.urls({ scope: all, period, limit: 10 });
    expect(own.domain).toBeNull();
    expect(own.urls.map((u) => [u.url, u.answers, u.bestPosition])).toEqual([
      ['https://acme.com/page-1', 1, 1],
      ['https://acme.com/page-2', 1, 2],
    ]);
  });

  it('lists fan-out queries and marks the ones not seen in the previous period', () => {
    const q = svc.queries({ scope: all, period, limit: 10 });
    expect(q.queries).toEqual([
      {
        query: 'best shoes 2026',
        answers: 2,
        engines: ['assistant-a'],
        isNew: false,
        firstSeen: '2026-03-07',
      },
      { query: 'laufschuhe', answers: 1, engines: ['assistant-a'], isNew: true, firstSeen: '2026-03-09' },
    ]);
  });

  it('opens the answers behind a number, newest first', () => {
    const d = svc.results({ scope: all, period, limit: 50, drill: { brandId: acme, mentioned: true } });
    expect(d).toEqual({ total: 4, resultIds: ['bUS2', 'bUS1', 'aDE1', 'aUS1'].map((k) => resultIds[k]) });
    expect(svc.results({ scope: all, period, limit: 50, drill: { gapFor: acme } }).total).toBe(2);
    expect(
      svc.results({ scope: all, period, limit: 1, drill: { domain: 'blog.net', location: 'DE' } }),
    ).toEqual({
      total: 1,
      resultIds: [resultIds.bDE1],
    });
    expect(svc.results({ scope: all, period, limit: 50, drill: { query: 'laufschuhe' } }).resultIds).toEqual([
      resultIds.aDE1,
    ]);
  });

  it('lists prompt × engine × location series for Over time', () => {
    const keys = svc.seriesKeys({ text: 'shoes', limit: 10 });
    expect(keys[0]).toMatchObject({
      prompt: 'best shoes',
      engine: 'assistant-a',
      country: 'US',
      state: null,
      answers: 22,
    });
  });
});

describe('every roll-up level gives the numbers of the per-result rows', () => {
  const both: EngineName[] = ['assistant-a', 'assistant-b'];
  // The current period's answers all come from one run, so these filters select the same 8
  // answers, read from the day level, the day × engine × location level, the run level (with
  // and without an engine filter), the per-result rows (a run with a location filter) and the
  // cell level (split by run).
  const same = (): VisibilityQuery[] => [
    { scope: all, period },
    { scope: all, period, engines: both },
    { scope: all, period, locations: ['DE', 'US'] },
    { scope: { kind: 'run', id: curRunId }, period },
    { scope: { kind: 'run', id: curRunId }, period, engines: both },
    { scope: { kind: 'run', id: curRunId }, period, locations: ['DE', 'US'] },
  ];
  const eachEqual = <T>(view: (q: VisibilityQuery) => T): void => {
    const [first, ...rest] = same().map(view);
    for (const other of rest) expect(other).toEqual(first);
  };

  it("the focus brand's cited pages per engine in one read equal urls read per engine, at every level", () => {
    let seen = 0;
    for (const q of [...same(), { scope: all, period, unbranded: true }])
      for (const limit of [1, 10]) {
        const rows = svc.urlsByEngine({ ...q, engines: [], limit });
        const engines = [...new Set(rows.map((r) => r.engine))];
        for (const engine of both) {
          const one = svc.urls({ ...q, engines: [engine], limit }).urls;
          const mine = rows.filter((r) => r.engine === engine);
          expect(mine.map((r) => [r.url, r.answers])).toEqual(one.map((u) => [u.url, u.answers]));
          seen += mine.length;
        }
        expect(engines.every((e) => both.includes(e))).toBe(true);
      }
    expect(seen).toBeGreaterThan(0);
  });

  it('sources: shares and daily trend', () => {
    eachEqual((q) => {
      const s = svc.sources({ ...q, limit: 10 });
      return { answers: s.answers, domains: s.domains.map((d) => [d.domain, d.share, d.trend, d.kinds]) };
    });
  });

  it('citation gaps, with the competitors per domain', () => {
    eachEqual((q) => {
      const g = svc.gaps({ ...q, limit: 10 });
      return { gapAnswers: g.gapAnswers, gaps: candidates(g), competitorSites: g.competitorSites };
    });
  });

  it('fan-out queries and their engines', () => {
    eachEqual((q) => svc.queries({ ...q, limit: 10 }).queries.map((x) => [x.query, x.answers, x.engines]));
  });

  it('KPIs, leaderboard and buckets', () => {
    eachEqual((q) => {
      const o = svc.overview(q);
      return o.leaderboard.map(({ previous: _p, change: _c, ...current }) => current);
    });
    eachEqual((q) => svc.buckets({ ...q, by: ['location', 'engine'] }).rows);
    eachEqual((q) => svc.buckets({ ...q, by: ['day'] }).rows);
  });

  it('drill-down totals from roll-ups equal the answers counted one by one', () => {
    const drills = [
      {},
      { brandId: acme, mentioned: true },
      { brandId: acme, mentioned: false },
      { brandId: acme, cited: true },
      { brandId: bolt, mentioned: true, location: 'US' },
      { domain: 'review.com' },
      { domain: 'review.com', engine: 'assistant-b' as EngineName },
      { query: 'best shoes 2026' },
      { gapFor: acme },
      { gapFor: acme, day: '2026-03-10' },
      { runId: curRunId, brandId: acme, mentioned: true },
      { runId: prevRunId },
      { brandId: acme },
    ];
    // The brand alone: named (aUS1, aDE1, bUS1, bUS2) or cited (aUS1, bUS1), 4 of the 8 answers.
    const counted = [8, 4, 4, 2, 3, 3, 1, 2, 2, 1, 4, 0, 4];
    for (const q of same()) {
      drills.forEach((drill, i) => {
        // limit 1: the total comes from the roll-ups; limit 50: every answer is listed and counted.
        const one = svc.results({ ...q, limit: 1, drill });
        const listed = svc.results({ ...q, limit: 50, drill });
        expect(listed.resultIds, JSON.stringify(drill)).toHaveLength(counted[i] as number);
        expect(one.total, JSON.stringify({ q, drill })).toBe(counted[i]);
      });
    }
  });

  it('an engine or location filter, counted by hand', () => {
    // assistant-b: bUS1 (acme.com), bUS2 (review.com), bDE1 (blog.net), bDE2; the gap is bDE1.
    const b = { scope: all, period, engines: ['assistant-b' as EngineName] };
    const s = svc.sources({ ...b, limit: 10 });
    expect(s.answers).toBe(4);
    expect(s.domains.map((d) => [d.domain, d.share.k])).toEqual([
      ['acme.com', 1],
      ['blog.net', 1],
      ['review.com', 1],
    ]);
    // The previous period had no assistant-b answers.
    expect(s.domains[0]?.previousShare).toMatchObject({ k: 0, n: 0 });
    const g = svc.gaps({ ...b, limit: 10 });
    expect(g.gapAnswers).toBe(1);
    expect(
      candidates(g).map((x) => [x.domain, x.gapAnswers.k, x.focusCitedElsewhere, x.competitors]),
    ).toEqual([['blog.net', 1, false, [{ brandId: bolt, answers: 1 }]]]);
    expect(svc.queries({ ...b, limit: 10 }).queries).toEqual([]);
    // The same answers through the run level (a run with an engine filter) and per result (with a location filter).
    const run = { kind: 'run' as const, id: curRunId };
    expect(candidates(svc.gaps({ ...b, scope: run, limit: 10 }))).toEqual(candidates(g));
    expect(svc.sources({ ...b, scope: run, limit: 10 }).domains.map((d) => [d.domain, d.share.k])).toEqual(
      s.domains.map((d) => [d.domain, d.share.k]),
    );
    const usB = svc.sources({ ...b, scope: run, locations: ['US'], limit: 10 });
    expect(usB.domains.map((d) => [d.domain, d.share.k, d.share.n])).toEqual([
      ['acme.com', 1, 2],
      ['review.com', 1, 2],
    ]);
    const de = svc.queries({ scope: all, period, locations: ['DE'], limit: 10 }).queries;
    expect(de.map((x) => [x.query, x.answers, x.engines, x.firstSeen])).toEqual([
      ['laufschuhe', 1, ['assistant-a'], '2026-03-09'],
    ]);
    // The previous run alone, over its own period: 20 answers citing review.com, one acme.com.
    const p = svc.sources({
      scope: { kind: 'run', id: prevRunId },
      period: { from: '2026-03-07', to: '2026-03-08' },
      limit: 10,
    });
    expect(p.domains.map((d) => [d.domain, d.share.k, d.share.n])).toEqual([
      ['review.com', 20, 20],
      ['acme.com', 1, 20],
    ]);
  });
});
