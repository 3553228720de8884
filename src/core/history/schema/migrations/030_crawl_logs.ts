// Schema version 30: AI crawlers' visits read from the site's own server or CDN logs
// (`parallax logs import`), kept as day totals, never as lines: no address is stored.
//
// - crawl_files: one row per imported log file, by a fingerprint of its content (size, first and
//   last MiB), so importing the same file again, renamed or copied, adds nothing. Its counts are
//   what the import summary said: lines read, lines of catalogue agents kept, malformed lines.
// - crawl_hits: hits per site, day, agent (the catalogue's name), page (path without the query),
//   status and whether the address was verified as the operator's (1) or only claimed (0).
// - crawl_browser_hits: browsers' hits per site, day, page and status, to tell a page blocked to
//   an agent from a page blocked to everyone.
// A file's rows and its crawl_files row are written in one transaction. IF NOT EXISTS: the
// upgrade tests take a later file back to an earlier version and run it again.
export const sql = /* sql */ `
CREATE TABLE IF NOT EXISTS crawl_files (
  fingerprint TEXT    PRIMARY KEY,
  name        TEXT    NOT NULL,
  bytes       INTEGER NOT NULL,
  format      TEXT    NOT NULL,
  lines       INTEGER NOT NULL,
  kept        INTEGER NOT NULL,
  malformed   INTEGER NOT NULL,
  imported_at INTEGER NOT NULL
) STRICT, WITHOUT ROWID;

CREATE TABLE IF NOT EXISTS crawl_hits (
  site     TEXT    NOT NULL,
  day      TEXT    NOT NULL,
  agent    TEXT    NOT NULL,
  url      TEXT    NOT NULL,
  status   INTEGER NOT NULL,
  verified INTEGER NOT NULL CHECK (verified IN (0, 1)),
  hits     INTEGER NOT NULL,
  PRIMARY KEY (site, day, agent, url, status, verified)
) STRICT, WITHOUT ROWID;

CREATE INDEX IF NOT EXISTS crawl_hits_day ON crawl_hits (day, agent);

CREATE TABLE IF NOT EXISTS crawl_browser_hits (
  site   TEXT    NOT NULL,
  day    TEXT    NOT NULL,
  url    TEXT    NOT NULL,
  status INTEGER NOT NULL,
  hits   INTEGER NOT NULL,
  PRIMARY KEY (site, day, url, status)
) STRICT, WITHOUT ROWID;
`;
