import { stmt, type StoreContext } from '../connection';
import { crawlEnginePeriod, crawlVerifiedAgents } from './period-reads';
import { addToRollups, insertMany } from './rollups';
import { TouchedPages } from './running';
import type {
  BrowserHitRow,
  CrawlBlockedPage,
  CrawlDayRow,
  CrawlFileRecord,
  CrawlFileWrite,
  CrawlFilter,
  CrawlHitRow,
  CrawlLogsApi,
} from './types';

// The crawler-log day totals (migration 030) and their roll-ups (migration 039): written one file
// per transaction, read as the totals `parallax bots` and the funnel show.

/** The page cache while a file's rows are written: 64 MiB (negative: KiB, as SQLite counts it). */
const IMPORT_CACHE_KIB = -65_536;

const HITS_SQL = {
  head: 'INSERT INTO crawl_hits (site, day, agent, url, status, verified, hits)',
  tuple: '(?, ?, ?, ?, ?, ?, ?)',
  tail: ' ON CONFLICT (site, day, agent, url, status, verified) DO UPDATE SET hits = hits + excluded.hits',
};
const BROWSERS_SQL = {
  head: 'INSERT INTO crawl_browser_hits (site, day, url, status, hits)',
  tuple: '(?, ?, ?, ?, ?)',
  tail: ' ON CONFLICT (site, day, url, status) DO UPDATE SET hits = hits + excluded.hits',
};

const FILE_COLUMNS = `fingerprint, name, bytes, format, lines, kept, malformed, imported_at AS importedAt`;

/** A WHERE clause (over the alias `h`) and its parameters for a filter. */
function where(filter: CrawlFilter, alias = 'h'): { sql: string; params: unknown[] } {
  const parts: string[] = ['1'];
  const params: unknown[] = [];
  if (filter.sinceDay) {
    parts.push(`${alias}.day >= ?`);
    params.push(filter.sinceDay);
  }
  if (filter.site !== undefined) {
    parts.push(`${alias}.site = ?`);
    params.push(filter.site);
  }
  if (filter.agents && filter.agents.length > 0) {
    parts.push(`${alias}.agent IN (${filter.agents.map(() => '?').join(', ')})`);
    params.push(...filter.agents);
  }
  return { sql: parts.join(' AND '), params };
}

/**
 * Pages refused (403) to an agent and never served it (2xx) since the period began, that
 * browsers were served: the refusals of the period first (few, from their roll-up), less those
 * served since (the last day each was), then browsers' hits on those pages only.
 */
const BLOCKED_SQL = (w: string): string => `
  WITH refused AS (
    SELECT r.site, r.url, r.agent, sum(r.hits) AS refused
    FROM crawl_refused_days r WHERE ${w} GROUP BY r.site, r.url, r.agent
  ),
  blocked AS (
    SELECT a.* FROM refused a WHERE NOT EXISTS (
      SELECT 1 FROM crawl_served_last s
      WHERE s.site = a.site AND s.url = a.url AND s.agent = a.agent AND s.day >= ?)
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

export function createCrawlLogsApi(ctx: StoreContext): CrawlLogsApi {
  const { db } = ctx;
  const addHits = (rows: readonly CrawlHitRow[], touched: TouchedPages): void => {
    insertMany(db, HITS_SQL, rows, (r) => [
      r.site,
      r.day,
      r.agent,
      r.url,
      r.status,
      r.verified ? 1 : 0,
      r.hits,
    ]);
    addToRollups(db, rows);
    touched.add(rows);
  };
  const addBrowsers = (rows: readonly BrowserHitRow[]): void =>
    insertMany(db, BROWSERS_SQL, rows, (r) => [r.site, r.day, r.url, r.status, r.hits]);
  const begin = (file: CrawlFileRecord): CrawlFileWrite | null => {
    // A transaction held across DuckDB's awaits: BEGIN IMMEDIATE takes the write lock at once,
    // so the rows of one file are never interleaved with another writer's.
    db.exec('BEGIN IMMEDIATE');
    const cacheBefore = db.pragma('cache_size', { simple: true }) as number;
    // The roll-ups take a year's rows week by week all over their B-tree: with the pages they
    // touch held in memory, a big file's import stops writing them out and reading them back.
    db.pragma(`cache_size = ${IMPORT_CACHE_KIB}`);
    const done = (sql: 'COMMIT' | 'ROLLBACK'): void => {
      try {
        if (sql === 'COMMIT' || db.inTransaction) db.exec(sql);
      } finally {
        db.pragma(`cache_size = ${cacheBefore}`);
      }
    };
    const added = stmt(
      db,
      `INSERT INTO crawl_files (fingerprint, name, bytes, format, lines, kept, malformed, imported_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (fingerprint) DO NOTHING`,
    ).run(
      file.fingerprint,
      file.name,
      file.bytes,
      file.format,
      file.lines,
      file.kept,
      file.malformed,
      file.importedAt,
    );
    if (added.changes === 0) {
      done('ROLLBACK');
      return null;
    }
    const touched = new TouchedPages();
    return {
      addHits: (rows) => ctx.guard(() => addHits(rows, touched)),
      addBrowsers: (rows) => ctx.guard(() => addBrowsers(rows)),
      commit: () =>
        ctx.guard(() => {
          touched.settle(db);
          done('COMMIT');
        }),
      rollback: () => done('ROLLBACK'),
    };
  };
  return {
    crawlFileImported(fingerprint) {
      const row = stmt(db, `SELECT ${FILE_COLUMNS} FROM crawl_files WHERE fingerprint = ?`).get(fingerprint);
      return (row as CrawlFileRecord | undefined) ?? null;
    },
    beginCrawlFile: begin,
    listCrawlFiles() {
      return stmt(
        db,
        `SELECT ${FILE_COLUMNS} FROM crawl_files ORDER BY imported_at DESC, name`,
      ).all() as CrawlFileRecord[];
    },
    crawlAgentTotals(filter) {
      const w = where(filter);
      const rows = stmt(
        db,
        `SELECT h.agent, h.verified, sum(h.hits) AS hits, count(DISTINCT h.site || ' ' || h.url) AS pages
         FROM crawl_hits h WHERE ${w.sql} GROUP BY h.agent, h.verified ORDER BY h.agent, h.verified DESC`,
      ).all(...w.params) as Array<{ agent: string; verified: number; hits: number; pages: number }>;
      return rows.map((r) => ({ ...r, verified: r.verified === 1 }));
    },
    crawlStatusTotals(filter) {
      const w = where(filter);
      return stmt(
        db,
        `SELECT h.agent, h.status, sum(h.hits) AS hits FROM crawl_hits h WHERE ${w.sql}
         GROUP BY h.agent, h.status ORDER BY h.agent, h.status`,
      ).all(...w.params) as Array<{ agent: string; status: number; hits: number }>;
    },
    crawlBlockedPages(filter) {
      const w = where(filter, 'r');
      const since = filter.sinceDay ?? '';
      return stmt(db, BLOCKED_SQL(w.sql)).all(...w.params, since, since) as CrawlBlockedPage[];
    },
    crawlEnginePeriod: (filter) => crawlEnginePeriod(db, filter),
    crawlVerifiedAgents: () => crawlVerifiedAgents(db),
    crawlDays(filter) {
      const w = where(filter);
      return stmt(
        db,
        `SELECT h.day, h.site, h.agent, h.url, sum(h.hits) AS hits FROM crawl_hits h
         WHERE ${w.sql} AND h.verified = 1 GROUP BY h.day, h.site, h.agent, h.url
         ORDER BY h.day, h.site, h.agent, h.url`,
      ).all(...w.params) as CrawlDayRow[];
    },
  };
}
