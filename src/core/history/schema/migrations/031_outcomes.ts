// Schema version 31: first-party outcomes, imported from files the analyst exports (GA4, Search
// Console, Bing Webmaster Tools) or pulled through Google's APIs, kept aggregated, never raw.
//
// - outcome_traffic: sessions and key events that AI answer engines referred, per period ×
//   session source / medium × landing page. A period is one day when the export has a date
//   column, else the export's whole date range (from_day..to_day, days since 1970-01-01;
//   0..0 when the file does not say). referrer is the catalogue's id, engine the service's
//   engine it maps to (NULL for an assistant Parallax does not ask).
// - outcome_queries: search queries with their clicks and impressions (Search Console) or the
//   citations of the pages grounding an answer (Bing's AI Performance), per period.
// - outcome_pages: the same per page.
// - outcome_connections: the GA4 property or Search Console site connected through Google's
//   API, how it signs in and when it was last pulled; the token itself is in the keychain.
// The primary keys make a re-import replace its rows instead of adding them again.
// IF NOT EXISTS: the upgrade tests take a later file back to an earlier version and run it again.
export const sql = /* sql */ `
CREATE TABLE IF NOT EXISTS outcome_traffic (
  origin        TEXT    NOT NULL,
  site          TEXT    NOT NULL,
  from_day      INTEGER NOT NULL,
  to_day        INTEGER NOT NULL,
  source_medium TEXT    NOT NULL,
  landing_page  TEXT    NOT NULL,
  referrer      TEXT    NOT NULL,
  engine        TEXT,
  sessions      INTEGER NOT NULL,
  key_events    REAL    NOT NULL,
  imported_at   INTEGER NOT NULL,
  PRIMARY KEY (origin, site, from_day, to_day, source_medium, landing_page)
) STRICT, WITHOUT ROWID;

CREATE TABLE IF NOT EXISTS outcome_queries (
  origin      TEXT    NOT NULL,
  site        TEXT    NOT NULL,
  from_day    INTEGER NOT NULL,
  to_day      INTEGER NOT NULL,
  query       TEXT    NOT NULL,
  clicks      INTEGER,
  impressions INTEGER,
  citations   INTEGER,
  imported_at INTEGER NOT NULL,
  PRIMARY KEY (origin, site, from_day, to_day, query)
) STRICT, WITHOUT ROWID;

CREATE TABLE IF NOT EXISTS outcome_pages (
  origin      TEXT    NOT NULL,
  site        TEXT    NOT NULL,
  from_day    INTEGER NOT NULL,
  to_day      INTEGER NOT NULL,
  url         TEXT    NOT NULL,
  clicks      INTEGER,
  impressions INTEGER,
  citations   INTEGER,
  imported_at INTEGER NOT NULL,
  PRIMARY KEY (origin, site, from_day, to_day, url)
) STRICT, WITHOUT ROWID;

CREATE TABLE IF NOT EXISTS outcome_connections (
  kind         TEXT    NOT NULL PRIMARY KEY CHECK (kind IN ('ga4', 'gsc')),
  property     TEXT    NOT NULL,
  auth         TEXT    NOT NULL CHECK (auth IN ('oauth', 'service-account')),
  connected_at INTEGER NOT NULL,
  pulled_at    INTEGER,
  pull_error   TEXT
) STRICT;
`;
