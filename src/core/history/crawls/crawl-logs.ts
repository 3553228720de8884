import { stmt, type StoreContext } from '../connection';
import { crawlBlockedPages } from './blocked-reads';
import { where } from './filters';
import { crawlEnginePeriod, crawlVerifiedAgents } from './period-reads';
import { addToRollups, insertMany } from './rollups';
import { TouchedPages } from './running';
import type {
  BrowserHitRow,
  CrawlDayRow,
  CrawlFileRecord,
  CrawlFileWrite,
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
    crawlBlockedPages: (filter) => crawlBlockedPages(db, filter),
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
