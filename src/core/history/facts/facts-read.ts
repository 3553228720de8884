import type Database from 'better-sqlite3';
import type { FactVerdict, NotAddressedCount, NotChecked, NotCheckedCount } from '../../../shared/facts';
import { pluck, stmt } from '../connection';
import { DAY_MS } from '../visibility';

// What the facts queries read: the checks of a run's answers or of some answers, and the checks
// and cited domains of the answers fetched since a time, with the engine and country each was asked in. Each reads
// one verdict per answer, brand and fact (EFFECTIVE): the checker's, unless it left the fact not
// addressed and the analyst's model judge found it supported or contradicted; `checker` says which.

/**
 * The verdict that counts per answer, brand and fact, as a CTE named `eff`: the checker's row,
 * filled in by a model's (at most one per fact: writeModelChecks) where the checker said nothing.
 */
export const EFFECTIVE = `eff AS (
  SELECT b.seq, b.job_id, b.brand_id, b.key,
    coalesce(m.verdict, b.verdict) AS verdict,
    CASE WHEN m.seq IS NULL THEN b.evidence_text ELSE m.evidence_text END AS evidence_text,
    CASE WHEN m.seq IS NULL THEN b.evidence_start ELSE m.evidence_start END AS evidence_start,
    CASE WHEN m.seq IS NULL THEN b.evidence_end ELSE m.evidence_end END AS evidence_end,
    coalesce(m.checker, b.checker) AS checker, b.unread
  FROM fact_checks b
  LEFT JOIN fact_checks m ON b.verdict = 'not-addressed' AND m.seq = b.seq
    AND m.brand_id = b.brand_id AND m.key = b.key AND m.checker <> 'builtin'
    AND m.verdict <> 'not-addressed'
  WHERE b.checker = 'builtin')`;

export interface StoredFactCheck {
  jobId: string;
  brandId: string;
  key: string;
  verdict: FactVerdict;
  evidence: { text: string; start: number; end: number } | null;
  checker: string;
  /** The answer's language when the checker does not read it (its checks are then not addressed). */
  unread: string | null;
}

interface CheckRow {
  job_id: string;
  brand_id: string;
  key: string;
  verdict: FactVerdict;
  evidence_text: string | null;
  evidence_start: number | null;
  evidence_end: number | null;
  checker: string;
  unread?: string | null;
}

/** The checks of these jobs' answers, by job, brand and key. */
export function checksOfJobs(db: Database.Database, jobIds: readonly string[]): StoredFactCheck[] {
  const rows = stmt(
    db,
    `WITH ${EFFECTIVE}
     SELECT job_id, brand_id, key, verdict, evidence_text, evidence_start, evidence_end, checker, unread
     FROM eff WHERE job_id IN (SELECT value FROM json_each(?)) ORDER BY job_id, brand_id, key`,
  ).all(JSON.stringify(jobIds)) as CheckRow[];
  return rows.map(checkOf);
}

/** The built-in checker's supported and contradicted checks of these answers (by result id), with their quotes. */
export function addressedOfResults(
  db: Database.Database,
  resultIds: readonly string[],
): Array<StoredFactCheck & { resultId: string }> {
  const rows = stmt(
    db,
    `SELECT r.id AS result_id, fc.job_id, fc.brand_id, fc.key, fc.verdict, fc.evidence_text, fc.evidence_start,
       fc.evidence_end, fc.checker
     FROM results r JOIN fact_checks fc ON fc.seq = r.seq
     WHERE r.id IN (SELECT value FROM json_each(?)) AND fc.checker = 'builtin' AND fc.verdict <> 'not-addressed'
     ORDER BY r.id, fc.evidence_start, fc.brand_id, fc.key`,
  ).all(JSON.stringify(resultIds)) as Array<CheckRow & { result_id: string }>;
  return rows.map((r) => ({ ...checkOf(r), resultId: r.result_id }));
}

function checkOf(r: CheckRow): StoredFactCheck {
  return {
    jobId: r.job_id,
    brandId: r.brand_id,
    key: r.key,
    verdict: r.verdict,
    evidence:
      r.evidence_text === null
        ? null
        : { text: r.evidence_text, start: r.evidence_start ?? 0, end: r.evidence_end ?? 0 },
    checker: r.checker,
    unread: r.unread ?? null,
  };
}

/** One check of one answer, with where the answer was asked. */
export interface FactVerdictRow {
  seq: number;
  brandId: string;
  key: string;
  verdict: FactVerdict;
  engine: string;
  country: string;
  /** The answer's language as the checker told it ('und' for a check written before it did). */
  language: string;
  /** 'builtin', or the model judge's id when it judged a fact the checker left not addressed. */
  checker: string;
}

/** An addressed check is the one that counts: the checker's, or a model's where the checker left the fact not addressed (EFFECTIVE). */
const COUNTS_AS_VERDICT = `(fc.checker = 'builtin' OR EXISTS (SELECT 1 FROM fact_checks b WHERE b.seq = fc.seq
  AND b.brand_id = fc.brand_id AND b.key = fc.key AND b.checker = 'builtin' AND b.verdict = 'not-addressed'))`;

/** A check's language: the checker's row's (a model's row has none of its own), 'und' when not told. */
const LANGUAGE_OF_CHECK = `coalesce(fc.language, (SELECT b.language FROM fact_checks b WHERE b.seq = fc.seq
  AND b.brand_id = fc.brand_id AND b.key = fc.key AND b.checker = 'builtin'), 'und')`;

/**
 * The verdicts that count among the supported and contradicted checks alone (EFFECTIVE's rule,
 * read through the partial index fact_checks_addressed instead of every check), as a CTE named
 * `addressed`: of every answer, or of the answers fetched since @since, found by their fetch
 * time and then their addressed checks (a period's share of the history, not all of it).
 */
function addressedCte(bounded: boolean): string {
  const checks = 'fact_checks fc INDEXED BY fact_checks_addressed';
  return `addressed AS (
    SELECT fc.seq, fc.job_id, fc.brand_id, fc.key, fc.verdict, fc.checker, ${LANGUAGE_OF_CHECK} AS language
    FROM ${bounded ? `results r CROSS JOIN ${checks} ON fc.seq = r.seq` : checks}
    WHERE ${bounded ? 'r.fetched_at >= @since AND ' : ''}fc.verdict <> 'not-addressed' AND ${COUNTS_AS_VERDICT})`;
}

/** The supported and contradicted checks of the answers fetched since a time (all when null). */
export function factAddressedRows(db: Database.Database, sinceMs: number | null): FactVerdictRow[] {
  return stmt(
    db,
    `WITH ${addressedCte(sinceMs !== null)}
     SELECT a.seq, a.brand_id AS brandId, a.key, a.verdict, j.engine, j.country, a.language, a.checker
     FROM addressed a JOIN jobs j ON j.id = a.job_id ORDER BY a.seq, a.brand_id, a.key`,
  ).all(sinceMs === null ? {} : { since: sinceMs }) as FactVerdictRow[];
}

/** The checker's not-addressed checks of the answers fetched in [@since, @dayEnd), one row each. */
const FIRST_DAY_PART = `SELECT fc.brand_id, fc.key, j.engine, j.country, coalesce(fc.language, 'und'), 1
  FROM results r CROSS JOIN fact_checks fc ON fc.seq = r.seq JOIN jobs j ON j.id = fc.job_id
  WHERE r.fetched_at >= @since AND r.fetched_at < @dayEnd
    AND fc.checker = 'builtin' AND fc.verdict = 'not-addressed' AND fc.unread IS NULL`;

/** A model's check on a fact the checker left not addressed in an answer it read (counted in fact_na_cells). */
const ON_READ_ANSWER = `NOT EXISTS (SELECT 1 FROM fact_checks b WHERE b.seq = a.seq AND b.brand_id = a.brand_id
  AND b.key = a.key AND b.checker = 'builtin' AND b.unread IS NOT NULL)`;

/**
 * A model's not-addressed checks in the answers the checker does not read, one row each: the
 * model read the answer and found nothing on the fact, so it counts as not addressed there.
 */
const MODEL_NOT_ADDRESSED_UNREAD = `SELECT m.brand_id, m.key, j.engine, j.country, coalesce(b.language, 'und'), 1
  FROM fact_checks b INDEXED BY fact_checks_unread JOIN results r ON r.seq = b.seq
  JOIN fact_checks m ON m.seq = b.seq AND m.brand_id = b.brand_id AND m.key = b.key
    AND m.checker <> 'builtin' AND m.verdict = 'not-addressed'
  JOIN jobs j ON j.id = b.job_id
  WHERE b.unread IS NOT NULL AND b.checker = 'builtin' AND r.fetched_at >= @since`;

/**
 * The not-addressed checks of the answers fetched since a time (all when null), counted per
 * brand, fact, engine, country and language: whole days from fact_na_cells (migrations 045, 048), the
 * first day's part from its checks, less the checks a model judge addressed (they count as its
 * verdict). An answer in a language the checker does not read is counted by factNotChecked until
 * a model reads it; then the facts the model left not addressed count here.
 */
export function factNotAddressedCounts(db: Database.Database, sinceMs: number | null): NotAddressedCount[] {
  const bounded = sinceMs !== null;
  const firstDay = Math.floor((sinceMs ?? 0) / DAY_MS);
  return stmt(
    db,
    `WITH ${addressedCte(bounded)}, counted (brand_id, key, engine, country, language, answers) AS (
       SELECT brand_id, key, engine, country, language, answers FROM fact_na_cells
       ${bounded ? `WHERE day > @firstDay UNION ALL ${FIRST_DAY_PART}` : ''}
       UNION ALL
       SELECT a.brand_id, a.key, j.engine, j.country, a.language, -1
       FROM addressed a JOIN jobs j ON j.id = a.job_id WHERE a.checker <> 'builtin' AND ${ON_READ_ANSWER}
       UNION ALL ${MODEL_NOT_ADDRESSED_UNREAD})
     SELECT brand_id AS brandId, key, engine, country, language, sum(answers) AS answers FROM counted
     GROUP BY brand_id, key, engine, country, language HAVING sum(answers) > 0
     ORDER BY brand_id, key, engine, country, language`,
  ).all(
    bounded ? { since: sinceMs, firstDay, dayEnd: (firstDay + 1) * DAY_MS } : { since: 0 },
  ) as NotAddressedCount[];
}

/** An unread answer's brands, once each, with where it was asked (the CTE `unread`). */
const UNREAD_ANSWERS = `unread AS (
  SELECT DISTINCT fc.seq, fc.brand_id, j.engine, j.country, fc.unread AS language
  FROM fact_checks fc INDEXED BY fact_checks_unread JOIN results r ON r.seq = fc.seq
  JOIN jobs j ON j.id = fc.job_id
  WHERE fc.unread IS NOT NULL AND fc.checker = 'builtin' AND r.fetched_at >= @since
    AND NOT EXISTS (SELECT 1 FROM fact_checks m
      WHERE m.seq = fc.seq AND m.brand_id = fc.brand_id AND m.checker <> 'builtin'))`;

/**
 * The answers fetched since a time (all when null) that name a brand with a sheet in a language
 * the checker does not read and that no model judge has read for it: in all, and per brand,
 * engine and country (an answer naming two such brands is one answer of the total).
 */
export function factNotChecked(db: Database.Database, sinceMs: number | null): NotChecked {
  const params = { since: sinceMs ?? 0 };
  const cells = stmt(
    db,
    `WITH ${UNREAD_ANSWERS}
     SELECT brand_id AS brandId, engine, country, language, count(*) AS answers FROM unread
     GROUP BY brand_id, engine, country, language ORDER BY brand_id, engine, country, language`,
  ).all(params) as NotCheckedCount[];
  const answers =
    cells.length === 0
      ? 0
      : (pluck(db, `WITH ${UNREAD_ANSWERS} SELECT count(DISTINCT seq) FROM unread`).get(params) as number);
  return { answers, cells };
}

/** A domain cited by an answer, with what the answer said of a brand's facts. */
export interface FactSourceRow {
  brandId: string;
  domain: string;
  contradicted: number;
  supported: number;
}

/**
 * Per brand and cited domain: the answers citing it that contradict a fact of the brand, and
 * those that support one and contradict none.
 */
export function factSourceRows(db: Database.Database, sinceMs: number | null): FactSourceRow[] {
  return stmt(
    db,
    `WITH ${addressedCte(sinceMs !== null)}, answer AS (
       SELECT seq, brand_id, max(verdict = 'contradicted') AS bad, max(verdict = 'supported') AS good
       FROM addressed GROUP BY seq, brand_id)
     SELECT a.brand_id AS brandId, d.domain, sum(a.bad) AS contradicted, sum(a.good AND NOT a.bad) AS supported
     FROM answer a JOIN vis_result_domain rd ON rd.seq = a.seq JOIN vis_domains d ON d.id = rd.domain
     GROUP BY a.brand_id, d.domain`,
  ).all(sinceMs === null ? {} : { since: sinceMs }) as FactSourceRow[];
}
