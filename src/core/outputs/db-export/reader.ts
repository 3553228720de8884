import Database from 'better-sqlite3';
import { writeFileSync } from 'node:fs';
import { docPartBytes, registerStoreFunctions } from '../../history';
import { registerEvidenceText } from './evidence-text';
import { tuplesSql } from './parquet-lists';
import {
  batchBounds,
  type BatchBounds,
  createScope,
  usedParams,
  type ScopeCounts,
  type ScopeLimits,
  type ScopeLookups,
} from './scope';
import type { ColumnKind, DbExportFilter, ExportColumn, ExportTable, ScopeName } from './types';

// The history read for an export, on a read-only connection of its own (as run exports read
// it): the app's connection stays free to store answers meanwhile. The whole export reads one
// snapshot: a read transaction is opened before the scope is taken and held until close(), so
// every table sees the same answers however long the export takes (the app's WAL grows
// meanwhile and is checkpointed once the export is done).

/** Whom the rows are for: SQLite wants text timestamps and dates, Parquet the numbers. */
export type ReadTarget = 'sqlite' | 'parquet';

/** A value as the tables' SQL yields it; a document's text comes as its UTF-8 bytes (docPart). */
export type CellValue = string | number | Buffer | null;

/** Consecutive scope keys' rows, each row its columns' values in the table's order. */
export interface RowBatch {
  rows: CellValue[][];
  /** Scope keys the batch covered (answers, jobs, days…), for progress. */
  keys: number;
}

/** What the meta table says about the answers in scope. */
export interface ReaderFacts {
  /** Answers from the sandbox (synthetic engines): every demo answer is one. */
  syntheticAnswers: number;
  /** Answers of the demo history's runs. */
  demoAnswers: number;
}

export interface HistoryReader {
  readonly counts: ScopeCounts;
  facts(): ReaderFacts;
  /** Keys in a table's scope (what its progress counts). */
  total(table: ExportTable): number;
  /**
   * The table's rows, batch by batch, in order. A table's docPart columns are filled from its
   * documents; with `docs` 'packed' they are left to the caller (docFiller): each row then ends
   * with its documents, still compressed.
   */
  batches(table: ExportTable, target: ReadTarget, docs?: 'parts' | 'packed'): Generator<RowBatch>;
  /**
   * With an attached output (openHistoryReader's `attach`): copies a table with no document
   * part into it by SQL, batch by batch (INSERT … SELECT: no row crosses into JS).
   */
  copy(table: ExportTable, into: string): Generator<{ rows: number; keys: number }>;
  /** A table stored as lists (ExportTable.listed): its distinct tuples, in batches (parquet-lists.ts). */
  tuples(table: ExportTable): Generator<RowBatch>;
  /** The connection, for a writer of the attached output (same snapshot, same transaction). */
  connection(): Database.Database;
  /** Ends the snapshot's transaction (an attached output is then complete on disk). */
  commit(): void;
  /** The history's schema version (PRAGMA user_version). */
  schemaVersion(): number;
  /** What this snapshot saw, for another thread's reader of the same export. */
  limits(): ScopeLimits;
  close(): void;
}

/**
 * Keys per batch: a batch reads in well under 100 ms, so a cancel is seen within one. The
 * answers' and jobs' batches are one DuckDB chunk (the answers, the sources' lists and the jobs
 * are one row per key): each Parquet chunk then reads one batch whole, and no batch's rows
 * outlive the call that filled them, to be promoted to V8's old generation while the other
 * table's calls run.
 */
const BATCH_KEYS: Record<ScopeName, number> = {
  scope_results: 2_048,
  scope_jobs: 2_048,
  scope_runs: 500,
  scope_days: 31,
  scope_brands: 1_000,
};

/**
 * Distinct tuples per batch of a table stored as lists: one DuckDB chunk, so a batch is garbage
 * once its chunk is filled (20,000 outlived several calls, was promoted, and grew the old heap).
 */
const TUPLE_BATCH = 2_048;

const ISO_TIME = (x: string): string =>
  `CASE WHEN (${x}) IS NULL THEN NULL ELSE strftime('%Y-%m-%dT%H:%M:%S', (${x}) / 1000, 'unixepoch')` +
  ` || printf('.%03dZ', (${x}) % 1000) END`;

const SQLITE_VALUE: Partial<Record<ColumnKind, (x: string) => string>> = {
  timestamp: ISO_TIME,
  date: (x) => `date((${x}) * 86400, 'unixepoch')`,
};

/** A column's value as the target stores it (Parquet converts numbers to types in DuckDB). */
export function valueSql(column: ExportColumn, target: ReadTarget): string {
  // A document's part is read from the document in JS; SQL gives it only for rows without one.
  if (column.docPart) return `CASE WHEN ${column.docPart.doc} IS NULL THEN ${column.sql} END`;
  const convert = target === 'sqlite' ? SQLITE_VALUE[column.kind] : undefined;
  return convert ? convert(column.sql) : column.sql;
}

/** The documents a table's docPart columns read, each selected once after the columns. */
const docsOf = (table: ExportTable): string[] => [
  ...new Set(table.columns.flatMap((c) => (c.docPart ? [c.docPart.doc] : []))),
];

export function selectSql(table: ExportTable, target: ReadTarget): string {
  const values = [
    ...table.columns.map((c) => `${valueSql(c, target)} AS "${c.name}"`),
    ...docsOf(table).map((doc, i) => `${doc} AS "__doc_${i}"`),
  ].join(',\n  ');
  const where = [
    `${table.batchKey} > @lo`,
    `${table.batchKey} <= @hi`,
    ...(table.where ? [table.where] : []),
  ];
  return `SELECT ${values}\nFROM ${table.from}\nWHERE ${where.join(' AND ')}\nORDER BY ${table.orderBy}`;
}

/**
 * For a table with docPart columns: fills them from each row's documents (selected after the
 * columns) and drops the documents. Each document is decompressed once for all its parts, by
 * `unpack` (a writer that copies the bytes at once may unpack into space it reuses). A row
 * without its documents (already filled) is left as it is.
 */
export function docFiller(
  table: ExportTable,
  unpack: (packed: Buffer) => Array<Buffer | null> = docPartBytes,
): ((row: CellValue[]) => CellValue[]) | null {
  const docs = docsOf(table);
  if (docs.length === 0) return null;
  const width = table.columns.length;
  const fills = table.columns.flatMap((c, index) =>
    c.docPart ? [{ index, doc: docs.indexOf(c.docPart.doc), part: c.docPart.part }] : [],
  );
  return (row) => {
    const parts = docs.map((_, d) => {
      const packed = row[width + d];
      return Buffer.isBuffer(packed) ? unpack(packed) : null;
    });
    for (const { index, doc, part } of fills) {
      const bytes = parts[doc];
      if (bytes) row[index] = bytes[part] ?? null;
    }
    row.length = width;
    return row;
  };
}

const SCOPE_COUNT: Record<ScopeName, keyof ScopeCounts> = {
  scope_results: 'results',
  scope_jobs: 'jobs',
  scope_runs: 'runs',
  scope_days: 'days',
  scope_brands: 'brands',
};

export function openHistoryReader(
  path: string,
  filter: DbExportFilter,
  lookups: ScopeLookups,
  limits?: ScopeLimits,
  /** The tables this reader will read (default every one): only their scopes are taken. */
  tables?: readonly ExportTable[],
  /** A SQLite export's fresh output file, attached as `out` (see attachOutput). */
  attach?: string,
): HistoryReader {
  // A read-only connection cannot write an attached file, so one that attaches the output is
  // opened read-write; it never writes the history (every statement on it reads `main`, writes
  // only `out` or temp), and it opens only an existing history (fileMustExist).
  const db = new Database(path, { readonly: attach === undefined, fileMustExist: true });
  try {
    db.pragma('busy_timeout = 5000');
    if (attach !== undefined) attachOutput(db, attach);
    // The answers' texts are generated columns reading the compressed document (doc_text).
    registerStoreFunctions(db);
    // The positioning table's evidence, cut from the answer's text (evidence-text.ts).
    registerEvidenceText(db);
    // The history's pages, and sorts (their memory follows main's cache), up to this size.
    db.pragma('cache_size = -8000');
    // Temp tables (the scope, the answers' keys: 100+ MB at 1M answers) are written once and
    // read in key order, so a small cache does; the default (16 MB) filled up for nothing.
    db.pragma('temp.cache_size = -2000');
    db.exec('BEGIN');
    const counts = createScope(
      db,
      filter,
      lookups,
      limits,
      tables?.map((t) => t.scope),
    );
    return readerOver(db, counts);
  } catch (error) {
    db.close();
    throw error;
  }
}

/**
 * The SQLite export's output on the history's connection (before its transaction begins: ATTACH
 * and journal modes cannot change inside one): no journal (a failed export is deleted whole),
 * no syncs, held exclusively, a larger page cache for the writes.
 */
function attachOutput(db: Database.Database, file: string): void {
  // The connection opens only existing files (fileMustExist): an empty one is a new database.
  writeFileSync(file, '');
  db.prepare(`ATTACH DATABASE ? AS out`).run(file);
  // Keys are declared for readers, not checked as the tables fill (a no-op inside a transaction).
  db.pragma('foreign_keys = OFF');
  db.pragma('out.journal_mode = OFF');
  db.pragma('out.synchronous = OFF');
  db.pragma('out.locking_mode = EXCLUSIVE');
  // A larger cache for the answers' primary key (random ids: every insert lands on a page of
  // its own) and the indexes built at the end, sorted on a helper thread too (the second core
  // is idle by then).
  db.pragma('out.cache_size = -32000');
  db.pragma('threads = 1');
}

function readerOver(db: Database.Database, counts: ScopeCounts): HistoryReader {
  const statements = new Map<string, Database.Statement>();
  // A scope's batches are the same for every table read by it (one snapshot): cut once. Cutting
  // 1,000,000 answers' keys (a window over the temp table) took about 1 s of CPU, paid again by
  // each of the five tables read by the answers (the positioning ones empty on most histories).
  const cuts = new Map<ScopeName, BatchBounds[]>();
  const boundsOf = (scope: ScopeName): BatchBounds[] => {
    let bounds = cuts.get(scope);
    if (!bounds) {
      bounds = batchBounds(db, scope, BATCH_KEYS[scope]);
      cuts.set(scope, bounds);
    }
    return bounds;
  };
  const statementFor = (table: ExportTable, target: ReadTarget): Database.Statement => {
    const key = `${table.name}:${target}`;
    let stmt = statements.get(key);
    if (!stmt) {
      stmt = db.prepare(selectSql(table, target)).raw(true);
      statements.set(key, stmt);
    }
    return stmt;
  };
  return {
    counts,
    total: (table) => counts[SCOPE_COUNT[table.scope]],
    *batches(table, target, docs = 'parts') {
      const stmt = statementFor(table, target);
      const bounds = boundsOf(table.scope);
      const withDocs = docs === 'parts' ? docFiller(table) : null;
      for (const { lo, hi, keys } of bounds) {
        const rows = stmt.all(usedParams(stmt.source, { lo, hi })) as CellValue[][];
        yield { rows: withDocs ? rows.map(withDocs) : rows, keys };
      }
    },
    *copy(table, into) {
      const sql = selectSql(table, 'sqlite');
      const stmt = db.prepare(
        `INSERT INTO ${into} (${table.columns.map((c) => `"${c.name}"`).join(', ')})\n${sql}`,
      );
      for (const { lo, hi, keys } of boundsOf(table.scope)) {
        yield { rows: stmt.run(usedParams(sql, { lo, hi })).changes, keys };
      }
    },
    *tuples(table) {
      // Keyset batches, each statement run to its end: the connection serves other tables too.
      const stmt = db.prepare(tuplesSql(table, TUPLE_BATCH)).raw(true);
      for (let after = -Infinity; ;) {
        const rows = stmt.all({ after }) as CellValue[][];
        if (rows.length === 0) return;
        after = rows[rows.length - 1]?.[0] as number;
        yield { rows, keys: 0 };
      }
    },
    connection: () => db,
    commit: () => {
      if (db.inTransaction) db.exec('COMMIT');
    },
    facts: () =>
      db
        .prepare(
          `SELECT coalesce(sum(ru.sandbox), 0) AS syntheticAnswers,
             coalesce(sum(j.run_id IN (SELECT run_id FROM temp.demo_runs)), 0) AS demoAnswers
           FROM temp.scope_results s CROSS JOIN results r CROSS JOIN jobs j CROSS JOIN runs ru
           WHERE r.seq = s.k AND j.id = r.job_id AND ru.id = j.run_id`,
        )
        .get() as ReaderFacts,
    schemaVersion: () => db.pragma('user_version', { simple: true }) as number,
    limits: () => ({
      maxSeq: db.prepare('SELECT coalesce(max(seq), 0) FROM results').pluck().get() as number,
    }),
    close: () => {
      if (!db.open) return;
      if (db.inTransaction) db.exec('COMMIT');
      db.close();
    },
  };
}
