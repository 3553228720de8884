// Schema version 40: AI-referred traffic read per week without sorting it. The funnel and the
// traffic view sum day-level GA4 rows per week (Monday), referrer, engine and page; over a year
// (146,000 rows) SQLite sorted every row to group them. This index holds the rows in that order,
// keyed by the same expressions the read groups by (exported here so the two never differ), and
// carries every column it reads, so the read is one ordered pass. IF NOT EXISTS: the upgrade tests
// run it again.

/** A day-level row (from = to): true; an export's whole range: false. */
export const TRAFFIC_IS_DAY = '(from_day = to_day AND from_day > 0)';
/** A day-level row's week (its Monday; day 4 = 1970-01-05), or the range's first day. */
export const TRAFFIC_FROM = `(CASE WHEN from_day = to_day AND from_day > 0 THEN from_day - ((from_day + 3) % 7) ELSE from_day END)`;
/** A range's last day; 0 for day-level rows (their week ends six days after its Monday). */
export const TRAFFIC_TO = '(CASE WHEN from_day = to_day AND from_day > 0 THEN 0 ELSE to_day END)';

export const sql = /* sql */ `
CREATE INDEX IF NOT EXISTS outcome_traffic_by_week ON outcome_traffic (
  ${TRAFFIC_FROM}, ${TRAFFIC_IS_DAY}, ${TRAFFIC_TO}, referrer, engine, landing_page,
  to_day, site, sessions, key_events
);
`;
