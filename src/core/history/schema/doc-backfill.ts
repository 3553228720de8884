import type Database from 'better-sqlite3';
import { runBatches, type BackfillOptions } from './compact-backfill';
import {
  decompressText,
  headOf,
  packDoc,
  rememberDoc,
  unpackDoc,
  wellFormed,
  type ResultDoc,
} from '../codec';

// The data half of migration 10 (see 010_answer_docs.ts), run at open after the schema change
// and after migration 7's backfill: every result stored before it gets its answer text, source
// titles, Markdown, raw JSON and search queries packed into results.doc. Batches of BATCH rows, each its own
// transaction that also moves the cursor (meta doc_backfill_after), so a process killed
// half-way keeps every finished batch and the next open carries on. Each document is unpacked
// and compared with the texts it replaces before the row's old columns are emptied and its
// result_docs row deleted, in the same transaction: no byte is lost at any point.

const CURSOR_KEY = 'doc_backfill_after';
const BATCH = 500;

interface PendingRow {
  seq: number;
  answer_head: string;
  source_titles_plain: string;
  markdown_text: string | null;
  search_queries_plain: string;
  raw_zstd: Uint8Array | null;
}

/** True while a file has results from before version 10 left to pack. */
export function docBackfillPending(db: Database.Database): boolean {
  return db.prepare('SELECT 1 FROM meta WHERE key = ?').get(CURSOR_KEY) !== undefined;
}

/** Runs the backfill to its end (or maxBatches); returns whether it finished. */
export function runDocBackfill(db: Database.Database, options: BackfillOptions = {}): boolean {
  if (!docBackfillPending(db)) return true;
  const batchSize = options.batchSize ?? BATCH;
  const cursor = db.prepare('SELECT CAST(value AS INTEGER) FROM meta WHERE key = ?').pluck();
  const setCursor = db.prepare('UPDATE meta SET value = ? WHERE key = ?');
  const pending = db.prepare(
    `SELECT r.seq, r.answer_head, r.source_titles_plain, r.markdown_text, r.search_queries_plain,
       w.raw_zstd
     FROM results r LEFT JOIN result_docs w ON w.result_seq = r.seq
     WHERE r.seq > ? AND r.doc IS NULL ORDER BY r.seq LIMIT ?`,
  );
  // The update trigger compares the indexed texts before and after: equal, it leaves the
  // search index alone.
  const moveRow = db.prepare(
    `UPDATE results SET doc = ?, answer_head = ?, source_titles_plain = '', search_queries_plain = '[]',
       markdown_zstd = NULL, answer_markdown = NULL WHERE seq = ?`,
  );
  const dropRaw = db.prepare('DELETE FROM result_docs WHERE result_seq = ?');

  const total = db
    .prepare('SELECT count(*) FROM results WHERE seq > ? AND doc IS NULL')
    .pluck()
    .get(cursor.get(CURSOR_KEY)) as number;
  const step = db.transaction((): number => {
    const rows = pending.all(cursor.get(CURSOR_KEY), batchSize) as PendingRow[];
    for (const row of rows) {
      const { packed, doc } = packChecked(row);
      // The update trigger's comparison reads the new texts through doc_text: give it them.
      rememberDoc(db, packed, doc);
      moveRow.run(packed, headOf(doc.text), row.seq);
      dropRaw.run(row.seq);
    }
    if (rows.length > 0) setCursor.run(String(rows.at(-1)!.seq), CURSOR_KEY);
    return rows.length;
  });

  if (!runBatches(() => step.immediate(), total, options)) return false;
  db.prepare('DELETE FROM meta WHERE key = ?').run(CURSOR_KEY);
  return true;
}

/**
 * The row's document, unpacked and compared with what it replaces first. Texts SQLite stored
 * are valid UTF-8 already, so wellFormed changes nothing here; it is the same call as ingest's.
 */
function packChecked(row: PendingRow): { packed: Buffer; doc: ResultDoc } {
  const doc = {
    text: wellFormed(row.answer_head),
    sourceTitles: wellFormed(row.source_titles_plain),
    markdown: row.markdown_text,
    rawJson: row.raw_zstd === null ? null : decompressText(row.raw_zstd),
    searchQueriesJson: row.search_queries_plain,
  };
  // Unpacked and compared part by part below, which covers packDoc's own check.
  const packed = packDoc(doc, { verify: false });
  const back = unpackDoc(packed);
  if (
    back.text !== row.answer_head ||
    back.sourceTitles !== row.source_titles_plain ||
    back.markdown !== doc.markdown ||
    back.rawJson !== doc.rawJson ||
    back.searchQueriesJson !== doc.searchQueriesJson
  ) {
    throw new Error(`Packing result ${row.seq} would change its texts; nothing was changed`);
  }
  return { packed, doc: back };
}
