import type Database from 'better-sqlite3';
import type { KeyLevels } from './key-levels';

// The Visibility index's small keys: a job's cell as ingest reads it, and the ids of distinct
// values (URLs, search queries) stored first when new, with the connection's bounded caches.

/**
 * Where a job's results count, as JOB_CELL_SQL reads it: ingest reads it once for its own
 * checks and hands it over, so the index does not read it again.
 */
export interface JobCellRow {
  run_id: string;
  engine: string;
  country: string;
  us_state: string | null;
  /** run_prompts.id of the job's prompt. */
  prompt: number | null;
  /** The request's language (an engine's hl option): the positioning judge's hint. */
  hl: string | null;
}

// A subquery, not a join: planning a join weighs the partial indexes of jobs, and comparing
// their constants with the bound id makes SQLite re-prepare the statement at every call
// (about 50 µs a result); a one-table lookup by a unique key skips that planning. The language
// rides along so positioning does not look the job up again (one statement an answer less).
const JOB_CELL_COLUMNS = `j.run_id, j.engine, j.country, j.us_state,
       (SELECT p.id FROM run_prompts p WHERE p.run_id = j.run_id AND p.idx = j.prompt_index) AS prompt,
       j.request_json ->> '$.hl' AS hl`;
export const JOB_CELL_SQL = `SELECT ${JOB_CELL_COLUMNS} FROM jobs j WHERE j.id = ?`;
/** The same for a batch's jobs (their ids as a JSON array), each row with its job's id (job_id). */
export const JOB_CELLS_SQL = `SELECT j.id AS job_id, ${JOB_CELL_COLUMNS}
     FROM jobs j WHERE j.id IN (SELECT value FROM json_each(?))`;

const CACHE_LIMIT = 200_000;

export function boundedSet<K, V>(map: Map<K, V>, key: K, value: V): void {
  if (map.size >= CACHE_LIMIT) map.clear();
  map.set(key, value);
}

/** A table of distinct values and their ids, as keysOf() stores and finds them. */
export interface KeyTable<W> {
  /** The connection's ids of values seen (bounded). */
  cache: Map<string, number>;
  value(w: W): string;
  /** The multi-row INSERT of new values into the row table, which numbers them. */
  insert(rows: number): Database.Statement;
  /** A value's parameters in that INSERT. */
  params(w: W): Array<string | number | null>;
  /** Where a value's id is found by value (key-levels.ts). */
  levels: KeyLevels;
}

/** Rows per multi-row INSERT (well under SQLite's limit on bound parameters). */
export const MAX_ROWS = 50;

/**
 * The ids of these distinct values (URLs, search queries), stored first when new. The values
 * the connection has not seen are looked up in the keys, a batch at once; the rest are new and
 * inserted by one statement per chunk, which numbers them one after another (SQLite gives a new
 * row max(id) + 1, in the order of the VALUES), and their keys added.
 */
export function keysOf<W>(wanted: readonly W[], table: KeyTable<W>): number[] {
  const found = new Map<string, number>();
  const missing = new Map<string, W>();
  for (const w of wanted) {
    const value = table.value(w);
    const id = table.cache.get(value);
    if (id !== undefined) found.set(value, id);
    else missing.set(value, missing.get(value) ?? w);
  }
  if (missing.size > 0) {
    for (const [value, id] of table.levels.find([...missing.keys()])) {
      found.set(value, id);
      missing.delete(value);
    }
    addNew([...missing.values()], table, found);
  }
  return wanted.map((w) => {
    const value = table.value(w);
    const id = found.get(value) as number;
    boundedSet(table.cache, value, id);
    return id;
  });
}

/** Numbers values found in neither level and adds their keys. */
function addNew<W>(fresh: readonly W[], table: KeyTable<W>, found: Map<string, number>): void {
  const pairs: Array<[string, number]> = [];
  for (let at = 0; at < fresh.length; at += MAX_ROWS) {
    const chunk = fresh.slice(at, at + MAX_ROWS);
    const { lastInsertRowid } = table.insert(chunk.length).run(chunk.flatMap(table.params));
    const first = Number(lastInsertRowid) - chunk.length + 1;
    chunk.forEach((w, i) => pairs.push([table.value(w), first + i]));
  }
  for (const [value, id] of pairs) found.set(value, id);
  table.levels.add(pairs);
}
