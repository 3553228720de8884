// Schema version 29: the team's rows a sync could not take, kept here so nothing is lost and the
// analyst can see them (`parallax sync quarantine`).
//
// - direction 'pull': a row from the team a pull could not read (an answer whose document is not
//   an object…); raw is the row as the server sent it (JSON; bytes as base64), so what a
//   teammate's desktop wrote survives on every desktop that skipped it.
// - direction 'push': a row of this history the team would refuse (a value over the server's
//   size cap); raw is NULL, the row itself stays in this history.
// One record per row and direction, its first and last sighting: a row met again by a later sync
// (its cursor not moved, or pushed again after an edit) updates the record, never doubles it.
// IF NOT EXISTS: the upgrade tests take a later file back to an earlier version and run it again.
export const sql = /* sql */ `
CREATE TABLE IF NOT EXISTS sync_quarantine (
  direction  TEXT    NOT NULL CHECK (direction IN ('pull', 'push')),
  team_table TEXT    NOT NULL,
  row_id     TEXT    NOT NULL,
  reason     TEXT    NOT NULL,
  raw        TEXT,
  first_at   INTEGER NOT NULL,
  last_at    INTEGER NOT NULL,
  PRIMARY KEY (direction, team_table, row_id)
) STRICT, WITHOUT ROWID;
`;
