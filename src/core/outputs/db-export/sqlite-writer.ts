import Database from 'better-sqlite3';
import { statSync } from 'node:fs';
import type { CellValue, HistoryReader, RowBatch } from './reader';
import type { ColumnKind, DbExportTableOutcome, ExportColumn, ExportTable } from './types';
import type { TableWriter, Ticker } from './writer';

// The SQLite format: one plain file any SQLite reads (the stock sqlite3 shell, DB Browser,
// pandas' read_sql, Power BI's ODBC driver). Ordinary rowid tables with TEXT, INTEGER and REAL
// columns, no STRICT and no generated columns, nothing that needs a function Parallax registers;
// primary and foreign keys declared, indexes on the join keys (built once the rows are in, which
// is faster than keeping them up to date row by row).
//
// The file is a fresh one at the partial path, written without a journal (a failed export is
// deleted whole, never recovered), in a transaction per batch.

const TYPE: Record<ColumnKind, string> = {
  text: 'TEXT',
  integer: 'INTEGER',
  real: 'REAL',
  boolean: 'INTEGER',
  timestamp: 'TEXT',
  date: 'TEXT',
};

const quote = (name: string): string => `"${name.replaceAll('"', '""')}"`;

function columnSql(column: ExportColumn): string {
  const name = quote(column.name);
  const check = column.kind === 'boolean' ? ` CHECK (${name} IN (0, 1))` : '';
  return `${name} ${TYPE[column.kind]}${column.nullable ? '' : ' NOT NULL'}${check}`;
}

/** CREATE TABLE for an exported table: its columns, primary key and foreign keys. */
export function createTableSql(table: ExportTable, schema = ''): string {
  const parts = table.columns.map(columnSql);
  if (table.primaryKey) parts.push(`PRIMARY KEY (${table.primaryKey.map(quote).join(', ')})`);
  for (const c of table.columns)
    if (c.references)
      parts.push(
        `FOREIGN KEY (${quote(c.name)}) REFERENCES ${quote(c.references.table)} (${quote(c.references.column)})`,
      );
  return `CREATE TABLE ${schema}${quote(table.name)} (\n  ${parts.join(',\n  ')}\n)`;
}

export function createIndexSql(table: ExportTable, schema = ''): string[] {
  return (table.indexes ?? []).map(
    (columns) =>
      `CREATE INDEX ${schema}${quote(`${table.name}_by_${columns.join('_')}`)} ON ${quote(table.name)} (${columns.map(quote).join(', ')})`,
  );
}

/**
 * The writer of a fresh file on a connection of its own (tests; the rows all come from JS), or,
 * given a reader with the output attached as `out` (the export's path), on the reader's
 * connection: every table without a document part is then copied by SQL (INSERT … SELECT, in
 * the reader's batches), and only the answers' rows, whose texts are decompressed in JS,
 * are inserted one by one.
 */
export function openSqliteWriter(partialPath: string, attached?: HistoryReader): TableWriter {
  const db = attached ? attached.connection() : new Database(partialPath);
  const schema = attached ? 'out.' : '';
  if (!attached) {
    db.pragma('journal_mode = OFF');
    db.pragma('synchronous = OFF');
    db.pragma('locking_mode = EXCLUSIVE');
    db.pragma('cache_size = -16000');
  }
  // The keys are declared for readers; checking them row by row as the tables fill (jobs name
  // answers written after them) is not needed: every table reads the same scope.
  db.pragma('foreign_keys = OFF');
  const written: ExportTable[] = [];
  // On the reader's connection the whole export is one transaction (the snapshot's): a batch
  // needs none of its own.
  const inBatch = (run: (rows: CellValue[][]) => void) => (attached ? run : db.transaction(run));

  async function writeTable(
    table: ExportTable,
    reader: HistoryReader,
    ticker: Ticker,
    source?: AsyncIterable<RowBatch>,
  ): Promise<DbExportTableOutcome> {
    db.exec(createTableSql(table, schema));
    written.push(table);
    let rows = 0;
    if (attached && !source && !table.columns.some((c) => c.docPart)) {
      for (const batch of attached.copy(table, `${schema}${quote(table.name)}`)) {
        rows += batch.rows;
        await ticker.tick(batch.keys);
      }
      return { table: table.name, rows };
    }
    // A document's text comes as UTF-8 bytes: CAST makes it TEXT without decoding it.
    const insert = db.prepare(
      `INSERT INTO ${schema}${quote(table.name)} VALUES (${table.columns.map((c) => (c.docPart ? 'CAST(? AS TEXT)' : '?')).join(', ')})`,
    );
    const insertAll = inBatch((batchRows: CellValue[][]) => {
      for (const row of batchRows) insert.run(row);
    });
    for await (const batch of source ?? reader.batches(table, 'sqlite')) {
      insertAll(batch.rows);
      rows += batch.rows.length;
      await ticker.tick(batch.keys);
    }
    return { table: table.name, rows };
  }

  const close = (): void => {
    if (attached) attached.commit();
    else if (db.open) db.close();
  };

  return {
    concurrency: 1,
    writeTable,
    async writeMeta(rows) {
      db.exec(`CREATE TABLE ${schema}meta (key TEXT PRIMARY KEY, value TEXT)`);
      const insert = db.prepare(`INSERT INTO ${schema}meta (key, value) VALUES (?, ?)`);
      inBatch(() => {
        for (const [key, value] of rows) insert.run(key, value);
      })([]);
      return Promise.resolve();
    },
    async finish(ticker) {
      for (const table of written) {
        for (const sql of createIndexSql(table, schema)) {
          db.exec(sql);
          await ticker.tick(0);
        }
      }
      // Statistics for the query planner of whoever opens the file (a sample: quick on any size).
      db.pragma('analysis_limit = 1000');
      db.exec(attached ? 'ANALYZE out' : 'ANALYZE');
      close();
      return statSync(partialPath).size;
    },
    interrupt() {
      // Nothing runs between batches: writeTable sees the cancel at its next tick.
    },
    release() {
      // The reader's connection is closed by its owner (the rolled-back output is deleted).
      if (!attached && db.open) db.close();
      return Promise.resolve();
    },
  };
}
