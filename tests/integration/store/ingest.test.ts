import Database from 'better-sqlite3';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import type { HistoryStore } from '../../../src/core/history';
import type { NormalizedResult } from '../../../src/shared/domain/result';
import { newRun, normalized, openTemp, searchIndexProblems, source, tempFolder } from './helpers';

const tmp = tempFolder();
afterAll(() => tmp.cleanup());

let store: HistoryStore;
let path: string;
let n = 0;
beforeEach(() => {
  path = tmp.file(`ingest-${n++}.db`);
  store = openTemp(path);
  return () => store.close();
});

function full(text: string): NormalizedResult {
  return normalized('assistant-a', text, {
    htmlUrls: ['https://cdn.example/page.html'],
    searchQueries: ['running shoes 2026', 'best shoes'],
    sources: [
      source(1, 'runnersworld.com', 'Best running shoes'),
      source(2, 'nike.com', 'Nike Pegasus'),
      source(1, 'rei.com', 'REI pill', 'citation-pill'),
    ],
    entities: [
      { type: 'brand', name: 'Nike' },
      { type: 'brand', name: 'Hoka' },
    ],
    products: [
      {
        position: 1,
        origin: 'shopping-card',
        title: 'Pegasus 41',
        url: 'https://nike.com/p',
        brand: 'Nike',
        merchant: 'Nike',
        price: '$130',
        priceValue: 130,
        currency: 'USD',
        rating: 4.6,
        reviews: 1200,
        offers: [
          {
            merchant: 'Nike',
            title: 'Pegasus',
            url: 'https://nike.com/p',
            price: '$130',
            priceValue: 130,
            currency: 'USD',
            available: true,
          },
          {
            merchant: 'REI',
            title: null,
            url: null,
            price: null,
            priceValue: null,
            currency: null,
            available: null,
          },
        ],
      },
    ],
    ads: [
      {
        position: 1,
        title: 'Shoe sale',
        body: '50% off',
        url: 'https://ads.example',
        domain: 'ads.example',
        advertiser: 'Shoe Co',
        placement: 'top',
      },
    ],
    peopleAlsoAsk: [
      { position: 1, question: 'Are Hokas good?', snippet: 'Yes', url: 'https://q.example', type: 'text' },
    ],
    aiOverview: { text: 'Overview text', markdown: '*Overview*' },
    relatedSearches: ['hoka vs nike'],
    shape: 'mobile-web',
  });
}

function rowCounts(): Record<string, number> {
  const raw = new Database(path, { readonly: true });
  const tables = [
    'results',
    'result_docs',
    'sources',
    'entities',
    'products',
    'product_offers',
    'ads',
    'people_also_ask',
    'ai_overviews',
  ];
  const counts = Object.fromEntries(
    tables.map((t) => [t, raw.prepare(`SELECT count(*) FROM ${t}`).pluck().get() as number]),
  );
  raw.close();
  return counts;
}

describe('ingestResults', () => {
  it('stores raw JSON whole and rebuilds the normalized view exactly', () => {
    const { run, jobs } = newRun(store);
    const rawText = '{"success":true,"result":{"text":"Nike","unknownField":[1,2,3]}}';
    const [outcome] = store.ingestResults([
      {
        jobId: jobs[0]!.id,
        raw: rawText,
        normalized: full('Nike and Hoka lead.'),
        fetchedAt: 1_700_000_000_000,
      },
    ]);
    expect(outcome).toMatchObject({ jobId: jobs[0]!.id, replaced: false });
    const stored = store.getResult(outcome!.resultId)!;
    expect(stored.rawJson).toBe(rawText);
    expect(stored.raw).toEqual(JSON.parse(rawText));
    expect(stored.normalized).toEqual(full('Nike and Hoka lead.'));
    expect(stored).toMatchObject({
      runId: run.id,
      jobId: jobs[0]!.id,
      prompt: 'best running shoes',
      engine: 'assistant-a',
      country: 'US',
      state: null,
      repeat: 1,
      fetchedAt: 1_700_000_000_000,
      sandbox: true,
    });
    expect(store.getRawJson(outcome!.resultId)).toBe(rawText);
    expect(store.getResultByJob(jobs[0]!.id)?.resultId).toBe(outcome!.resultId);
    expect(store.getResults([outcome!.resultId, 'missing'])).toHaveLength(1);
  });

  it("reads a batch for a push as getResults rebuilds each answer, in the order asked (every list, two products' offers apart)", () => {
    const { jobs } = newRun(store, { prompts: ['a', 'b', 'c'] });
    const second = full('Hoka leads.');
    second.products = [
      ...second.products,
      {
        ...(second.products[0] as NormalizedResult['products'][number]),
        position: 2,
        title: 'Clifton',
        offers: [],
      },
    ];
    const bare = normalized('assistant-a', 'Nothing listed.');
    const outcomes = store.ingestResults([
      { jobId: jobs[0]!.id, raw: '{"a":1}', normalized: full('Nike and Hoka lead.'), fetchedAt: 1 },
      { jobId: jobs[1]!.id, raw: '{"b":2}', normalized: second, fetchedAt: 2 },
      { jobId: jobs[2]!.id, raw: '{"c":3}', normalized: bare, fetchedAt: 3 },
    ]);
    const ids = [outcomes[2]!.resultId, 'missing', outcomes[0]!.resultId, outcomes[1]!.resultId];
    const rows = store.replica.readResults(ids);
    expect(rows.map((r) => r['id'])).toEqual([ids[0], ids[2], ids[3]]);
    for (const row of rows) {
      const one = store.getResult(row['id'] as string)!;
      expect(JSON.parse(row['normalized_json'] as string)).toEqual(one.normalized);
      expect(row['raw_json']).toBe(one.rawJson);
      expect(row).toMatchObject({ job_id: one.jobId, run_id: one.runId, fetched_at: one.fetchedAt });
    }
    expect(JSON.parse(rows[2]!['normalized_json'] as string)).toEqual(second);
  });

  it('is idempotent: the same result twice is stored once, with the same id and no duplicate children', () => {
    const { jobs } = newRun(store);
    const item = { jobId: jobs[0]!.id, raw: { v: 1 }, normalized: full('first'), fetchedAt: 10 };
    const [first] = store.ingestResults([item]);
    const once = rowCounts();
    const [second] = store.ingestResults([item]);
    expect(second).toEqual({ ...first, replaced: true });
    expect(rowCounts()).toEqual(once);
    expect(once).toEqual({
      results: 1,
      // The raw JSON is packed into the result's own doc (migration 10).
      result_docs: 0,
      sources: 3,
      entities: 2,
      products: 1,
      product_offers: 2,
      ads: 1,
      people_also_ask: 1,
      ai_overviews: 1,
    });
  });

  it('re-ingest replaces content and children consistently, including search entries', () => {
    const { jobs } = newRun(store);
    const jobId = jobs[0]!.id;
    const [first] = store.ingestResults([
      { jobId, raw: { v: 1 }, normalized: full('walrus original'), fetchedAt: 10 },
    ]);
    store.upsertBrandMentions([
      {
        resultId: first!.resultId,
        brandId: store.saveBrand({ name: 'Nike', kind: 'brand' }).id,
        mentioned: true,
        firstOffset: 0,
        count: 1,
      },
    ]);
    const replacement = normalized('assistant-a', 'narwhal replacement', {
      sources: [source(1, 'only.example', 'Narwhal source')],
    });
    store.ingestResults([{ jobId, raw: { v: 2 }, normalized: replacement, fetchedAt: 20 }]);
    const stored = store.getResult(first!.resultId)!;
    expect(stored.normalized).toEqual(replacement);
    expect(stored.raw).toEqual({ v: 2 });
    expect(stored.fetchedAt).toBe(20);
    expect(store.search({ query: 'walrus' }).total).toBe(0);
    expect(store.search({ query: 'narwhal' }).total).toBe(1);
    expect(store.search({ query: 'Pegasus', scope: 'sources' }).total).toBe(0);
    expect(store.getBrandMentions({ resultIds: [first!.resultId] })).toEqual([]); // stale analysis dropped
    expect(rowCounts()).toMatchObject({
      results: 1,
      sources: 1,
      entities: 0,
      products: 0,
      product_offers: 0,
      ai_overviews: 0,
    });
  });

  it('indexes a batch for search once, consistent with the stored rows (the same job twice, replaced, deleted)', () => {
    const { run, jobs } = newRun(store, { repeats: 3 });
    const [a, b, c] = jobs.map((j) => j.id);
    store.ingestResults([
      { jobId: a!, raw: {}, normalized: full('okapi first'), fetchedAt: 1 },
      { jobId: b!, raw: {}, normalized: full('okapi second'), fetchedAt: 2 },
      // The same job again in the same batch: its result is replaced before the batch is indexed.
      { jobId: a!, raw: {}, normalized: full('ibex again'), fetchedAt: 3 },
    ]);
    expect(store.search({ query: 'okapi' }).hits.map((h) => h.jobId)).toEqual([b]);
    expect(store.search({ query: 'ibex' }).hits.map((h) => h.jobId)).toEqual([a]);
    expect(store.search({ query: 'Pegasus', scope: 'sources' }).total).toBe(2);
    store.ingestResults([{ jobId: c!, raw: {}, normalized: full('okapi third'), fetchedAt: 4 }]);
    store.ingestResults([{ jobId: b!, raw: {}, normalized: full('gazelle'), fetchedAt: 5 }]);
    expect(store.search({ query: 'okapi' }).hits.map((h) => h.jobId)).toEqual([c]);
    expect(searchIndexProblems(path)).toBeNull();
    store.deleteRun(run.id);
    expect(store.search({ query: 'okapi OR ibex OR gazelle' }).total).toBe(0);
    expect(searchIndexProblems(path)).toBeNull();
  });

  it('applies a job patch in the same transaction, and rolls back the whole batch on an unknown job', () => {
    const { run, jobs } = newRun(store, { repeats: 2 });
    store.ingestResults([
      {
        jobId: jobs[0]!.id,
        raw: {},
        normalized: full('a'),
        fetchedAt: 1,
        jobPatch: { jobState: 'succeeded', creditsCharged: 5 },
      },
    ]);
    expect(store.getJob(jobs[0]!.id)).toMatchObject({ jobState: 'succeeded', creditsCharged: 5 });
    expect(() =>
      store.ingestResults([
        {
          jobId: jobs[1]!.id,
          raw: {},
          normalized: full('b'),
          fetchedAt: 1,
          jobPatch: { jobState: 'succeeded' },
        },
        { jobId: 'missing-job', raw: {}, normalized: full('c'), fetchedAt: 1 },
      ]),
    ).toThrow(/missing-job/);
    expect(store.getResultByJob(jobs[1]!.id)).toBeNull();
    expect(store.getJob(jobs[1]!.id)?.jobState).toBe('pending');
    expect(store.countJobs(run.id).counts.succeeded).toBe(1);
  });
});
