import type Database from 'better-sqlite3';
import { decompressText, unpackDoc } from '../codec';
import { parseJson, stmt } from '../connection';
import { fillState, saveFillState } from './commerce-fill-job';
import type { CommerceIndexer } from './commerce-index';

// The recorded fill (commerce-fill-job.ts), a batch at a time in its own transaction: each
// stored answer's raw result is read back from its document and indexed as at ingest. An answer
// already indexed (replaced while the fill was pending) is skipped.

export interface CommerceFillApi {
  /** Answers left to fill (0 when none is recorded). */
  commerceFillLeft(): number;
  /** Fills up to `batch` answers; what it did and what is left. */
  fillCommerce(batch?: number): { done: number; left: number };
}

interface FillRow {
  seq: number;
  doc: Uint8Array | null;
  raw_zstd: Uint8Array | null;
  day: number;
  run: number;
  engine: string;
  loc: string;
  prompt: number | null;
  job_id: string;
  country: string;
}

const FILL_BATCH = 2000;

function rawOf(row: FillRow): unknown {
  return parseJson(row.doc ? unpackDoc(row.doc).rawJson : row.raw_zstd ? decompressText(row.raw_zstd) : null);
}

export function createCommerceFillApi(db: Database.Database, indexer: CommerceIndexer): CommerceFillApi {
  const left = (): number => {
    const state = fillState(db);
    if (!state) return 0;
    return (
      stmt(db, 'SELECT count(*) AS n FROM results WHERE seq > ? AND seq <= ?').get(state.at, state.upTo) as {
        n: number;
      }
    ).n;
  };
  const step = db.transaction((batch: number): number => {
    const state = fillState(db);
    if (!state) return 0;
    const rows = stmt(
      db,
      `SELECT r.seq, r.doc, w.raw_zstd, v.day, v.run, v.engine, v.loc, v.prompt, j.id AS job_id, j.country
       FROM results r JOIN vis_result v ON v.seq = r.seq JOIN jobs j ON j.id = r.job_id
       LEFT JOIN result_docs w ON w.result_seq = r.seq
       WHERE r.seq > ? AND r.seq <= ? ORDER BY r.seq LIMIT ?`,
    ).all(state.at, state.upTo, batch) as FillRow[];
    const indexed = stmt(db, 'SELECT 1 FROM com_answer WHERE seq = ?');
    try {
      for (const row of rows) {
        if (indexed.get(row.seq)) continue;
        const cell = { day: row.day, run: row.run, engine: row.engine, loc: row.loc };
        indexer.indexResult(row.seq, rawOf(row), true, cell, {
          jobId: row.job_id,
          country: row.country,
          prompt: row.prompt,
        });
      }
      indexer.flush();
    } catch (error) {
      indexer.reset();
      throw error;
    }
    const at = rows.length < batch ? state.upTo : (rows[rows.length - 1] as FillRow).seq;
    saveFillState(db, { upTo: state.upTo, at });
    return rows.length;
  });
  return {
    commerceFillLeft: left,
    fillCommerce(batch = FILL_BATCH) {
      const done = step.immediate(batch);
      return { done, left: left() };
    },
  };
}
