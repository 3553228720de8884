import type Database from 'better-sqlite3';
import { createAnswerKeys } from './answer-keys';
import type { DbExportFilter, ScopeName } from './types';

// What the export covers, as temp tables of keys on the reader's connection (the temp schema
// is writable on a read-only connection): the results, jobs, runs, days and brands in scope.
// Each table's rows are read by ranges of its scope's keys, and every table reads the same
// scope, so their joins resolve (each answer's run and job are exported, each source's answer).
//
// A period covers whole UTC days: an answer is in it by the time it was fetched, a job by its
// answer's time, else when it finished (or was created, if it never ran); a run when one of its
// jobs is. A monitor keeps only its runs.

const DAY_MS = 86_400_000;

export interface ScopeCounts {
  results: number;
  jobs: number;
  runs: number;
  days: number;
  brands: number;
}

/**
 * The last answer another thread's snapshot saw: a thread writing some tables of an export on
 * a connection of its own reads no answer stored after the export began.
 */
export interface ScopeLimits {
  maxSeq: number;
}

export interface ScopeLookups {
  /** The label each engine is shown under (the service profile's); others keep their name. */
  engineLabels: Readonly<Record<string, string>>;
  /** The demo history's runs (its record in the history's meta table). */
  demoRunIds: readonly string[];
}

interface Bounds {
  from: number | null;
  to: number | null;
  monitor: string | null;
}

function boundsOf(filter: DbExportFilter): Bounds {
  return {
    from: filter.fromDay === undefined ? null : filter.fromDay * DAY_MS,
    to: filter.toDay === undefined ? null : (filter.toDay + 1) * DAY_MS,
    monitor: filter.monitorId ?? null,
  };
}

/**
 * The conditions of the filter in SQL: only those that apply, so the planner can use the
 * history's indexes (results by fetch time, runs by monitor); an `@x IS NULL OR …` condition
 * would make it scan every row.
 */
function conditions(bounds: Bounds, time: string): string {
  const parts = [
    ...(bounds.monitor === null ? [] : ['ru.monitor_id = @monitor']),
    ...(bounds.from === null ? [] : [`${time} >= @from`]),
    ...(bounds.to === null ? [] : [`${time} < @to`]),
  ];
  return parts.length === 0 ? '1' : parts.join(' AND ');
}

/** Job states that never have an answer stored (a succeeded job always has one). */
const UNANSWERED = `('pending', 'queued', 'running', 'failed', 'interrupted', 'canceled')`;

const SCOPE_SQL: Record<ScopeName, (bounds: Bounds | null) => string> = {
  // CROSS JOIN fixes the join order: from the answers of the period (by fetch time), or from
  // the monitor's runs when no period is given.
  // Every answer: unordered (createScope), so the planner reads the keys from an index of the
  // answers (a few MB) rather than their table (every answer's row and document: GBs at 1M).
  scope_results: (b) =>
    !b
      ? 'SELECT seq FROM results WHERE @maxSeq IS NULL OR seq <= @maxSeq'
      : b.from === null && b.to === null
        ? `SELECT r.seq FROM runs ru CROSS JOIN jobs j CROSS JOIN results r
           WHERE j.run_id = ru.id AND r.job_id = j.id AND ${conditions(b, 'r.fetched_at')}
             AND (@maxSeq IS NULL OR r.seq <= @maxSeq)`
        : `SELECT r.seq FROM results r CROSS JOIN jobs j CROSS JOIN runs ru
           WHERE j.id = r.job_id AND ru.id = j.run_id AND ${conditions(b, 'r.fetched_at')}
             AND (@maxSeq IS NULL OR r.seq <= @maxSeq)`,
  // The answered jobs of the answers in scope, and the jobs without an answer by when they ended
  // (found through each run's jobs by state, an index the history keeps).
  scope_jobs: (b) =>
    b
      ? `SELECT job FROM temp.answer_jobs
         UNION
         SELECT j.rowid FROM runs ru JOIN jobs j ON j.run_id = ru.id AND j.job_state IN ${UNANSWERED}
         WHERE ${conditions(b, 'coalesce(j.finished_at, j.created_at)')}
           AND NOT EXISTS (SELECT 1 FROM results r WHERE r.job_id = j.id)`
      : 'SELECT rowid FROM jobs',
  scope_runs: (b) =>
    b
      ? `SELECT DISTINCT ru.rowid FROM temp.scope_jobs s JOIN jobs j ON j.rowid = s.k JOIN runs ru ON ru.id = j.run_id`
      : 'SELECT rowid FROM runs',
  // The Visibility roll-ups' days of the runs in scope (vis_cell counts each run's answers by day).
  scope_days: (b) =>
    `SELECT DISTINCT c.day FROM vis_cell c JOIN temp.scope_vis_runs v ON v.id = c.run
     WHERE ${b?.from == null ? '1' : 'c.day >= @fromDay'} AND ${b?.to == null ? '1' : 'c.day <= @toDay'}`,
  scope_brands: () => 'SELECT rowid FROM brands',
};

/** Order matters: jobs come from results, runs from jobs, days from the runs' Visibility ids. */
const SCOPE_ORDER: readonly ScopeName[] = [
  'scope_results',
  'scope_jobs',
  'scope_runs',
  'scope_days',
  'scope_brands',
];

function createLookups(db: Database.Database, lookups: ScopeLookups): void {
  db.exec(`CREATE TEMP TABLE engine_labels (engine TEXT PRIMARY KEY, label TEXT NOT NULL);
    CREATE TEMP TABLE demo_runs (run_id TEXT PRIMARY KEY)`);
  const label = db.prepare('INSERT INTO temp.engine_labels (engine, label) VALUES (?, ?)');
  for (const [engine, text] of Object.entries(lookups.engineLabels)) label.run(engine, text);
  const demo = db.prepare('INSERT OR IGNORE INTO temp.demo_runs (run_id) VALUES (?)');
  for (const id of lookups.demoRunIds) demo.run(id);
}

/** The scopes a scope is made from (each SCOPE_SQL reads the ones before it). */
const NEEDS: Record<ScopeName, readonly ScopeName[]> = {
  scope_results: [],
  scope_jobs: ['scope_results'],
  scope_runs: ['scope_jobs', 'scope_results'],
  scope_days: ['scope_runs', 'scope_jobs', 'scope_results'],
  scope_brands: [],
};

/**
 * Fills the scope tables (temp.scope_*, each `k INTEGER PRIMARY KEY`) for the filter, plus
 * temp.scope_vis_runs (the Visibility ids of the runs in scope), the answers' keys
 * (answer-keys.ts), temp.engine_labels and temp.demo_runs. Run inside the export's read
 * transaction, so it sees the rows the tables read.
 */
export function createScope(
  db: Database.Database,
  filter: DbExportFilter,
  lookups: ScopeLookups,
  limits?: ScopeLimits,
  /** Only these scopes (and what they are made from); default every one. */
  wanted: readonly ScopeName[] = SCOPE_ORDER,
): ScopeCounts {
  const needed = new Set(wanted.flatMap((name) => [name, ...NEEDS[name]]));
  const bounds = boundsOf(filter);
  const filtered = bounds.from !== null || bounds.to !== null || bounds.monitor !== null ? bounds : null;
  const params = {
    ...bounds,
    fromDay: filter.fromDay ?? null,
    toDay: filter.toDay ?? null,
    maxSeq: limits?.maxSeq ?? null,
  };
  createLookups(db, lookups);
  const count = (name: string): number =>
    db.prepare(`SELECT count(*) FROM temp.${name}`).pluck().get() as number;
  const counts = new Map<ScopeName, number>();
  for (const name of SCOPE_ORDER) {
    db.exec(`CREATE TEMP TABLE ${name} (k INTEGER PRIMARY KEY)`);
    if (!needed.has(name)) continue;
    const sql = SCOPE_SQL[name](filtered);
    const order = name === 'scope_results' && !filtered ? '' : ' ORDER BY 1';
    db.prepare(`INSERT INTO temp.${name} (k) ${sql}${order}`).run(usedParams(sql, params));
    counts.set(name, count(name));
    if (name === 'scope_results')
      createAnswerKeys(db, {
        filtered: filtered !== null,
        maxSeq: params.maxSeq,
        jobs: needed.has('scope_jobs'),
      });
    if (name === 'scope_runs') {
      db.exec(`CREATE TEMP TABLE scope_vis_runs (id INTEGER PRIMARY KEY);
        INSERT INTO temp.scope_vis_runs (id)
          SELECT v.id FROM vis_runs v JOIN runs ru ON ru.id = v.run_id JOIN temp.scope_runs s ON s.k = ru.rowid`);
    }
  }
  return {
    results: counts.get('scope_results') ?? 0,
    jobs: counts.get('scope_jobs') ?? 0,
    runs: counts.get('scope_runs') ?? 0,
    days: counts.get('scope_days') ?? 0,
    brands: counts.get('scope_brands') ?? 0,
  };
}

/** The named parameters a statement uses (better-sqlite3 refuses values a statement does not name). */
export function usedParams<T extends Record<string, unknown>>(sql: string, params: T): Partial<T> {
  const named = new Set([...sql.matchAll(/@(\w+)/g)].map((m) => m[1]));
  return Object.fromEntries(Object.entries(params).filter(([name]) => named.has(name))) as Partial<T>;
}

export interface BatchBounds {
  /** Keys in (lo, hi]. */
  lo: number;
  hi: number;
  /** How many scope keys that is. */
  keys: number;
}

/**
 * The batches of a scope: consecutive ranges (lo, hi] of its keys, `size` keys each, in key
 * order, the first starting just below the first key (so a range never reaches keys before
 * the scope's). Read in one statement (every size-th key), not by paging.
 */
export function batchBounds(db: Database.Database, scope: ScopeName, size: number): BatchBounds[] {
  const cuts = db
    .prepare(
      `SELECT k, n, total FROM (SELECT k, row_number() OVER (ORDER BY k) AS n, count(*) OVER () AS total
         FROM temp.${scope}) WHERE n = 1 OR n % @size = 0 OR n = total ORDER BY k`,
    )
    .raw(true)
    .all({ size }) as Array<[number, number, number]>;
  const [first] = cuts;
  if (!first) return [];
  const bounds: BatchBounds[] = [];
  let lo = first[0] - 1;
  let before = 0;
  for (const [k, n, total] of cuts) {
    // The first key is read for where the first range starts; it ends a range only as a cut.
    if (n % size !== 0 && n !== total) continue;
    bounds.push({ lo, hi: k, keys: n - before });
    lo = k;
    before = n;
  }
  return bounds;
}
