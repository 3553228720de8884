// Schema version 39: the crawler day totals rolled up as they are imported, so the funnel and
// `parallax bots` read a year of a busy site's logs without summing its 1.5 million day rows.
//
// - crawl_verified_weeks: verified hits per agent, page, week (its Monday, UTC) and site. Keyed
//   by agent and page first: a period's totals per agent and page come out of one ordered pass,
//   and the funnel folds them per engine from the catalogue when it reads them (never stored per
//   engine, so a catalogue that maps an agent anew needs no migration).
// - crawl_verified_agent_weeks: the same per agent and week alone (the funnel's weeks).
// - crawl_refused_days: hits answered 403, per site, page, agent and day, verified or not (few:
//   only refusals).
// - crawl_served_last: per site, page and agent, the last day the agent was served a 2xx; a page
//   is refused to an agent over a period when it was answered 403 and never served since.
// A period in days reads its whole weeks from the roll-ups and its first days (before its first
// Monday) from crawl_hits, so every figure is the day rows' own. Filled here from the day totals
// already imported (one transaction); each import then adds to them in its own. IF NOT EXISTS /
// OR IGNORE: the upgrade tests run it again.
export const sql = /* sql */ `
CREATE TABLE IF NOT EXISTS crawl_verified_weeks (
  agent TEXT    NOT NULL,
  url   TEXT    NOT NULL,
  week  TEXT    NOT NULL,
  site  TEXT    NOT NULL,
  hits  INTEGER NOT NULL,
  PRIMARY KEY (agent, url, week, site)
) STRICT, WITHOUT ROWID;

CREATE TABLE IF NOT EXISTS crawl_verified_agent_weeks (
  agent TEXT    NOT NULL,
  week  TEXT    NOT NULL,
  site  TEXT    NOT NULL,
  hits  INTEGER NOT NULL,
  PRIMARY KEY (agent, week, site)
) STRICT, WITHOUT ROWID;

CREATE TABLE IF NOT EXISTS crawl_refused_days (
  site  TEXT    NOT NULL,
  url   TEXT    NOT NULL,
  agent TEXT    NOT NULL,
  day   TEXT    NOT NULL,
  hits  INTEGER NOT NULL,
  PRIMARY KEY (site, url, agent, day)
) STRICT, WITHOUT ROWID;

CREATE INDEX IF NOT EXISTS crawl_refused_days_by_day ON crawl_refused_days (day, site, url, agent, hits);

CREATE TABLE IF NOT EXISTS crawl_served_last (
  site  TEXT NOT NULL,
  url   TEXT NOT NULL,
  agent TEXT NOT NULL,
  day   TEXT NOT NULL,
  PRIMARY KEY (site, url, agent)
) STRICT, WITHOUT ROWID;

INSERT OR IGNORE INTO crawl_verified_weeks (agent, url, week, site, hits)
  SELECT agent, url, date(day, '-6 days', 'weekday 1') AS week, site, sum(hits)
  FROM crawl_hits WHERE verified = 1 GROUP BY agent, url, week, site;

INSERT OR IGNORE INTO crawl_verified_agent_weeks (agent, week, site, hits)
  SELECT agent, date(day, '-6 days', 'weekday 1') AS week, site, sum(hits)
  FROM crawl_hits WHERE verified = 1 GROUP BY agent, week, site;

INSERT OR IGNORE INTO crawl_refused_days (site, url, agent, day, hits)
  SELECT site, url, agent, day, sum(hits) FROM crawl_hits WHERE status = 403 GROUP BY site, url, agent, day;

INSERT OR IGNORE INTO crawl_served_last (site, url, agent, day)
  SELECT site, url, agent, max(day) FROM crawl_hits WHERE status BETWEEN 200 AND 299 GROUP BY site, url, agent;
`;
