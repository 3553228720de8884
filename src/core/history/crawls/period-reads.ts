import type Database from 'better-sqlite3';
import { mondayOfIsoDay } from '../../../shared/calendar-week';
import { stmt } from '../connection';
import type { CrawlEngineFilter, CrawlEnginePage, CrawlEngineWeek } from './types';

// Verified hits over a period, folded per engine in SQL: the period's whole weeks from the
// roll-ups (migration 038), its first days before its first Monday from the day rows, each
// summed per agent first (one ordered pass), then per engine through the catalogue's map of
// agents to engines, handed in as JSON (an agent feeding several engines counts for each).

const DAY_MS = 86_400_000;

/** The first Monday on or after the day: where the period's whole weeks begin. */
export function firstWholeWeek(sinceDay: string): string {
  const monday = mondayOfIsoDay(sinceDay);
  if (monday === sinceDay) return monday;
  return new Date(Date.parse(`${monday}T00:00:00Z`) + 7 * DAY_MS).toISOString().slice(0, 10);
}

interface Split {
  /** JSON [[agent, engine], …]. */
  map: string;
  firstWeek: string;
  /** The days read from the day rows: sinceDay ≤ day < firstWeek. */
  edge: [string, string];
  site: string;
  siteParams: string[];
}

function split(filter: CrawlEngineFilter, alias: string): Split {
  const allowed = filter.agents ? new Set(filter.agents) : null;
  const pairs = filter.agentEngines.filter(([agent]) => allowed === null || allowed.has(agent));
  const since = filter.sinceDay ?? '';
  const firstWeek = since === '' ? '' : firstWholeWeek(since);
  return {
    map: JSON.stringify(pairs),
    firstWeek,
    edge: [since, firstWeek],
    site: filter.site !== undefined ? `AND ${alias}.site = ?` : '',
    siteParams: filter.site !== undefined ? [filter.site] : [],
  };
}

const MAP = `map(agent, engine) AS (SELECT value ->> 0, value ->> 1 FROM json_each(?))`;

const PAGES_SQL = (w: string, h: string): string => `
  WITH ${MAP},
  per_agent AS (
    SELECT w.agent, w.url, sum(w.hits) AS hits FROM crawl_verified_weeks w
    WHERE w.agent IN (SELECT agent FROM map) AND w.week >= ? ${w}
    GROUP BY w.agent, w.url
    UNION ALL
    SELECT h.agent, h.url, sum(h.hits) FROM crawl_hits h
    WHERE h.day >= ? AND h.day < ? AND h.verified = 1 AND h.agent IN (SELECT agent FROM map) ${h}
    GROUP BY h.agent, h.url
  )
  SELECT m.engine, p.url, sum(p.hits) AS hits FROM per_agent p JOIN map m ON m.agent = p.agent
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

function read<T>(db: Database.Database, sql: (w: string, h: string) => string, f: CrawlEngineFilter): T[] {
  const w = split(f, 'w');
  const h = split(f, 'h');
  return stmt(db, sql(w.site, h.site)).all(
    w.map,
    w.firstWeek,
    ...w.siteParams,
    ...h.edge,
    ...h.siteParams,
  ) as T[];
}

/** Verified hits per engine and page over the period. */
export const crawlEnginePages = (db: Database.Database, f: CrawlEngineFilter): CrawlEnginePage[] =>
  read<CrawlEnginePage>(db, PAGES_SQL, f);

/** Verified hits per week (Monday) and engine over the period (its first week: its days in it). */
export const crawlEngineWeeks = (db: Database.Database, f: CrawlEngineFilter): CrawlEngineWeek[] =>
  read<CrawlEngineWeek>(db, WEEKS_SQL, f);

/** The agents with verified hits, whatever the period (few: the catalogue's names). */
export const crawlVerifiedAgents = (db: Database.Database): string[] =>
  (stmt(db, 'SELECT DISTINCT agent FROM crawl_verified_agent_weeks').all() as Array<{ agent: string }>).map(
    (r) => r.agent,
  );
