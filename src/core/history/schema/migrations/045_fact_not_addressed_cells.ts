// Schema version 45: the facts figures without reading every "not addressed" check.
//
// The checker writes a row for every fact of every brand an answer names, and most say "not
// addressed" (97.5 % on the 31-day preview demo). The Facts panel, `parallax facts` and the
// report read a period's checks: the supported and contradicted ones one by one, the others only
// as counts. fact_na_cells holds those counts per UTC day of the answer's fetch, engine, country,
// brand and fact, kept by triggers on fact_checks, so every path that writes or deletes checks
// (ingest, the re-check, a replaced or deleted answer, a run deleted, a sync's pull) keeps them
// without knowing of them. A row whose count reaches 0 goes, so two histories holding the same
// checks hold the same rows here. The triggers read the answer's results and jobs rows: every
// path deletes an answer's checks before its result row (the indexers unindex first).
// fact_checks_addressed reads the supported and contradicted checks alone.
// IF NOT EXISTS: the upgrade tests take a later file back to an earlier version and run it again.

const CELL = '(day, engine, country, brand_id, key)';

/** The cell of the check NEW or OLD (`row`): its answer's day, engine and country, its brand and fact. */
const cellOf = (row: 'NEW' | 'OLD'): string =>
  `SELECT r.fetched_at / 86400000, j.engine, j.country, ${row}.brand_id, ${row}.key
     FROM results r JOIN jobs j ON j.id = ${row}.job_id WHERE r.seq = ${row}.seq`;

/** The check NEW or OLD is a count of its cell when it is the checker's and says "not addressed". */
export const notAddressed = (row: 'NEW' | 'OLD'): string =>
  `(${row}.checker = 'builtin' AND ${row}.verdict = 'not-addressed')`;

/** Counts the check `row` in, when `when` holds. */
export const countIn = (row: 'NEW' | 'OLD', when: string): string => `
  INSERT INTO fact_na_cells (day, engine, country, brand_id, key, answers)
    SELECT r.fetched_at / 86400000, j.engine, j.country, ${row}.brand_id, ${row}.key, 1
    FROM results r JOIN jobs j ON j.id = ${row}.job_id WHERE r.seq = ${row}.seq AND ${when}
    ON CONFLICT ${CELL} DO UPDATE SET answers = answers + 1;`;

/** Counts the check `row` out, when `when` holds; a cell counted down to 0 goes. */
export const countOut = (row: 'NEW' | 'OLD', when: string): string => `
  UPDATE fact_na_cells SET answers = answers - 1 WHERE ${when} AND ${CELL} IN (${cellOf(row)});
  DELETE FROM fact_na_cells WHERE ${when} AND answers <= 0 AND ${CELL} IN (${cellOf(row)});`;

export const sql = /* sql */ `
CREATE TABLE IF NOT EXISTS fact_na_cells (
  day      INTEGER NOT NULL,
  engine   TEXT    NOT NULL,
  country  TEXT    NOT NULL,
  brand_id TEXT    NOT NULL,
  key      TEXT    NOT NULL,
  answers  INTEGER NOT NULL,
  PRIMARY KEY (day, engine, country, brand_id, key)
) STRICT, WITHOUT ROWID;
CREATE INDEX IF NOT EXISTS fact_checks_addressed ON fact_checks (seq) WHERE verdict <> 'not-addressed';
CREATE TRIGGER IF NOT EXISTS fact_na_cells_insert AFTER INSERT ON fact_checks
  WHEN ${notAddressed('NEW')}
BEGIN ${countIn('NEW', 'true')}
END;
CREATE TRIGGER IF NOT EXISTS fact_na_cells_delete AFTER DELETE ON fact_checks
  WHEN ${notAddressed('OLD')}
BEGIN ${countOut('OLD', 'true')}
END;
CREATE TRIGGER IF NOT EXISTS fact_na_cells_update AFTER UPDATE ON fact_checks
  WHEN ${notAddressed('OLD')} OR ${notAddressed('NEW')}
BEGIN ${countOut('OLD', notAddressed('OLD'))}
  ${countIn('NEW', notAddressed('NEW'))}
END;
DELETE FROM fact_na_cells;
INSERT INTO fact_na_cells (day, engine, country, brand_id, key, answers)
  SELECT r.fetched_at / 86400000, j.engine, j.country, fc.brand_id, fc.key, count(*)
  FROM fact_checks fc JOIN results r ON r.seq = fc.seq JOIN jobs j ON j.id = fc.job_id
  WHERE fc.checker = 'builtin' AND fc.verdict = 'not-addressed'
  GROUP BY 1, 2, 3, 4, 5;
`;
