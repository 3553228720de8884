import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import type { HistoryStore, IngestItem } from '../../../src/core/history';
import { MIGRATIONS } from '../../../src/core/history/schema';
import { sourceCountSql } from '../../../src/core/history/codec';
import type { NormalizedProduct, NormalizedResult } from '../../../src/shared/domain/result';
import { toVersion9 } from '../../support/old-history';
import { newRun, normalized, openTemp, source, tempFolder } from './helpers';

// Migration 11 and ingest keep a result's sources, entities and products as one list per kind
// (source_lists, entity_lists, product_lists: the tuples' ids and, unless 1, 2, 3…, their
// positions), read through the views sources, entities, products and product_offers as before.
// Checked on real files: the same rows in the same order before and after migrating a
// version-9 file, ingest and replacement, deleted runs and compact, and the views' triggers.

const folder = tempFolder();
afterAll(() => folder.cleanup());

const LATEST = MIGRATIONS.at(-1)?.version;

function product(position: number, title: string, offers: number): NormalizedProduct {
  return {
    position,
    origin: 'shopping-card',
    title,
    url: null,
    brand: 'Nike',
    merchant: null,
    price: '$130',
    priceValue: 130.5,
    currency: 'USD',
    rating: 4.5,
    reviews: 12,
    offers: Array.from({ length: offers }, (_, k) => ({
      merchant: `shop-${k}`,
      title: null,
      url: `https://shop-${k}.example/p`,
      price: `$${120 + k}`,
      priceValue: 120 + k,
      currency: 'USD',
      available: k % 2 === 0,
    })),
  };
}

/** An answer's children: sources whose positions restart per kind, products not 1, 2, 3…. */
const childrenOf = (i: number): Partial<NormalizedResult> => ({
  sources: [
    source(1, 'shared.example', 'Shared guide'),
    source(2, `own-${i}.example`, `Own ${i}`),
    source(1, 'shared.example', 'Shared guide', 'citation-pill'),
    source(2, 'b.example', 'B', 'citation-pill'),
  ],
  entities: [
    { type: 'brand', name: 'Nike' },
    { type: 'brand', name: `Own brand ${i}` },
  ],
  // The third answer has no products at all.
  products: i % 3 === 2 ? [] : [product(1, 'Pegasus', 2), product(2, `Own ${i}`, 0), product(2, 'Socks', 1)],
});

function ingest(store: HistoryStore, count: number, prompt: string) {
  const { run, jobs } = newRun(store, { prompts: [prompt], repeats: count });
  store.ingestResults(
    jobs.map((job, i): IngestItem => ({
      jobId: job.id,
      raw: { i },
      normalized: normalized('assistant-a', `answer ${i}`, childrenOf(i)),
      fetchedAt: Date.UTC(2026, 0, 2, 0, i),
    })),
  );
  return { run, jobs };
}

type Row = Record<string, unknown>;
const withDb = <T>(path: string, read: (db: Database.Database) => T): T => {
  const db = new Database(path);
  try {
    return read(db);
  } finally {
    db.close();
  }
};
/** Every row of the views, each result's in id order, with the ids left out (they are renumbered). */
const viewRows = (path: string): Record<string, Row[]> =>
  withDb(path, (db) => ({
    sources: db.prepare('SELECT * FROM sources ORDER BY result_seq, id').all() as Row[],
    entities: db.prepare('SELECT * FROM entities ORDER BY result_seq, id').all() as Row[],
    products: db.prepare('SELECT * FROM products ORDER BY result_seq, id').all() as Row[],
    product_offers: db
      .prepare(
        `SELECT p.result_seq, p.position AS product_position, p.title AS product_title, o.position, o.merchant,
           o.title, o.url, o.price, o.price_value, o.currency, o.available
         FROM products p JOIN product_offers o ON o.product_id = p.id ORDER BY p.result_seq, p.id, o.position`,
      )
      .all() as Row[],
  }));
const withoutIds = (rows: Record<string, Row[]>) =>
  Object.fromEntries(Object.entries(rows).map(([t, list]) => [t, list.map(({ id: _id, ...rest }) => rest)]));
const lists = (path: string, table: string) =>
  withDb(path, (db) => db.prepare(`SELECT * FROM ${table} ORDER BY result_seq`).all() as Row[]);
const count = (path: string, table: string) =>
  withDb(path, (db) => db.prepare(`SELECT count(*) FROM ${table}`).pluck().get() as number);

describe('packed rows', () => {
  it('migrates a version-9 file: every row through the views, in order, with the same values', () => {
    const path = folder.file('v9.db');
    const store = openTemp(path);
    ingest(store, 4, 'best running shoes');
    store.close();
    toVersion9(path);
    withDb(path, (db) => {
      expect(db.pragma('user_version', { simple: true })).toBe(9);
      const seq = db.prepare('SELECT max(seq) FROM results').pluck().get() as number;
      // Rows as a version-9 tool wrote them: positions out of order, and a deleted one in the middle.
      db.prepare(
        "INSERT INTO entities (result_seq, position, type, name) VALUES (?, 9, 'brand', 'Late'), (?, 1, 'product', 'Nike')",
      ).run(seq, seq);
      db.prepare('DELETE FROM sources WHERE result_seq = ? AND position = 2 AND kind = ?').run(seq, 'cited');
    });
    const before = viewRows(path);
    const readBefore = withDb(path, (db) => db.prepare('SELECT seq FROM results ORDER BY seq').pluck().all());

    openTemp(path).close();
    expect(withoutIds(viewRows(path))).toEqual(withoutIds(before));
    withDb(path, (db) => {
      expect(db.pragma('user_version', { simple: true })).toBe(LATEST);
      for (const name of ['source_rows', 'entity_rows', 'product_rows'])
        expect(db.prepare('SELECT count(*) FROM sqlite_schema WHERE name = ?').pluck().get(name)).toBe(0);
      expect(db.prepare('SELECT seq FROM results ORDER BY seq').pluck().all()).toEqual(readBefore);
      // Ids are unique and follow each result's order.
      for (const view of ['sources', 'entities', 'products', 'product_offers'])
        expect(db.prepare(`SELECT count(DISTINCT id) = count(*) FROM ${view}`).pluck().get()).toBe(1);
    });
    // Positions are kept only where they are not 1, 2, 3…; the third answer has no product list.
    const entityLists = lists(path, 'entity_lists');
    expect(entityLists.map((l) => l.positions)).toEqual([null, null, null, '[1,2,9,1]']);
    expect(lists(path, 'source_lists').map((l) => l.positions)).toEqual([
      '[1,2,1,2]',
      '[1,2,1,2]',
      '[1,2,1,2]',
      '[1,1,2]',
    ]);
    expect(count(path, 'product_lists')).toBe(3);
    expect(lists(path, 'product_lists')[0]?.positions).toBe('[1,2,2]');
  });

  it('reads an ingested result back as ingested, from one list per kind', () => {
    const path = folder.file('ingest.db');
    const store = openTemp(path);
    const { jobs } = ingest(store, 3, 'trail shoes');
    jobs.forEach((job, i) => {
      const n = store.getResultByJob(job.id)?.normalized;
      expect({ sources: n?.sources, entities: n?.entities, products: n?.products }).toEqual(childrenOf(i));
    });
    const exported = store.getResultByJob(jobs[0]!.id)?.normalized.products[0]?.offers;
    expect(exported?.map((o) => [o.merchant, o.available])).toEqual([
      ['shop-0', true],
      ['shop-1', false],
    ]);
    store.close();
    expect(count(path, 'source_lists')).toBe(3);
    expect(count(path, 'entity_lists')).toBe(3);
    expect(count(path, 'product_lists')).toBe(2);
    // An entity's position is its place in the list: never stored.
    expect(lists(path, 'entity_lists').every((l) => l.positions === null)).toBe(true);
    const [first] = lists(path, 'source_lists');
    expect(JSON.parse(first?.text_ids as string)).toHaveLength(4);
  });

  it("replaces a result's lists when its job is ingested again", () => {
    const path = folder.file('replace.db');
    const store = openTemp(path);
    const { jobs } = ingest(store, 1, 'replaced');
    const again = normalized('assistant-a', 'again', {
      sources: [source(1, 'new.example', 'New'), source(2, 'shared.example', 'Shared guide')],
      entities: [{ type: 'brand', name: 'Hoka' }],
      products: [],
    });
    store.ingestResults([
      { jobId: jobs[0]!.id, raw: {}, normalized: again, fetchedAt: Date.UTC(2026, 0, 3) },
    ]);
    const n = store.getResultByJob(jobs[0]!.id)?.normalized;
    expect([n?.sources, n?.entities, n?.products]).toEqual([again.sources, again.entities, []]);
    store.close();
    expect(lists(path, 'source_lists')).toHaveLength(1);
    expect(lists(path, 'source_lists')[0]?.positions).toBeNull();
    expect(count(path, 'product_lists')).toBe(0);
    expect(count(path, 'product_offers')).toBe(0);
  });

  it('a deleted run takes its lists with it, and compact then drops the texts no list holds', () => {
    const path = folder.file('compact.db');
    const store = openTemp(path);
    ingest(store, 2, 'kept');
    const gone = ingest(store, 2, 'gone');
    const texts = () => ['source_texts', 'entity_texts', 'product_texts'].map((t) => count(path, t));
    const before = texts();
    expect(store.deleteRun(gone.run.id)).toBe(true);
    expect(count(path, 'source_lists')).toBe(2);
    expect(count(path, 'entity_lists')).toBe(2);
    expect(count(path, 'product_lists')).toBe(2);
    store.compact();
    store.close();
    // The gone run's answers cite and name exactly what the kept run's do: every text stays.
    expect(texts()).toEqual(before);
    const other = openTemp(path);
    const kept = other.listRuns({}).runs[0]!;
    expect(other.deleteRun(kept.id)).toBe(true);
    other.compact();
    other.close();
    expect(texts()).toEqual([0, 0, 0]);
  });

  it('inserting into and deleting from the views keep their old meaning', () => {
    const path = folder.file('views.db');
    const store = openTemp(path);
    ingest(store, 1, 'views');
    store.close();
    withDb(path, (db) => {
      const seq = db.prepare('SELECT seq FROM results').pluck().get() as number;
      const titles = () =>
        db.prepare('SELECT position, title FROM sources WHERE result_seq = ? ORDER BY id').raw().all(seq);
      const insert = db.prepare(
        `INSERT INTO sources (result_seq, kind, position, url, domain, title, snippet, redirect_link, date_published)
         VALUES (?, 'cited', ?, ?, 'x.example', ?, NULL, NULL, NULL)`,
      );
      insert.run(seq, 3, 'https://x.example/3', 'Third');
      // A multi-row DELETE: the rows after a deleted one keep their ids while it runs.
      db.prepare("DELETE FROM sources WHERE result_seq = ? AND kind = 'citation-pill'").run(seq);
      expect(titles()).toEqual([
        [1, 'Shared guide'],
        [2, 'Own 0'],
        [3, 'Third'],
      ]);
      // The count read from the list alone skips the nulls the DELETE left; no list counts 0.
      const listed = db.prepare(`SELECT ${sourceCountSql('?')}`).pluck();
      expect(db.prepare('SELECT text_ids FROM source_lists').pluck().get()).toContain('null');
      expect(listed.get(seq)).toBe(3);
      expect(listed.get(seq + 1)).toBe(0);
      // Entities: appended in order while positions are 1, 2, 3…; a result without any gets a list.
      db.prepare(
        "INSERT INTO entities (result_seq, position, type, name) VALUES (?, 3, 'brand', 'Third')",
      ).run(seq);
      expect(db.prepare('SELECT positions FROM entity_lists').pluck().get()).toBeNull();
      db.prepare('DELETE FROM entities WHERE result_seq = ?').run(seq);
      expect(count(path, 'entity_lists')).toBe(0);
      db.prepare(
        "INSERT INTO entities (result_seq, position, type, name) VALUES (?, 5, 'brand', 'Five')",
      ).run(seq);
      expect(db.prepare('SELECT position, name FROM entities').raw().all()).toEqual([[5, 'Five']]);
      db.prepare("DELETE FROM products WHERE result_seq = ? AND title = 'Own 0'").run(seq);
      expect(db.prepare('SELECT title FROM products ORDER BY id').pluck().all()).toEqual([
        'Pegasus',
        'Socks',
      ]);
    });
    // Compact keeps the texts the remaining rows hold, with deleted slots in their lists.
    const again = openTemp(path);
    again.compact();
    again.close();
    expect(count(path, 'source_texts')).toBe(3);
    expect(count(path, 'entity_texts')).toBe(1);
    expect(count(path, 'product_texts')).toBe(2);
    expect(viewRows(path).sources?.map((s) => s.title)).toEqual(['Shared guide', 'Own 0', 'Third']);
  });
});
