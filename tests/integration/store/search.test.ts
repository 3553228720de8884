import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HistoryStore } from '../../../src/core/history';
import { newRun, normalized, openTemp, source, tempFolder } from './helpers';

const tmp = tempFolder();
let store: HistoryStore;
const ids: Record<string, string> = {};
let runA = '';
let runB = '';

beforeAll(() => {
  store = openTemp(tmp.file('search.db'));
  const saved = store.savePrompt({ text: 'café near me', tags: ['Local'] });
  const a = store.createRun({
    spec: newSpec(['café near me', 'best laptop']),
    promptIds: [saved.id, null],
    keyLabel: 'sandbox',
    baseUrl: 'x',
    sandbox: true,
    costEstimate: 1,
  });
  runA = a.run.id;
  const b = newRun(store, {
    prompts: ['best laptop'],
    engines: ['search'],
    countries: ['DE'],
    tags: ['tech'],
  });
  runB = b.run.id;
  const job = (run: typeof a, prompt: number, country: string) =>
    run.jobs.find((j) => j.promptIndex === prompt && j.country === country)!.id;
  const out = store.ingestResults([
    {
      jobId: job(a, 0, 'US'),
      fetchedAt: Date.UTC(2026, 0, 5),
      raw: {},
      normalized: normalized('assistant-a', 'The best café in town is Blue Bottle, a coffee roaster.', {
        sources: [source(1, 'yelp.com', 'Top coffee shops')],
      }),
    },
    {
      jobId: job(a, 0, 'FR'),
      fetchedAt: Date.UTC(2026, 1, 5),
      raw: {},
      normalized: normalized('assistant-a', 'Le meilleur cafe est Café de Flore.'),
    },
    {
      jobId: job(a, 1, 'US'),
      fetchedAt: Date.UTC(2026, 0, 6),
      raw: {},
      normalized: normalized('assistant-a', 'The MacBook Air is the best laptop for most people.', {
        sources: [source(1, 'verge.com', 'Best coffee-proof laptop keyboards')],
      }),
    },
    {
      jobId: job(b, 0, 'DE'),
      fetchedAt: Date.UTC(2026, 2, 1),
      raw: {},
      normalized: normalized('search', '', {
        sources: [
          source(1, 'chip.de', 'Laptop Test: die besten Notebooks'),
          source(2, 'heise.de', 'Notebook Kaufberatung'),
        ],
      }),
    },
  ]);
  ids.usCafe = out[0]!.resultId;
  ids.frCafe = out[1]!.resultId;
  ids.laptop = out[2]!.resultId;
  ids.deLaptop = out[3]!.resultId;

  function newSpec(prompts: string[]) {
    return {
      prompts,
      engines: ['assistant-a' as const],
      countries: ['US', 'FR'],
      states: [],
      repeats: 1,
      mode: 'sync' as const,
      priority: 1,
      engineOptions: {},
      budget: null,
      webhookUrl: null,
      tags: [],
    };
  }
});
afterAll(() => {
  store.close();
  tmp.cleanup();
});

const resultIds = (r: { hits: Array<{ resultId: string }> }) => r.hits.map((h) => h.resultId).sort();

describe('search', () => {
  it('finds answers with highlighted snippets using the default control-character markers', () => {
    const { hits, total } = store.search({ query: 'roaster' });
    expect(total).toBe(1);
    expect(hits[0]).toMatchObject({
      resultId: ids.usCafe,
      runId: runA,
      engine: 'assistant-a',
      country: 'US',
      state: null,
      prompt: 'café near me',
      matchedIn: 'answer',
    });
    expect(hits[0]!.snippet).toContain('\u0002roaster\u0003');
    expect(hits[0]!.snippet).not.toContain('<');
  });

  it('uses configurable markers, folds diacritics and case', () => {
    const { hits } = store.search({ query: 'CAFE', markers: { open: '[', close: ']' }, scope: 'answers' });
    expect(resultIds({ hits })).toEqual([ids.usCafe, ids.frCafe].sort());
    expect(hits.find((h) => h.resultId === ids.frCafe)!.snippet).toMatch(/\[cafe\].*\[Café\]/);
  });

  it('searches source titles, one hit per result, preferring an answer match', () => {
    const sources = store.search({ query: 'coffee', scope: 'sources' });
    expect(resultIds(sources)).toEqual([ids.usCafe, ids.laptop].sort());
    expect(sources.hits.every((h) => h.matchedIn === 'source')).toBe(true);
    expect(sources.hits.find((h) => h.resultId === ids.laptop)!.snippet).toBe(
      'Best \u0002coffee\u0003-proof laptop keyboards',
    );
    const all = store.search({ query: 'coffee' });
    expect(all.total).toBe(2);
    expect(all.hits.find((h) => h.resultId === ids.usCafe)!.matchedIn).toBe('answer');
    expect(all.hits.find((h) => h.resultId === ids.laptop)!.matchedIn).toBe('source');
  });

  it('filters by engine, country, run, date range and tag (of the run or of the saved prompt)', () => {
    expect(resultIds(store.search({ query: 'laptop OR notebook', engine: 'search' }))).toEqual([
      ids.deLaptop,
    ]);
    expect(resultIds(store.search({ query: 'cafe', country: 'FR' }))).toEqual([ids.frCafe]);
    expect(resultIds(store.search({ query: 'laptop', runId: runA }))).toEqual([ids.laptop]);
    expect(resultIds(store.search({ query: 'laptop', runId: runB }))).toEqual([ids.deLaptop]);
    expect(
      resultIds(store.search({ query: 'cafe', from: Date.UTC(2026, 1, 1), to: Date.UTC(2026, 1, 28) })),
    ).toEqual([ids.frCafe]);
    expect(resultIds(store.search({ query: 'cafe', tag: 'local' }))).toEqual([ids.usCafe, ids.frCafe].sort());
    expect(resultIds(store.search({ query: 'laptop', tag: 'tech' }))).toEqual([ids.deLaptop]);
    expect(store.search({ query: 'laptop', tag: 'no-such-tag' })).toEqual({
      hits: [],
      total: 0,
      totalCapped: false,
    });
  });

  it('pages newest stored first by default, ranks by relevance on request, and caps the count', () => {
    const query = 'best OR cafe OR laptop';
    const first = store.search({ query, limit: 2 });
    const second = store.search({ query, limit: 2, offset: 2 });
    expect(first.total).toBe(4);
    expect(second.total).toBe(4);
    expect([...first.hits, ...second.hits].map((h) => h.resultId)).toEqual([
      ids.deLaptop,
      ids.laptop,
      ids.frCafe,
      ids.usCafe,
    ]);
    // 'laptop' twice in one short answer outranks the rest.
    const ranked = store.search({ query: 'laptop', order: 'relevance', scope: 'answers' });
    expect(ranked.hits.map((h) => h.resultId)).toEqual([ids.laptop]);
    const capped = store.search({ query, countLimit: 3, limit: 10 });
    expect(capped).toMatchObject({ total: 3, totalCapped: true });
    expect(capped.hits).toHaveLength(4);
  });

  it('supports phrases and prefixes, and never fails on FTS syntax characters', () => {
    expect(resultIds(store.search({ query: '"best laptop"' }))).toEqual([ids.laptop]);
    expect(resultIds(store.search({ query: 'Mac*' }))).toEqual([ids.laptop]);
    expect(store.search({ query: 'NOT AND ( ) "unbalanced' }).total).toBe(0);
    expect(store.search({ query: '*** ---' })).toEqual({ hits: [], total: 0, totalCapped: false });
  });
});
