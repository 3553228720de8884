import { mondayOfIsoDay } from '../../../shared/calendar-week';
import { insertRows, pluck, stmt, type StoreContext } from '../connection';

// The funnel totals teammates shared with the workspace, as the last sync pulled them: per
// sharing desktop (the team server's writer mark), per day × engine × page. A pull stages a
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
  engine: string;
  /** The page's path without query, fragment or trailing slash. */
  page: string;
  crawledHits: number;
  referredSessions: number;
  keyEvents: number;
}

/** Every sharer's counts of one week (its Monday), engine and page, within a period. */
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

export interface SharedFunnelApi {
  sharedFunnelWriters(): SharedFunnelWriter[];
  /** Keeps a page of a writer's rows aside while a pull reads them; `first` drops any a cut pull left. */
  stageSharedFunnel(writer: string, rows: readonly SharedFunnelDay[], first: boolean): void;
  /** Replaces the writer's rows with those staged, and its record, in one transaction; returns the rows. */
  commitSharedFunnel(writer: SharedFunnelWriter): number;
  /** Removes the writers not named (gone from the server: sharing turned off); returns how many. */
  keepSharedFunnelWriters(writers: readonly string[]): number;
  /** Every writer's counts from `sinceDay` (YYYY-MM-DD) on, added up per week × engine × page. */
  sharedFunnelWeeks(sinceDay: string): SharedFunnelWeek[];
  ownFunnelInputs(): OwnFunnelInputs;
}

const COLUMNS = 'writer, day, week, engine, page, crawled_hits, referred_sessions, key_events';
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
      return [writer, r.day, week, r.engine, r.page, r.crawledHits, r.referredSessions, r.keyEvents];
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
    sharedFunnelWeeks(sinceDay) {
      return stmt(
        db,
        `SELECT week, engine, page, sum(crawled_hits) AS crawledHits, sum(referred_sessions) AS referredSessions,
           sum(key_events) AS keyEvents FROM shared_funnel_days WHERE day >= ? GROUP BY week, engine, page`,
      ).all(sinceDay) as SharedFunnelWeek[];
    },
    ownFunnelInputs() {
      const row = stmt(
        db,
        `SELECT EXISTS (SELECT 1 FROM crawl_files) AS logs, EXISTS (SELECT 1 FROM outcome_traffic) AS traffic`,
      ).get() as { logs: number; traffic: number };
      return { logs: row.logs === 1, traffic: row.traffic === 1 };
    },
  };
}
