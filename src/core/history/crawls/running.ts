import type Database from 'better-sqlite3';
import { stmt } from '../connection';
import { insertMany } from './rollups';
import type { CrawlHitRow } from './types';

// The weekly roll-up's running sums (migration 042) brought up to date once per file: the pages
// a file's verified rows touched are gathered while they are written, and at commit each one's
// running sums are computed again from its weeks, so a file holding older days than those already
// imported leaves every later week's sum right too.

const TOUCHED = {
  head: 'INSERT OR IGNORE INTO temp.crawl_touched (agent, url, site)',
  tuple: '(?, ?, ?)',
  tail: '',
};

const RUNNING_SQL = /* sql */ `
  UPDATE crawl_verified_weeks AS w SET running = r.running FROM (
    SELECT v.agent, v.url, v.week, v.site,
           sum(v.hits) OVER (PARTITION BY v.agent, v.url, v.site ORDER BY v.week) AS running
    FROM temp.crawl_touched t
    JOIN crawl_verified_weeks v ON v.agent = t.agent AND v.url = t.url AND v.site = t.site
  ) AS r
  WHERE w.agent = r.agent AND w.url = r.url AND w.week = r.week AND w.site = r.site
    AND w.running <> r.running`;

/** The (agent, page, site) keys a file's verified rows touched, settled at its commit. */
export class TouchedPages {
  private readonly keys = new Map<string, [string, string, string]>();

  add(rows: readonly CrawlHitRow[]): void {
    for (const r of rows) {
      if (!r.verified) continue;
      const key = `${r.agent}\u0000${r.url}\u0000${r.site}`;
      if (!this.keys.has(key)) this.keys.set(key, [r.agent, r.url, r.site]);
    }
  }

  /** Recomputes the touched pages' running sums (inside the file's transaction). */
  settle(db: Database.Database): void {
    if (this.keys.size === 0) return;
    db.exec(
      'CREATE TEMP TABLE IF NOT EXISTS crawl_touched (agent TEXT, url TEXT, site TEXT, PRIMARY KEY (agent, url, site)) WITHOUT ROWID',
    );
    try {
      insertMany(db, TOUCHED, [...this.keys.values()], (k) => k);
      stmt(db, RUNNING_SQL).run();
    } finally {
      db.exec('DELETE FROM temp.crawl_touched');
    }
    this.keys.clear();
  }
}
