import type Database from 'better-sqlite3';
import { mondayOfIsoDay } from '../../../shared/calendar-week';
import { stmt } from '../connection';
import type { CrawlEngineFilter, CrawlEnginePage, CrawlEngineWeek } from './types';

// Verified hits over a period, folded per engine in SQL: the period's whole weeks from the
// roll-ups (migration 039), its first days before its first Monday from the day rows, each
// summed per agent first (one ordered pass), then per engine through the catalogue's map of
// agents to engines, handed in as JSON (an agent feeding several engines counts for each).

const DAY_MS = 86_400_000;

/** The first Monday on or after the day: where the period's whole weeks begin. */
export function firstWholeWeek(sinceDay: string): string {
  const monday = mondayOfIsoDay(sinceDay);
  if (monday === sinceDay) return monday;
  return new Date(Date.parse(`${monday}T00:00:00Z`) + 7 * DAY_MS).toISOString().slice(0, 10);
}

/** The site's clause (over an alias) and its parameters. */
function siteOf(filter: CrawlEngineFilter, alias: string): { sql: string; params: string[] } {
  return filter.site !== undefined
    ? { sql: `AND ${alias}.site = ?`, params: [filter.site] }
    : { sql: '', params: [] };
}

/** A period's whole weeks from this Monday on, and its first days before it: [since, Monday). */
function weeksAndEdge(sinceDay: string | undefined): { firstWeek: string; edge: [string, string] } {
  const since = sinceDay ?? '';
  const firstWeek = since === '' ? '' : firstWholeWeek(since);
  return { firstWeek, edge: [since, firstWeek] };
}

/** JSON [[agent, engine], …] of the filter's agents. */
function mapOf(filter: CrawlEngineFilter): string {
  const allowed = filter.agents ? new Set(filter.agents) : null;
  return JSON.stringify(filter.agentEngines.filter(([agent]) => allowed === null || allowed.has(agent)));
}

const MAP = `map(agent, engine) AS (SELECT value ->> 0, value ->> 1 FROM json_each(?))`;

const EDGE = (site: string, sums: string): string => `
    SELECT h.agent, h.url, ${sums} FROM crawl_hits h
    WHERE h.day >= ? AND h.day < ? AND h.verified = 1 AND h.agent IN (SELECT agent FROM map) ${site}
    GROUP BY h.agent, h.url`;

/**
 * Two periods in one pass over the roll-up: the asked one (hits) and the recent one (recent),
 * each its whole weeks plus its own first days.
 */
const PAGES_SQL = (w: string, h: string): string => `
  WITH ${MAP},
  per_agent AS (
    SELECT w.agent, w.url, sum(w.hits) FILTER (WHERE w.week >= ?) AS hits,
           sum(w.hits) FILTER (WHERE w.week >= ?) AS recent
    FROM crawl_verified_weeks w
    WHERE w.agent IN (SELECT agent FROM map) AND w.week >= ? ${w}
    GROUP BY w.agent, w.url
    UNION ALL ${EDGE(h, 'sum(h.hits), NULL')}
    UNION ALL ${EDGE(h, 'NULL, sum(h.hits)')}
  )
  SELECT m.engine, p.url, sum(p.hits) AS hits, sum(p.recent) AS recent
  FROM per_agent p JOIN map m ON m.agent = p.agent
  GROUP BY m.engine, p.url ORDER BY m.engine, p.url`;

const WEEKS_SQL = (w: string, h: string): string => `
  WITH ${MAP},
  per_agent AS (
    SELECT w.week, w.agent, sum(w.hits) AS hits FROM crawl_verified_agent_weeks w
    WHERE w.agent IN (SELECT agent FROM map) AND w.week >= ? ${w}
    GROUP BY w.week, w.agent
    UNION ALL
    SELECT date(h.day, '-6 days', 'weekday 1'), h.agent, sum(h.hits) FROM crawl_hits h
    WHERE h.day >= ? AND h.day < ? AND h.verified = 1 AND h.agent IN (SELECT agent FROM map) ${h}
    GROUP BY 1, 2
  )
  SELECT p.week, m.engine, sum(p.hits) AS hits FROM per_agent p JOIN map m ON m.agent = p.agent
  GROUP BY p.week, m.engine ORDER BY p.week, m.engine`;

interface PageSums {
  engine: string;
  url: string;
  hits: number | null;
  recent: number | null;
}

/**
 * Verified hits per engine and page over the period, and the pages each engine fetched in the
 * recent period (from `recentSinceDay`; the period itself when absent).
 */
export function crawlEnginePages(
  db: Database.Database,
  f: CrawlEngineFilter,
): { pages: CrawlEnginePage[]; recent: CrawlEnginePage[] } {
  const asked = weeksAndEdge(f.sinceDay);
  const recent = weeksAndEdge(f.recentSinceDay ?? f.sinceDay);
  const [w, h] = [siteOf(f, 'w'), siteOf(f, 'h')];
  const first = asked.firstWeek < recent.firstWeek ? asked.firstWeek : recent.firstWeek;
  const rows = stmt(db, PAGES_SQL(w.sql, h.sql)).all(
    mapOf(f),
    asked.firstWeek,
    recent.firstWeek,
    first,
    ...w.params,
    ...asked.edge,
    ...h.params,
    ...recent.edge,
    ...h.params,
  ) as PageSums[];
  const of = (key: 'hits' | 'recent'): CrawlEnginePage[] =>
    rows.flatMap((r) => {
      const hits = r[key];
      return hits === null ? [] : [{ engine: r.engine, url: r.url, hits }];
    });
  return { pages: of('hits'), recent: of('recent') };
}

/** Verified hits per week (Monday) and engine over the period (its first week: its days in it). */
export function crawlEngineWeeks(db: Database.Database, f: CrawlEngineFilter): CrawlEngineWeek[] {
  const { firstWeek, edge } = weeksAndEdge(f.sinceDay);
  const [w, h] = [siteOf(f, 'w'), siteOf(f, 'h')];
  return stmt(db, WEEKS_SQL(w.sql, h.sql)).all(
    mapOf(f),
    firstWeek,
    ...w.params,
    ...edge,
    ...h.params,
  ) as CrawlEngineWeek[];
}

/** The agents with verified hits, whatever the period (few: the catalogue's names). */
export const crawlVerifiedAgents = (db: Database.Database): string[] =>
  (stmt(db, 'SELECT DISTINCT agent FROM crawl_verified_agent_weeks').all() as Array<{ agent: string }>).map(
    (r) => r.agent,
  );
