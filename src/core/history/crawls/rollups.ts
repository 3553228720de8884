import type Database from 'better-sqlite3';
import { mondayOfIsoDay } from '../../../shared/calendar-week';
import { multiRowSql, stmt } from '../connection';
import type { CrawlHitRow } from './types';

// The roll-ups of migration 039 kept up to date with the day totals: each batch of day rows an
// import adds is folded here (per week, per refusal, per last day served) and added to them in
// the same transaction, so a file's roll-ups land whole with its rows or not at all.

/** Rows per INSERT: 128 × at most 7 values, far under SQLite's limit on parameters. */
const BATCH = 128;

/** Rows BATCH at a time: one statement per batch costs a fraction of one per row. */
export function insertMany<T>(
  db: Database.Database,
  sql: { head: string; tuple: string; tail: string },
  rows: readonly T[],
  values: (r: T) => unknown[],
): void {
  for (let i = 0; i < rows.length; i += BATCH) {
    const part = rows.slice(i, i + BATCH);
    stmt(db, multiRowSql(sql.head, sql.tuple, part.length, sql.tail)).run(...part.flatMap(values));
  }
}

const SQL = {
  weeks: {
    head: 'INSERT INTO crawl_verified_weeks (agent, url, week, site, hits)',
    tuple: '(?, ?, ?, ?, ?)',
    tail: ' ON CONFLICT (agent, url, week, site) DO UPDATE SET hits = hits + excluded.hits',
  },
  agentWeeks: {
    head: 'INSERT INTO crawl_verified_agent_weeks (agent, week, site, hits)',
    tuple: '(?, ?, ?, ?)',
    tail: ' ON CONFLICT (agent, week, site) DO UPDATE SET hits = hits + excluded.hits',
  },
  refused: {
    head: 'INSERT INTO crawl_refused_days (site, url, agent, day, hits)',
    tuple: '(?, ?, ?, ?, ?)',
    tail: ' ON CONFLICT (site, url, agent, day) DO UPDATE SET hits = hits + excluded.hits',
  },
  pages: {
    head: 'INSERT INTO crawl_verified_pages (agent, url, site, hits, last_day)',
    tuple: '(?, ?, ?, ?, ?)',
    tail: ' ON CONFLICT (agent, url, site) DO UPDATE SET hits = hits + excluded.hits, last_day = max(last_day, excluded.last_day)',
  },
  served: {
    head: 'INSERT INTO crawl_served_last (site, url, agent, day)',
    tuple: '(?, ?, ?, ?)',
    tail: ' ON CONFLICT (site, url, agent) DO UPDATE SET day = max(day, excluded.day)',
  },
};

/** Sums keyed by the roll-up's key columns (joined by NUL, which no log field holds). */
class Sums {
  private readonly map = new Map<string, unknown[]>();
  add(columns: readonly unknown[], hits: number): void {
    const key = columns.join('\u0000');
    const row = this.map.get(key);
    if (row) (row[row.length - 1] as number) += hits;
    else this.map.set(key, [...columns, hits]);
  }
  /** Each key's columns followed by its sum. */
  rows(): unknown[][] {
    return [...this.map.values()];
  }
}

/** Per key, the hits summed and the last day seen. */
class Lasts {
  private readonly map = new Map<string, [string, string, string, number, string]>();
  add(agent: string, url: string, site: string, day: string, hits: number): void {
    const key = `${agent}\u0000${url}\u0000${site}`;
    const row = this.map.get(key);
    if (row === undefined) this.map.set(key, [agent, url, site, hits, day]);
    else {
      row[3] += hits;
      if (day > row[4]) row[4] = day;
    }
  }
  rows(): unknown[][] {
    return [...this.map.values()];
  }
}

/** One batch of day rows folded into the roll-ups' rows. */
function fold(rows: readonly CrawlHitRow[]) {
  const weeks = new Sums();
  const agentWeeks = new Sums();
  const pages = new Lasts();
  const refused = new Sums();
  const served = new Map<string, [string, string, string, string]>();
  const mondays = new Map<string, string>();
  for (const r of rows) {
    if (r.verified) {
      let week = mondays.get(r.day);
      if (week === undefined) mondays.set(r.day, (week = mondayOfIsoDay(r.day)));
      weeks.add([r.agent, r.url, week, r.site], r.hits);
      agentWeeks.add([r.agent, week, r.site], r.hits);
      pages.add(r.agent, r.url, r.site, r.day, r.hits);
    }
    if (r.status === 403) refused.add([r.site, r.url, r.agent, r.day], r.hits);
    if (r.status >= 200 && r.status <= 299) {
      const key = `${r.site}\u0000${r.url}\u0000${r.agent}`;
      const last = served.get(key);
      if (last === undefined) served.set(key, [r.site, r.url, r.agent, r.day]);
      else if (r.day > last[3]) last[3] = r.day;
    }
  }
  return { weeks, agentWeeks, pages, refused, served };
}

/**
 * Adds a batch of day rows (just added to crawl_hits) to the roll-ups; the weekly running sums
 * are settled once per file (TouchedPages).
 */
export function addToRollups(db: Database.Database, rows: readonly CrawlHitRow[]): void {
  const f = fold(rows);
  const same = (r: unknown[]): unknown[] => r;
  insertMany(db, SQL.weeks, f.weeks.rows(), same);
  insertMany(db, SQL.agentWeeks, f.agentWeeks.rows(), same);
  insertMany(db, SQL.pages, f.pages.rows(), same);
  insertMany(db, SQL.refused, f.refused.rows(), same);
  insertMany(db, SQL.served, [...f.served.values()], same);
}
