import Database from 'better-sqlite3';
import { createTextDictionary, ENTITY_TEXTS, registerStoreFunctions } from '../../../src/core/history/codec';
import { copyFileSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import type { HistoryStore, IngestItem } from '../../../src/core/history';
import type { NormalizedProduct, NormalizedSource } from '../../../src/shared/domain/result';
import { MIGRATIONS } from '../../../src/core/history/schema';
import { toVersion8 } from '../../support/old-history';
import { newRun, normalized, openTemp, source, tempFolder } from './helpers';

// Migration 9 and ingest keep each distinct source text and product (offers included) once
// (source_texts, product_texts), pointed to by each result's list of them (source_lists,
// product_lists: migration 10), read through views with the old tables' columns (sources,
// products, product_offers). Checked on real files: the same rows as before the migration, one
// tuple per distinct text, and ids that never point at the wrong text after a rollback or a
// compact.

const folder = tempFolder();
afterAll(() => folder.cleanup());

const odd = (position: number): NormalizedSource => ({
  position,
  kind: 'citation-pill',
  url: 'https://odd.example/a',
  domain: 'odd.example',
  // Nulls and empty strings are different texts, and separators inside a field change nothing.
  title: position % 2 === 0 ? null : '',
  snippet: '1:x-',
  redirectLink: position % 3 === 0 ? 'https://r.example/1' : null,
  datePublished: '2026-01-02',
});

/** A result's sources: some shared by every answer, one its own, and the odd ones. */
function sourcesOf(i: number): NormalizedSource[] {
  return [
    source(1, 'shared.example', 'Shared guide'),
    source(2, 'shared.example', 'Shared review'),
    source(1, 'shared.example', 'Shared guide', 'citation-pill'),
    source(3, `own-${i}.example`, `Own page ${i}`),
    odd(4 + (i % 3)),
  ];
}

/** A result's entities: names every answer gives (one of them twice, as two types) and its own. */
const entitiesOf = (i: number) => [
  { type: 'brand', name: 'Nike' },
  { type: 'brand', name: 'Hoka' },
  { type: 'product', name: 'Nike' },
  { type: 'brand', name: `Own brand ${i}` },
];

/** A result's products: one every answer lists, one with a price of its own, and one without offers. */
function productsOf(i: number): NormalizedProduct[] {
  const offer = (merchant: string, priceValue: number | null, available: boolean | null) => ({
    merchant,
    title: null,
    url: `https://${merchant}.example/p`,
    price: priceValue === null ? null : `$${priceValue}`,
    priceValue,
    currency: 'USD',
    available,
  });
  const product = (position: number, title: string, priceValue: number | null): NormalizedProduct => ({
    position,
    origin: 'shopping-card',
    title,
    url: null,
    brand: 'Nike',
    merchant: null,
    price: priceValue === null ? null : `$${priceValue}`,
    priceValue,
    currency: 'USD',
    rating: 4.5,
    reviews: 120,
    offers: [offer('rei', priceValue, true), offer('zappos', 130, i % 2 === 0 ? null : false)],
  });
  return [
    product(1, 'Pegasus 41', 130),
    product(2, 'Vomero 18', 150.5 + (i % 2)),
    { ...product(3, 'Socks', null), offers: [] },
  ];
}

function ingestAnswers(store: HistoryStore, count: number, prompt = 'best running shoes') {
  const { jobs } = newRun(store, { prompts: [prompt], repeats: count });
  store.ingestResults(
    jobs.map((job, i): IngestItem => ({
      jobId: job.id,
      raw: { i },
      normalized: normalized('assistant-a', `answer ${i}`, {
        sources: sourcesOf(i),
        products: productsOf(i),
        entities: entitiesOf(i),
      }),
      fetchedAt: Date.UTC(2026, 0, 2, 0, i),
    })),
  );
  return jobs;
}

/** Searches of every kind: words, a phrase, prefixes with and without a prefix index, a title. */
const SEARCHES = ['answer', '"answer 3"', 'an*', 'ans*', 'answe*', 'own*', 'Shared', 'guid*'];

type Row = Record<string, unknown>;
/** The old product_offers table's columns (the view has result_seq too, since migration 10). */
const OFFER_COLUMNS =
  'id, product_id, position, merchant, title, url, price, price_value, currency, available';
/** Every row of the old tables (or the views with their columns), in id order. */
const allRows = (path: string): Record<string, Row[]> => {
  const db = new Database(path, { readonly: true });
  registerStoreFunctions(db);
  try {
    return Object.fromEntries(
      ['sources', 'entities', 'products', 'product_offers'].map((t) => [
        t,
        db
          .prepare(
            t === 'product_offers'
              ? `SELECT ${OFFER_COLUMNS} FROM ${t} ORDER BY product_id, position`
              : `SELECT * FROM ${t} ORDER BY id`,
          )
          .all() as Row[],
      ]),
    );
  } finally {
    db.close();
  }
};
/** product_offers' ids are new after the migration (each orders an offer within its product). */
const withoutOfferIds = (rows: Record<string, Row[]>) => ({
  ...rows,
  product_offers: rows.product_offers?.map(({ id: _id, ...rest }) => rest),
});
const count = (path: string, table: string): number => {
  const db = new Database(path, { readonly: true });
  registerStoreFunctions(db);
  try {
    return db.prepare(`SELECT count(*) FROM ${table}`).pluck().get() as number;
  } finally {
    db.close();
  }
};

describe('source texts', () => {
  it('stores each distinct text once and reads every source and product back as ingested, in order', () => {
    const path = folder.file('dedup.db');
    const store = openTemp(path);
    const jobs = ingestAnswers(store, 6);
    jobs.forEach((job, i) => {
      expect(store.getResultByJob(job.id)?.normalized.sources).toEqual(sourcesOf(i));
      expect(store.getResultByJob(job.id)?.normalized.products).toEqual(productsOf(i));
      expect(store.getResultByJob(job.id)?.normalized.entities).toEqual(entitiesOf(i));
    });
    store.close();
    expect(count(path, 'sources')).toBe(30);
    expect(count(path, 'source_lists')).toBe(6);
    // 3 shared + 6 own + the odd source's 3 variants (positions 4, 5, 6).
    expect(count(path, 'source_texts')).toBe(12);
    expect(count(path, 'products')).toBe(18);
    // Pegasus twice (its second offer's availability alternates), Vomero twice, Socks once.
    expect(count(path, 'product_texts')).toBe(5);
    expect(count(path, 'product_offers')).toBe(24);
    expect(count(path, 'entities')).toBe(24);
    // Nike and Hoka as brands, Nike as a product too, and each answer's own name.
    expect(count(path, 'entity_texts')).toBe(3 + 6);
  });

  it('migrates a version-8 file: the same rows, ids and order, one tuple per distinct text', () => {
    const path = folder.file('v8.db');
    const store = openTemp(path);
    ingestAnswers(store, 5);
    ingestAnswers(store, 4, 'trail shoes');
    const found = (s: HistoryStore) =>
      SEARCHES.map((query) => s.search({ query }).hits.map((hit) => [hit.resultId, hit.snippet]));
    const foundBefore = found(store);
    expect(foundBefore.every((hits) => hits.length > 0)).toBe(true);
    store.close();
    const before = allRows(path);
    toVersion8(path);
    const v8 = new Database(path, { readonly: true });
    registerStoreFunctions(v8);
    for (const name of ['sources', 'entities', 'products', 'product_offers'])
      expect(v8.prepare('SELECT type FROM sqlite_schema WHERE name = ?').pluck().get(name)).toBe('table');
    v8.close();
    expect(withoutOfferIds(allRows(path))).toEqual(withoutOfferIds(before));

    const copy = folder.file('v8-copy.db');
    copyFileSync(path, copy);
    const migrated = openTemp(copy);
    // The search index rebuilt with prefix indexes of 2 and 3 characters finds the same.
    expect(found(migrated)).toEqual(foundBefore);
    migrated.close();
    expect(allRows(copy)).toEqual(before);
    // The migrated tuples are the ones ingest writes: the same products are not stored twice.
    expect(count(copy, 'product_texts')).toBe(5);
    const again = openTemp(copy);
    ingestAnswers(again, 2, 'again');
    again.close();
    expect(count(copy, 'product_texts')).toBe(5);
    // 3 shared, own-0 … own-4 (the second run's answers 0–3 cite the same), 3 odd variants.
    expect(count(copy, 'source_texts')).toBe(3 + 5 + 3);
    const db = new Database(copy, { readonly: true });
    registerStoreFunctions(db);
    expect(db.pragma('user_version', { simple: true })).toBe(MIGRATIONS.length);
    expect(db.prepare("SELECT sql FROM sqlite_schema WHERE name = 'answer_search'").pluck().get()).toMatch(
      /prefix = '2 3'\n/,
    );
    for (const name of ['sources', 'entities', 'products', 'product_offers'])
      expect(db.prepare('SELECT type FROM sqlite_schema WHERE name = ?').pluck().get(name)).toBe('view');
    db.close();
  });

  it("replaces a result's sources when its job is ingested again, adding no row twice", () => {
    const path = folder.file('replace.db');
    const store = openTemp(path);
    const [job] = ingestAnswers(store, 1);
    const again = [source(1, 'shared.example', 'Shared guide'), source(2, 'new.example', 'New page')];
    store.ingestResults([
      {
        jobId: job!.id,
        raw: {},
        normalized: normalized('assistant-a', 'again', { sources: again }),
        fetchedAt: Date.UTC(2026, 0, 3),
      },
    ]);
    expect(store.getResultByJob(job!.id)?.normalized.sources).toEqual(again);
    store.close();
    expect(count(path, 'sources')).toBe(2);
    expect(count(path, 'source_lists')).toBe(1);
  });

  it('forgets the ids a rolled-back ingest added, so the next ingest stores the right texts', () => {
    const path = folder.file('rollback.db');
    const store = openTemp(path);
    const { jobs } = newRun(store, { repeats: 2 });
    const item = (jobId: string, title: string): IngestItem => ({
      jobId,
      raw: {},
      normalized: normalized('assistant-a', title, { sources: [source(1, 'a.example', title)] }),
      fetchedAt: Date.UTC(2026, 0, 2),
    });
    // The second item's job does not exist: the whole transaction rolls back, texts and all.
    expect(() => store.ingestResults([item(jobs[0]!.id, 'First'), item('no-such-job', 'x')])).toThrow();
    expect(count(path, 'source_texts')).toBe(0);
    // A different text now takes the id the rolled-back one had; the first then gets its own.
    store.ingestResults([item(jobs[1]!.id, 'Second')]);
    store.ingestResults([item(jobs[0]!.id, 'First')]);
    expect(store.getResultByJob(jobs[0]!.id)?.normalized.sources[0]?.title).toBe('First');
    expect(store.getResultByJob(jobs[1]!.id)?.normalized.sources[0]?.title).toBe('Second');
    store.close();
  });

  it('leaves nothing of a batch whose multi-row write fails half-way (OR FAIL keeps no statement journal)', () => {
    const path = folder.file('fail-half-way.db');
    const store = openTemp(path);
    const { jobs } = newRun(store, { repeats: 3 });
    const item = (jobId: string, titles: string[]): IngestItem => ({
      jobId,
      raw: {},
      normalized: normalized('assistant-a', 'An answer naming Nike.', {
        sources: titles.map((t, i) => source(i + 1, `${t}.example`, t)),
        entities: [{ type: 'brand', name: 'Nike' }],
      }),
      fetchedAt: Date.UTC(2026, 0, 2),
    });
    store.ingestResults([item(jobs[0]!.id, ['kept'])]);
    const tables = [
      'results',
      'source_texts',
      'source_lists',
      'vis_result',
      'vis_urls',
      'vis_domain_d',
      'disc_result',
      'disc_day',
    ];
    const before = tables.map((t) => count(path, t));
    // The batch's new source texts go in one multi-row INSERT; its third row fails, after the
    // first two and the first result's own rows were written in the same transaction.
    const db = new Database(path);
    db.exec(`CREATE TRIGGER poison BEFORE INSERT ON source_texts WHEN NEW.title = 'poison'
      BEGIN SELECT RAISE(FAIL, 'poisoned text'); END`);
    db.close();
    const batch = [item(jobs[1]!.id, ['one', 'two', 'poison']), item(jobs[2]!.id, ['three'])];
    expect(() => store.ingestResults(batch)).toThrow(/poisoned text/);
    expect(tables.map((t) => count(path, t))).toEqual(before);
    // Without the trigger the same batch goes in whole, with the ids the failed one did not keep.
    const fix = new Database(path);
    fix.exec('DROP TRIGGER poison');
    fix.close();
    store.ingestResults(batch);
    expect(store.getResultByJob(jobs[1]!.id)?.normalized.sources.map((s) => s.title)).toEqual([
      'one',
      'two',
      'poison',
    ]);
    expect(store.getResultByJob(jobs[2]!.id)?.normalized.sources.map((s) => s.title)).toEqual(['three']);
    expect(count(path, 'source_texts')).toBe(5);
    store.close();
  });

  it('compact removes the texts of deleted runs; a connection that cached their ids adds them again', () => {
    const path = folder.file('compact.db');
    const writer = openTemp(path);
    const first = newRun(writer, { repeats: 1 });
    const item = (jobId: string): IngestItem => ({
      jobId,
      raw: {},
      normalized: normalized('assistant-a', 'answer', { sources: sourcesOf(0), products: productsOf(0) }),
      fetchedAt: Date.UTC(2026, 0, 2),
    });
    writer.ingestResults([item(first.jobs[0]!.id)]);
    expect(count(path, 'source_texts')).toBe(5);
    expect(count(path, 'product_texts')).toBe(3);

    // Another process deletes the run and compacts while the writer keeps its cache.
    const other = openTemp(path);
    expect(other.deleteRun(first.run.id)).toBe(true);
    other.compact();
    other.close();
    expect(count(path, 'source_texts')).toBe(0);
    expect(count(path, 'product_texts')).toBe(0);

    const second = newRun(writer, { repeats: 1 });
    writer.ingestResults([item(second.jobs[0]!.id)]);
    expect(writer.getResultByJob(second.jobs[0]!.id)?.normalized.sources).toEqual(sourcesOf(0));
    expect(writer.getResultByJob(second.jobs[0]!.id)?.normalized.products).toEqual(productsOf(0));
    expect(count(path, 'source_texts')).toBe(5);
    expect(count(path, 'product_texts')).toBe(3);
    writer.close();
  });

  it("finds texts another connection added to a new file, once the writer's filter of its own texts is stale", () => {
    const path = folder.file('two-writers.db');
    const first = openTemp(path);
    const second = openTemp(path);
    const { jobs } = newRun(first, { repeats: 3 });
    const item = (jobId: string, titles: string[]): IngestItem => ({
      jobId,
      raw: {},
      normalized: normalized('assistant-a', 'answer', {
        // The same text wherever it is listed (a source's URL names its position).
        sources: titles.map((t, i) => ({ ...source(1, `${t}.example`, t), position: i + 1 })),
      }),
      fetchedAt: Date.UTC(2026, 0, 2),
    });
    // The first writer starts from an empty table: every text it stores is in its filter.
    first.ingestResults([item(jobs[0]!.id, ['a', 'b'])]);
    // Another connection stores texts the first has never seen (and one it has).
    second.ingestResults([item(jobs[1]!.id, ['b', 'c', 'd'])]);
    // Not in the first writer's cache nor its filter: found in the table, not stored twice.
    first.ingestResults([item(jobs[2]!.id, ['c', 'd', 'e'])]);
    expect(count(path, 'source_texts')).toBe(5);
    expect(first.getResultByJob(jobs[2]!.id)?.normalized.sources.map((s) => s.title)).toEqual([
      'c',
      'd',
      'e',
    ]);
    second.close();
    first.close();
  });

  it("finds a text of a new file again once the id cache forgot it, past the filter's first size", () => {
    const path = folder.file('filter-grown.db');
    openTemp(path).close();
    const db = new Database(path);
    registerStoreFunctions(db);
    // Small sizes: the cache is cleared past 100 ids, the filter (256 bits: 25 values) grown twice.
    const texts = createTextDictionary(db, ENTITY_TEXTS, { cacheLimit: 100, filterLog2Bits: 8 });
    const batch = (i: number) => Array.from({ length: 30 }, (_, k) => [`Name ${i}-${k}`, 'brand']);
    const ids = db.transaction(() => {
      texts.checkGeneration();
      const made = Array.from({ length: 10 }, (_, i) => texts.idsOf(batch(i)));
      // The first batch again (its ids long out of the cache), with a new name among them.
      return { made, again: texts.idsOf([...batch(0), ['Name new', 'brand']]) };
    })();
    expect(ids.made.flat()).toEqual(Array.from({ length: 300 }, (_, i) => i + 1));
    expect(ids.again).toEqual([...(ids.made[0] as number[]), 301]);
    expect(db.prepare('SELECT count(*) FROM entity_texts').pluck().get()).toBe(301);
    db.close();
  });

  it('keeps the texts still cited when a compact runs, and the size report counts them as sources', () => {
    const path = folder.file('keep.db');
    const store = openTemp(path);
    const kept = ingestAnswers(store, 2);
    const gone = newRun(store, { prompts: ['gone'], repeats: 1 });
    store.ingestResults([
      {
        jobId: gone.jobs[0]!.id,
        raw: {},
        normalized: normalized('assistant-a', 'gone', {
          sources: [source(1, 'shared.example', 'Shared guide'), source(9, 'gone.example', 'Gone')],
        }),
        fetchedAt: Date.UTC(2026, 0, 2),
      },
    ]);
    store.deleteRun(gone.run.id);
    store.compact();
    kept.forEach((job, i) => expect(store.getResultByJob(job.id)?.normalized.sources).toEqual(sourcesOf(i)));
    const part = store.storageStats().parts.find((p) => p.part === 'Sources');
    expect(part?.tables).toEqual(
      expect.arrayContaining(['source_lists', 'source_texts', 'source_texts_by_url']),
    );
    store.close();
    expect(count(path, 'source_texts')).toBe(3 + 2 + 2);
  });

  it('finds a tuple again when SQLite stores it differently from the value (NaN, a lone surrogate)', () => {
    const path = folder.file('stored-form.db');
    const odd: NormalizedProduct = {
      ...productsOf(0)[0]!,
      title: 'Cut \uD83D',
      rating: Number.NaN,
    };
    const ingestOdd = (store: HistoryStore, jobId: string) =>
      store.ingestResults([
        {
          jobId,
          raw: {},
          normalized: normalized('assistant-a', 'odd', {
            products: [odd],
            sources: [{ ...source(1, 'a.example', 'T \uDC00') }],
          }),
          fetchedAt: Date.UTC(2026, 0, 2),
        },
      ]);
    const first = openTemp(path);
    const { jobs } = newRun(first, { repeats: 3 });
    ingestOdd(first, jobs[0]!.id);
    ingestOdd(first, jobs[1]!.id); // from this connection's cache
    first.close();
    const second = openTemp(path);
    ingestOdd(second, jobs[2]!.id); // looked up in the table
    const stored = second.getResultByJob(jobs[2]!.id)?.normalized;
    second.close();
    expect(stored?.products[0]).toMatchObject({ title: 'Cut \uFFFD', rating: null });
    expect(stored?.sources[0]?.title).toBe('T \uFFFD');
    expect(count(path, 'product_texts')).toBe(1);
    expect(count(path, 'source_texts')).toBe(1);
  });

  it('inserting into and deleting from the sources view keep their old meaning', () => {
    const path = folder.file('view.db');
    const store = openTemp(path);
    ingestAnswers(store, 1);
    store.close();
    const db = new Database(path);
    registerStoreFunctions(db);
    const seq = db.prepare('SELECT seq FROM results').pluck().get() as number;
    const insert = db.prepare(
      `INSERT INTO sources (result_seq, kind, position, url, domain, title, snippet, redirect_link, date_published)
       VALUES (?, 'cited', ?, ?, 'shared.example', ?, 'snippet 1', NULL, NULL)`,
    );
    insert.run(seq, 7, 'https://shared.example/page-1', 'Shared guide'); // an existing text
    insert.run(seq, 8, 'https://shared.example/page-8', 'Another');
    expect(db.prepare('SELECT count(*) FROM source_texts').pluck().get()).toBe(6);
    const last = db.prepare('SELECT position, url, title FROM sources ORDER BY id DESC LIMIT 2').all();
    expect(last).toEqual([
      { position: 8, url: 'https://shared.example/page-8', title: 'Another' },
      { position: 7, url: 'https://shared.example/page-1', title: 'Shared guide' },
    ]);
    db.prepare('DELETE FROM sources WHERE position >= 7').run();
    expect(db.prepare('SELECT count(*) FROM sources').pluck().get()).toBe(5);
    db.close();
  });
});
