import type Database from 'better-sqlite3';
import { multiRowSql, pluck, stmt } from '../connection';
import { COVERING_LOG2_BITS, createCoveringFilter, type LookupFilter } from './text-filter';

// The tables of distinct child texts (migration 009: source_texts, entity_texts, product_texts)
// that a result's lists point to (migration 011). Ingest asks for the ids of a batch's tuples at once; the
// connection keeps the ids it has seen, so a page, name or product seen again costs a map
// lookup instead of an index search, and the new ones of a batch cost one look-up statement and
// one INSERT per 64.
//
// A dictionary that started from an empty table (a new history's first sync) also keeps a Bloom
// filter of every stored tuple's look-up value (text-filter.ts), so the new tuples of a batch,
// nearly all of a first sync's, are told apart without one index search each: only the ones
// the filter may hold are looked up. The filter covers the table while its largest id is the
// last one this connection added; any other writer (or a rollback, or a compact) makes it stale
// and it is dropped, and the batch is looked up without it.
//
// Ids in that cache go stale in two ways, both handled: a rolled-back transaction takes back
// the tuples it added (reset), and `db compact` removes tuples no row uses (the generation in
// meta moves; checked at the start of each write transaction, when no other connection can be
// removing any).

export type TextValue = string | number | null;

/** A look-up value's id for a table's derived column, or null. */
export type DerivedOf = (lookup: TextValue) => number | null;

/** One dictionary table: its columns (the tuple) and the indexed column a tuple is found by. */
export interface TextTable {
  table: string;
  /** The tuple's columns; the first is the indexed look-up column (never NULL). */
  columns: readonly string[];
  /** The table of lists holding its ids (text_ids, JSON arrays): what decides that a tuple is still used. */
  lists: string;
  /**
   * A column stored with each new tuple, an integer id of its look-up value given by the caller
   * (source_texts.url_id, the URL's id in vis_urls), not part of the tuple. A new tuple is
   * indexed and found by it, and only a tuple without one (stored before the column, or given
   * none) by the look-up column: new ids come in order, so their index grows at its end, where a
   * text index takes each new value at a random place and a large table's commits rewrite most
   * of its pages (migration 022).
   */
  derived?: string;
}

export const SOURCE_TEXTS: TextTable = {
  table: 'source_texts',
  columns: ['url', 'kind', 'domain', 'title', 'snippet', 'redirect_link', 'date_published'],
  lists: 'source_lists',
  derived: 'url_id',
};

export const ENTITY_TEXTS: TextTable = {
  table: 'entity_texts',
  columns: ['name', 'type'],
  lists: 'entity_lists',
};

export const PRODUCT_TEXTS: TextTable = {
  table: 'product_texts',
  columns: [
    'title',
    'origin',
    'url',
    'brand',
    'merchant',
    'price',
    'price_value',
    'currency',
    'rating',
    'reviews',
    'offers_json',
  ],
  lists: 'product_lists',
};

const CACHE_LIMIT = 200_000;
/** Rows per INSERT of new tuples (at most 12 values each, well under SQLite's 32,766 parameters). */
const INSERT_ROWS = 64;
const GENERATION_KEY = 'text_dictionary_generation';

export interface TextDictionary {
  /** At the start of a write transaction: forgets every cached id if unused tuples were removed. */
  checkGeneration(): void;
  /**
   * The ids of the tuples (values in the table's column order), in their order; adds the new
   * ones. Only inside a write transaction (new ids follow the largest stored). For a table with
   * a derived column, `derivedOf` gives a look-up value's id (null: none).
   */
  idsOf(tuples: ReadonlyArray<readonly TextValue[]>, derivedOf?: DerivedOf): number[];
  /** After a rolled-back transaction: the tuples it added are gone. */
  reset(): void;
}

/**
 * The value as SQLite gives it back, so a tuple read back has the key it was stored with: NaN
 * is stored as NULL, and a lone UTF-16 surrogate becomes U+FFFD in UTF-8 (engine text cut in
 * the middle of a pair).
 */
function asStored(v: TextValue): TextValue {
  if (typeof v === 'number') return Number.isNaN(v) ? null : v;
  return typeof v === 'string' && !v.isWellFormed() ? v.toWellFormed() : v;
}

/** An unambiguous key: strings length-prefixed, numbers and NULL marked apart from them. */
function keyOf(values: readonly TextValue[]): string {
  let key = '';
  for (const v of values) key += v === null ? '-' : typeof v === 'number' ? `n${v};` : `s${v.length}:${v}`;
  return key;
}

const NO_DERIVED: DerivedOf = () => null;

/** The derived ids of these look-up values, those that have one. */
function derivedIds(lookups: ReadonlySet<TextValue>, derivedOf: DerivedOf): number[] {
  const ids: number[] = [];
  for (const value of lookups) {
    const id = derivedOf(value);
    if (id !== null) ids.push(id);
  }
  return ids;
}

/** How much a dictionary keeps in memory (tests make them small). */
export interface TextDictionarySizes {
  /** Cached ids, at most (then the cache is cleared). */
  cacheLimit: number;
  /** A new filter's size, as log2 of its bits. */
  filterLog2Bits: number;
}

const SIZES: TextDictionarySizes = { cacheLimit: CACHE_LIMIT, filterLog2Bits: COVERING_LOG2_BITS };

export function createTextDictionary(
  db: Database.Database,
  spec: TextTable,
  sizes: TextDictionarySizes = SIZES,
): TextDictionary {
  const ids = new Map<string, number>();
  let generation: string | undefined;
  const columns = spec.columns.join(', ');
  const stored = spec.derived ? [spec.derived, ...spec.columns] : spec.columns;
  const placeholders = `(?, ${stored.map(() => '?').join(', ')})`;
  const byLookup = `SELECT id, ${columns} FROM ${spec.table} WHERE ${spec.columns[0]} IN (SELECT value FROM json_each(?))`;
  // Prepared at first use: a store opened at an older schema (tests) works while it ingests nothing.
  // With a derived column: the tuples that have one by it, the others by the look-up column
  // (each part on its partial index).
  const findByLookup = () =>
    stmt(
      db,
      spec.derived
        ? `SELECT id, ${columns} FROM ${spec.table} WHERE ${spec.derived} IN (SELECT value FROM json_each(?))
           UNION ALL ${byLookup} AND ${spec.derived} IS NULL`
        : byLookup,
    ).raw(true);
  // OR FAIL: no statement journal (see multiRowSql); the caller's transaction undoes a failure.
  const insertHead = `INSERT OR FAIL INTO ${spec.table} (id, ${stored.join(', ')})`;
  const insert = (rows: number) => stmt(db, multiRowSql(insertHead, placeholders, rows));
  const lastId = () => pluck(db, `SELECT max(id) FROM ${spec.table}`);
  const scanLookups = () => pluck(db, `SELECT ${spec.columns[0]} FROM ${spec.table}`);
  /** The look-up values of every stored tuple, when this connection has seen them all. */
  const covering = createCoveringFilter(function* () {
    for (const value of scanLookups().iterate() as IterableIterator<TextValue>) yield String(value);
  }, sizes.filterLog2Bits);

  /** Moves the tuples of `missing` that are stored (by another batch or connection) to `found`. */
  function findStored(
    missing: Map<string, readonly TextValue[]>,
    found: Map<string, number>,
    derivedOf: DerivedOf,
    filter: LookupFilter | null,
  ): void {
    const lookups = new Set<TextValue>();
    for (const tuple of missing.values()) {
      const value = tuple[0] as TextValue;
      if (filter === null || filter.mayHold(String(value))) lookups.add(value);
    }
    if (lookups.size === 0) return;
    const values = JSON.stringify([...lookups]);
    const params = spec.derived ? [JSON.stringify(derivedIds(lookups, derivedOf)), values] : [values];
    for (const row of findByLookup().all(...params) as TextValue[][]) {
      const key = keyOf(row.slice(1));
      if (missing.delete(key)) found.set(key, row[0] as number);
    }
  }

  /**
   * Adds the tuples of `missing` with ids of their own after the largest stored: the caller's
   * write transaction holds SQLite's write lock, so no other connection adds a row meanwhile,
   * and nothing needs reading back.
   */
  function addNew(
    missing: Map<string, readonly TextValue[]>,
    found: Map<string, number>,
    last: number,
    derivedOf: DerivedOf,
    filter: LookupFilter | null,
  ): void {
    const entries = [...missing];
    let next = last + 1;
    for (let at = 0; at < entries.length; at += INSERT_ROWS) {
      const chunk = entries.slice(at, at + INSERT_ROWS);
      const values: TextValue[] = [];
      for (const [key, tuple] of chunk) {
        found.set(key, next);
        if (spec.derived) values.push(next++, derivedOf(tuple[0] as TextValue), ...tuple);
        else values.push(next++, ...tuple);
        filter?.add(String(tuple[0]));
      }
      insert(chunk.length).run(values);
    }
    covering.addedUpTo(next - 1);
  }

  return {
    checkGeneration() {
      const now = pluck(db, `SELECT value FROM meta WHERE key = '${GENERATION_KEY}'`).get() as
        string | undefined;
      if (now !== generation) {
        ids.clear();
        covering.drop();
      }
      generation = now;
    },
    idsOf(given, derivedOf = NO_DERIVED) {
      const tuples = given.map((tuple) => tuple.map(asStored));
      const keys = tuples.map(keyOf);
      const found = new Map<string, number>();
      const missing = new Map<string, readonly TextValue[]>();
      keys.forEach((key, i) => {
        const id = ids.get(key);
        if (id !== undefined) found.set(key, id);
        else missing.set(key, tuples[i] as readonly TextValue[]);
      });
      if (missing.size > 0) {
        const last = (lastId().get() as number | null) ?? 0;
        const filter = covering.cover(last);
        findStored(missing, found, derivedOf, filter);
        addNew(missing, found, last, derivedOf, filter);
        if (ids.size + found.size > sizes.cacheLimit) ids.clear();
        for (const [key, id] of found) ids.set(key, id);
      }
      return keys.map((key) => found.get(key) as number);
    },
    reset() {
      ids.clear();
      covering.drop();
    },
  };
}

/**
 * Removes the tuples no list holds any more (their runs were deleted) from every dictionary and
 * moves the generation, so every connection's cache forgets their ids. One anti-join each, over
 * every list's ids (json_each); the nulls a view's DELETE leaves in a list are left out, as a
 * NULL in NOT IN's list would make it match nothing.
 */
export function removeUnusedTexts(db: Database.Database): number {
  return db
    .transaction(() => {
      let removed = 0;
      for (const spec of [SOURCE_TEXTS, ENTITY_TEXTS, PRODUCT_TEXTS])
        removed += db
          .prepare(
            `DELETE FROM ${spec.table} WHERE id NOT IN
              (SELECT e.value FROM ${spec.lists} l, json_each(l.text_ids) e WHERE e.value IS NOT NULL)`,
          )
          .run().changes;
      if (removed > 0)
        db.prepare(
          `UPDATE meta SET value = CAST(value AS INTEGER) + 1 WHERE key = '${GENERATION_KEY}'`,
        ).run();
      return removed;
    })
    .immediate();
}
