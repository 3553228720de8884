import type Database from 'better-sqlite3';
import type {
  NormalizedEntity,
  NormalizedProduct,
  NormalizedResult,
  NormalizedSource,
} from '../../../shared/domain/result';
import {
  createTextDictionary,
  ENTITY_TEXTS,
  PRODUCT_TEXTS,
  SOURCE_TEXTS,
  type DerivedOf,
  type TextDictionary,
  type TextValue,
} from '../codec';
import { stmt } from '../connection';

// A result's child rows written at ingest: its sources, entities and products as lists of tuple
// ids (the tuples' texts kept once, text-dictionary.ts), its ads, people-also-ask and AI overview.

/** A source's tuple in SOURCE_TEXTS' column order. */
export const sourceTuple = (s: NormalizedSource): TextValue[] => [
  s.url,
  s.kind,
  s.domain,
  s.title,
  s.snippet,
  s.redirectLink,
  s.datePublished,
];

/** A product's tuple in PRODUCT_TEXTS' column order, its offers included. */
const productTuple = (p: NormalizedProduct): TextValue[] => [
  p.title,
  p.origin,
  p.url,
  p.brand,
  p.merchant,
  p.price,
  p.priceValue,
  p.currency,
  p.rating,
  p.reviews,
  JSON.stringify(
    p.offers.map((o) => [o.merchant, o.title, o.url, o.price, o.priceValue, o.currency, bool(o.available)]),
  ),
];

/** The ids of a result's sources' and products' tuples (text-dictionary.ts), in their order. */
export interface TextIds {
  sources: readonly number[];
  entities: readonly number[];
  products: readonly number[];
}

const bool = (v: boolean | null): number | null => (v === null ? null : v ? 1 : 0);

export interface ChildrenWriter {
  /**
   * Each result's source, entity and product tuple ids, looked up (and added) for the batch at
   * once; `urlIds` has the ids of the sources' URLs in the Visibility index (source_texts.url_id).
   */
  batchTextIds(results: readonly NormalizedResult[], urlIds: ReadonlyMap<string, number>): TextIds[];
  storeChildren(seq: number, n: NormalizedResult, textIds: TextIds): void;
  /** Deletes a replaced result's child rows (and its cached brand mentions). */
  clearChildren(seq: number): void;
  /** Forgets the tuple ids cached for a batch that rolled back. */
  resetTexts(): void;
}

export function createChildrenWriter(db: Database.Database): ChildrenWriter {
  const clearChildren = [
    'source_lists',
    'entity_lists',
    'product_lists',
    'ads',
    'people_also_ask',
    'ai_overviews',
    'brand_mentions',
  ].map((t) => stmt(db, `DELETE FROM ${t} WHERE result_seq = ?`));
  const insertAd = stmt(
    db,
    `INSERT INTO ads (result_seq, position, title, body, url, domain, advertiser, placement)
    VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const insertPaa = stmt(
    db,
    'INSERT INTO people_also_ask (result_seq, position, question, snippet, url, type) VALUES (?, ?, ?, ?, ?, ?)',
  );
  const insertAio = stmt(db, 'INSERT INTO ai_overviews (result_seq, text, markdown) VALUES (?, ?, ?)');

  // A result's sources, entities and products are one row per kind: its tuples' ids in order
  // and their positions, as JSON arrays (migration 011); the texts are kept once
  // (text-dictionary.ts).
  const sourceTexts = createTextDictionary(db, SOURCE_TEXTS);
  const entityTexts = createTextDictionary(db, ENTITY_TEXTS);
  const productTexts = createTextDictionary(db, PRODUCT_TEXTS);
  type ListTable = 'source_lists' | 'entity_lists' | 'product_lists';
  const insertList = (table: ListTable) =>
    stmt(db, `INSERT INTO ${table} (result_seq, text_ids, positions) VALUES (?, ?, ?)`);

  /** A result's list of one kind; positions are stored only when they are not 1, 2, 3…. */
  function storeList(
    table: ListTable,
    seq: number,
    positions: readonly number[],
    textIds: readonly number[],
  ): void {
    // No row for an empty list: the views then give no row, as for a result without sources.
    if (textIds.length === 0) return;
    const counting = positions.every((p, i) => p === i + 1);
    insertList(table).run(seq, JSON.stringify(textIds), counting ? null : JSON.stringify(positions));
  }

  function storeChildren(seq: number, n: NormalizedResult, textIds: TextIds): void {
    storeList(
      'source_lists',
      seq,
      n.sources.map((s) => s.position),
      textIds.sources,
    );
    // An entity's position is its place in the answer's list (so never stored).
    storeList(
      'entity_lists',
      seq,
      n.entities.map((_, i) => i + 1),
      textIds.entities,
    );
    storeList(
      'product_lists',
      seq,
      n.products.map((p) => p.position),
      textIds.products,
    );
    for (const a of n.ads)
      insertAd.run(seq, a.position, a.title, a.body, a.url, a.domain, a.advertiser, a.placement);
    for (const q of n.peopleAlsoAsk) insertPaa.run(seq, q.position, q.question, q.snippet, q.url, q.type);
    if (n.aiOverview) insertAio.run(seq, n.aiOverview.text, n.aiOverview.markdown);
  }

  /** Each result's source, entity and product tuple ids, looked up (and added) for the batch at once. */
  function batchTextIds(
    results: readonly NormalizedResult[],
    urlIds: ReadonlyMap<string, number>,
  ): TextIds[] {
    const idsOf = <T>(
      texts: TextDictionary,
      tuple: (x: T) => TextValue[],
      list: (n: NormalizedResult) => T[],
      derivedOf?: DerivedOf,
    ) => {
      texts.checkGeneration();
      const ids = texts.idsOf(
        results.flatMap((n) => list(n).map(tuple)),
        derivedOf,
      );
      let at = 0;
      return results.map((n) => ids.slice(at, (at += list(n).length)));
    };
    const sources = idsOf(
      sourceTexts,
      sourceTuple,
      (n) => n.sources,
      (url) => urlIds.get(url as string) ?? null,
    );
    const entities = idsOf(
      entityTexts,
      (e: NormalizedEntity) => [e.name, e.type],
      (n) => n.entities,
    );
    const products = idsOf(productTexts, productTuple, (n) => n.products);
    return results.map((_, i) => ({
      sources: sources[i] as number[],
      entities: entities[i] as number[],
      products: products[i] as number[],
    }));
  }

  return {
    batchTextIds,
    storeChildren,
    clearChildren(seq) {
      for (const clear of clearChildren) clear.run(seq);
    },
    resetTexts() {
      for (const texts of [sourceTexts, entityTexts, productTexts]) texts.reset();
    },
  };
}
