// Schema version 38: the funnel totals teammates share with the workspace, pulled from the team
// server so a member without logs or analytics of their own sees the workspace's funnel, offline
// too. Kept apart from this history's own imports (crawl and outcome tables), never mixed in.
//
// - shared_funnel_writers: one row per sharing desktop (the server's writer mark), with the
//   teammate's name on the team, the rows held, when the sharer last sent them (the server's
//   stored_at) and when this history pulled them.
// - shared_funnel_days: the sharer's per day × engine × page counts as the server holds them,
//   replaced whole per writer at each pull that finds them changed. `week` is the day's Monday,
//   kept at the pull so the funnel sums a period per week × engine × page from the index alone.
// - shared_funnel_staged: a writer's rows while a pull reads them page by page, moved into
//   shared_funnel_days in one transaction once all are in (a cut pull leaves the copy as it was).
// IF NOT EXISTS: the upgrade tests take a later file back to an earlier version and run it again.
/** The held rows and the staged ones have the same shape: a staged writer moves in as it is. */
const dayRows = /* sql */ `(
  writer            TEXT    NOT NULL,
  day               TEXT    NOT NULL,
  week              TEXT    NOT NULL,
  engine            TEXT    NOT NULL,
  page              TEXT    NOT NULL,
  crawled_hits      INTEGER NOT NULL,
  referred_sessions INTEGER NOT NULL,
  key_events        INTEGER NOT NULL,
  PRIMARY KEY (writer, day, engine, page)
) STRICT, WITHOUT ROWID`;

export const sql = /* sql */ `
CREATE TABLE IF NOT EXISTS shared_funnel_writers (
  writer    TEXT    PRIMARY KEY,
  sharer    TEXT    NOT NULL,
  rows      INTEGER NOT NULL,
  stored_at INTEGER NOT NULL,
  pulled_at INTEGER NOT NULL
) STRICT;

CREATE TABLE IF NOT EXISTS shared_funnel_days ${dayRows};
CREATE TABLE IF NOT EXISTS shared_funnel_staged ${dayRows};
CREATE INDEX IF NOT EXISTS shared_funnel_days_by_day
  ON shared_funnel_days (day, week, engine, page, crawled_hits, referred_sessions, key_events);
`;
