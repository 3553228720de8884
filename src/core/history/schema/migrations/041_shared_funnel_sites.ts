// Schema version 41: the funnel totals teammates share carry their site (team schema 15), so a
// reader takes one sharer's figures per site instead of adding two sharers of the same site.
//
// - shared_funnel_days and shared_funnel_staged are made again with `site` in their key
//   (writer × site × day × engine × page: one writer's site is one range of the key). The copy
//   held had no site; it is dropped with the writers' records, and the next sync pulls every
//   sharer again (a pull reads a writer whose record it does not hold).
// Dropped and made again rather than altered: the upgrade tests run a later file again, and a
// second run only empties a copy the next sync refills.
const dayRows = /* sql */ `(
  writer            TEXT    NOT NULL,
  site              TEXT    NOT NULL,
  day               TEXT    NOT NULL,
  week              TEXT    NOT NULL,
  engine            TEXT    NOT NULL,
  page              TEXT    NOT NULL,
  crawled_hits      INTEGER NOT NULL,
  referred_sessions INTEGER NOT NULL,
  key_events        INTEGER NOT NULL,
  PRIMARY KEY (writer, site, day, engine, page)
) STRICT, WITHOUT ROWID`;

export const sql = /* sql */ `
DROP TABLE IF EXISTS shared_funnel_days;
DROP TABLE IF EXISTS shared_funnel_staged;
DELETE FROM shared_funnel_writers;
CREATE TABLE shared_funnel_days ${dayRows};
CREATE TABLE shared_funnel_staged ${dayRows};
`;
