import type { NormalizedAiOverview, NormalizedEntity } from '../../../shared/domain/result';
import type Database from 'better-sqlite3';
import { decompressText, unpackDoc } from '../codec';
import { stmt } from '../connection';
import type { StoredResult } from '../runs';
import { assembleResult, type ChildRow } from './result-assemble';
import { RESULT_SELECT, type ResultRow } from './result-row';

// A stored result read back: its row, its packed document (or an older row's columns) and its
// child rows, rebuilt into the normalized view and the raw JSON the service sent.

export interface ResultReader {
  /** The raw JSON and the normalized view rebuilt from the tables (for the compare view). */
  getResult(resultId: string): StoredResult | null;
  /** Several results, in the order asked (unknown ids are skipped). */
  getResults(resultIds: readonly string[]): StoredResult[];
  getResultByJob(jobId: string): StoredResult | null;
  /** The stored raw JSON text only (cheaper than getResult). */
  getRawJson(resultId: string): string | null;
}

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
