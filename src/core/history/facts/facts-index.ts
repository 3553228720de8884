import type Database from 'better-sqlite3';
import { checkFacts, readsLanguage } from '../../../shared/facts/check';
import type { BrandFactSheet, FactCheck } from '../../../shared/facts/types';
import type { BrandDefinition } from '../../../shared/analytics/brand-types';
import type { NormalizedResult } from '../../../shared/domain/result';
import { insertRows, stmt } from '../connection';
import { judgedContent } from '../positioning';
import { readBrandDefinitions, type JobCellRow, type VisibilityIndexer } from '../visibility';
import { readFactsVersion, readFactSheets, requestRecheck } from './facts-sheets';

// Keeps fact_checks (migration 032) in step with the results, inside the store's own
// transactions, riding along with the Visibility index like the positioning index: a stored
// answer is checked against the sheets of the brands it names in the transaction that stores it,
// a replaced or deleted answer's rows go with it, and a brand change records a re-check. The
// checker is imported from its own file: the store never loads the sheet parser (yaml, papaparse).

export interface FactsBatch {
  version: number;
  brands: BrandDefinition[];
  sheets: BrandFactSheet[];
}

/** The sheets and the brands, read once per batch (a transaction of the store). */
export function readFactsBatch(db: Database.Database): FactsBatch {
  return { version: readFactsVersion(db), brands: readBrandDefinitions(db), sheets: readFactSheets(db) };
}

const INSERT_CHECKS =
  'INSERT INTO fact_checks (seq, job_id, brand_id, key, verdict, evidence_text, evidence_start, evidence_end, checker, sheet_version, language, unread)';

/**
 * Writes a new answer's checks (the checker's earlier rows deleted first), about ten, in one
 * statement. A model judge's rows stay: they were paid for, and a changed fact's are dropped
 * with the sheet (writeFactSheet).
 */
export function writeChecks(
  db: Database.Database,
  seq: number,
  jobId: string,
  checks: readonly FactCheck[],
  version: number,
): void {
  stmt(db, "DELETE FROM fact_checks WHERE seq = ? AND checker = 'builtin'").run(seq);
  insertCheckRows(db, seq, jobId, checks, version);
}

/**
 * Writes a stored answer's checks again (the re-check): the checker's rows of facts it no longer
 * checks are deleted and the others replaced in place, so a fact left not addressed is not
 * counted out and in again (fact_na_cells' triggers, migrations 045-046): most of them are.
 */
export function rewriteChecks(
  db: Database.Database,
  seq: number,
  jobId: string,
  checks: readonly FactCheck[],
  version: number,
): void {
  stmt(
    db,
    `DELETE FROM fact_checks WHERE seq = ? AND checker = 'builtin'
       AND brand_id || char(10) || key NOT IN (SELECT value FROM json_each(?))`,
  ).run(seq, JSON.stringify(checks.map((c) => `${c.brandId}\n${c.key}`)));
  insertCheckRows(db, seq, jobId, checks, version, REPLACE_CHECK);
}

/** A check written again: its verdict, quote and sheet version replace the stored ones. */
const REPLACE_CHECK = ` ON CONFLICT (seq, brand_id, key, checker) DO UPDATE SET job_id = excluded.job_id,
  verdict = excluded.verdict, evidence_text = excluded.evidence_text,
  evidence_start = excluded.evidence_start, evidence_end = excluded.evidence_end,
  sheet_version = excluded.sheet_version, language = excluded.language, unread = excluded.unread`;

/** Inserts an answer's checks as rows of fact_checks, in one statement (`tail`: its ON CONFLICT clause). */
export function insertCheckRows(
  db: Database.Database,
  seq: number,
  jobId: string,
  checks: readonly FactCheck[],
  version: number,
  tail = '',
): void {
  insertRows(
    db,
    INSERT_CHECKS,
    checks.map((c) => [
      seq,
      jobId,
      c.brandId,
      c.key,
      c.verdict,
      c.evidence?.text ?? null,
      c.evidence?.start ?? null,
      c.evidence?.end ?? null,
      c.checker,
      version,
      c.language ?? null,
      // The language again when the checker does not read it: what the triggers and the index test.
      c.language === undefined || readsLanguage(c.language) ? null : c.language,
    ]),
    tail,
  );
}

/** An answer's checks; a checker's defect never costs the answer its storage (no rows then). */
export function checksOf(
  batch: FactsBatch,
  content: Pick<NormalizedResult, 'text' | 'markdown'>,
  job: { country: string | null; hl: string | null },
): FactCheck[] {
  if (batch.sheets.length === 0) return [];
  try {
    return checkFacts({ ...judgedContent(content), language: job.hl, country: job.country, ...batch });
  } catch {
    return [];
  }
}

export interface FactsIndexer {
  indexResult(seq: number, jobId: string, content: NormalizedResult, job: JobCellRow | undefined): void;
  unindexResult(seq: number): void;
  unindexRuns(runIds: readonly string[]): void;
  flush(): void;
  brandsChanged(): void;
  reset(): void;
}

export function createFactsIndexer(db: Database.Database): FactsIndexer {
  let batch: FactsBatch | null = null;
  const jobOf = (jobId: string): { country: string | null; hl: string | null } =>
    (stmt(db, "SELECT country, request_json ->> '$.hl' AS hl FROM jobs WHERE id = ?").get(jobId) as
      { country: string; hl: string | null } | undefined) ?? { country: null, hl: null };
  return {
    indexResult(seq, jobId, content, job) {
      batch ??= readFactsBatch(db);
      if (batch.sheets.length === 0) return;
      const checks = checksOf(batch, content, job ?? jobOf(jobId));
      writeChecks(db, seq, jobId, checks, batch.version);
    },
    unindexResult(seq) {
      stmt(db, 'DELETE FROM fact_checks WHERE seq = ?').run(seq);
    },
    unindexRuns(runIds) {
      stmt(
        db,
        'DELETE FROM fact_checks WHERE job_id IN (SELECT id FROM jobs WHERE run_id IN (SELECT value FROM json_each(?)))',
      ).run(JSON.stringify(runIds));
    },
    flush() {
      batch = null;
    },
    brandsChanged() {
      batch = null;
      requestRecheck(db);
    },
    reset() {
      batch = null;
    },
  };
}

/** The Visibility indexer with the facts index riding along (same calls, same transactions). */
export function withFactsIndex(visibility: VisibilityIndexer, facts: FactsIndexer): VisibilityIndexer {
  return {
    ...visibility,
    indexResult(seq, jobId, fetchedAt, content, job) {
      const cell = visibility.indexResult(seq, jobId, fetchedAt, content, job);
      // Migration 002's fill indexes partial contents (no Markdown): a whole result only.
      if ('markdown' in content) facts.indexResult(seq, jobId, content as NormalizedResult, job);
      return cell;
    },
    unindexResult(seq) {
      facts.unindexResult(seq);
      visibility.unindexResult(seq);
    },
    unindexRuns(runIds) {
      facts.unindexRuns(runIds);
      visibility.unindexRuns(runIds);
    },
    flush() {
      visibility.flush();
      facts.flush();
    },
    reanalyseBrands() {
      visibility.reanalyseBrands();
      facts.brandsChanged();
    },
    reset() {
      visibility.reset();
      facts.reset();
    },
  };
}
