import type { NormalizedAiOverview, NormalizedEntity } from '../../../shared/domain/result';
import type Database from 'better-sqlite3';
import { decompressText, unpackDoc } from '../codec';
import { stmt } from '../connection';
import type { StoredResult } from '../runs';
import { assembleResult, type ChildRow } from './result-assemble';

// A stored result read back: its row, its packed document (or an older row's columns) and its
// child rows, rebuilt into the normalized view and the raw JSON the service sent.

/** A result's row as RESULT_SELECT reads it. */
export interface ResultRow {
  seq: number;
  id: string;
  job_id: string;
  fetched_at: number;
  model: string | null;
  shape: 'legacy' | 'mobile-web' | null;
  old_search_queries: string | null;
  html_urls_json: string;
  related_searches_json: string;
  /** The packed document (result-doc.ts); NULL on a row from before version 10 not moved yet. */
  doc: Uint8Array | null;
  /** Such a row's text, Markdown and raw JSON (NULL when doc is set). */
  old_text: string | null;
  old_markdown: string | null;
  raw_zstd: Uint8Array | null;
  run_id: string;
  prompt: string;
  engine: string;
  country: string;
  us_state: string | null;
  repeat: number;
  sandbox: number;
}

export interface ResultReader {
  /** The raw JSON and the normalized view rebuilt from the tables (for the compare view). */
  getResult(resultId: string): StoredResult | null;
  /** Several results, in the order asked (unknown ids are skipped). */
  getResults(resultIds: readonly string[]): StoredResult[];
  getResultByJob(jobId: string): StoredResult | null;
  /** The stored raw JSON text only (cheaper than getResult). */
  getRawJson(resultId: string): string | null;
}

// A row moved to doc is unpacked once in JavaScript; only an older row reads its texts
// through the generated columns (CASE evaluates just the branch taken).
export const RESULT_SELECT = `SELECT r.seq, r.id, r.job_id, r.fetched_at, r.model, r.shape,
      CASE WHEN r.doc IS NULL THEN r.search_queries_plain END AS old_search_queries,
      r.html_urls_json, r.related_searches_json, r.doc,
      CASE WHEN r.doc IS NULL THEN r.answer_text END AS old_text,
      CASE WHEN r.doc IS NULL THEN r.markdown_text END AS old_markdown,
      w.raw_zstd, j.run_id, p.text AS prompt, j.engine, j.country, j.us_state, j.repeat, ru.sandbox
    FROM results r LEFT JOIN result_docs w ON w.result_seq = r.seq JOIN jobs j ON j.id = r.job_id
    JOIN run_prompts p ON p.run_id = j.run_id AND p.idx = j.prompt_index JOIN runs ru ON ru.id = j.run_id`;

export function createResultReader(db: Database.Database): ResultReader {
  const selectById = stmt(db, `${RESULT_SELECT} WHERE r.id = ?`);
  const selectByJob = stmt(db, `${RESULT_SELECT} WHERE r.job_id = ?`);
  const selectSources = stmt(db, 'SELECT * FROM sources WHERE result_seq = ? ORDER BY id');
  const selectEntities = stmt(
    db,
    'SELECT type, name FROM entities WHERE result_seq = ? ORDER BY position, id',
  );
  const selectProducts = stmt(db, 'SELECT * FROM products WHERE result_seq = ? ORDER BY position, id');
  // A product's id is an expression (migration 011): its result's seq finds its list.
  const selectOffers = stmt(
    db,
    'SELECT * FROM product_offers WHERE result_seq = ? AND product_id = ? ORDER BY position, id',
  );
  const selectAds = stmt(db, 'SELECT * FROM ads WHERE result_seq = ? ORDER BY position, id');
  const selectPaa = stmt(db, 'SELECT * FROM people_also_ask WHERE result_seq = ? ORDER BY position, id');
  const selectAio = stmt(db, 'SELECT text, markdown FROM ai_overviews WHERE result_seq = ?');
  const selectRaw = stmt(
    db,
    'SELECT r.doc, w.raw_zstd FROM results r LEFT JOIN result_docs w ON w.result_seq = r.seq WHERE r.id = ?',
  );

  function rebuild(row: ResultRow): StoredResult {
    const products = selectProducts.all(row.seq) as ChildRow[];
    return assembleResult(row, {
      sources: selectSources.all(row.seq) as ChildRow[],
      entities: selectEntities.all(row.seq) as NormalizedEntity[],
      products,
      offersOf: (productId) => selectOffers.all(row.seq, productId) as ChildRow[],
      ads: selectAds.all(row.seq) as ChildRow[],
      peopleAlsoAsk: selectPaa.all(row.seq) as ChildRow[],
      aiOverview: (selectAio.get(row.seq) as NormalizedAiOverview | undefined) ?? null,
    });
  }

  function readOne(stmt: typeof selectById, key: string): StoredResult | null {
    const row = stmt.get(key) as ResultRow | undefined;
    return row ? rebuild(row) : null;
  }

  /** A result's row and its lists read in one snapshot. */
  function readResult(stmt: typeof selectById, key: string): StoredResult | null {
    return db.transaction(() => readOne(stmt, key))();
  }

  return {
    getResult(resultId) {
      return readResult(selectById, resultId);
    },
    getResults(resultIds) {
      // One snapshot for the list: one transaction, not one a result (half the time of a push's read).
      return db.transaction(() =>
        resultIds.map((id) => readOne(selectById, id)).filter((r): r is StoredResult => r !== null),
      )();
    },
    getResultByJob(jobId) {
      return readResult(selectByJob, jobId);
    },
    getRawJson(resultId) {
      const row = selectRaw.get(resultId) as Pick<ResultRow, 'doc' | 'raw_zstd'> | undefined;
      if (row === undefined) return null;
      if (row.doc !== null) return unpackDoc(row.doc).rawJson;
      return row.raw_zstd === null ? null : decompressText(row.raw_zstd);
    },
  };
}
