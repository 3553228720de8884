import type Database from 'better-sqlite3';
import { compressText } from '../codec';
import { facetsOf } from '../search';

// The data half of migration 7 (see 007_compact_search.ts), run at open after the schema
// change: every result stored before it gets its raw JSON and Markdown compressed and its row
// indexed in answer_search. It runs in batches of BATCH rows, each its own transaction that
// also moves the cursor (meta compact_backfill_after), so a process killed half-way keeps every
// finished batch and the next open carries on from there. Rows are only ever copied then
// deleted inside one transaction, each compressed value checked by decompression first
// (compressText), so no byte is lost at any point.

const CURSOR_KEY = 'compact_backfill_after';
const BATCH = 1000;

export interface BackfillProgress {
  /** Results handled so far in this call. */
  done: number;
  /** Results this call had to look at when it started. */
  total: number;
}

export interface BackfillOptions {
  batchSize?: number;
  onProgress?: (progress: BackfillProgress) => void;
  /** Stop after this many batches (tests interrupt the backfill half-way with it). */
  maxBatches?: number;
}

interface PendingRow {
  seq: number;
  fetched_at: number;
  facets: string;
  answer_markdown: string | null;
  raw_json: string | null;
  engine: string;
  country: string;
  us_state: string | null;
  run_id: string;
}

/** True while a file has rows from before version 7 left to compress and index. */
export function compactBackfillPending(db: Database.Database): boolean {
  if (!tableExists(db, 'result_docs')) return false;
  return db.prepare('SELECT 1 FROM meta WHERE key = ?').get(CURSOR_KEY) !== undefined;
}

function tableExists(db: Database.Database, name: string): boolean {
  return db.prepare("SELECT 1 FROM sqlite_schema WHERE type = 'table' AND name = ?").get(name) !== undefined;
}

/** Runs the backfill to its end (or maxBatches); returns whether it finished. */
export function runCompactBackfill(db: Database.Database, options: BackfillOptions = {}): boolean {
  if (!compactBackfillPending(db)) return true;
  const batchSize = options.batchSize ?? BATCH;
  const cursor = db.prepare('SELECT CAST(value AS INTEGER) FROM meta WHERE key = ?').pluck();
  const setCursor = db.prepare('UPDATE meta SET value = ? WHERE key = ?');
  // Prepared inside the first batch's transaction, once it has seen the backfill still pending:
  // another process opening the file at the same moment may have finished it (and dropped
  // result_raw) in between (else: "no such table: result_raw").
  let statements: ReturnType<typeof prepareBatch> | null = null;

  const total = db
    .prepare('SELECT count(*) FROM results WHERE seq > ?')
    .pluck()
    .get(cursor.get(CURSOR_KEY)) as number;
  const step = db.transaction((): number => {
    if (!compactBackfillPending(db)) return 0;
    const { pending, storeDoc, dropRaw, compactRow } = (statements ??= prepareBatch(db));
    const after = cursor.get(CURSOR_KEY) as number;
    const rows = pending.all(after, batchSize) as PendingRow[];
    for (const row of rows) {
      if (row.raw_json !== null) {
        storeDoc.run(row.seq, compressText(row.raw_json));
        dropRaw.run(row.seq);
      }
      const needsFacets = row.facets === '';
      if (needsFacets || row.answer_markdown !== null) {
        const facets = needsFacets
          ? facetsOf({
              engine: row.engine,
              country: row.country,
              state: row.us_state,
              runId: row.run_id,
              fetchedAt: row.fetched_at,
            })
          : row.facets;
        const markdown = row.answer_markdown === null ? null : compressText(row.answer_markdown);
        compactRow.run(facets, markdown, row.seq);
      }
    }
    if (rows.length > 0) setCursor.run(String(rows.at(-1)!.seq), CURSOR_KEY);
    return rows.length;
  });

  if (!runBatches(() => step.immediate(), total, options)) return false;
  finishBackfill(db);
  return true;
}

/**
 * Runs a backfill's batches (each one transaction, returning how many rows it handled) until
 * one handles none, reporting progress after each; false when stopped by maxBatches first.
 */
export function runBatches(step: () => number, total: number, options: BackfillOptions): boolean {
  let done = 0;
  options.onProgress?.({ done, total });
  for (let batches = 0; ; batches++) {
    if (options.maxBatches !== undefined && batches >= options.maxBatches) return false;
    const n = step();
    if (n === 0) return true;
    done += n;
    options.onProgress?.({ done: Math.min(done, total), total });
  }
}

function prepareBatch(db: Database.Database) {
  return {
    pending: db.prepare(
      `SELECT r.seq, r.fetched_at, r.facets, r.answer_markdown, w.raw_json,
         j.engine, j.country, j.us_state, j.run_id
       FROM results r JOIN jobs j ON j.id = r.job_id LEFT JOIN result_raw w ON w.result_seq = r.seq
       WHERE r.seq > ? ORDER BY r.seq LIMIT ?`,
    ),
    storeDoc: db.prepare(
      'INSERT INTO result_docs (result_seq, raw_zstd) VALUES (?, ?) ON CONFLICT (result_seq) DO UPDATE SET raw_zstd = excluded.raw_zstd',
    ),
    dropRaw: db.prepare('DELETE FROM result_raw WHERE result_seq = ?'),
    compactRow: db.prepare(
      `UPDATE results SET facets = ?, markdown_zstd = coalesce(?, markdown_zstd), answer_markdown = NULL
       WHERE seq = ?`,
    ),
  };
}

// The old search index and the raw-text table go once every row has left them.
function finishBackfill(db: Database.Database): void {
  db.transaction(() => {
    // Finished by another process meanwhile.
    if (!compactBackfillPending(db)) return;
    const left = db.prepare('SELECT count(*) FROM result_raw').pluck().get() as number;
    if (left > 0) throw new Error(`Compaction left ${left} uncompressed raw answers; nothing was dropped`);
    db.exec(`
      DROP TRIGGER IF EXISTS results_fts_insert;
      DROP TRIGGER IF EXISTS results_fts_delete;
      DROP TRIGGER IF EXISTS results_fts_update;
      DROP TABLE IF EXISTS answer_fts;
      DROP TABLE result_raw;
    `);
    db.prepare('DELETE FROM meta WHERE key = ?').run(CURSOR_KEY);
  }).immediate();
}
