import type Database from 'better-sqlite3';
import { BUILTIN_CHECKER, type Fact, type FactCheck, type FactVerdict } from '../../../shared/facts/types';
import type { JudgeInput } from '../../../shared/positioning/types';
import { judgedContent } from '../positioning';
import { stmt } from '../connection';
import { insertCheckRows } from './facts-index';
import { contentOf, type TextRow } from './facts-recheck';
import { readFactSheets, readFactsVersion } from './facts-sheets';

// The analyst's model judge on brand facts, on the store's side: the work it has left (the facts
// the built-in checker left not addressed, or cannot read, in the answers naming their brand,
// that this model has not judged yet), its verdicts written beside the checker's (fact_checks
// rows whose checker is the model's id; at most one model's row per answer, brand and fact), and
// its cache (fact_judge_cache, migration 035).

/** One answer with the facts left for the model, in the brands' order. */
export interface FactModelItem {
  seq: number;
  jobId: string;
  input: Pick<JudgeInput, 'text' | 'format' | 'language'>;
  country: string | null;
  facts: { brandId: string; fact: Fact }[];
}

export interface FactModelBatch {
  items: FactModelItem[];
  /** The last answer's seq: the next batch starts after it. */
  last: number;
  finished: boolean;
  /** The sheets' version the verdicts are written against. */
  version: number;
}

interface WorkRow {
  seq: number;
  brand_id: string;
  key: string;
}

const WORK = `SELECT b.seq, b.brand_id, b.key FROM fact_checks b
  WHERE b.checker = 'builtin' AND b.verdict = 'not-addressed'
    AND b.seq IN (
      SELECT DISTINCT w.seq FROM fact_checks w JOIN results r ON r.seq = w.seq
      WHERE w.checker = 'builtin' AND w.verdict = 'not-addressed' AND w.seq > ? AND r.fetched_at >= ?
        AND NOT EXISTS (SELECT 1 FROM fact_checks m
          WHERE m.seq = w.seq AND m.brand_id = w.brand_id AND m.key = w.key AND m.checker = ?)
      ORDER BY w.seq LIMIT ?)
    AND NOT EXISTS (SELECT 1 FROM fact_checks m
      WHERE m.seq = b.seq AND m.brand_id = b.brand_id AND m.key = b.key AND m.checker = ?)
  ORDER BY b.seq, b.brand_id, b.key`;

const TEXTS = `SELECT r.seq, r.job_id, r.doc,
       CASE WHEN r.doc IS NULL THEN r.markdown_text END AS markdown,
       CASE WHEN r.doc IS NULL THEN r.answer_text END AS text,
       j.country, j.request_json ->> '$.hl' AS hl
     FROM results r JOIN jobs j ON j.id = r.job_id WHERE r.seq IN (SELECT value FROM json_each(?))`;

/** The next `max` answers after `after` with facts left for `judge`, fetched since `sinceMs`. */
export function factModelWork(
  db: Database.Database,
  judge: string,
  query: { after: number; sinceMs: number | null; max: number },
): FactModelBatch {
  const max = Math.max(1, query.max);
  const rows = stmt(db, WORK).all(query.after, query.sinceMs ?? 0, judge, max, judge) as WorkRow[];
  const seqs = [...new Set(rows.map((r) => r.seq))];
  const texts = new Map(
    (stmt(db, TEXTS).all(JSON.stringify(seqs)) as TextRow[]).map((t) => [t.seq, t] as const),
  );
  const facts = new Map(
    readFactSheets(db).flatMap((s) => s.facts.map((f) => [`${s.brandId}\n${f.key}`, f] as const)),
  );
  const items: FactModelItem[] = [];
  for (const r of rows) {
    const fact = facts.get(`${r.brand_id}\n${r.key}`);
    const t = texts.get(r.seq);
    if (fact === undefined || t === undefined) continue;
    let item = items.at(-1);
    if (item?.seq !== r.seq) {
      item = { seq: r.seq, jobId: t.job_id, input: answerInput(t), country: t.country, facts: [] };
      items.push(item);
    }
    item.facts.push({ brandId: r.brand_id, fact });
  }
  return {
    items,
    last: seqs.at(-1) ?? query.after,
    finished: seqs.length < max,
    version: readFactsVersion(db),
  };
}

function answerInput(t: TextRow): FactModelItem['input'] {
  return { ...judgedContent(contentOf(t)), language: t.hl };
}

/**
 * A model's verdicts on one answer, beside the checker's: another model's row for the same
 * brand and fact is replaced (the figures read one model's verdict at most).
 */
export function writeModelChecks(
  db: Database.Database,
  seq: number,
  jobId: string,
  checks: readonly FactCheck[],
  version: number,
): void {
  const drop = stmt(
    db,
    "DELETE FROM fact_checks WHERE seq = ? AND brand_id = ? AND key = ? AND checker <> 'builtin'",
  );
  db.transaction(() => {
    // One verdict per brand and fact: the last one given stands.
    const last = new Map<string, FactCheck>();
    for (const c of checks) if (c.checker !== BUILTIN_CHECKER) last.set(`${c.brandId}\u0001${c.key}`, c);
    const judged = [...last.values()];
    for (const c of judged) drop.run(seq, c.brandId, c.key);
    insertCheckRows(db, seq, jobId, judged, version);
  }).immediate();
}

/** What a model said of one fact in one answer text, cached. */
export interface FactJudgeCacheKey {
  contentHash: string;
  factHash: string;
  judge: string;
  version: string;
}

export interface CachedFactVerdict {
  verdict: FactVerdict;
  evidence: { text: string; start: number; end: number } | null;
}

interface CacheRow {
  verdict: FactVerdict;
  evidence_text: string | null;
  evidence_start: number | null;
  evidence_end: number | null;
}

export function factJudgeCacheGet(db: Database.Database, key: FactJudgeCacheKey): CachedFactVerdict | null {
  const row = stmt(
    db,
    `SELECT verdict, evidence_text, evidence_start, evidence_end FROM fact_judge_cache
     WHERE content_hash = ? AND fact_hash = ? AND judge = ? AND version = ?`,
  ).get(key.contentHash, key.factHash, key.judge, key.version) as CacheRow | undefined;
  if (row === undefined) return null;
  return {
    verdict: row.verdict,
    evidence:
      row.evidence_text === null
        ? null
        : { text: row.evidence_text, start: row.evidence_start ?? 0, end: row.evidence_end ?? 0 },
  };
}

export function factJudgeCachePut(
  db: Database.Database,
  key: FactJudgeCacheKey,
  value: CachedFactVerdict,
  tokens: { input: number; output: number },
  now: number,
): void {
  stmt(
    db,
    `INSERT INTO fact_judge_cache (content_hash, fact_hash, judge, version, verdict, evidence_text,
       evidence_start, evidence_end, input_tokens, output_tokens, created_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
     ON CONFLICT DO UPDATE SET verdict = excluded.verdict, evidence_text = excluded.evidence_text,
       evidence_start = excluded.evidence_start, evidence_end = excluded.evidence_end,
       input_tokens = excluded.input_tokens, output_tokens = excluded.output_tokens,
       created_at = excluded.created_at`,
  ).run(
    key.contentHash,
    key.factHash,
    key.judge,
    key.version,
    value.verdict,
    value.evidence?.text ?? null,
    value.evidence?.start ?? null,
    value.evidence?.end ?? null,
    tokens.input,
    tokens.output,
    now,
  );
}
