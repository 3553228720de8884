import type Database from 'better-sqlite3';
import { decompressText, unpackDoc } from '../codec';
import { parseJson, stmt } from '../connection';
import { fillState, saveFillState } from './commerce-fill-job';
import type { CommerceIndexer } from './commerce-index';

// The recorded fill (commerce-fill-job.ts), a batch at a time in its own transaction. An answer
// without commerce rows (stored before migration 027) has its raw result read back from its
// document and indexed as at ingest. An answer with rows (a brand change) has its attribution
// re-derived from them, unless its ad rows predate the advertisers' names (migration 047): that
// one is read back from its raw result once.

export interface CommerceFillApi {
  /** Answers left to fill (0 when none is recorded). */
  commerceFillLeft(): number;
  /** Fills up to `batch` answers; what it did and what is left. */
  fillCommerce(batch?: number): { done: number; left: number };
}

interface FillRow {
  seq: number;
  day: number;
  run: number;
  engine: string;
  loc: string;
  prompt: number | null;
  job_id: string;
  country: string;
  /** 1: the answer has commerce rows. */
  indexed: number;
  /** 1: its rows carry everything its attribution is derived from. */
  rederivable: number;
}

const FILL_BATCH = 2000;

function rawOf(db: Database.Database, seq: number): unknown {
  const row = stmt(
    db,
    'SELECT r.doc, w.raw_zstd FROM results r LEFT JOIN result_docs w ON w.result_seq = r.seq WHERE r.seq = ?',
  ).get(seq) as { doc: Uint8Array | null; raw_zstd: Uint8Array | null };
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
  function fillOne(row: FillRow): void {
    if (row.indexed === 1 && row.rederivable === 1) return indexer.rederiveResult(row.seq, row.prompt);
    if (row.indexed === 1) indexer.unindexResult(row.seq);
    const cell = { day: row.day, run: row.run, engine: row.engine, loc: row.loc };
    indexer.indexResult(row.seq, rawOf(db, row.seq), true, cell, {
      jobId: row.job_id,
      country: row.country,
      prompt: row.prompt,
    });
  }
  const step = db.transaction((batch: number): number => {
    const state = fillState(db);
    if (!state) return 0;
    const rows = stmt(
      db,
      `SELECT r.seq, v.day, v.run, v.engine, v.loc, v.prompt, j.id AS job_id, j.country,
              c.seq IS NOT NULL AS indexed, coalesce(c.ads = 0 OR c.ad_names = 1, 0) AS rederivable
       FROM results r JOIN vis_result v ON v.seq = r.seq JOIN jobs j ON j.id = r.job_id
       LEFT JOIN com_answer c ON c.seq = r.seq
       WHERE r.seq > ? AND r.seq <= ? ORDER BY r.seq LIMIT ?`,
    ).all(state.at, state.upTo, batch) as FillRow[];
    try {
      for (const row of rows) fillOne(row);
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
