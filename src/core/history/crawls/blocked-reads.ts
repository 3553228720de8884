import type Database from 'better-sqlite3';
import { stmt } from '../connection';
import { where } from './filters';
import type { CrawlBlockedPage, CrawlFilter } from './types';

/** Not served (2xx) to the agent since the period began (a page's last day served, one seek). */
const NOT_SERVED_SINCE = (a: string): string => `NOT EXISTS (
      SELECT 1 FROM crawl_served_last s
      WHERE s.site = ${a}.site AND s.url = ${a}.url AND s.agent = ${a}.agent AND s.day >= ?)`;

/**
 * Pages refused (403) to an agent and never served it (2xx) since the period began, that
 * browsers were served: the refusals of the period first (few, from their roll-up), less those
 * served since (the last day each was), then browsers' hits on those pages only. `index` names
 * the index the refusals are read through (none: a pass in key order, each page and agent's days
 * together, so the check is made once a pair after grouping; through the index by day it is made
 * on each day's row before grouping, so only the few pairs left are sorted to group).
 */
const BLOCKED_SQL = (w: string, index: string): string => {
  const byDay = index !== '';
  return `
  WITH refused AS (
    SELECT r.site, r.url, r.agent, sum(r.hits) AS refused
    FROM crawl_refused_days r ${index} WHERE ${w} ${byDay ? `AND ${NOT_SERVED_SINCE('r')}` : ''}
    GROUP BY r.site, r.url, r.agent
  ),
  blocked AS (
    SELECT a.* FROM refused a ${byDay ? '' : `WHERE ${NOT_SERVED_SINCE('a')}`}
  ),
  browser_pages AS (
    SELECT p.site, p.url, b.status, sum(b.hits) AS hits
    FROM (SELECT DISTINCT site, url FROM blocked) p
    JOIN crawl_browser_hits b ON b.site = p.site AND b.url = p.url
    WHERE b.day >= ? AND b.status BETWEEN 200 AND 299
    GROUP BY p.site, p.url, b.status
  )
  SELECT a.site, a.url, a.agent, 403 AS agentStatus,
         (SELECT bp.status FROM browser_pages bp WHERE bp.site = a.site AND bp.url = a.url
          ORDER BY bp.hits DESC, bp.status LIMIT 1) AS browserStatus
  FROM blocked a
  WHERE EXISTS (SELECT 1 FROM browser_pages bp WHERE bp.site = a.site AND bp.url = a.url)
  ORDER BY a.refused DESC, a.url, a.agent`;
};

/**
 * Whether the period holds most of the refusals' days: then its refusals are summed in one pass
 * in key order (no sort); a short one reads its days through the index by day and sorts those
 * few. Judged from the first and last day refused (two seeks), never by counting rows.
 */
function readsMostDays(db: Database.Database, sinceDay: string): boolean {
  // Two subqueries: SQLite reads a lone min() or max() from an end of the index by day, but scans
  // it for both in one select.
  const span = stmt(
    db,
    'SELECT (SELECT min(day) FROM crawl_refused_days) AS first, (SELECT max(day) FROM crawl_refused_days) AS last',
  ).get() as {
    first: string | null;
    last: string | null;
  };
  if (span.first === null || span.last === null || sinceDay <= span.first) return true;
  const day = (iso: string): number => Date.parse(`${iso}T00:00:00Z`);
  return day(span.last) - day(sinceDay) > 0.5 * (day(span.last) - day(span.first));
}

export function crawlBlockedPages(db: Database.Database, filter: CrawlFilter): CrawlBlockedPage[] {
  const since = filter.sinceDay ?? '';
  const inKeyOrder = since === '' || readsMostDays(db, since);
  const w = where(filter, 'r', inKeyOrder);
  const index = inKeyOrder ? '' : 'INDEXED BY crawl_refused_days_by_day';
  return stmt(db, BLOCKED_SQL(w.sql, index)).all(...w.params, since, since) as CrawlBlockedPage[];
}
