import type Database from 'better-sqlite3';
import { createCoveringFilter } from '../codec';
import { multiRowSql, pluck, stmt } from '../connection';

// The Visibility index's distinct values (cited URLs, fan-out search queries) are found by
// value through keys kept in two levels (migration 023), as a log-structured merge tree keeps
// its keys: `${table}` holds the settled keys, `${table}_new` the keys added since they were
// last merged into it, and a value is looked up in both.
//
// Why: a value's key goes to a random place in an index ordered by value. With one index, a
// commit of a sync's page (4,000 answers, 40,000 new URLs in the worst case) rewrote most pages
// of an index that grows with the history: at 240,000 answers, 12,444 of the URL index's 12,867
// pages, 45 % of all the pages the commit wrote. The new level stays small, so a commit rewrites
// few pages of it; the settled level is rewritten once per merge, in key order. Merging when the
// new level holds about √(2 · settled · 40,000) keys makes the two costs equal and their sum
// least (at 10 million URLs, about 9,000 pages a commit instead of 28,000).
//
// A value is in one level only: new values are added under the write lock after both levels
// were searched for them, and a merge moves every key of the new level at once. A connection
// that has seen every value (a new history's first sync) keeps a Bloom filter of them
// (codec's covering filter, as the distinct texts do), and looks up only the values it may hold:
// in a first sync nearly every cited URL is new, and each look-up searched both levels.

/** One family's keys: the value column of both levels and the row table that numbers them. */
export interface KeyFamily {
  /** The settled level's table; the new level's is `${keys}_new`. Both are (value, id). */
  keys: string;
  /** The value column in both levels. */
  column: string;
  /** The rows the ids number (INTEGER PRIMARY KEY id, one per value, never deleted). */
  rows: string;
}

export const URL_KEYS: KeyFamily = { keys: 'vis_url_keys', column: 'url', rows: 'vis_urls' };
export const QUERY_KEYS: KeyFamily = { keys: 'vis_query_keys', column: 'query', rows: 'vis_queries' };

/** The new keys a large commit adds (a sync's page of 4,000 answers citing 10 new URLs each). */
const LARGE_COMMIT_KEYS = 40_000;
/** Below this many new keys no merge is due, however small the settled level. */
const MIN_NEW_KEYS = 20_000;
/** Rows per multi-row INSERT into the new level (two parameters each). */
const INSERT_ROWS = 100;
/** Values per look-up statement. */
const FIND_VALUES = 500;

/**
 * SQL for the id of the value `expr` (a column or a parameter), or NULL when it has none: the
 * new level first, then the settled one, each by its primary key.
 */
export function keyIdSql(family: KeyFamily, expr: string): string {
  const { keys, column } = family;
  return `coalesce((SELECT id FROM ${keys}_new WHERE ${column} = ${expr}), (SELECT id FROM ${keys} WHERE ${column} = ${expr}))`;
}

/** meta's record of the largest id whose key is settled: the keys above it are in the new level. */
const settledToKey = (family: KeyFamily): string => `${family.keys}_settled_to`;

/** Whether a merge is due: the new level holds as many keys as make its cost equal the merge's. */
export function mergeDue(newKeys: number, settledKeys: number): boolean {
  return newKeys >= Math.max(MIN_NEW_KEYS, Math.sqrt(2 * settledKeys * LARGE_COMMIT_KEYS));
}

export interface KeyLevels {
  /** The ids of those of `values` that have one (in either level). */
  find(values: readonly string[]): Map<string, number>;
  /** Keys for values just numbered in the row table (none of them in either level). */
  add(pairs: ReadonlyArray<readonly [string, number]>): void;
  /** At the end of a write batch: moves the new level into the settled one when it is due. */
  mergeIfDue(): void;
}

/** The ids of those of `values` that the SQL (a JSON array of values as @values) finds. */
function findWith(db: Database.Database, sql: string, values: readonly string[]): Map<string, number> {
  const found = new Map<string, number>();
  for (let at = 0; at < values.length; at += FIND_VALUES) {
    const chunk = JSON.stringify(values.slice(at, at + FIND_VALUES));
    for (const row of stmt(db, sql).all({ values: chunk }) as Array<{ value: string; id: number }>)
      found.set(row.value, row.id);
  }
  return found;
}

/**
 * A family's keys as this file keeps them: in two levels, or, in a file before migration 023
 * (migration 002's fill indexes the answers of a version-1 file with today's indexer), in the
 * row table's own UNIQUE value column, which numbers only values looked up first.
 */
export function keyLevelsOf(db: Database.Database, family: KeyFamily): KeyLevels {
  const split = db
    .prepare("SELECT 1 FROM sqlite_schema WHERE type = 'table' AND name = ?")
    .get(`${family.keys}_new`);
  if (split) return createKeyLevels(db, family);
  const sql = `SELECT ${family.column} AS value, id FROM ${family.rows}
     WHERE ${family.column} IN (SELECT value FROM json_each(@values))`;
  return { find: (values) => findWith(db, sql, values), add: () => undefined, mergeIfDue: () => undefined };
}

function createKeyLevels(db: Database.Database, family: KeyFamily): KeyLevels {
  const { keys, column, rows } = family;
  const findSql = `SELECT ${column} AS value, id FROM ${keys}_new WHERE ${column} IN (SELECT value FROM json_each(@values))
     UNION ALL SELECT ${column} AS value, id FROM ${keys} WHERE ${column} IN (SELECT value FROM json_each(@values))`;
  const insertHead = `INSERT OR FAIL INTO ${keys}_new (${column}, id)`;
  const topId = (): number => (pluck(db, `SELECT max(id) FROM ${rows}`).get() as number | null) ?? 0;
  const covering = createCoveringFilter(function* () {
    for (const value of pluck(db, `SELECT ${column} FROM ${rows}`).iterate()) yield value as string;
  });
  const settledTo = (): number =>
    Number(
      (pluck(db, 'SELECT value FROM meta WHERE key = ?').get(settledToKey(family)) as string | undefined) ??
        0,
    );

  function merge(upTo: number): void {
    // In key order (the new level's primary key): each page of the settled level is written
    // once. OR IGNORE: a key cannot be in both levels (see above), and a merge must not stop
    // every later write if one ever were.
    db.exec(`INSERT OR IGNORE INTO ${keys} (${column}, id) SELECT ${column}, id FROM ${keys}_new`);
    db.exec(`DELETE FROM ${keys}_new`);
    stmt(db, 'INSERT OR REPLACE INTO meta (key, value) VALUES (?, ?)').run(
      settledToKey(family),
      String(upTo),
    );
  }

  return {
    find(values) {
      const filter = covering.cover(topId());
      return findWith(db, findSql, filter ? values.filter((v) => filter.mayHold(v)) : values);
    },
    add(pairs) {
      if (pairs.length === 0) return;
      // Numbered in order, after the largest id the look-ups saw.
      const filter = covering.cover((pairs[0] as readonly [string, number])[1] - 1);
      for (const [value] of pairs) filter?.add(value);
      covering.addedUpTo((pairs[pairs.length - 1] as readonly [string, number])[1]);
      for (let at = 0; at < pairs.length; at += INSERT_ROWS) {
        const chunk = pairs.slice(at, at + INSERT_ROWS);
        stmt(db, multiRowSql(insertHead, '(?, ?)', chunk.length)).run(chunk.flat());
      }
    },
    mergeIfDue() {
      // Ids are numbered one after another and rows never deleted, so the keys above the
      // settled mark are the new level's, and those below it the settled level's.
      const top = topId();
      const settled = settledTo();
      if (mergeDue(top - settled, settled)) merge(top);
    },
  };
}
