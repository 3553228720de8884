// The analysis export's vocabulary: the tables it writes (each one small module under tables/),
// what a caller asks for, and what it gets back. The history stays as it is; the export is a
// plain copy in tidy tables that any tool reads without Parallax (the stock sqlite3 shell,
// DuckDB, pandas, R, BI tools).

export const DB_EXPORT_FORMATS = ['sqlite', 'parquet'] as const;
export type DbExportFormat = (typeof DB_EXPORT_FORMATS)[number];

/**
 * What a column holds. Written as SQLite TEXT/INTEGER/REAL (timestamps as ISO 8601 UTC text,
 * days as YYYY-MM-DD, booleans as 0/1) and as typed Parquet columns (TIMESTAMP WITH TIME ZONE,
 * DATE, BOOLEAN, INTEGER, DOUBLE, VARCHAR).
 */
export type ColumnKind = 'text' | 'integer' | 'real' | 'boolean' | 'timestamp' | 'date';

export interface ExportColumn {
  name: string;
  kind: ColumnKind;
  /**
   * The value in SQL over the history (read-only, the tables' aliases as the table's `from`
   * names them): a timestamp in ms since the epoch, a date as a UTC day number (days since
   * 1970-01-01), a boolean as 0/1.
   */
  sql: string;
  /** False when the column is never NULL (declared NOT NULL in SQLite). */
  nullable: boolean;
  /** A column of another exported table this one joins to (a declared foreign key in SQLite). */
  references?: { table: string; column: string };
  /**
   * A text kept in an answer's compressed document (results.doc): read as that part's UTF-8
   * bytes in JS, passed to the writers as bytes. `sql` is then the value for a row without a
   * document (rows stored before documents existed and not upgraded yet).
   */
  docPart?: { doc: string; part: number };
}

/**
 * The temp table of keys (column k) a table's rows are read by, in batches of consecutive keys
 * (so a cancel is seen between batches and memory stays one batch): the results, jobs, runs,
 * days or brands the export covers.
 */
export type ScopeName = 'scope_results' | 'scope_jobs' | 'scope_runs' | 'scope_days' | 'scope_brands';

export interface ExportTable {
  name: string;
  /** One sentence for the analyst (docs/reference/data-model.md says more). */
  description: string;
  columns: readonly ExportColumn[];
  primaryKey?: readonly string[];
  /** Indexed in the SQLite output beside the primary key (the join keys). */
  indexes?: ReadonlyArray<readonly string[]>;
  /** The scope table whose keys the rows are read by, in batches. */
  scope: ScopeName;
  /**
   * FROM … (joins) after SELECT. A batch is the keys in (@lo, @hi]: the reader adds
   * `batchKey > @lo AND batchKey <= @hi`, and `from` may use @lo and @hi too (in a subquery).
   */
  from: string;
  /** The SQL of the scope key the batch bounds apply to (`s.k` when `from` joins the scope as s). */
  batchKey: string;
  /** Extra conditions (ANDed), if any. */
  where?: string;
  /** Row order within a batch (batches come in key order). */
  orderBy: string;
  /** Rows per Parquet row group (wide text tables want small groups to keep memory flat). */
  rowGroupRows?: number;
  /** Parquet: the rows are lists of ids into distinct tuples, expanded by DuckDB (ListedRows). */
  listed?: ListedRows;
}

/**
 * A table whose rows the history keeps as one list per answer of ids into a table of distinct
 * tuples (sources: source_lists' text_ids into source_texts). The Parquet writer hands DuckDB
 * the distinct tuples once and each answer's list as it is stored (one row per answer, not per
 * source), and DuckDB spells the rows out (unnest and join) on its own threads.
 */
export interface ListedRows {
  /** FROM for one row per scope key and list (joins the scope as `s`; batchKey and orderBy apply). */
  lists: string;
  /** The list's ids (a JSON array of integers; a null is a deleted row, skipped). */
  ids: string;
  /** The matching positions (a JSON array), or NULL when they are 1, 2, 3…. */
  positions: string;
  /** The table's columns read once per list (their `sql` over `lists`). */
  perList: readonly string[];
  /** The column holding the position. */
  position: string;
  /** FROM for the distinct tuples and their id: every other column's `sql` reads them. */
  tuples: string;
  tupleId: string;
}

/** Which answers (and so which runs, jobs, days) the export covers. */
export interface DbExportFilter {
  /** First and last UTC day (days since 1970-01-01), both included; absent = the whole history. */
  fromDay?: number;
  toDay?: number;
  /** Only the runs of this monitor. */
  monitorId?: string;
}

/** What a table's progress counts (its scope's keys). */
export const SCOPE_UNITS: Record<ScopeName, string> = {
  scope_results: 'answers',
  scope_jobs: 'jobs',
  scope_runs: 'runs',
  scope_days: 'days',
  scope_brands: 'brands',
};

export interface DbExportProgress {
  /** The table being written. */
  table: string;
  /** Keys of that table done, and in all, counted in `unit` (answers, jobs, runs, days, brands). */
  done: number;
  total: number;
  unit: string;
  /** Tables finished, and in all. */
  tablesDone: number;
  tables: number;
}

export interface DbExportTableOutcome {
  table: string;
  rows: number;
  /** Parquet: the table's file and its size. */
  file?: string;
  bytes?: number;
}

export interface DbExportOutcome {
  format: DbExportFormat;
  /** The SQLite file, or the folder of Parquet files. */
  path: string;
  /** Bytes written (the file, or every file of the folder). */
  bytes: number;
  tables: DbExportTableOutcome[];
  elapsedMs: number;
  /** True when some exported answers are synthetic (the sandbox or the demo history). */
  synthetic: boolean;
}

export class DbExportCanceledError extends Error {
  override readonly name = 'DbExportCanceledError';
  constructor() {
    super('The export was canceled');
  }
}

/** Bad input (an output path that cannot be used, an unknown monitor): nothing was written. */
export class DbExportInputError extends Error {
  override readonly name = 'DbExportInputError';
}
