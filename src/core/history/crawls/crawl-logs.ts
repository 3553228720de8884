import { multiRowSql, stmt, type StoreContext } from '../connection';
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

// The crawler-log day totals (migration 030): written one file per transaction, read as the
// totals `parallax bots` and the funnel show.

/** Rows per INSERT: 128 × 7 values, far under SQLite's limit on parameters. */
const BATCH = 128;

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

const BLOCKED_SQL = (w: string): string => `
  WITH agent_pages AS (
    SELECT h.site, h.url, h.agent,
           sum(h.hits) FILTER (WHERE h.status = 403) AS refused,
           sum(h.hits) FILTER (WHERE h.status BETWEEN 200 AND 299) AS served
    FROM crawl_hits h WHERE ${w} GROUP BY h.site, h.url, h.agent
  ),
  browser_pages AS (
    SELECT b.site, b.url, b.status, sum(b.hits) AS hits FROM crawl_browser_hits b
    WHERE b.status BETWEEN 200 AND 299 AND b.day >= ? GROUP BY b.site, b.url, b.status
  )
  SELECT a.site, a.url, a.agent, 403 AS agentStatus,
         (SELECT bp.status FROM browser_pages bp WHERE bp.site = a.site AND bp.url = a.url
          ORDER BY bp.hits DESC, bp.status LIMIT 1) AS browserStatus
  FROM agent_pages a
  WHERE a.refused > 0 AND a.served IS NULL
    AND EXISTS (SELECT 1 FROM browser_pages bp WHERE bp.site = a.site AND bp.url = a.url)
  ORDER BY a.refused DESC, a.url, a.agent`;

export function createCrawlLogsApi(ctx: StoreContext): CrawlLogsApi {
  const { db } = ctx;
  const addHits = (rows: readonly CrawlHitRow[]): void =>
    insertMany(
      'INSERT INTO crawl_hits (site, day, agent, url, status, verified, hits)',
      '(?, ?, ?, ?, ?, ?, ?)',
      ' ON CONFLICT (site, day, agent, url, status, verified) DO UPDATE SET hits = hits + excluded.hits',
      rows,
      (r) => [r.site, r.day, r.agent, r.url, r.status, r.verified ? 1 : 0, r.hits],
    );
  const addBrowsers = (rows: readonly BrowserHitRow[]): void =>
    insertMany(
      'INSERT INTO crawl_browser_hits (site, day, url, status, hits)',
      '(?, ?, ?, ?, ?)',
      ' ON CONFLICT (site, day, url, status) DO UPDATE SET hits = hits + excluded.hits',
      rows,
      (r) => [r.site, r.day, r.url, r.status, r.hits],
    );
  /** Rows BATCH at a time: one statement per batch costs a fraction of one per row. */
  const insertMany = <T>(
    head: string,
    tuple: string,
    tail: string,
    rows: readonly T[],
    values: (r: T) => unknown[],
  ) => {
    for (let i = 0; i < rows.length; i += BATCH) {
      const part = rows.slice(i, i + BATCH);
      stmt(db, multiRowSql(head, tuple, part.length, tail)).run(...part.flatMap(values));
    }
  };
  const begin = (file: CrawlFileRecord): CrawlFileWrite | null => {
    // A transaction held across DuckDB's awaits: BEGIN IMMEDIATE takes the write lock at once,
    // so the rows of one file are never interleaved with another writer's.
    db.exec('BEGIN IMMEDIATE');
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
      db.exec('ROLLBACK');
      return null;
    }
    return {
      addHits: (rows) => ctx.guard(() => addHits(rows)),
      addBrowsers: (rows) => ctx.guard(() => addBrowsers(rows)),
      commit: () => ctx.guard(() => db.exec('COMMIT')),
      rollback: () => {
        if (db.inTransaction) db.exec('ROLLBACK');
      },
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
      const w = where(filter);
      return stmt(db, BLOCKED_SQL(w.sql)).all(...w.params, filter.sinceDay ?? '') as CrawlBlockedPage[];
    },
    crawlWeeks(filter) {
      const w = where(filter);
      return stmt(
        db,
        `SELECT date(h.day, '-6 days', 'weekday 1') AS week, h.agent, h.url, sum(h.hits) AS hits
         FROM crawl_hits h WHERE ${w.sql} AND h.verified = 1
         GROUP BY week, h.agent, h.url ORDER BY week, h.agent, h.url`,
      ).all(...w.params) as Array<{ week: string; agent: string; url: string; hits: number }>;
    },
    crawlDays(filter) {
      const w = where(filter);
      return stmt(
        db,
        `SELECT h.day, h.agent, h.url, sum(h.hits) AS hits FROM crawl_hits h
         WHERE ${w.sql} AND h.verified = 1 GROUP BY h.day, h.agent, h.url ORDER BY h.day, h.agent, h.url`,
      ).all(...w.params) as CrawlDayRow[];
    },
  };
}
