import { CELL_COLUMNS, jsonArray, RUN_ANSWERS, type ExportSlotCell } from './export-commerce';
import { JOB_ORDER, jsonObjectSql } from './export-sql';

// The fact checks of a run's answers as the exports write them (fact_checks, migration 032):
// JSON and NDJSON carry each answer's checks in its result object, in the shape of
// `parallax show --json`; the CSV (--table facts) and the XLSX "Facts" sheet one row per
// answer, brand and fact, each starting with its answer's cell.

const EVIDENCE = `CASE WHEN fc.evidence_text IS NULL THEN 'null' ELSE ${jsonObjectSql([
  ['text', 'fc.evidence_text'],
  ['start', 'fc.evidence_start'],
  ['end', 'fc.evidence_end'],
])} END`;

const CHECK_OBJECT = jsonObjectSql([
  ['brand', 'b.name'],
  ['brandId', 'fc.brand_id'],
  ['key', 'fc.key'],
  ['verdict', 'fc.verdict'],
  ['evidence', EVIDENCE, 'json'],
  ['checker', 'fc.checker'],
]);

/** The answer's checks (results row aliased r) as a JSON array, '[]' when it names no brand with a sheet. */
export const FACTS_JSON_SQL = jsonArray(
  CHECK_OBJECT,
  'FROM fact_checks fc JOIN brands b ON b.id = fc.brand_id WHERE fc.seq = r.seq',
  'b.name, fc.key, fc.checker',
);

export interface ExportFactRow extends ExportSlotCell {
  brand: string;
  brandId: string;
  factKey: string;
  verdict: string;
  evidenceText: string;
  evidenceStart: number | null;
  evidenceEnd: number | null;
  checker: string;
}

/** A run's checks, answers in the matrix order, then by brand name and fact. */
export const RUN_FACTS_SQL = `SELECT ${CELL_COLUMNS}, b.name AS brand, fc.brand_id AS brandId, fc.key AS factKey,
    fc.verdict, coalesce(fc.evidence_text, '') AS evidenceText, fc.evidence_start AS evidenceStart,
    fc.evidence_end AS evidenceEnd, fc.checker
  ${RUN_ANSWERS} JOIN fact_checks fc ON fc.seq = r.seq JOIN brands b ON b.id = fc.brand_id
  WHERE j.run_id = ? ORDER BY ${JOB_ORDER}, b.name, fc.key, fc.checker`;
