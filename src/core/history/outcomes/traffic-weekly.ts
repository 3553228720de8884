import type Database from 'better-sqlite3';
import { stmt } from '../connection';
import { REFRESH_WEEKLY_SQL, TRAFFIC_FROM, TRAFFIC_IS_DAY, TRAFFIC_TO } from '../schema';
import type { OutcomeBatch, TrafficSum } from './outcome-rows';

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

const SUMS =
  'referrer, engine, landing_page AS landingPage, sum(sessions) AS sessions, sum(key_events) AS keyEvents';

/**
 * The three parts of a period, each grouped by its key as its index orders it (no sort): the
 * first days before the first Monday from the day rows, the whole weeks and the export ranges
 * reaching into the period from the weekly sums. Their keys never meet: a part is a whole group.
 * `+is_day` keeps SQLite from reading `is_day = 1` as a constant and sorting to group.
 */
const TRAFFIC_PARTS = [
  `SELECT ${TRAFFIC_FROM} AS fromDay, ${TRAFFIC_FROM} + 6 AS toDay, 1 AS week, ${SUMS}
   FROM outcome_traffic
   WHERE ${TRAFFIC_FROM} >= @edgeWeek AND ${TRAFFIC_FROM} < @firstWeek AND ${TRAFFIC_IS_DAY}
     AND to_day >= @fromDay AND ${SITE}
   GROUP BY ${TRAFFIC_FROM}, ${TRAFFIC_IS_DAY}, ${TRAFFIC_TO}, referrer, engine, landing_page`,
  `SELECT week AS fromDay, week + 6 AS toDay, 1 AS week, ${SUMS}
   FROM outcome_traffic_weekly WHERE week >= @firstWeek AND +is_day = 1 AND ${SITE}
   GROUP BY week, is_day, to_key, referrer, engine, landing_page`,
  `SELECT week AS fromDay, to_key AS toDay, 0 AS week, ${SUMS}
   FROM outcome_traffic_weekly WHERE is_day = 0 AND to_key >= @fromDay AND ${SITE}
   GROUP BY week, is_day, to_key, referrer, engine, landing_page`,
];

/**
 * SQLite's BINARY order (UTF-8 bytes, so code points) of two strings: UTF-16 units order the
 * same except surrogates (code points above U+FFFF), which come after U+E000-U+FFFF.
 */
function byCodePoint(a: string, b: string): number {
  if (a === b) return 0;
  const n = Math.min(a.length, b.length);
  let i = 0;
  while (i < n && a.charCodeAt(i) === b.charCodeAt(i)) i++;
  if (i === n) return a.length - b.length;
  return codePointRank(a.charCodeAt(i)) - codePointRank(b.charCodeAt(i));
}

/** A UTF-16 unit's place in code point order (surrogates after U+E000-U+FFFF). */
const codePointRank = (c: number): number => (c < 0xd800 ? c : c < 0xe000 ? c + 0x2000 : c - 0x800);

const byDayReferrerPage = (a: TrafficSum, b: TrafficSum): number =>
  a.fromDay - b.fromDay || byCodePoint(a.referrer, b.referrer) || byCodePoint(a.landingPage, b.landingPage);

/**
 * AI-referred traffic per week (or export range), referrer, engine and landing page from fromDay
 * on, ordered by first day, referrer and landing page. The parts come nearly in that order
 * already (a week's referrers in the index's order), so the sort is a pass or two.
 */
export function readTraffic(db: Database.Database, fromDay: number, site: string | null): TrafficSum[] {
  const params = { ...trafficWeeks(fromDay), site };
  const rows = TRAFFIC_PARTS.flatMap((sql) => stmt(db, sql).all(params) as TrafficSum[]);
  return rows.sort(byDayReferrerPage);
}

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
