import { countIn, countOut, notAddressed } from './045_fact_not_addressed_cells';

// Schema version 46: the re-check writes an answer's checks again in place (INSERT … ON CONFLICT
// DO UPDATE, src/core/history/facts/facts-index.ts) instead of deleting and inserting them, and
// the update trigger of migration 045 counts a check out and in only when it stops or starts
// being a not-addressed check of the checker's, or moves to another answer, brand or fact: a
// check that a re-check leaves not addressed (most of them) costs no count.
const moved = `OLD.seq IS NOT NEW.seq OR OLD.job_id IS NOT NEW.job_id OR OLD.brand_id IS NOT NEW.brand_id
  OR OLD.key IS NOT NEW.key`;

export const sql = /* sql */ `
DROP TRIGGER IF EXISTS fact_na_cells_update;
CREATE TRIGGER fact_na_cells_update AFTER UPDATE ON fact_checks
  WHEN ${notAddressed('OLD')} IS NOT ${notAddressed('NEW')}
    OR (${notAddressed('OLD')} AND (${moved}))
BEGIN ${countOut('OLD', notAddressed('OLD'))}
  ${countIn('NEW', notAddressed('NEW'))}
END;
`;
