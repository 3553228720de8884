import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  builtinRescoreJudge,
  createPositioningService,
  runRescore,
} from '../../../src/core/positioning/positioning';
import type { HistoryStore } from '../../../src/core/history';
import { judgePositioning, type PositioningStatus } from '../../../src/shared/positioning';
import { newRun, normalized, openTemp, tempFolder } from '../store/helpers';
import { ANSWERS, BRANDS, storeAnswers } from './fixtures';
import { answerRows, rollupsAndRecounts } from './recount';

// Positioning kept at ingest on a real SQLite file: rows only for the brands an answer names,
// roll-ups equal to a count of those rows at every level (after ingest, a replaced answer, a
// deleted run, a brand edit and a brand deletion), the service's numbers equal to a hand count
// of the answers' judgements, and a brand edit's re-score ending with the rows a history whose
// brands were defined first has, and saying what moved.

const tmp = tempFolder();
const AT = Date.UTC(2026, 2, 2, 10);
const NOW = Date.UTC(2026, 2, 6, 12);
let store: HistoryStore;
let path = '';
const ids: Record<string, string> = {};
const runIds: string[] = [];

function expectRollupsInStep(): void {
  for (const { table, rows, recount } of rollupsAndRecounts(path)) expect(rows, table).toEqual(recount);
}

beforeAll(() => {
  path = tmp.file('positioning.db');
  store = openTemp(path);
  for (const b of BRANDS) ids[b.name] = store.saveBrand(b).id;
  const one = newRun(store, {
    prompts: ['p1', 'p2', 'p3'],
    engines: ['assistant-a', 'assistant-b'],
    countries: ['US', 'DE'],
  });
  storeAnswers(store, one.jobs, AT);
  const two = newRun(store, { prompts: ['p1'], engines: ['assistant-a'], countries: ['FR'], repeats: 4 });
  storeAnswers(store, two.jobs, AT, 5);
  runIds.push(one.run.id, two.run.id);
});

afterAll(() => {
  store.close();
  tmp.cleanup();
});

describe('positioning at ingest', () => {
  it('judges every answer for the brands it names, and only those', () => {
    const cells = store.getRunMatrix(runIds[0] as string).filter((c) => c.resultId);
    const results = store.posResults(
      cells.map((c) => c.resultId as string),
      'builtin',
    );
    const byText = new Map<string, (typeof results)[number]>();
    results.forEach((r, i) =>
      byText.set(store.getResult(cells[i]?.resultId as string)?.normalized.markdown ?? '', r),
    );
    const brandsOf = (text: string) => (byText.get(text)?.brands ?? []).map((b) => b.brand).sort();
    expect(brandsOf(ANSWERS[0] as string)).toEqual(['Fleetfoot', 'Stridex', 'Veloxa']);
    expect(brandsOf(ANSWERS[2] as string)).toEqual(['Fleetfoot']);
    // Named by no tracked brand: scored (judge set), nothing stored per brand.
    expect(byText.get(ANSWERS[3] as string)?.judge).toEqual({ id: 'builtin', version: '14' });
    expect(brandsOf(ANSWERS[3] as string)).toEqual([]);
    // "ZoomRun" is no alias of Fleetfoot yet.
    expect(brandsOf(ANSWERS[7] as string)).toEqual(['Veloxa']);
    const top = byText.get(ANSWERS[0] as string);
    expect(top?.format).toBe('markdown');
    const veloxa = top?.brands.find((b) => b.brand === 'Veloxa');
    expect(veloxa?.status).toBe('top');
    // Evidence points into the judged text (the Markdown).
    for (const e of veloxa?.evidence ?? []) expect((ANSWERS[0] as string).slice(e.start, e.end)).toBe(e.text);
    // Exactly what the judge says of the same text.
    const judged = judgePositioning({
      text: ANSWERS[0] as string,
      format: 'markdown',
      brands: store.listBrands().map((b) => ({ ...b, aliases: b.aliases ?? [] })),
    });
    expect(veloxa?.status).toBe(judged.find((p) => p.brandId === ids.Veloxa)?.status);
  });

  it('keeps the roll-ups equal to a count of the rows at every level', () => {
    expectRollupsInStep();
  });

  it('gives the numbers a hand count of the answers gives', () => {
    const service = createPositioningService({ store, now: () => NOW, activeJudge: () => 'builtin' });
    const view = service.summary({ scope: { kind: 'all' }, period: { days: 30 }, attributeLimit: 3 });
    const counts = new Map<
      string,
      { n: number; rec: number; pos: number; neg: number; status: Record<PositioningStatus, number> }
    >();
    for (const runId of runIds) {
      const resultIds = store.getRunMatrix(runId).flatMap((c) => (c.resultId ? [c.resultId] : []));
      for (const r of store.posResults(resultIds, 'builtin'))
        for (const b of r?.brands ?? []) {
          const c = counts.get(b.brandId) ?? {
            n: 0,
            rec: 0,
            pos: 0,
            neg: 0,
            status: { top: 0, recommended: 0, mentioned: 0, cautioned: 0 },
          };
          c.n += 1;
          c.status[b.status] += 1;
          if (b.status === 'top' || b.status === 'recommended') c.rec += 1;
          if (b.sentiment.label === 'positive') c.pos += 1;
          if (b.sentiment.label === 'negative') c.neg += 1;
          counts.set(b.brandId, c);
        }
    }
    expect(view.focusBrandId).toBe(ids.Veloxa);
    for (const m of view.leaderboard) {
      const c = counts.get(m.brandId);
      expect(m.n).toBe(c?.n);
      expect(m.statusCounts).toEqual(c?.status);
      expect(m.recommendationRate.k).toBe(c?.rec);
      expect(m.netSentiment.value).toBeCloseTo(((c?.pos ?? 0) - (c?.neg ?? 0)) / (c?.n ?? 1), 10);
      expect(m.recommendationRate.lower).toBeLessThanOrEqual(m.recommendationRate.value as number);
    }
    // The same numbers through a prompt scope (the answers' own rows, not the roll-ups).
    const bucketed = service.buckets({
      scope: { kind: 'all' },
      period: { days: 30 },
      by: ['engine'],
      attributeLimit: 0,
    });
    const total = (brandId: string) =>
      bucketed.rows.filter((r) => r.brandId === brandId).reduce((s, r) => s + r.n, 0);
    for (const m of view.leaderboard) expect(total(m.brandId)).toBe(m.n);
  });

  it('counts attributes alike at every level the filters pick (time buckets, runs, engines, the rows)', () => {
    const period = { fromDay: Math.floor(AT / 86_400_000) - 70, toDay: Math.floor(AT / 86_400_000) + 5 };
    type Cell = { runId: string; engine: string; loc: string; day: number };
    const answers: Array<{
      cell: Cell;
      brands: Array<{ brandId: string; attributes: Array<{ text: string }> }>;
    }> = [];
    for (const runId of runIds) {
      const cells = store.getRunMatrix(runId).filter((c) => c.resultId);
      const list = store.posResults(
        cells.map((c) => c.resultId as string),
        'builtin',
      );
      cells.forEach((c, i) => {
        const r = store.getResult(c.resultId as string);
        const loc = c.state ? `US-${c.state}` : c.country;
        answers.push({
          cell: { runId, engine: c.engine, loc, day: Math.floor((r?.fetchedAt ?? 0) / 86_400_000) },
          brands: list[i]?.brands ?? [],
        });
      });
    }
    const handCount = (keep: (c: Cell) => boolean) => {
      const out: Record<string, number> = {};
      for (const a of answers.filter((x) => keep(x.cell)))
        for (const b of a.brands)
          for (const t of b.attributes)
            out[`${b.brandId} ${t.text}`] = (out[`${b.brandId} ${t.text}`] ?? 0) + 1;
      return out;
    };
    const read = (filter: Parameters<HistoryStore['posAttrs']>[0]) =>
      Object.fromEntries(store.posAttrs(filter, 'builtin', []).map((r) => [`${r.brandId} ${r.attr}`, r.n]));
    expect(read(period)).toEqual(handCount(() => true));
    expect(read({ ...period, engines: ['assistant-b'] })).toEqual(
      handCount((c) => c.engine === 'assistant-b'),
    );
    expect(read({ ...period, locations: ['DE', 'FR'] })).toEqual(
      handCount((c) => c.loc === 'DE' || c.loc === 'FR'),
    );
    expect(read({ ...period, runIds: [runIds[0] as string] })).toEqual(
      handCount((c) => c.runId === runIds[0]),
    );
    expect(read({ ...period, runIds: [runIds[0] as string], engines: ['assistant-a'] })).toEqual(
      handCount((c) => c.runId === runIds[0] && c.engine === 'assistant-a'),
    );
    expect(read({ ...period, runIds: [runIds[0] as string], locations: ['US'] })).toEqual(
      handCount((c) => c.runId === runIds[0] && c.loc === 'US'),
    );
    const day = Math.floor(AT / 86_400_000) + 1;
    expect(read({ fromDay: day, toDay: day })).toEqual(handCount((c) => c.day === day));
    const byDay = store.posAttrs(period, 'builtin', ['day']);
    expect(new Set(byDay.map((r) => r.day))).toEqual(
      new Set(answers.filter((a) => a.brands.some((b) => b.attributes.length)).map((a) => a.cell.day)),
    );
  });

  it('replaces an answer stored again for the same job', () => {
    const job = store.getRunMatrix(runIds[1] as string)[0];
    const before = store.posResults([job?.resultId as string], 'builtin')[0];
    storeAnswers(store, [store.getJob(job?.jobId as string) as never], AT, 3); // "To clean your shoes…": no brand
    const after = store.posResults([job?.resultId as string], 'builtin')[0];
    expect(before?.brands.length).toBeGreaterThan(0);
    expect(after?.brands).toEqual([]);
    expectRollupsInStep();
  });

  it('keeps the second of two answers stored for the same job in one batch', () => {
    const job = store.getRunMatrix(runIds[1] as string)[1];
    store.ingestResults(
      [0, 2].map((k) => ({
        jobId: job?.jobId as string,
        raw: {},
        fetchedAt: AT,
        normalized: normalized('assistant-a', ANSWERS[k] as string, { markdown: ANSWERS[k] as string }),
      })),
    );
    const result = store.posResults([job?.resultId as string], 'builtin')[0];
    expect(result?.brands.map((b) => b.brand)).toEqual(['Fleetfoot']);
    expectRollupsInStep();
  });

  it('takes a deleted run out of the roll-ups and its rows with it', () => {
    const extra = newRun(store, { prompts: ['p9'], engines: ['assistant-b'], countries: ['GB'] });
    storeAnswers(store, extra.jobs, AT);
    expect(store.deleteRun(extra.run.id)).toBe(true);
    expectRollupsInStep();
  });
});

describe('positioning after a brand change', () => {
  it('re-scores the archive to the new brands and says what moved', async () => {
    store.saveBrand({ ...BRANDS[1], id: ids.Fleetfoot, aliases: ['ZoomRun'] } as never);
    const job = store.posRescoreState().job;
    expect(job?.reason).toBe('brands');
    const result = await runRescore(store, builtinRescoreJudge(), { batchSize: 3 });
    expect(result.outcome).toBe('finished');
    expect(store.posRescoreState().job).toBeNull();
    expectRollupsInStep();
    // Answers naming ZoomRun now name Fleetfoot: "not named → recommended" (or top) moves.
    const last = store.posRescoreState().last;
    const zoom = ANSWERS.indexOf(ANSWERS[7] as string);
    const answersWithZoom = runIds.reduce((n, runId) => {
      const cells = store.getRunMatrix(runId).filter((c) => c.resultId);
      return (
        n +
        cells.filter((c) => store.getResult(c.resultId as string)?.normalized.markdown === ANSWERS[zoom])
          .length
      );
    }, 0);
    const fromNothing = Object.entries(last?.moved.status ?? {})
      .filter(([k]) => k.endsWith(' -1 1') || k.endsWith(' -1 0') || k.endsWith(' -1 2'))
      .reduce((s, [, n]) => s + n, 0);
    expect(answersWithZoom).toBeGreaterThan(0);
    expect(fromNothing).toBe(answersWithZoom);
    expect(last?.moved.changed).toBe(answersWithZoom);
  });

  it('ends with the rows of a history whose brands were defined first', () => {
    const fresh = openTemp(tmp.file('fresh.db'));
    try {
      for (const b of store.listBrands())
        fresh.saveBrand({ name: b.name, kind: b.kind, aliases: b.aliases ?? [], domains: b.domains });
      const one = newRun(fresh, {
        prompts: ['p1', 'p2', 'p3'],
        engines: ['assistant-a', 'assistant-b'],
        countries: ['US', 'DE'],
      });
      storeAnswers(fresh, one.jobs, AT);
      const two = newRun(fresh, { prompts: ['p1'], engines: ['assistant-a'], countries: ['FR'], repeats: 4 });
      storeAnswers(fresh, two.jobs, AT, 5);
      const job = fresh.getRunMatrix(two.run.id)[0];
      storeAnswers(fresh, [fresh.getJob(job?.jobId as string) as never], AT, 3);
      const second = fresh.getRunMatrix(two.run.id)[1];
      fresh.ingestResults([
        {
          jobId: second?.jobId as string,
          raw: {},
          fetchedAt: AT,
          normalized: normalized('assistant-a', ANSWERS[2] as string, { markdown: ANSWERS[2] as string }),
        },
      ]);
    } finally {
      fresh.close();
    }
    expect(answerRows(path)).toEqual(answerRows(tmp.file('fresh.db')));
  });

  it('drops a deleted brand from the numbers once re-scored', async () => {
    expect(store.deleteBrand(ids.Stridex as string)).toBe(true);
    await runRescore(store, builtinRescoreJudge());
    expectRollupsInStep();
    const service = createPositioningService({ store, now: () => NOW, activeJudge: () => 'builtin' });
    const view = service.summary({ scope: { kind: 'all' }, period: { days: 30 }, attributeLimit: 0 });
    expect(view.leaderboard.map((m) => m.brandId).sort()).toEqual([ids.Fleetfoot, ids.Veloxa].sort());
    expect(
      Object.values(answerRows(path))
        .flat()
        .some((r) => (r as { brand: string }).brand === 'Stridex'),
    ).toBe(false);
  });
});
