import type Database from 'better-sqlite3';

// Schema version 42: a period's crawled pages read without passing over the whole weekly
// roll-up. Keyed by agent and page first, crawl_verified_weeks cannot hand over a range of weeks
// in one contiguous read, and summing a year of a busy site's weeks costs most of a funnel.
//
// - crawl_verified_weeks gains `running`: the agent's verified hits on the page and site up to
//   and including that week. A period's whole weeks from Monday W are the page's total less the
//   running sum of its last week before W: one seek per page and agent, whatever the period.
// - crawl_verified_pages: per agent, page and site, the verified hits of every day imported and
//   the last day the agent fetched the page (the funnel's "fetched lately" without a sum).
// Filled here from the day totals and the weekly roll-up (one transaction); each import keeps
// them in its own. IF NOT EXISTS / OR IGNORE and the column looked up: the upgrade tests run it
// again.
export const sql = /* sql */ `
CREATE TABLE IF NOT EXISTS crawl_verified_pages (
  agent    TEXT    NOT NULL,
  url      TEXT    NOT NULL,
  site     TEXT    NOT NULL,
  hits     INTEGER NOT NULL,
  last_day TEXT    NOT NULL,
  PRIMARY KEY (agent, url, site)
) STRICT, WITHOUT ROWID;

INSERT OR IGNORE INTO crawl_verified_pages (agent, url, site, hits, last_day)
  SELECT agent, url, site, sum(hits), max(day) FROM crawl_hits WHERE verified = 1
  GROUP BY agent, url, site;
`;

/** Adds the running sums to the weekly roll-up (the column once) and computes them all. */
export function addRunningSums(db: Database.Database): void {
  const columns = db.pragma('table_info(crawl_verified_weeks)') as Array<{ name: string }>;
  if (!columns.some((c) => c.name === 'running'))
    db.exec('ALTER TABLE crawl_verified_weeks ADD COLUMN running INTEGER NOT NULL DEFAULT 0');
  db.exec(/* sql */ `
    UPDATE crawl_verified_weeks AS w SET running = r.running FROM (
      SELECT agent, url, week, site,
             sum(hits) OVER (PARTITION BY agent, url, site ORDER BY week) AS running
      FROM crawl_verified_weeks
    ) AS r
    WHERE w.agent = r.agent AND w.url = r.url AND w.week = r.week AND w.site = r.site
      AND w.running <> r.running`);
}
