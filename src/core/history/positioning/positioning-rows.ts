import type Database from 'better-sqlite3';
import type { BrandPositioning } from '../../../shared/positioning/types';
import { multiRowSql, stmt } from '../connection';
import type { PositioningKeys } from './positioning-keys';
import {
  attrPairs,
  attrValues,
  pairsJson,
  polarityCode,
  SENTIMENT_CODES,
  scoreMilli,
  statusCode,
  statusValues,
  type StoredBrandRow,
} from './positioning-codes';
import type { PositioningKey, PositioningRollupWriter } from './positioning-rollups';

// One answer's positioning rows (pos_answer, pos_brand): written, read back, taken out, and
// what they add to the roll-ups. Shared by ingest, the re-score and the removal of runs.

/** The cell an answer counts in (vis_result's columns). */
export interface AnswerCell {
  day: number;
  run: number;
  engine: string;
  loc: string;
  /** The answer's prompt (run_prompts.id), for the per-prompt roll-up. */
  prompt?: number | null;
}

/** What a judge said of an answer: its positionings, or why it was not scored. */
export type JudgeVerdict = readonly BrandPositioning[] | { notScored: string };

/**
 * A judge's positionings as stored rows (brand and attribute keys from the dictionaries). The
 * judge threads' compact verdicts go through storedRows (positioning-compact.ts) to the same rows;
 * ingest keeps this direct loop (going through the compact form cost ~4 µs more an answer).
 */
export function encodePositionings(
  keys: PositioningKeys,
  list: readonly BrandPositioning[],
): StoredBrandRow[] {
  const rows = new Map<number, StoredBrandRow>();
  for (const p of list) {
    const brand = keys.brand(p.brandId);
    if (rows.has(brand)) continue;
    const attrs: number[] = [];
    const seen = new Set<number>();
    for (const a of p.attributes) {
      const id = keys.attr(a.text);
      if (seen.has(id)) continue;
      seen.add(id);
      attrs.push(id, polarityCode(a.polarity));
    }
    rows.set(brand, {
      brand,
      status: statusCode(p.status),
      sentiment: SENTIMENT_CODES[p.sentiment.label],
      score: scoreMilli(p.sentiment.score),
      evidence: pairsJson(p.evidence.flatMap((e) => [e.start, e.end])),
      attrs: pairsJson(attrs),
    });
  }
  return [...rows.values()].sort((a, b) => a.brand - b.brand);
}

/** Adds (sign 1) or takes out (-1) one answer's rows in the roll-ups of a judge. */
export function addPositioningRollups(
  writer: PositioningRollupWriter,
  judge: number,
  cell: AnswerCell,
  rows: readonly StoredBrandRow[],
  sign: number,
): void {
  for (const row of rows) {
    const key: PositioningKey = {
      judge,
      day: cell.day,
      run: cell.run,
      engine: cell.engine,
      loc: cell.loc,
      brand: row.brand,
    };
    writer.add('status', key, statusValues(row, sign));
    if (cell.prompt != null)
      writer.add('statusPrompt', { ...key, prompt: cell.prompt }, statusValues(row, sign));
    for (const [attr, polarity] of attrPairs(row.attrs))
      writer.add('attr', { ...key, attr }, attrValues(polarity, sign));
  }
}

const BRAND_COLUMNS = 'brand, status, sentiment, score, evidence, attrs';
const MAX_ROWS = 40;

/**
 * Replaces an answer's rows for a judge: its pos_answer row (scoring, which text, note) and its
 * pos_brand rows. The caller has taken the old rows out of the roll-ups.
 */
export function writeAnswerRows(
  db: Database.Database,
  answer: { seq: number; judge: number; scoring: number; markdown: boolean; note: string | null },
  rows: readonly StoredBrandRow[],
): void {
  stmt(
    db,
    `INSERT INTO pos_answer (seq, judge, scoring, markdown, note) VALUES (?, ?, ?, ?, ?)
     ON CONFLICT (seq, judge) DO UPDATE SET scoring = excluded.scoring, markdown = excluded.markdown,
       note = excluded.note`,
  ).run(answer.seq, answer.judge, answer.scoring, answer.markdown ? 1 : 0, answer.note);
  stmt(db, 'DELETE FROM pos_brand WHERE seq = ? AND judge = ?').run(answer.seq, answer.judge);
  for (let at = 0; at < rows.length; at += MAX_ROWS) {
    const chunk = rows.slice(at, at + MAX_ROWS);
    const params: Array<number | string | null> = [];
    for (const r of chunk)
      params.push(answer.seq, answer.judge, r.brand, r.status, r.sentiment, r.score, r.evidence, r.attrs);
    stmt(
      db,
      multiRowSql(
        `INSERT OR FAIL INTO pos_brand (seq, judge, ${BRAND_COLUMNS})`,
        '(?, ?, ?, ?, ?, ?, ?, ?)',
        chunk.length,
      ),
    ).run(params);
  }
}

/** Every judge's rows of these answers with their cells, for taking them out of the roll-ups. */
export function rowsWithCells(
  db: Database.Database,
  seqs: readonly number[],
): Array<StoredBrandRow & AnswerCell & { seq: number; judge: number }> {
  return stmt(
    db,
    `SELECT b.seq, b.judge, b.${BRAND_COLUMNS.split(', ').join(', b.')}, f.day, f.run, f.engine, f.loc, f.prompt
     FROM pos_brand b JOIN vis_result f ON f.seq = b.seq
     WHERE b.seq IN (SELECT value FROM json_each(?)) ORDER BY b.seq, b.judge, b.brand`,
  ).all(JSON.stringify(seqs)) as Array<StoredBrandRow & AnswerCell & { seq: number; judge: number }>;
}

/** Deletes every judge's rows of these answers. */
export function deleteAnswers(db: Database.Database, seqs: readonly number[]): void {
  const list = JSON.stringify(seqs);
  stmt(db, 'DELETE FROM pos_brand WHERE seq IN (SELECT value FROM json_each(?))').run(list);
  stmt(db, 'DELETE FROM pos_answer WHERE seq IN (SELECT value FROM json_each(?))').run(list);
}

/** Rows per multi-row statement (8 columns each: well under SQLite's bound-parameter limit). */
const CHUNKS = [64, 16, 4, 1];

function insertChunked(
  db: Database.Database,
  head: string,
  tuple: string,
  width: number,
  values: ReadonlyArray<number | string | null>,
): void {
  let at = 0;
  const rows = values.length / width;
  for (const size of CHUNKS) {
    while (rows - at / width >= size) {
      stmt(db, multiRowSql(head, tuple, size)).run(values.slice(at, at + size * width));
      at += size * width;
    }
  }
}

/**
 * New answers' rows, gathered over a batch and inserted at its end in a few multi-row
 * statements (a statement run has a fixed cost; ingest stores answers in bursts of hundreds).
 */
export class FreshAnswerRows {
  private answers: Array<number | string | null> = [];
  private brands: Array<number | string | null> = [];

  add(
    answer: { seq: number; judge: number; scoring: number; markdown: boolean; note: string | null },
    rows: readonly StoredBrandRow[],
  ): void {
    this.answers.push(answer.seq, answer.judge, answer.scoring, answer.markdown ? 1 : 0, answer.note);
    for (const r of rows)
      this.brands.push(
        answer.seq,
        answer.judge,
        r.brand,
        r.status,
        r.sentiment,
        r.score,
        r.evidence,
        r.attrs,
      );
  }

  /** Inserts what was gathered (before anything reads these answers' rows). */
  write(db: Database.Database): void {
    if (this.answers.length > 0)
      insertChunked(
        db,
        'INSERT OR FAIL INTO pos_answer (seq, judge, scoring, markdown, note)',
        '(?, ?, ?, ?, ?)',
        5,
        this.answers,
      );
    if (this.brands.length > 0)
      insertChunked(
        db,
        `INSERT OR FAIL INTO pos_brand (seq, judge, ${BRAND_COLUMNS})`,
        '(?, ?, ?, ?, ?, ?, ?, ?)',
        8,
        this.brands,
      );
    this.clear();
  }

  clear(): void {
    this.answers = [];
    this.brands = [];
  }
}
