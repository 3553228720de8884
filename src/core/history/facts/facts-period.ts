import type Database from 'better-sqlite3';
import { pluck, stmt } from '../connection';
import { conditions, type VisFilter } from '../visibility';

// What the findings and alerts compare about facts: a period's checks (the Visibility filter:
// days, runs, prompts, engines, locations), summed per brand × fact × engine × location, and
// the answers behind a contradiction, the newest first. The built-in checker's verdicts only:
// one per answer, brand and fact, the same rule on both periods.

/** One brand's fact in one engine × location cell: answers addressing it, and those contradicting it. */
export interface FactCellSums {
  brandId: string;
  key: string;
  engine: string;
  loc: string;
  addressing: number;
  contradicted: number;
  /** One contradicting quote (the same one on every read), null when none contradicts. */
  evidence: string | null;
}

/** One brand in one cell: answers addressing any of its facts, and contradicting at least one. */
export interface FactBrandCellSums {
  brandId: string;
  engine: string;
  loc: string;
  addressing: number;
  contradicting: number;
}

export interface FactsPeriodRows {
  facts: FactCellSums[];
  brands: FactBrandCellSums[];
}

/** The contradicting answers a drill asks for: a brand's, of one fact or any, in a cell or all. */
export interface FactDrill {
  brandId: string;
  key?: string;
  engine?: string;
  loc?: string;
}

/**
 * The checker's supported and contradicted checks of the filter's answers (the period's answers
 * found first, then their addressed checks through the partial index of migration 045): the
 * not-addressed ones count in neither sum.
 */
const ADDRESSED_IN = (where: string): string => `vis_result f
  JOIN fact_checks fc INDEXED BY fact_checks_addressed ON fc.seq = f.seq
  WHERE ${where} AND fc.verdict <> 'not-addressed' AND fc.checker = 'builtin'`;

export function factsPeriodRows(db: Database.Database, filter: VisFilter): FactsPeriodRows {
  const c = conditions(filter, 'f');
  const facts = stmt(
    db,
    `SELECT fc.brand_id AS brandId, fc.key, f.engine, f.loc,
       count(*) AS addressing, sum(fc.verdict = 'contradicted') AS contradicted,
       min(CASE WHEN fc.verdict = 'contradicted' THEN fc.evidence_text END) AS evidence
     FROM ${ADDRESSED_IN(c.sql)}
     GROUP BY fc.brand_id, fc.key, f.engine, f.loc
     ORDER BY fc.brand_id, fc.key, f.engine, f.loc`,
  ).all(c.params) as FactCellSums[];
  // Each answer once per brand, whatever number of its facts it addresses.
  const brands = stmt(
    db,
    `WITH answer AS (
       SELECT f.seq, f.engine, f.loc, fc.brand_id, max(fc.verdict = 'contradicted') AS contradicting
       FROM ${ADDRESSED_IN(c.sql)}
       GROUP BY f.seq, fc.brand_id)
     SELECT brand_id AS brandId, engine, loc, count(*) AS addressing, sum(contradicting) AS contradicting
     FROM answer GROUP BY brand_id, engine, loc ORDER BY brand_id, engine, loc`,
  ).all(c.params) as FactBrandCellSums[];
  return { facts, brands };
}

/** The ids of the period's answers contradicting the brand's fact (any fact without a key), newest first. */
export function factsDrill(
  db: Database.Database,
  filter: VisFilter,
  drill: FactDrill,
  limit: number,
): string[] {
  const c = conditions(filter, 'f');
  const conds = [c.sql];
  const params: Record<string, unknown> = { ...c.params, brandId: drill.brandId, limit };
  if (drill.engine !== undefined) {
    conds.push('f.engine = @engine');
    params.engine = drill.engine;
  }
  if (drill.loc !== undefined) {
    conds.push('f.loc = @loc');
    params.loc = drill.loc;
  }
  const key = drill.key === undefined ? '' : 'AND fc.key = @key';
  if (drill.key !== undefined) params.key = drill.key;
  return pluck(
    db,
    `SELECT r.id FROM vis_result f JOIN results r ON r.seq = f.seq
     WHERE ${conds.join(' AND ')} AND EXISTS (SELECT 1 FROM fact_checks fc WHERE fc.seq = f.seq
       AND fc.checker = 'builtin' AND fc.brand_id = @brandId ${key} AND fc.verdict = 'contradicted')
     ORDER BY f.day DESC, f.seq DESC LIMIT @limit`,
  ).all(params) as string[];
}
