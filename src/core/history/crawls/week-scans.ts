import type Database from 'better-sqlite3';
import { stmt } from '../connection';

// A period's whole weeks per agent and page, read by week when that is the shorter road. The
// running sums cost one seek per agent and page whatever the period; a period whose first whole
// week lies within SCAN_WEEKS of the roll-up's first week (a year over a year of logs) is each
// page's total less the few weeks before it, and one whose first whole week lies within
// SCAN_WEEKS of the last week (the last 7 or 13 days) is the sum of its few weeks: both one range
// of the roll-up's index by week (migration 044). The same figures either way: integer hits.

/** At most this many weeks of every page read in one range instead of a seek per page. */
const SCAN_WEEKS = 2;
const WEEK_MS = 7 * 86_400_000;

export type WeeksRead = 'seek' | 'total-less-before' | 'from-week';

/** Whole weeks between two Mondays (ISO days). */
const weeksBetween = (from: string, to: string): number =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / WEEK_MS);

/** The roll-up's first and last week (null when it holds none): two ends of its key. */
export type WeekSpan = { first: string; last: string } | null;

export function weekSpan(db: Database.Database): WeekSpan {
  const span = stmt(
    db,
    'SELECT min(week) AS first, max(week) AS last FROM crawl_verified_agent_weeks',
  ).get() as {
    first: string | null;
    last: string | null;
  };
  return span.first === null || span.last === null ? null : { first: span.first, last: span.last };
}

/** Which read sums the weeks from `firstWeek` on with the fewest rows touched. */
export function weeksRead(span: WeekSpan, firstWeek: string): WeeksRead {
  if (span === null) return 'seek';
  if (weeksBetween(span.first, firstWeek) <= SCAN_WEEKS) return 'total-less-before';
  if (weeksBetween(firstWeek, span.last) < SCAN_WEEKS) return 'from-week';
  return 'seek';
}

export type Clause = { sql: string; params: string[] };

const SCAN_SQL = (op: '<' | '>=', w: string): string => `
  SELECT w.agent, w.url, w.site, w.hits FROM crawl_verified_weeks w INDEXED BY crawl_verified_weeks_by_week
  WHERE w.week ${op} ? ${w}`;

/** Hits per agent, page and site of the weeks before `firstWeek` or from it on. */
export function weekScan(
  db: Database.Database,
  read: Exclude<WeeksRead, 'seek'>,
  firstWeek: string,
  w: Clause,
): Map<string, number> {
  const rows = stmt(db, SCAN_SQL(read === 'from-week' ? '>=' : '<', w.sql))
    .raw()
    .all(firstWeek, ...w.params) as Array<[string, string, string, number]>;
  const sums = new Map<string, number>();
  for (const [agent, url, site, hits] of rows) {
    const key = pageKey(agent, url, site);
    sums.set(key, (sums.get(key) ?? 0) + hits);
  }
  return sums;
}

export const pageKey = (agent: string, url: string, site: string): string =>
  `${agent}\u0000${url}\u0000${site}`;
