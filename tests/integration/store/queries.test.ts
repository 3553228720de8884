import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HistoryStore, JobRecord } from '../../../src/core/history';
import { newRun, normalized, openTemp, source, tempFolder } from './helpers';

const tmp = tempFolder();
let store: HistoryStore;
let first: { runId: string; jobs: JobRecord[] };
let second: { runId: string; jobs: JobRecord[] };
const DAY = 86_400_000;
const JAN5 = Date.UTC(2026, 0, 5); // a Monday

beforeAll(() => {
  store = openTemp(tmp.file('queries.db'));
  const make = () => {
    const { run, jobs } = newRun(store, {
      prompts: ['best shoes', 'best socks'],
      engines: ['assistant-a', 'search'],
      countries: ['US'],
      states: ['CA'],
      repeats: 2,
    });
    return { runId: run.id, jobs };
  };
  first = make();
  second = make();
  const pick = (r: typeof first, prompt: number, engine: string, state: string | null, repeat: number) =>
    r.jobs.find(
      (j) => j.promptIndex === prompt && j.engine === engine && j.state === state && j.repeat === repeat,
    )!.id;

  store.ingestResults([
    {
      jobId: pick(first, 0, 'assistant-a', null, 1),
      fetchedAt: JAN5,
      raw: {},
      normalized: normalized('assistant-a', 'Nike first. Then Hoka.', {
        sources: [source(1, 'nike.com', 'a'), source(2, 'hoka.com', 'b'), source(3, 'nike.com', 'c')],
      }),
    },
    {
      jobId: pick(first, 0, 'assistant-a', 'CA', 1),
      fetchedAt: JAN5 + DAY,
      raw: {},
      normalized: normalized('assistant-a', 'Hoka wins in California.', {
        sources: [source(1, 'hoka.com', 'd')],
      }),
    },
    {
      jobId: pick(second, 0, 'assistant-a', null, 1),
      fetchedAt: JAN5 + 8 * DAY,
      raw: {},
      normalized: normalized('assistant-a', 'Nike again, later.', { sources: [source(2, 'nike.com', 'e')] }),
    },
    {
      jobId: pick(second, 0, 'assistant-a', null, 2),
      fetchedAt: JAN5 + 8 * DAY + 1,
      raw: {},
      normalized: normalized('assistant-a', 'Adidas this time.'),
    },
  ]);
  store.transitionJob(pick(first, 1, 'search', null, 1), {
    jobState: 'failed',
    httpStatus: 429,
    error: { code: 'RATE_LIMIT_EXCEEDED', message: 'slow down' },
    requestId: 'req-9',
  });
});
afterAll(() => {
  store.close();
  tmp.cleanup();
});

describe('run matrix', () => {
  it('has one cell per job with state, result, excerpt, source count and error', () => {
    const cells = store.getRunMatrix(first.runId, { excerptChars: 10 });
    expect(cells).toHaveLength(2 * 2 * 2 * 2);
    const hit = cells.find(
      (c) => c.promptIndex === 0 && c.engine === 'assistant-a' && c.state === null && c.repeat === 1,
    )!;
    expect(hit).toMatchObject({
      country: 'US',
      jobState: 'pending',
      excerpt: 'Nike first',
      sourceCount: 3,
      error: null,
    });
    expect(hit.resultId).not.toBeNull();
    const failed = cells.find(
      (c) => c.promptIndex === 1 && c.engine === 'search' && c.state === null && c.repeat === 1,
    )!;
    expect(failed).toMatchObject({
      jobState: 'failed',
      resultId: null,
      excerpt: null,
      sourceCount: 0,
      error: { code: 'RATE_LIMIT_EXCEEDED', message: 'slow down', requestId: 'req-9', status: 429 },
    });
    const empty = cells.find(
      (c) => c.promptIndex === 1 && c.engine === 'assistant-a' && c.state === 'CA' && c.repeat === 2,
    )!;
    expect(empty).toMatchObject({ resultId: null, sourceCount: 0, error: null });
    expect(store.getRunMatrix('no-run')).toEqual([]);
  });
});

describe('series', () => {
  it('lists the same prompt × engine × country across runs, oldest first, apart from states', () => {
    const points = store.getSeries({ prompt: 'best shoes', engine: 'assistant-a', country: 'US' });
    expect(points.map((p) => [p.runId, p.repeat, p.fetchedAt])).toEqual([
      [first.runId, 1, JAN5],
      [second.runId, 1, JAN5 + 8 * DAY],
      [second.runId, 2, JAN5 + 8 * DAY + 1],
    ]);
    expect(points[0]!.excerpt).toBe('Nike first. Then Hoka.');
    const ca = store.getSeries({ prompt: 'best shoes', engine: 'assistant-a', country: 'US', state: 'CA' });
    expect(ca.map((p) => p.excerpt)).toEqual(['Hoka wins in California.']);
    expect(store.getSeries({ prompt: 'best shoes', engine: 'search', country: 'US' })).toEqual([]);
  });
});

describe('source domains', () => {
  it('aggregates per domain and country with average position', () => {
    const rows = store.sourceDomains();
    expect(rows).toEqual([
      { domain: 'nike.com', country: 'US', count: 3, results: 2, avgPosition: 2 },
      { domain: 'hoka.com', country: 'US', count: 2, results: 2, avgPosition: 1.5 },
    ]);
    expect(store.sourceDomains({ runId: second.runId })).toEqual([
      { domain: 'nike.com', country: 'US', count: 1, results: 1, avgPosition: 2 },
    ]);
    expect(store.sourceDomains({ limit: 1 })).toHaveLength(1);
    expect(store.sourceDomains({ kinds: ['organic'] })).toEqual([]);
    expect(store.sourceDomains({ from: JAN5 + DAY, to: JAN5 + DAY })).toEqual([
      { domain: 'hoka.com', country: 'US', count: 1, results: 1, avgPosition: 1 },
    ]);
  });

  it('counts per week over time (weeks start on Monday, UTC)', () => {
    const rows = store.sourceDomainsOverTime({ period: 'week' });
    expect(rows).toEqual([
      { domain: 'hoka.com', country: 'US', periodStart: JAN5, count: 2, results: 2, avgPosition: 1.5 },
      { domain: 'nike.com', country: 'US', periodStart: JAN5, count: 2, results: 1, avgPosition: 2 },
      {
        domain: 'nike.com',
        country: 'US',
        periodStart: JAN5 + 7 * DAY,
        count: 1,
        results: 1,
        avgPosition: 2,
      },
    ]);
    const months = store.sourceDomainsOverTime({ period: 'month', limit: 1 });
    expect(months).toEqual([
      {
        domain: 'nike.com',
        country: 'US',
        periodStart: Date.UTC(2026, 0, 1),
        count: 3,
        results: 2,
        avgPosition: 2,
      },
    ]);
    expect(
      store.sourceDomainsOverTime({ period: 'day', runId: first.runId }).map((r) => r.periodStart),
    ).toEqual([JAN5, JAN5, JAN5 + DAY]);
  });
});

describe('brand mentions', () => {
  it('iterates answers in pages while the caller writes, stores mentions and aggregates them', () => {
    const nike = store.saveBrand({
      name: 'Nike',
      kind: 'brand',
      aliases: ['Nike Inc'],
      domains: ['nike.com'],
    });
    const hoka = store.saveBrand({ name: 'Hoka', kind: 'competitor' });
    let seen = 0;
    for (const answer of store.iterateAnswers({ pageSize: 1 })) {
      seen++;
      // Writing between items must work: the iterator holds no statement open.
      store.upsertBrandMentions(
        [nike, hoka].map((brand) => {
          const offset = answer.text.indexOf(brand.name);
          return {
            resultId: answer.resultId,
            brandId: brand.id,
            mentioned: offset >= 0,
            firstOffset: offset >= 0 ? offset : null,
            count: answer.text.split(brand.name).length - 1,
            signature: 'v1',
          };
        }),
      );
    }
    expect(seen).toBe(4);
    expect([...store.iterateAnswers({ notAnalyzedForBrand: nike.id })]).toEqual([]);
    const firstRun = [...store.iterateAnswers({ runId: first.runId })];
    expect(firstRun.map((a) => a.text)).toEqual(['Nike first. Then Hoka.', 'Hoka wins in California.']);
    expect(firstRun[1]).toMatchObject({
      runId: first.runId,
      engine: 'assistant-a',
      country: 'US',
      state: 'CA',
      jobState: 'pending',
    });

    const byState = store.brandMentionCounts({ runId: first.runId }, ['country', 'state']);
    expect(byState).toEqual(
      expect.arrayContaining([
        {
          brandId: nike.id,
          country: 'US',
          state: null,
          results: 1,
          mentioned: 1,
          mentions: 1,
          avgFirstOffset: 0,
          avgRank: null,
        },
        {
          brandId: hoka.id,
          country: 'US',
          state: 'CA',
          results: 1,
          mentioned: 1,
          mentions: 1,
          avgFirstOffset: 0,
          avgRank: null,
        },
        {
          brandId: nike.id,
          country: 'US',
          state: 'CA',
          results: 1,
          mentioned: 0,
          mentions: 0,
          avgFirstOffset: null,
          avgRank: null,
        },
      ]),
    );
    const perRun = store.brandMentionCounts({ brandIds: [nike.id] }, ['run']);
    expect(perRun.map((r) => [r.runId, r.results, r.mentioned])).toEqual(
      [
        [first.runId, 2, 1],
        [second.runId, 2, 1],
      ].sort((a, b) => String(a[0]).localeCompare(String(b[0]))),
    );
    expect(store.getBrandMentions({ runId: second.runId, brandId: nike.id }).map((m) => m.mentioned)).toEqual(
      [true, false],
    );

    // New variants make the cached rows stale: they are dropped.
    store.saveBrand({
      id: nike.id,
      name: 'Nike',
      kind: 'brand',
      aliases: ['Nike Inc', 'Swoosh'],
      domains: ['nike.com'],
    });
    expect(store.getBrandMentions({ brandId: nike.id })).toEqual([]);
    expect(store.getBrandMentions({ brandId: hoka.id })).toHaveLength(4);
    expect(store.clearBrandMentions()).toBe(4);
  });
});
