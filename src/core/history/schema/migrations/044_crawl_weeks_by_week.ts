// Schema version 44: the weekly roll-up read by week. A period that starts within a week or two
// of the first week imported (a year over a year of logs) or ends within a week or two of it
// (the last 7 days) reads its few weeks of every page in one contiguous range of this index,
// instead of one seek into the running sums per agent and page (24,000 on a busy site's year).
// IF NOT EXISTS: the upgrade tests run it again.
export const sql = /* sql */ `
CREATE INDEX IF NOT EXISTS crawl_verified_weeks_by_week
  ON crawl_verified_weeks (week, agent, url, site, hits);
`;
