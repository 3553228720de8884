import type Database from 'better-sqlite3';
import { stmt } from '../connection';
import { REFRESH_WEEKLY_SQL, TRAFFIC_FROM, TRAFFIC_IS_DAY, TRAFFIC_TO } from '../schema';
import type { OutcomeBatch } from './outcome-rows';

// AI-referred traffic per week: a period's whole weeks from the weekly sums (migration 043), its
// first days before its first Monday from the day rows, export ranges reaching into it from the
// weekly sums (a range is one key, all or nothing). Grouped as the day rows alone would be, so a
// site's figures are the same to the last digit; several sites' weekly sums are added per key.

/** The Monday of a day (days since 1970-01-01; day 4 was a Monday). */
const mondayOf = (day: number): number => day - ((day + 3) % 7);

/** The period's first Monday on or after fromDay, and the Monday of the week fromDay falls in. */
export function trafficWeeks(fromDay: number): { fromDay: number; edgeWeek: number; firstWeek: number } {
  if (fromDay <= 0) return { fromDay: 0, edgeWeek: 0, firstWeek: 0 };
  const edgeWeek = mondayOf(fromDay);
  return { fromDay, edgeWeek, firstWeek: edgeWeek === fromDay ? fromDay : edgeWeek + 7 };
}

const SITE = '(@site IS NULL OR site = @site)';

export const TRAFFIC_SQL = /* sql */ `
  SELECT k AS fromDay, CASE WHEN d THEN k + 6 ELSE t END AS toDay, d AS week, referrer, engine,
    landing_page AS landingPage, sum(sessions) AS sessions, sum(key_events) AS keyEvents
  FROM (
    SELECT ${TRAFFIC_FROM} AS k, ${TRAFFIC_IS_DAY} AS d, ${TRAFFIC_TO} AS t, referrer, engine,
      landing_page, sessions, key_events
    FROM outcome_traffic
    WHERE ${TRAFFIC_FROM} >= @edgeWeek AND ${TRAFFIC_FROM} < @firstWeek AND ${TRAFFIC_IS_DAY}
      AND to_day >= @fromDay AND ${SITE}
    UNION ALL
    SELECT week, is_day, to_key, referrer, engine, landing_page, sessions, key_events
    FROM outcome_traffic_weekly WHERE week >= @firstWeek AND is_day = 1 AND ${SITE}
    UNION ALL
    SELECT week, is_day, to_key, referrer, engine, landing_page, sessions, key_events
    FROM outcome_traffic_weekly WHERE is_day = 0 AND to_key >= @fromDay AND ${SITE}
  )
  GROUP BY k, d, t, referrer, engine, landing_page
  ORDER BY fromDay, referrer, landingPage`;

/** The keys a batch's rows and the rows it supersedes (inside its span) can have. */
function keySpan(rows: ReadonlyArray<{ fromDay: number; toDay: number }>): { from: number; to: number } {
  let from = Infinity;
  let to = -Infinity;
  for (const r of rows) {
    from = Math.min(from, r.fromDay > 0 ? mondayOf(r.fromDay) : r.fromDay);
    to = Math.max(to, r.toDay, r.fromDay);
  }
  return { from, to };
}

/** Recomputes the weekly sums of the weeks a batch wrote or replaced (inside its transaction). */
export function refreshTrafficWeekly(db: Database.Database, batch: OutcomeBatch): void {
  const rows = batch.traffic ?? [];
  if (rows.length === 0) return;
  const span = { ...keySpan(rows), site: batch.site };
  stmt(db, 'DELETE FROM outcome_traffic_weekly WHERE week BETWEEN @from AND @to AND site = @site').run(span);
  stmt(db, REFRESH_WEEKLY_SQL).run(span);
}
