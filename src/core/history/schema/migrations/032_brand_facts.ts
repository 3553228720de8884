// Schema version 32: brand facts and what each stored answer says about them.
//
// - brand_facts: a tracked brand's fact sheet, one row per fact (`parallax facts set`): its kind,
//   its value and the words answers use for it, as JSON in the shapes of src/shared/facts.
// - fact_checks: every fact of every brand with a sheet that a stored answer names, with its
//   verdict (supported, contradicted, not addressed), the quote and its offsets in the answer,
//   the checker, and the sheets' version it was checked against (meta facts_version). Rows of
//   an answer are written in the transaction that stores it; a sheet changed later re-checks the
//   history in batches (meta facts_recheck_after: the last answer re-checked, -1 when none is due).
// No foreign key: a re-check empties an answer's rows in one statement, like vis_result_brand;
// the indexer deletes an answer's rows with the answer.
// IF NOT EXISTS: the upgrade tests take a later file back to an earlier version and run it again.
export const sql = /* sql */ `
CREATE TABLE IF NOT EXISTS brand_facts (
  brand_id   TEXT    NOT NULL,
  key        TEXT    NOT NULL,
  kind       TEXT    NOT NULL,
  value_json TEXT    NOT NULL CHECK (json_valid(value_json)),
  words_json TEXT    NOT NULL CHECK (json_valid(words_json)),
  updated_at INTEGER NOT NULL,
  PRIMARY KEY (brand_id, key)
) STRICT, WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS fact_checks (
  seq            INTEGER NOT NULL,
  job_id         TEXT    NOT NULL,
  brand_id       TEXT    NOT NULL,
  key            TEXT    NOT NULL,
  verdict        TEXT    NOT NULL CHECK (verdict IN ('supported', 'contradicted', 'not-addressed')),
  evidence_text  TEXT,
  evidence_start INTEGER,
  evidence_end   INTEGER,
  checker        TEXT    NOT NULL,
  sheet_version  INTEGER NOT NULL,
  PRIMARY KEY (seq, brand_id, key, checker)
) STRICT, WITHOUT ROWID;
CREATE INDEX IF NOT EXISTS fact_checks_by_job ON fact_checks (job_id);
CREATE INDEX IF NOT EXISTS fact_checks_by_brand ON fact_checks (brand_id, verdict, seq);
INSERT OR IGNORE INTO meta (key, value) VALUES ('facts_version', '0');
INSERT OR IGNORE INTO meta (key, value) VALUES ('facts_recheck_after', '-1');
`;
