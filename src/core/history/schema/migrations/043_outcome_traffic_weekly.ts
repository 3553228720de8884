import type Database from 'better-sqlite3';
import { TRAFFIC_FROM, TRAFFIC_IS_DAY, TRAFFIC_TO } from './040_outcome_traffic_weeks';

// Schema version 43: AI-referred traffic per week kept beside its day rows. A year of one site's
// GA4 day rows (146,000) was read row by row for every funnel, although a period's whole weeks
// never change between imports. outcome_traffic_weekly holds, per site, the sums the traffic read
// groups by (the keys of migration 040: the week's Monday or an export range's first day, whether
// it is a week of days, the range's last day, referrer, engine, landing page), each summed in the
// index's order so the figures are the same to the last digit. A period reads its whole weeks
// here and only its first days before its first Monday from the day rows. Filled here from the
// stored rows; each import refreshes the weeks it touched in its own transaction. IF NOT EXISTS:
// the upgrade tests run it again.

/** Recomputes the weekly sums of a site's keys from..to (both included) from the day rows. */
export const REFRESH_WEEKLY_SQL = /* sql */ `
INSERT INTO outcome_traffic_weekly (week, is_day, to_key, referrer, engine, landing_page, site,
  sessions, key_events)
  SELECT ${TRAFFIC_FROM}, ${TRAFFIC_IS_DAY}, ${TRAFFIC_TO}, referrer, engine, landing_page, @site,
    sum(sessions), sum(key_events)
  FROM outcome_traffic WHERE ${TRAFFIC_FROM} BETWEEN @from AND @to AND site = @site
  GROUP BY ${TRAFFIC_FROM}, ${TRAFFIC_IS_DAY}, ${TRAFFIC_TO}, referrer, engine, landing_page`;

/** Every key a traffic row can have (days since 1970, or 0 for an export without dates). */
const ALL_KEYS = { from: -1, to: 2 ** 31 };

export const sql = /* sql */ `
CREATE TABLE IF NOT EXISTS outcome_traffic_weekly (
  week         INTEGER NOT NULL,
  is_day       INTEGER NOT NULL,
  to_key       INTEGER NOT NULL,
  referrer     TEXT    NOT NULL,
  engine       TEXT,
  landing_page TEXT    NOT NULL,
  site         TEXT    NOT NULL,
  sessions     INTEGER NOT NULL,
  key_events   REAL    NOT NULL
) STRICT;

CREATE INDEX IF NOT EXISTS outcome_traffic_weekly_by_week ON outcome_traffic_weekly (
  week, is_day, to_key, referrer, engine, landing_page, site, sessions, key_events
);
CREATE INDEX IF NOT EXISTS outcome_traffic_weekly_ranges ON outcome_traffic_weekly (to_key) WHERE is_day = 0;
`;

/** Fills the weekly sums site by site (grouped in migration 040's index order, never sorted). */
export function fillTrafficWeekly(db: Database.Database): void {
  db.exec('DELETE FROM outcome_traffic_weekly');
  const sites = db.prepare('SELECT DISTINCT site FROM outcome_traffic').pluck().all() as string[];
  const refresh = db.prepare(REFRESH_WEEKLY_SQL);
  for (const site of sites) refresh.run({ ...ALL_KEYS, site });
}
