// Schema version 34: prompts worth tracking the analyst dismissed, kept so the Library's
// suggestions and `parallax prompts suggest` leave them out from then on.
//
// - suggestion_dismissals: one row per dismissed suggestion, by its id (a hash of the folded
//   question, stable while the question is the same), with the text shown when it was dismissed.
// - outcome_sharing: whether this history (a workspace) shares its funnel's daily aggregates with
//   the team server; one row, absent means off. Logs and first-party rows are never shared.
//   pushed_digest: the digest of the aggregates last sent, so a sync sends them only when they
//   changed.
// IF NOT EXISTS: the upgrade tests take a later file back to an earlier version and run it again.
export const sql = /* sql */ `
CREATE TABLE IF NOT EXISTS suggestion_dismissals (
  id           TEXT    PRIMARY KEY,
  text         TEXT    NOT NULL,
  dismissed_at INTEGER NOT NULL
) STRICT, WITHOUT ROWID;

CREATE TABLE IF NOT EXISTS outcome_sharing (
  only       INTEGER PRIMARY KEY CHECK (only = 1),
  aggregates INTEGER NOT NULL CHECK (aggregates IN (0, 1)),
  changed_at INTEGER NOT NULL,
  pushed_at  INTEGER,
  pushed_digest TEXT
) STRICT;
`;
