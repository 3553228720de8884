import type Database from 'better-sqlite3';
import type { BrandDefinition } from '../../../shared/analytics/brand-types';
import type { JudgeInput } from '../../../shared/positioning/types';
import { docPartBytes } from '../codec';
import { multiRowSql, pluck, stmt } from '../connection';
import { sameRow, type StoredBrandRow } from './positioning-codes';
import { loadBrandSet, type PositioningKeys } from './positioning-keys';
import { PositioningRollupWriter } from './positioning-rollups';
import { isNotScored, storedRows, type RescoreVerdicts } from './positioning-compact';
import {
  addPositioningRollups,
  encodePositionings,
  writeAnswerRows,
  type AnswerCell,
} from './positioning-rows';
import {
  LAST_KEY,
  readJob,
  settle,
  writeJob,
  type MovedState,
  type RescoreJob,
} from './positioning-rescore-job';

// One batch of the archive's re-score, in two halves so the judging happens outside any write
// transaction (the app's ingest never waits for a judge): readRescoreBatch reads the next answers
// of the job with their texts; applyRescoreBatch then writes, in one short transaction, each
// answer's new rows and roll-up changes (only where something changed; an answer judged the same
// only has its scoring updated), what moved, and the job's cursor. An answer replaced or deleted
// between the two halves (ingest judged the new one itself) is passed over, and a batch read
// before the job was re-aimed (a brand change meanwhile) is dropped whole.

export interface RescoreItem {
  seq: number;
  /** results.ingested_at when read: a replaced answer has another. */
  ingestedAt: number;
  markdown: boolean;
  input: JudgeInput;
}

export interface RescoreBatch {
  judge: string;
  version: string;
  target: number;
  /** The cursor the batch starts after. */
  after: number;
  /** The last seq visited (the new cursor). */
  last: number;
  /** Answers visited, judged or not (already at the target). */
  visited: number;
  /** No answer of the job is left after this batch. */
  finished: boolean;
  items: RescoreItem[];
  brands: readonly BrandDefinition[];
}

export interface RescoreStep {
  done: number;
  total: number;
  finished: boolean;
  /** The batch was read for an earlier aim of the job and was not applied. */
  dropped: boolean;
}

interface TextRow {
  seq: number;
  ingested_at: number;
  /** The answer's document (null on rows stored before documents: then markdown and text are read). */
  doc: Buffer | null;
  markdown: string | null;
  text: string | null;
  hl: string | null;
}

/**
 * The re-score's reads, each by a primary key or an index: a batch's answers are looked up from
 * the list of their seqs (CROSS JOIN keeps that order whatever the planner's statistics say: on
 * a file without them it scanned results). At a million answers a full scan of results or
 * vis_result costs seconds a batch; tests/integration/positioning/rescore-plans.test.ts checks.
 */
export const RESCORE_SQL = {
  /** The job's next answers (seq after the cursor, of the job's days), in seq order. */
  visit: 'SELECT seq FROM vis_result WHERE seq > ? AND seq <= ? AND day >= ? ORDER BY seq LIMIT ?',
  /** Of those, the ones not already at the target (a job that does not force). */
  notAtTarget: `SELECT value FROM json_each(?) WHERE NOT EXISTS (SELECT 1 FROM pos_answer a
      WHERE a.seq = value AND a.judge = ? AND a.scoring = ? AND a.note IS NULL)`,
  /** Their documents (or texts, stored before documents) and the language asked for. */
  texts: `SELECT r.seq, r.ingested_at, r.doc,
       CASE WHEN r.doc IS NULL THEN r.markdown_text END AS markdown,
       CASE WHEN r.doc IS NULL THEN r.answer_text END AS text,
       j.request_json ->> '$.hl' AS hl
     FROM json_each(?) v CROSS JOIN results r ON r.seq = v.value JOIN jobs j ON j.id = r.job_id
     ORDER BY r.seq`,
  /** At write time: when each answer was stored, and its cell. */
  cells: `SELECT r.seq, r.ingested_at AS ingestedAt, f.day, f.run, f.engine, f.loc, f.prompt
     FROM json_each(?) v CROSS JOIN results r ON r.seq = v.value JOIN vis_result f ON f.seq = r.seq`,
  /** At write time: the judge's rows of the answers. */
  rows: `SELECT seq, brand, status, sentiment, score, evidence, attrs FROM pos_brand
     WHERE judge = ? AND seq IN (SELECT value FROM json_each(?)) ORDER BY seq, brand`,
} as const;

/** What the judge reads of an answer: its Markdown when it has some, else its text. */
function judgedText(r: TextRow): { markdown: boolean; text: string } {
  // The document is decompressed here, once, and only the parts used are decoded (through the
  // generated columns SQLite would decode the Markdown and the text and copy both twice).
  const parts = r.doc === null ? null : docPartBytes(r.doc);
  const markdown = parts === null ? r.markdown : (parts[2]?.toString('utf8') ?? null);
  if (markdown !== null && markdown.trim() !== '') return { markdown: true, text: markdown };
  return { markdown: false, text: (parts === null ? r.text : parts[0]?.toString('utf8')) ?? '' };
}

/**
 * The job's next answers (null when no job is pending or it is paused): those after its cursor,
 * or after `after` (the last seq of a batch read before and not yet written: the re-score reads
 * the next batch while the judge works on the one before).
 */
export function readRescoreBatch(
  db: Database.Database,
  keys: PositioningKeys,
  max: number,
  after?: number,
): RescoreBatch | null {
  const job = readJob(db);
  if (job === null || job.paused || job.target === null) return null;
  const from = Math.max(job.after, after ?? job.after);
  const visited = pluck(db, RESCORE_SQL.visit).all(
    from,
    job.upTo,
    job.fromDay ?? -1,
    Math.max(1, max),
  ) as number[];
  const judgeKey = keys.findJudge(job.judge) ?? -1;
  // Answers already at the target are passed over (unless the request says to judge them again).
  const seqs = job.force
    ? visited
    : (pluck(db, RESCORE_SQL.notAtTarget).all(JSON.stringify(visited), judgeKey, job.target) as number[]);
  const rows = stmt(db, RESCORE_SQL.texts).all(JSON.stringify(seqs)) as TextRow[];
  const { brands } = loadBrandSet(db);
  return {
    judge: job.judge,
    version: job.version,
    target: job.target,
    after: from,
    last: visited.at(-1) ?? job.upTo,
    visited: visited.length,
    finished: visited.length < Math.max(1, max),
    brands,
    items: rows.map((r) => {
      const { markdown, text } = judgedText(r);
      return {
        seq: r.seq,
        ingestedAt: r.ingested_at,
        markdown,
        input: {
          text,
          format: markdown ? 'markdown' : 'text',
          language: r.hl,
          brands,
        },
      };
    }),
  };
}

/** The i-th answer's verdict as stored rows, or its note when it was not scored. */
function verdictRows(
  keys: PositioningKeys,
  verdicts: RescoreVerdicts,
  i: number,
): { note: string | null; rows: StoredBrandRow[] } | undefined {
  if ('compact' in verdicts) {
    const v = verdicts.compact[i];
    if (v === undefined) return undefined;
    return Array.isArray(v) ? { note: null, rows: storedRows(keys, v) } : { note: v.notScored, rows: [] };
  }
  const v = verdicts[i];
  if (v === undefined) return undefined;
  return isNotScored(v) ? { note: v.notScored, rows: [] } : { note: null, rows: encodePositionings(keys, v) };
}

/** Counts what moved between an answer's old and new rows (per brand: status and tone). */
function countMoves(
  moved: MovedState,
  before: readonly StoredBrandRow[],
  after: readonly StoredBrandRow[],
): void {
  const old = new Map(before.map((r) => [r.brand, r]));
  const now = new Map(after.map((r) => [r.brand, r]));
  let changed = false;
  for (const brand of new Set([...old.keys(), ...now.keys()])) {
    const a = old.get(brand);
    const b = now.get(brand);
    const from = a?.status ?? -1;
    const to = b?.status ?? -1;
    if (from !== to) {
      const k = `${brand} ${from} ${to}`;
      moved.status[k] = (moved.status[k] ?? 0) + 1;
      changed = true;
    }
    const toneFrom = a?.sentiment ?? 9;
    const toneTo = b?.sentiment ?? 9;
    if (toneFrom !== toneTo) {
      const k = `${brand} ${toneFrom} ${toneTo}`;
      moved.tone[k] = (moved.tone[k] ?? 0) + 1;
      changed = true;
    }
  }
  if (changed) moved.changed += 1;
}

const sameRows = (a: readonly StoredBrandRow[], b: readonly StoredBrandRow[]): boolean =>
  a.length === b.length && a.every((r, i) => sameRow(r, b[i] as StoredBrandRow));

interface Current {
  ingestedAt: number;
  cell: AnswerCell;
  rows: StoredBrandRow[];
}

/** The batch's answers as stored now: when each was stored, its cell and the judge's rows. */
function currentRows(db: Database.Database, judge: number, seqs: readonly number[]): Map<number, Current> {
  const list = JSON.stringify(seqs);
  const out = new Map<number, Current>();
  for (const r of stmt(db, RESCORE_SQL.cells).all(list) as Array<
    AnswerCell & { seq: number; ingestedAt: number }
  >) {
    const { seq, ingestedAt, ...cell } = r;
    out.set(seq, { ingestedAt, cell, rows: [] });
  }
  for (const r of stmt(db, RESCORE_SQL.rows).all(judge, list) as Array<StoredBrandRow & { seq: number }>) {
    const { seq, ...row } = r;
    out.get(seq)?.rows.push(row);
  }
  return out;
}

/** Answers judged as before: only their scoring (and which text, and no note) is written. */
function touchAnswers(
  db: Database.Database,
  answers: ReadonlyArray<readonly [number, number, number, number]>,
): void {
  for (let at = 0; at < answers.length; at += 100) {
    const chunk = answers.slice(at, at + 100);
    stmt(
      db,
      multiRowSql(
        'INSERT INTO pos_answer (seq, judge, scoring, markdown, note)',
        '(?, ?, ?, ?, NULL)',
        chunk.length,
        ` ON CONFLICT (seq, judge) DO UPDATE SET scoring = excluded.scoring, markdown = excluded.markdown,
          note = NULL`,
      ),
    ).run(chunk.flat());
  }
}

/**
 * The batch's verdicts written: an answer replaced or deleted since it was read is passed over
 * (ingest judged the new one itself); one judged as before only has its scoring updated; one
 * that moved has its rows replaced and its roll-ups changed.
 */
function applyItems(
  db: Database.Database,
  keys: PositioningKeys,
  batch: RescoreBatch,
  verdicts: RescoreVerdicts,
  moved: MovedState,
): void {
  const judge = keys.judge(batch.judge);
  const current = currentRows(
    db,
    judge,
    batch.items.map((i) => i.seq),
  );
  const rollups = new PositioningRollupWriter(db);
  const same: Array<[number, number, number, number]> = [];
  batch.items.forEach((item, i) => {
    const now = current.get(item.seq);
    if (now === undefined || now.ingestedAt !== item.ingestedAt) return;
    const verdict = verdictRows(keys, verdicts, i);
    if (verdict === undefined) return;
    const { note, rows: after } = verdict;
    moved.rescored += 1;
    countMoves(moved, now.rows, after);
    if (note === null && sameRows(now.rows, after)) {
      same.push([item.seq, judge, batch.target, item.markdown ? 1 : 0]);
      return;
    }
    addPositioningRollups(rollups, judge, now.cell, now.rows, -1);
    addPositioningRollups(rollups, judge, now.cell, after, 1);
    writeAnswerRows(
      db,
      { seq: item.seq, judge, scoring: batch.target, markdown: item.markdown, note },
      after,
    );
  });
  touchAnswers(db, same);
  rollups.flush();
}

/** The last re-score's summary as stored (brand keys turned into brand ids). */
export interface StoredSummary {
  reason: RescoreJob['reason'];
  judge: string;
  version: string;
  answers: number;
  fromDay: number | null;
  startedAt: number | null;
  finishedAt: number;
  moved: MovedState;
  /** Brand ids by the keys of moved's entries. */
  brandIds: Record<string, string>;
}

function brandIdsOf(keys: PositioningKeys, moved: MovedState): Record<string, string> {
  const out: Record<string, string> = {};
  for (const k of [...Object.keys(moved.status), ...Object.keys(moved.tone)]) {
    const key = k.split(' ')[0] as string;
    const id = keys.brandIdOf(Number(key));
    if (id !== null) out[key] = id;
  }
  return out;
}

/** Records the job's summary as the last re-score's and drops the job. */
export function finishJob(db: Database.Database, keys: PositioningKeys, job: RescoreJob, now: number): void {
  const summary: StoredSummary = {
    reason: job.reason,
    judge: job.judge,
    version: job.version,
    answers: job.done,
    fromDay: job.fromDay,
    startedAt: job.startedAt,
    finishedAt: now,
    moved: job.moved,
    brandIds: brandIdsOf(keys, job.moved),
  };
  stmt(
    db,
    `INSERT INTO meta (key, value) VALUES ('${LAST_KEY}', ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value`,
  ).run(JSON.stringify(summary));
  writeJob(db, null);
}

/**
 * Applies a judged batch (verdicts in the order of batch.items) inside the caller's transaction
 * and moves the job's cursor; at the job's last batch, records its summary and settles the judge.
 */
export function applyRescoreBatch(
  db: Database.Database,
  keys: PositioningKeys,
  batch: RescoreBatch,
  verdicts: RescoreVerdicts,
  now: number,
): RescoreStep {
  const job = readJob(db);
  if (job === null || job.target !== batch.target || job.after !== batch.after || job.judge !== batch.judge)
    return { done: job?.done ?? 0, total: job?.total ?? 0, finished: job === null, dropped: true };
  applyItems(db, keys, batch, verdicts, job.moved);
  const next: RescoreJob = { ...job, after: batch.last, done: Math.min(job.total, job.done + batch.visited) };
  if (!batch.finished) {
    writeJob(db, next);
    return { done: next.done, total: next.total, finished: false, dropped: false };
  }
  // A job over the whole archive leaves every answer at its target (one over recent days only
  // does not: ensureCurrent then still finds older answers behind).
  if (job.fromDay === null) {
    const brandSet = pluck(db, 'SELECT brand_set FROM pos_scorings WHERE id = ?').get(job.target) as string;
    settle(db, job.judge, { version: job.version, brandSet });
  }
  finishJob(db, keys, { ...next, done: next.total }, now);
  return { done: next.total, total: next.total, finished: true, dropped: false };
}
