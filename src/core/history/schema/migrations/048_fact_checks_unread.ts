import type Database from 'better-sqlite3';
import { countIn, countOut } from './045_fact_not_addressed_cells';

// Schema version 48: an answer in a language the built-in checker does not read is not checked,
// and the facts figures say how many there are instead of counting its facts "not addressed".
// - fact_checks gains `unread`: the answer's language when the checker does not read it (its
//   rows then all say "not addressed", so the analyst's model judge still finds them as work),
//   NULL otherwise;
// - fact_na_cells counts only the not-addressed checks of answers the checker read: the three
//   triggers of migrations 045-046 are made again with that condition;
// - fact_checks_unread finds the unread answers' checks without reading every check;
// - a history with fact sheets is re-checked (meta facts_recheck_after), as after a sheet
//   change: the rows stored before carry no language yet.
// The column is looked up before it is added, and the counts are made again only when some row
// has a language (never on an upgrade from 47): the upgrade tests run a migration again, after
// migration 045's fill has counted every not-addressed row.
export const sql = '';

/** A check counted in fact_na_cells: the checker's, not addressed, in an answer it read. */
const counted = (row: 'NEW' | 'OLD'): string =>
  `(${row}.checker = 'builtin' AND ${row}.verdict = 'not-addressed' AND ${row}.unread IS NULL)`;

const moved = `OLD.seq IS NOT NEW.seq OR OLD.job_id IS NOT NEW.job_id OR OLD.brand_id IS NOT NEW.brand_id
  OR OLD.key IS NOT NEW.key`;

const TRIGGERS = /* sql */ `
DROP TRIGGER IF EXISTS fact_na_cells_insert;
DROP TRIGGER IF EXISTS fact_na_cells_delete;
DROP TRIGGER IF EXISTS fact_na_cells_update;
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
INSERT INTO fact_na_cells (day, engine, country, brand_id, key, answers)
  SELECT r.fetched_at / 86400000, j.engine, j.country, fc.brand_id, fc.key, count(*)
  FROM fact_checks fc JOIN results r ON r.seq = fc.seq JOIN jobs j ON j.id = fc.job_id
  WHERE fc.checker = 'builtin' AND fc.verdict = 'not-addressed' AND fc.unread IS NULL
  GROUP BY 1, 2, 3, 4, 5;
`;

export function addUnreadLanguage(db: Database.Database): void {
  const columns = db.pragma('table_info(fact_checks)') as Array<{ name: string }>;
  if (!columns.some((c) => c.name === 'unread')) db.exec('ALTER TABLE fact_checks ADD COLUMN unread TEXT');
  db.exec(TRIGGERS);
  const someUnread = db
    .prepare('SELECT 1 FROM fact_checks INDEXED BY fact_checks_unread WHERE unread IS NOT NULL LIMIT 1')
    .get();
  if (someUnread !== undefined) db.exec(RECOUNT);
}
