// Schema version 37: the crawler day totals' index by day carries every column the reports read
// (verified, agent, page, status and the hits themselves), so `parallax bots` and the funnel read
// a period from the index alone. The index it replaces held the day and agent only: each row it
// found was looked up again in the table (a year of a busy site's 1.5 million rows: twice the
// CPU time). Browsers' hits get an index by page, for "refused to an agent, served to browsers",
// which looks up only the pages refused to an agent. IF EXISTS / IF NOT EXISTS: the upgrade tests
// run it again.
export const sql = /* sql */ `
DROP INDEX IF EXISTS crawl_hits_day;
CREATE INDEX IF NOT EXISTS crawl_hits_by_day ON crawl_hits (day, verified, agent, url, status, hits);
CREATE INDEX IF NOT EXISTS crawl_browser_hits_by_page ON crawl_browser_hits (site, url, day, status, hits);
`;
