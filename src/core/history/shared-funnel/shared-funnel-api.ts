import { mondayOfIsoDay } from '../../../shared/calendar-week';
import { insertRows, pluck, stmt, type StoreContext } from '../connection';

// The funnel totals teammates shared with the workspace, as the last sync pulled them: per
// sharing desktop (the team server's writer mark), per site × day × engine × page. A pull stages a
// writer's rows page by page and then replaces what was held of it in one transaction, so what
// is here is what the server held then, never added to, and a cut pull changes nothing. This
// history's own imports live in the crawl and outcome tables and are never written here.

/** One teammate's desktop that shares its totals. */
export interface SharedFunnelWriter {
  /** The team server's mark of the desktop: the teammate's role, a slash and its history id. */
  writer: string;
  /** The teammate's name on the team (their role). */
  sharer: string;
  rows: number;
  /** When the sharer last sent them (ms, the server's clock). */
  storedAt: number;
  /** When this history pulled them (ms). */
  pulledAt: number;
}

export interface SharedFunnelDay {
  /** YYYY-MM-DD (UTC). */
  day: string;
  /** The site the sharer imported (lower-case host; '' when its logs named none). */
  site: string;
  /** The service's engine name. */
  engine: string;
  /** The page's path without query, fragment or trailing slash. */
  page: string;
  crawledHits: number;
  referredSessions: number;
  keyEvents: number;
}

/** One writer's counts of one week (its Monday), engine and page of one site, within a period. */
export interface SharedFunnelWeek {
  week: string;
  engine: string;
  page: string;
  crawledHits: number;
  referredSessions: number;
  keyEvents: number;
}

/** Whether this history holds first-party inputs of its own: imported logs, analytics rows. */
export interface OwnFunnelInputs {
  logs: boolean;
  traffic: boolean;
}

/** A site a writer shares, with the rows held of it. */
export interface SharedFunnelSite {
  writer: string;
  site: string;
  rows: number;
}

/** One writer's rows of one site: what a reader takes for that site. */
export interface SharedFunnelPick {
  writer: string;
  site: string;
}

export interface SharedFunnelApi {
  sharedFunnelWriters(): SharedFunnelWriter[];
  /** Keeps a page of a writer's rows aside while a pull reads them; `first` drops any a cut pull left. */
  stageSharedFunnel(writer: string, rows: readonly SharedFunnelDay[], first: boolean): void;
  /** Replaces the writer's rows with those staged, and its record, in one transaction; returns the rows. */
  commitSharedFunnel(writer: SharedFunnelWriter): number;
  /** Removes the writers not named (gone from the server: sharing turned off); returns how many. */
  keepSharedFunnelWriters(writers: readonly string[]): number;
  /** The sites each writer shares, ordered by site and writer. */
  sharedFunnelSites(): SharedFunnelSite[];
  /**
   * The picked writers' counts of their sites from `sinceDay` (YYYY-MM-DD) on, per week ×
   * engine × page, one list entry per pick and row (the caller adds them up).
   */
  sharedFunnelWeeks(sinceDay: string, picks: readonly SharedFunnelPick[]): SharedFunnelWeek[];
  ownFunnelInputs(): OwnFunnelInputs;
  /** The sites this history imported logs or analytics of. */
  ownFunnelSites(): string[];
}

const COLUMNS = 'writer, site, day, week, engine, page, crawled_hits, referred_sessions, key_events';
const STAGE_HEAD = `INSERT INTO shared_funnel_staged (${COLUMNS})`;

export function createSharedFunnelApi(ctx: StoreContext): SharedFunnelApi {
  const { db } = ctx;
  const dropWriter = (writer: string): void => {
    stmt(db, `DELETE FROM shared_funnel_days WHERE writer = ?`).run(writer);
    stmt(db, `DELETE FROM shared_funnel_writers WHERE writer = ?`).run(writer);
  };
  const stage = db.transaction((writer: string, rows: readonly SharedFunnelDay[], first: boolean): void => {
    if (first) stmt(db, `DELETE FROM shared_funnel_staged WHERE writer = ?`).run(writer);
    // A writer's rows come ordered by day: each day's Monday is worked out once.
    let day = '';
    let week = '';
    const values = rows.map((r) => {
      if (r.day !== day) [day, week] = [r.day, mondayOfIsoDay(r.day)];
      return [writer, r.site, r.day, week, r.engine, r.page, r.crawledHits, r.referredSessions, r.keyEvents];
    });
    insertRows(db, STAGE_HEAD, values);
  });
  const commit = db.transaction((w: SharedFunnelWriter): number => {
    dropWriter(w.writer);
    const { changes } = stmt(
      db,
      `INSERT INTO shared_funnel_days (${COLUMNS}) SELECT ${COLUMNS} FROM shared_funnel_staged WHERE writer = ?`,
    ).run(w.writer);
    stmt(db, `DELETE FROM shared_funnel_staged WHERE writer = ?`).run(w.writer);
    stmt(
      db,
      `INSERT INTO shared_funnel_writers (writer, sharer, rows, stored_at, pulled_at) VALUES (?, ?, ?, ?, ?)`,
    ).run(w.writer, w.sharer, changes, w.storedAt, w.pulledAt);
    return changes;
  });
  const keep = db.transaction((writers: readonly string[]): number => {
    const kept = new Set(writers);
    const gone = (pluck(db, `SELECT writer FROM shared_funnel_writers`).all() as string[]).filter(
      (w) => !kept.has(w),
    );
    for (const w of gone) dropWriter(w);
    return gone.length;
  });
  return {
    sharedFunnelWriters() {
      return stmt(
        db,
        `SELECT writer, sharer, rows, stored_at AS storedAt, pulled_at AS pulledAt
           FROM shared_funnel_writers ORDER BY sharer, writer`,
      ).all() as SharedFunnelWriter[];
    },
    stageSharedFunnel: (writer, rows, first) => stage.immediate(writer, rows, first),
    commitSharedFunnel: (writer) => commit.immediate(writer),
    keepSharedFunnelWriters: (writers) => keep.immediate(writers),
    sharedFunnelSites() {
      return stmt(
        db,
        `SELECT writer, site, count(*) AS rows FROM shared_funnel_days GROUP BY writer, site ORDER BY site, writer`,
      ).all() as SharedFunnelSite[];
    },
    sharedFunnelWeeks(sinceDay, picks) {
      // One range of the key per pick: a writer's site is contiguous in it.
      const read = stmt(
        db,
        `SELECT week, engine, page, sum(crawled_hits) AS crawledHits, sum(referred_sessions) AS referredSessions,
           sum(key_events) AS keyEvents FROM shared_funnel_days WHERE writer = ? AND site = ? AND day >= ?
         GROUP BY week, engine, page`,
      );
      return picks.flatMap((p) => read.all(p.writer, p.site, sinceDay) as SharedFunnelWeek[]);
    },
    ownFunnelInputs() {
      const row = stmt(
        db,
        `SELECT EXISTS (SELECT 1 FROM crawl_files) AS logs, EXISTS (SELECT 1 FROM outcome_traffic) AS traffic`,
      ).get() as { logs: number; traffic: number };
      return { logs: row.logs === 1, traffic: row.traffic === 1 };
    },
    ownFunnelSites() {
      // The roll-ups hold every site with a verified or refused hit; the traffic rows every analytics site.
      return pluck(
        db,
        `SELECT site FROM crawl_verified_agent_weeks UNION SELECT site FROM crawl_refused_days
         UNION SELECT site FROM outcome_traffic ORDER BY 1`,
      ).all() as string[];
    },
  };
}
