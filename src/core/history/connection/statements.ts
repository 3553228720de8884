import type Database from 'better-sqlite3';

// Compiling SQL costs tens of microseconds (more for joins); a run engine issues thousands of
// the same few statements. Each connection keeps its compiled statements here, keyed by the
// SQL text and the result mode, so every API prepares a statement once and reuses it.
// Statements are only ever run to completion (get/all/run), never left iterating, so reusing
// one across calls is safe.

type Mode = 'rows' | 'pluck';

/** Upper bound on distinct SQL texts per connection (filter combinations build a few dozen). */
const MAX_STATEMENTS = 500;

const caches = new WeakMap<Database.Database, Map<string, Database.Statement>>();

function cached(db: Database.Database, sql: string, mode: Mode): Database.Statement {
  let cache = caches.get(db);
  if (!cache) {
    cache = new Map();
    caches.set(db, cache);
  }
  const key = mode === 'pluck' ? `p\u0000${sql}` : sql;
  let statement = cache.get(key);
  if (!statement) {
    statement = db.prepare(sql);
    if (mode === 'pluck') statement.pluck();
    if (cache.size >= MAX_STATEMENTS) cache.delete(cache.keys().next().value as string);
    cache.set(key, statement);
  }
  return statement;
}

/** The connection's compiled statement for this SQL (rows as objects). */
export function stmt(db: Database.Database, sql: string): Database.Statement {
  return cached(db, sql, 'rows');
}

/** The connection's compiled statement for this SQL, returning the first column only. */
export function pluck(db: Database.Database, sql: string): Database.Statement {
  return cached(db, sql, 'pluck');
}

/** By head, then by tail: the texts of 1..64 rows. */
const multiRowTexts = new Map<string, Map<string, string[]>>();

/**
 * The text of a multi-row statement: `head` then `rows` copies of `tuple` after VALUES, then
 * `tail`. Built once per head, tail and row count, so a statement run per result neither rebuilds
 * nor re-hashes a kilobyte of SQL to find its compiled statement (heads and tails are literals).
 *
 * Ingest's multi-row writes say OR FAIL (OR IGNORE where a row may already be there): with the
 * default ABORT, a statement that writes several rows and may fail half-way keeps a statement
 * journal, copying every page it touches first so it can undo its own rows (a foreign key may
 * still need one). Each runs inside one of the store's transactions, which a failure rolls back
 * whole (no caller goes on after a failed write inside a transaction), so what a FAIL leaves is
 * never committed: the same outcome, cheaper (the runs bench: about 2.5 % of the engine's CPU a
 * job, interleaved rounds).
 */
export function multiRowSql(head: string, tuple: string, rows: number, tail = ''): string {
  let byTail = multiRowTexts.get(head);
  if (byTail === undefined) {
    byTail = new Map();
    multiRowTexts.set(head, byTail);
  }
  let texts = byTail.get(tail);
  if (texts === undefined) {
    texts = [];
    byTail.set(tail, texts);
  }
  let text = texts[rows];
  if (text === undefined) {
    text = `${head} VALUES ${Array.from({ length: rows }, () => tuple).join(', ')}${tail}`;
    texts[rows] = text;
  }
  return text;
}

/** Rows per statement of insertRows (well under SQLite's 32,766 parameters for our widths). */
const INSERT_ROWS = 64;
const tuples: string[] = [];

/**
 * Inserts `rows` (each with one value per column of `head`, in order) by one multi-row statement
 * per 64 rows: a statement run has a fixed cost in better-sqlite3 and SQLite, and an answer
 * writes several rows to each of its tables. `tail` follows the values (an ON CONFLICT clause).
 */
export function insertRows(
  db: Database.Database,
  head: string,
  rows: ReadonlyArray<readonly unknown[]>,
  tail = '',
): void {
  const width = rows[0]?.length ?? 0;
  if (width === 0) return;
  const tuple = (tuples[width] ??= `(${Array.from({ length: width }, () => '?').join(', ')})`);
  for (let at = 0; at < rows.length; at += INSERT_ROWS) {
    const chunk = rows.slice(at, at + INSERT_ROWS);
    stmt(db, multiRowSql(head, tuple, chunk.length, tail)).run(chunk.flat());
  }
}
