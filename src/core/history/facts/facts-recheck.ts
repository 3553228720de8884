import type Database from 'better-sqlite3';
import { docPartBytes } from '../codec';
import { pluck, stmt } from '../connection';
import { checksOf, readFactsBatch, rewriteChecks } from './facts-index';

// The history checked again after a sheet or the brands changed, in batches of answers in seq
// order from the cursor (meta facts_recheck_after, -1 when nothing is due): each batch one short
// transaction, so a command reading the figures (or a later one, after an interruption) goes on
// where the last batch ended.

export interface TextRow {
  seq: number;
  job_id: string;
  doc: Buffer | null;
  markdown: string | null;
  text: string | null;
  country: string | null;
  hl: string | null;
}

const TEXTS = `SELECT r.seq, r.job_id, r.doc,
       CASE WHEN r.doc IS NULL THEN r.markdown_text END AS markdown,
       CASE WHEN r.doc IS NULL THEN r.answer_text END AS text,
       j.country, j.request_json ->> '$.hl' AS hl
     FROM results r JOIN jobs j ON j.id = r.job_id WHERE r.seq > ? ORDER BY r.seq LIMIT ?`;

export interface RecheckStep {
  done: number;
  total: number;
  finished: boolean;
}

export function contentOf(r: TextRow): { text: string; markdown: string | null } {
  const parts = r.doc === null ? null : docPartBytes(r.doc);
  const markdown = parts === null ? r.markdown : (parts[2]?.toString('utf8') ?? null);
  const text = (parts === null ? r.text : parts[0]?.toString('utf8')) ?? '';
  return { text, markdown };
}

export function recheckCursor(db: Database.Database): number {
  return Number(pluck(db, "SELECT value FROM meta WHERE key = 'facts_recheck_after'").get() ?? -1);
}

/** One batch of the pending re-check (null when none is due). */
export function recheckBatch(db: Database.Database, max: number): RecheckStep | null {
  const after = recheckCursor(db);
  if (after < 0) return null;
  const batch = readFactsBatch(db);
  const step = db.transaction((): RecheckStep => {
    const rows = stmt(db, TEXTS).all(after, Math.max(1, max)) as TextRow[];
    for (const r of rows) rewriteChecks(db, r.seq, r.job_id, checksOf(batch, contentOf(r), r), batch.version);
    const finished = rows.length < Math.max(1, max);
    const last = rows.at(-1)?.seq ?? after;
    stmt(db, "UPDATE meta SET value = ? WHERE key = 'facts_recheck_after'").run(String(finished ? -1 : last));
    const total = pluck(db, 'SELECT count(*) FROM results').get() as number;
    const done = finished
      ? total
      : (pluck(db, 'SELECT count(*) FROM results WHERE seq <= ?').get(last) as number);
    return { done, total, finished };
  });
  return step.immediate();
}
