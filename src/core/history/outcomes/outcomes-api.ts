import type Database from 'better-sqlite3';
import { stmt, type StoreContext } from '../connection';
import { readTraffic, refreshTrafficWeekly } from './traffic-weekly';
import type {
  ConnectionKind,
  OutcomeBatch,
  OutcomeConnection,
  OutcomeHolding,
  OutcomeWriteCounts,
  QuerySum,
  SearchRow,
  TrafficRow,
  TrafficDay,
  TrafficSum,
} from './outcome-rows';

// First-party outcomes in the history: each batch written in one transaction, a row keyed by
// its origin, site, period and what it counts, so importing the same export again replaces
// its rows and adds nothing twice.

export interface OutcomesApi {
  /** Stores a batch of imported or pulled rows; rows already stored get the batch's numbers. */
  writeOutcomes(batch: OutcomeBatch): OutcomeWriteCounts;
  /**
   * Referred sessions and key events per week (Monday to Sunday, for day-level rows) or per
   * export range (rows without days), referrer and landing page, from fromDay on.
   */
  outcomeTraffic(filter?: { fromDay?: number; site?: string }): TrafficSum[];
  /**
   * AI-referred sessions and key events per day, site, engine (the service's) and landing page,
   * from fromDay on: day-level rows only (an export's whole range has no day).
   */
  outcomeTrafficDays(fromDay: number): TrafficDay[];
  /** Search Console's and Bing's queries, summed over their periods and sites, from fromDay on. */
  outcomeQueries(filter?: { fromDay?: number }): QuerySum[];
  /** What is stored, per origin, site and table. */
  outcomeHoldings(): OutcomeHolding[];
  saveOutcomeConnection(connection: OutcomeConnection): void;
  outcomeConnections(): OutcomeConnection[];
  deleteOutcomeConnection(kind: ConnectionKind): boolean;
}

const SEARCH_TABLES = { queries: ['outcome_queries', 'query'], pages: ['outcome_pages', 'url'] } as const;

function writeTraffic(db: Database.Database, batch: OutcomeBatch, at: number, row: TrafficRow): boolean {
  const existed = stmt(
    db,
    `SELECT 1 FROM outcome_traffic WHERE origin = ? AND site = ? AND from_day = ? AND to_day = ?
       AND source_medium = ? AND landing_page = ?`,
  ).get(batch.origin, batch.site, row.fromDay, row.toDay, row.sourceMedium, row.landingPage);
  stmt(
    db,
    `INSERT OR REPLACE INTO outcome_traffic (origin, site, from_day, to_day, source_medium, landing_page,
       referrer, engine, sessions, key_events, imported_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  ).run(
    batch.origin,
    batch.site,
    row.fromDay,
    row.toDay,
    row.sourceMedium,
    row.landingPage,
    row.referrer,
    row.engine,
    row.sessions,
    row.keyEvents,
    at,
  );
  return existed !== undefined;
}

function writeSearch(
  db: Database.Database,
  table: keyof typeof SEARCH_TABLES,
  batch: OutcomeBatch,
  at: number,
  row: SearchRow,
): boolean {
  const [name, column] = SEARCH_TABLES[table];
  const key = [batch.origin, batch.site, row.fromDay, row.toDay, row.key];
  const existed = stmt(
    db,
    `SELECT 1 FROM ${name} WHERE origin = ? AND site = ? AND from_day = ? AND to_day = ? AND ${column} = ?`,
  ).get(...key);
  stmt(
    db,
    `INSERT OR REPLACE INTO ${name} (origin, site, from_day, to_day, ${column}, clicks, impressions,
       citations, imported_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  ).run(...key, row.clicks, row.impressions, row.citations, at);
  return existed !== undefined;
}

const TABLES = { traffic: 'outcome_traffic', queries: 'outcome_queries', pages: 'outcome_pages' } as const;

/**
 * Rows of other periods lying inside the span a batch covers (its first day to its last): a
 * newer export of those days replaces them, so no day is counted twice. Rows reaching outside
 * the span stay. Returns how many were removed.
 */
function supersede(db: Database.Database, batch: OutcomeBatch): number {
  let removed = 0;
  for (const table of Object.keys(TABLES) as (keyof typeof TABLES)[]) {
    const rows = (batch[table] ?? []).filter((r) => r.fromDay > 0);
    if (rows.length === 0) continue;
    // A loop, not Math.min(...rows): a year of daily rows is more arguments than a call takes.
    let from = Infinity;
    let to = -Infinity;
    for (const r of rows) {
      from = Math.min(from, r.fromDay);
      to = Math.max(to, r.toDay);
    }
    const periods = new Set(rows.map((r) => `${r.fromDay}:${r.toDay}`));
    const inside = stmt(
      db,
      `SELECT DISTINCT from_day AS f, to_day AS t FROM ${TABLES[table]}
       WHERE origin = ? AND site = ? AND from_day >= ? AND to_day <= ?`,
    ).all(batch.origin, batch.site, from, to) as { f: number; t: number }[];
    for (const p of inside.filter((p) => !periods.has(`${p.f}:${p.t}`))) {
      removed += stmt(
        db,
        `DELETE FROM ${TABLES[table]} WHERE origin = ? AND site = ? AND from_day = ? AND to_day = ?`,
      ).run(batch.origin, batch.site, p.f, p.t).changes;
    }
  }
  return removed;
}

export function createOutcomesApi(ctx: StoreContext): OutcomesApi {
  const { db, now } = ctx;
  const write = db.transaction((batch: OutcomeBatch): OutcomeWriteCounts => {
    const at = now();
    const counts = { added: 0, replaced: 0, superseded: supersede(db, batch) };
    const count = (replaced: boolean): void => void (replaced ? counts.replaced++ : counts.added++);
    for (const row of batch.traffic ?? []) count(writeTraffic(db, batch, at, row));
    for (const row of batch.queries ?? []) count(writeSearch(db, 'queries', batch, at, row));
    for (const row of batch.pages ?? []) count(writeSearch(db, 'pages', batch, at, row));
    refreshTrafficWeekly(db, batch);
    return counts;
  });
  return {
    writeOutcomes: (batch) => write.immediate(batch),
    outcomeTraffic(filter = {}) {
      return readTraffic(db, filter.fromDay ?? 0, filter.site ?? null);
    },
    outcomeQueries(filter = {}) {
      return stmt(
        db,
        `SELECT origin, query, sum(clicks) AS clicks, sum(impressions) AS impressions,
           sum(citations) AS citations
         FROM outcome_queries WHERE to_day >= @fromDay GROUP BY origin, query ORDER BY origin, query`,
      ).all({ fromDay: filter.fromDay ?? 0 }) as QuerySum[];
    },
    outcomeTrafficDays(fromDay) {
      return stmt(
        db,
        `SELECT from_day AS day, site, engine, landing_page AS landingPage, sum(sessions) AS sessions,
           sum(key_events) AS keyEvents
         FROM outcome_traffic WHERE from_day = to_day AND from_day >= ? AND engine IS NOT NULL
         GROUP BY from_day, site, engine, landing_page ORDER BY from_day, site, engine, landing_page`,
      ).all(Math.max(fromDay, 1)) as TrafficDay[];
    },
    outcomeHoldings() {
      const per = (table: string, name: OutcomeHolding['table']): string =>
        `SELECT origin, site, '${name}' AS "table", count(*) AS rows, min(from_day) AS fromDay,
           max(to_day) AS toDay, max(imported_at) AS importedAt FROM ${table} GROUP BY origin, site`;
      return stmt(
        db,
        `${per('outcome_traffic', 'traffic')} UNION ALL ${per('outcome_queries', 'queries')}
         UNION ALL ${per('outcome_pages', 'pages')} ORDER BY 1, 2, 3`,
      ).all() as OutcomeHolding[];
    },
    saveOutcomeConnection(c) {
      stmt(
        db,
        `INSERT OR REPLACE INTO outcome_connections (kind, property, auth, connected_at, pulled_at, pull_error)
         VALUES (?, ?, ?, ?, ?, ?)`,
      ).run(c.kind, c.property, c.auth, c.connectedAt, c.pulledAt, c.pullError);
    },
    outcomeConnections() {
      return stmt(
        db,
        `SELECT kind, property, auth, connected_at AS connectedAt, pulled_at AS pulledAt,
           pull_error AS pullError FROM outcome_connections ORDER BY kind`,
      ).all() as OutcomeConnection[];
    },
    deleteOutcomeConnection(kind) {
      return stmt(db, `DELETE FROM outcome_connections WHERE kind = ?`).run(kind).changes > 0;
    },
  };
}
