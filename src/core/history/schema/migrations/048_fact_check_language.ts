import type Database from 'better-sqlite3';

// Schema version 48: each check knows the answer's language, so the facts figures split by it,
// and an answer in a language the checker does not read is counted apart, not as "not addressed".
// - fact_checks gains `language`: the answer's language as the checker told it ("en", "fi"), on
//   the checker's rows; and `unread`: the same when the checker does not read it (its rows then
//   all say "not addressed", so the analyst's model judge still finds them as work), else NULL;
// - fact_na_cells is made again with the language in its key ('und' for a check written before
//   this version), counting only the not-addressed checks of answers the checker read; its three
//   triggers (migrations 045-046) are made again for both;
// - fact_checks_unread finds the unread answers' checks without reading every check;
// - a history with fact sheets is re-checked (meta facts_recheck_after), as after a sheet
//   change: the rows stored before carry no language yet, and until then count under 'und'.
// The columns are looked up before they are added, and the counts are made again from the
// checks only when the language column was already there (never on an upgrade from 47, whose
// cells are copied under 'und'): the upgrade tests run migrations again over rows that have one
// (migration 045's fill then writes its counts under the default 'und', and this recount
// replaces them).
export const sql = '';

/** What a check's language is counted under: 'und' (undetermined) before the checker told it. */
const languageOf = (row: 'NEW' | 'OLD'): string => `coalesce(${row}.language, 'und')`;

const CELL = '(day, engine, country, language, brand_id, key)';

/** The cell of the check NEW or OLD: its answer's day, engine and country, its language, brand and fact. */
const cellOf = (row: 'NEW' | 'OLD'): string =>
  `SELECT r.fetched_at / 86400000, j.engine, j.country, ${languageOf(row)}, ${row}.brand_id, ${row}.key
     FROM results r JOIN jobs j ON j.id = ${row}.job_id WHERE r.seq = ${row}.seq`;

/** A check counted in fact_na_cells: the checker's, not addressed, in an answer it read. */
const counted = (row: 'NEW' | 'OLD'): string =>
  `(${row}.checker = 'builtin' AND ${row}.verdict = 'not-addressed' AND ${row}.unread IS NULL)`;

const countIn = (row: 'NEW' | 'OLD', when: string): string => `
  INSERT INTO fact_na_cells ${CELL.replace(')', ', answers)')}
    SELECT r.fetched_at / 86400000, j.engine, j.country, ${languageOf(row)}, ${row}.brand_id, ${row}.key, 1
    FROM results r JOIN jobs j ON j.id = ${row}.job_id WHERE r.seq = ${row}.seq AND ${when}
    ON CONFLICT ${CELL} DO UPDATE SET answers = answers + 1;`;

const countOut = (row: 'NEW' | 'OLD', when: string): string => `
  UPDATE fact_na_cells SET answers = answers - 1 WHERE ${when} AND ${CELL} IN (${cellOf(row)});
  DELETE FROM fact_na_cells WHERE ${when} AND answers <= 0 AND ${CELL} IN (${cellOf(row)});`;

const moved = `OLD.seq IS NOT NEW.seq OR OLD.job_id IS NOT NEW.job_id OR OLD.brand_id IS NOT NEW.brand_id
  OR OLD.key IS NOT NEW.key OR OLD.language IS NOT NEW.language`;

/** fact_na_cells as migration 045 made it, again with the language in its key: its counts kept under 'und'. */
const CELLS_BY_LANGUAGE = /* sql */ `
CREATE TABLE fact_na_cells_by_language (
  day      INTEGER NOT NULL,
  engine   TEXT    NOT NULL,
  country  TEXT    NOT NULL,
  language TEXT    NOT NULL DEFAULT 'und',
  brand_id TEXT    NOT NULL,
  key      TEXT    NOT NULL,
  answers  INTEGER NOT NULL,
  PRIMARY KEY (day, engine, country, language, brand_id, key)
) STRICT, WITHOUT ROWID;
INSERT INTO fact_na_cells_by_language (day, engine, country, language, brand_id, key, answers)
  SELECT day, engine, country, 'und', brand_id, key, answers FROM fact_na_cells;
DROP TABLE fact_na_cells;
ALTER TABLE fact_na_cells_by_language RENAME TO fact_na_cells;
`;

/** Migration 045-046's triggers go before their table is made again: SQLite checks them at the rename. */
const OLD_TRIGGERS = /* sql */ `
DROP TRIGGER IF EXISTS fact_na_cells_insert;
DROP TRIGGER IF EXISTS fact_na_cells_delete;
DROP TRIGGER IF EXISTS fact_na_cells_update;
`;

const TRIGGERS = /* sql */ `
CREATE TRIGGER fact_na_cells_insert AFTER INSERT ON fact_checks
  WHEN ${counted('NEW')}
BEGIN ${countIn('NEW', 'true')}
END;
CREATE TRIGGER fact_na_cells_delete AFTER DELETE ON fact_checks
  WHEN ${counted('OLD')}
BEGIN ${countOut('OLD', 'true')}
END;
CREATE TRIGGER fact_na_cells_update AFTER UPDATE ON fact_checks
  WHEN ${counted('OLD')} IS NOT ${counted('NEW')}
    OR (${counted('OLD')} AND (${moved}))
BEGIN ${countOut('OLD', counted('OLD'))}
  ${countIn('NEW', counted('NEW'))}
END;
CREATE INDEX IF NOT EXISTS fact_checks_unread ON fact_checks (seq) WHERE unread IS NOT NULL;
UPDATE meta SET value = '0' WHERE key = 'facts_recheck_after'
  AND EXISTS (SELECT 1 FROM brand_facts) AND EXISTS (SELECT 1 FROM results);
`;

const RECOUNT = /* sql */ `
DELETE FROM fact_na_cells;
INSERT INTO fact_na_cells (day, engine, country, language, brand_id, key, answers)
  SELECT r.fetched_at / 86400000, j.engine, j.country, coalesce(fc.language, 'und'), fc.brand_id, fc.key, count(*)
  FROM fact_checks fc JOIN results r ON r.seq = fc.seq JOIN jobs j ON j.id = fc.job_id
  WHERE fc.checker = 'builtin' AND fc.verdict = 'not-addressed' AND fc.unread IS NULL
  GROUP BY 1, 2, 3, 4, 5, 6;
`;

/** Adds the column to fact_checks unless it is there; whether it was added. */
function addColumn(db: Database.Database, column: string): boolean {
  const columns = db.pragma('table_info(fact_checks)') as Array<{ name: string }>;
  if (columns.some((c) => c.name === column)) return false;
  db.exec(`ALTER TABLE fact_checks ADD COLUMN ${column} TEXT`);
  return true;
}

export function addCheckLanguage(db: Database.Database): void {
  const added = addColumn(db, 'language');
  addColumn(db, 'unread');
  db.exec(OLD_TRIGGERS);
  const cells = db.pragma('table_info(fact_na_cells)') as Array<{ name: string }>;
  if (!cells.some((c) => c.name === 'language')) db.exec(CELLS_BY_LANGUAGE);
  db.exec(TRIGGERS);
  // Rows may carry a language only when the column was there before (a migration run again).
  if (!added) db.exec(RECOUNT);
}
