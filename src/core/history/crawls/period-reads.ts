import type Database from 'better-sqlite3';
import { mondayOfIsoDay } from '../../../shared/calendar-week';
import { stmt } from '../connection';
import type { CrawlEngineFilter, CrawlEnginePeriod, CrawlEngineWeek } from './types';
import { type Clause, pageKey, weekScan, weekSpan, weeksRead, type WeeksRead } from './week-scans';

// Verified hits over a period per engine: whole weeks from the weekly roll-up's running sums
// (migration 042: each page's total less its running sum before a week, one seek per agent and
// page), or by week when the period starts near the first week or ends near the last
// (week-scans.ts). A period starting mid-week is cut at a Monday and its first days read from
// the day rows: the days from its start to the next Monday added, or, when fewer, the days of
// its first week before its start taken away from that whole week (a period starting on a
// Tuesday reads one day, not six). Each read sums per agent; the rows are then folded per engine
// here through the catalogue's map of agents to engines (an agent feeding several engines counts
// for each), without a sort in SQL.

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

/**
 * Where a period is cut: its weeks from `week` on, and the days [from, to) of its first week
 * added to them (`sign` 1: the days before the next Monday) or taken away (-1: the days of the
 * week it starts in, before its start), whichever reads fewer days.
 */
interface PeriodCut {
  week: string;
  days: [string, string];
  sign: 1 | -1;
}

/**
 * How a period is read: cut at the Monday before its start when that reads fewer days and no
 * more weeks: its weeks from that Monday taken from each page's total (one week fewer before
 * them than from the next Monday), or sought per page either way. Else cut at the next Monday:
 * a period ending near the last week sums its weeks, and one week more of every page would cost
 * more than the days it saves.
 */
function planOf(db: Database.Database, sinceDay: string | undefined): { cut: PeriodCut; read: WeeksRead } {
  const since = sinceDay ?? '';
  if (since === '') return { cut: { week: '', days: ['', ''], sign: 1 }, read: 'seek' };
  const span = weekSpan(db);
  const next = firstWholeWeek(since);
  const fromNext: { cut: PeriodCut; read: WeeksRead } = {
    cut: { week: next, days: [since, next], sign: 1 },
    read: weeksRead(span, next),
  };
  const monday = mondayOfIsoDay(since);
  const before = Math.round((Date.parse(`${since}T00:00:00Z`) - Date.parse(`${monday}T00:00:00Z`)) / DAY_MS);
  if (before === 0 || before >= 7 - before) return fromNext;
  const read = weeksRead(span, monday);
  const noMoreWeeks = read === 'total-less-before' || (read === 'seek' && fromNext.read === 'seek');
  return noMoreWeeks ? { cut: { week: monday, days: [monday, since], sign: -1 }, read } : fromNext;
}

/** The filter's agents, each with the engines it feeds. */
function enginesByAgent(filter: CrawlEngineFilter): Map<string, string[]> {
  const allowed = filter.agents ? new Set(filter.agents) : null;
  const map = new Map<string, string[]>();
  for (const [agent, engine] of filter.agentEngines)
    if (allowed === null || allowed.has(agent)) map.set(agent, [...(map.get(agent) ?? []), engine]);
  return map;
}

/** The agents' clause (over an alias) and its parameters: the agents named, as JSON. */
function agentsOf(map: Map<string, string[]>, alias: string): { sql: string; params: string[] } {
  return {
    sql: `AND ${alias}.agent IN (SELECT value FROM json_each(?))`,
    params: [JSON.stringify([...map.keys()])],
  };
}

/**
 * Per agent and page: the hits of the weeks from the cut (the page's total less its running sum
 * before them), whether it was fetched in the recent period (its last day fetched), and, apart,
 * the hits of the first days added or taken away (EDGE_SQL).
 */
const PAGES_SQL = (k: string, h: string, sign: 1 | -1): string => `
  SELECT k.agent, k.url, k.hits - coalesce((
           SELECT w.running FROM crawl_verified_weeks w
           WHERE w.agent = k.agent AND w.url = k.url AND w.week < ? AND w.site = k.site
           ORDER BY w.week DESC LIMIT 1), 0) AS weeks, 0 AS edge, k.last_day >= ? AS recent
  FROM crawl_verified_pages k WHERE 1 ${k}
  UNION ALL
  ${EDGE_SQL(h, sign)}`;

/**
 * The hits of the period's first days per agent, page and day, in the index's order: summed per
 * engine and page as they are read (a sort by page cost more). Days added are the first days'
 * (edge); days taken away come off the weeks.
 */
const EDGE_SQL = (h: string, sign: 1 | -1): string => `
  SELECT h.agent, h.url, ${sign === 1 ? '0, h.hits' : '-h.hits, 0'}, 0 FROM crawl_hits h
  WHERE h.day >= ? AND h.day < ? AND h.verified = 1 ${h}`;

/** Per agent: the hits of one week (the week a period starts in, when cut at its Monday). */
const AGENT_WEEK_SQL = (w: string): string => `
  SELECT w.agent, w.hits FROM crawl_verified_agent_weeks w WHERE w.week = ? ${w}`;

/** Per agent, page and site: the hits of every day imported, and whether fetched lately. */
const PAGE_TOTALS_SQL = (k: string): string => `
  SELECT k.agent, k.url, k.site, k.hits, k.last_day >= ? AS recent
  FROM crawl_verified_pages k WHERE 1 ${k}`;

/** The period's whole weeks per week and agent (its first days come with the pages). */
const WEEKS_SQL = (w: string): string => `
  SELECT w.week, w.agent, sum(w.hits) AS hits FROM crawl_verified_agent_weeks w
  WHERE w.week >= ? ${w} GROUP BY w.week, w.agent ORDER BY w.week`;

/** Hits per engine and key, in the order keys first come; an agent's hits go to each of its engines. */
class EngineSums {
  private readonly sums = new Map<string, Map<string, number>>();
  constructor(private readonly engines: Map<string, string[]>) {}
  add(agent: string, key: string, hits: number): void {
    for (const engine of this.engines.get(agent) ?? []) {
      let keys = this.sums.get(engine);
      if (keys === undefined) this.sums.set(engine, (keys = new Map()));
      keys.set(key, (keys.get(key) ?? 0) + hits);
    }
  }
  /** A row per engine and key, made by `make` as it is read (null: left out). */
  rows<R>(make: (engine: string, key: string, hits: number) => R | null): R[] {
    const rows: R[] = [];
    for (const [engine, keys] of this.sums)
      for (const [key, hits] of keys) {
        const row = make(engine, key, hits);
        if (row !== null) rows.push(row);
      }
    return rows;
  }
}

/** The site's and the agents' clauses over one alias, joined. */
function clauses(f: CrawlEngineFilter, map: Map<string, string[]>, alias: string): Clause {
  const site = siteOf(f, alias);
  const agents = agentsOf(map, alias);
  return { sql: `${agents.sql} ${site.sql}`, params: [...agents.params, ...site.params] };
}

/** agent, url, the whole weeks' hits, the first days' hits, fetched lately (1 or 0). */
type PageRow = [string, string, number, number, number];

interface ScanPlan {
  read: Exclude<WeeksRead, 'seek'>;
  cut: PeriodCut;
  recentSince: string;
}

/**
 * The rows PAGES_SQL gives, in its order (every page, then the first days'), with the weeks from
 * the cut read by week: each page's total less the weeks before, or the sum of the weeks from.
 */
function scannedRows(
  db: Database.Database,
  plan: ScanPlan,
  { k, h, w }: Record<'k' | 'h' | 'w', Clause>,
): PageRow[] {
  const weeks = weekScan(db, plan.read, plan.cut.week, w);
  const totals = stmt(db, PAGE_TOTALS_SQL(k.sql))
    .raw()
    .all(plan.recentSince, ...k.params) as Array<[string, string, string, number, number]>;
  const rows: PageRow[] = totals.map(([agent, url, site, hits, recent]) => {
    const scanned = weeks.get(pageKey(agent, url, site)) ?? 0;
    return [agent, url, plan.read === 'from-week' ? scanned : hits - scanned, 0, recent];
  });
  const edge = stmt(db, EDGE_SQL(h.sql, plan.cut.sign))
    .raw()
    .all(...plan.cut.days, ...h.params) as PageRow[];
  return rows.concat(edge);
}

/**
 * Per agent: the hits of the first days when the period was cut at the Monday before its start,
 * its first week's hits less the days taken away (`takenAway`, negative per agent).
 */
function firstDaysOfWeek(
  db: Database.Database,
  cut: PeriodCut,
  takenAway: ReadonlyMap<string, number>,
  w: Clause,
): Map<string, number> {
  const byAgent = new Map(takenAway);
  const week = stmt(db, AGENT_WEEK_SQL(w.sql))
    .raw()
    .all(cut.week, ...w.params) as Array<[string, number]>;
  for (const [agent, hits] of week) byAgent.set(agent, (byAgent.get(agent) ?? 0) + hits);
  return byAgent;
}

/**
 * Per engine and page, the period's hits and whether it was fetched in the recent period; per
 * engine, the hits of the period's first days (their week's).
 */
function pageSums(db: Database.Database, f: CrawlEngineFilter, map: Map<string, string[]>) {
  const [k, h, w] = [clauses(f, map, 'k'), clauses(f, map, 'h'), clauses(f, map, 'w')];
  const { cut, read } = planOf(db, f.sinceDay);
  const recentSince = f.recentSinceDay ?? f.sinceDay ?? '';
  const rows =
    read === 'seek'
      ? (stmt(db, PAGES_SQL(k.sql, h.sql, cut.sign))
          .raw()
          .all(cut.week, recentSince, ...k.params, ...cut.days, ...h.params) as PageRow[])
      : scannedRows(db, { read, cut, recentSince }, { k, h, w });
  const pages = new EngineSums(map);
  const firstDays = new EngineSums(map);
  const recent = new EngineSums(map);
  // A page's row never has fewer than no hits: only the days taken away do.
  const takenAway = new Map<string, number>();
  for (const [agent, url, weeks, edgeHits, fetchedLately] of rows) {
    if (weeks + edgeHits !== 0) pages.add(agent, url, weeks + edgeHits);
    if (edgeHits > 0) firstDays.add(agent, '', edgeHits);
    if (weeks < 0) takenAway.set(agent, (takenAway.get(agent) ?? 0) + weeks);
    if (fetchedLately === 1) recent.add(agent, url, 1);
  }
  if (cut.sign === -1)
    for (const [agent, hits] of firstDaysOfWeek(db, cut, takenAway, w))
      if (hits > 0) firstDays.add(agent, '', hits);
  return {
    pages: pages.rows((engine, url, hits) => (hits > 0 ? { engine, url, hits } : null)),
    firstDays: firstDays.rows((engine, _, hits) => ({ engine, hits })),
    recent: recent.rows((engine, url) => ({ engine, url })),
  };
}

/** Per week and engine: the first days' week (when the period starts mid-week), then whole weeks. */
function weekSums(
  db: Database.Database,
  f: CrawlEngineFilter,
  map: Map<string, string[]>,
  firstDays: ReadonlyArray<{ engine: string; hits: number }>,
): CrawlEngineWeek[] {
  const w = clauses(f, map, 'w');
  const firstWeek = f.sinceDay === undefined ? '' : firstWholeWeek(f.sinceDay);
  const byEngine = (a: { engine: string }, b: { engine: string }): number =>
    a.engine < b.engine ? -1 : a.engine > b.engine ? 1 : 0;
  const edgeWeek = f.sinceDay === undefined ? '' : mondayOfIsoDay(f.sinceDay);
  const out: CrawlEngineWeek[] = [...firstDays].sort(byEngine).map((d) => ({ week: edgeWeek, ...d }));
  const rows = stmt(db, WEEKS_SQL(w.sql))
    .raw()
    .all(firstWeek, ...w.params) as Array<[string, string, number]>;
  let week = '';
  let sums = new EngineSums(map);
  const flush = (): void => {
    const done = sums.rows((engine, _, hits) => ({ week, engine, hits }));
    out.push(...done.sort(byEngine));
    sums = new EngineSums(map);
  };
  for (const [at, agent, hits] of rows) {
    if (at !== week) flush();
    week = at;
    sums.add(agent, '', hits);
  }
  flush();
  return out;
}

/**
 * Verified hits per engine and page and per week and engine over the period, and the pages each
 * engine fetched in the recent period (from `recentSinceDay`; the period itself when absent).
 */
export function crawlEnginePeriod(db: Database.Database, f: CrawlEngineFilter): CrawlEnginePeriod {
  const map = enginesByAgent(f);
  const { pages, firstDays, recent } = pageSums(db, f, map);
  return { pages, weeks: weekSums(db, f, map, firstDays), recent };
}

/** The agents with verified hits, whatever the period (few: the catalogue's names). */
export const crawlVerifiedAgents = (db: Database.Database): string[] =>
  (stmt(db, 'SELECT DISTINCT agent FROM crawl_verified_agent_weeks').all() as Array<{ agent: string }>).map(
    (r) => r.agent,
  );
