import {
  BLOB,
  DOUBLE,
  DuckDBBlobValue,
  DuckDBInstance,
  DuckDBTableFunction,
  INTEGER,
  VARCHAR,
  type DuckDBConnection,
  type DuckDBDataChunk,
  type DuckDBType,
  type DuckDBValue,
} from '@duckdb/node-api';
import { mkdirSync, readdirSync, rmSync, statSync } from 'node:fs';
import { threadId } from 'node:worker_threads';
import { join } from 'node:path';
import { parquetFileName } from './output';
import { answersTable } from './tables/answers';
import { expandSql, listsTable, tupleColumns } from './parquet-lists';
import { docFiller, type CellValue, type HistoryReader, type ReaderFacts, type RowBatch } from './reader';
import { docSpace } from './doc-space';
import type { ColumnKind, DbExportTableOutcome, ExportColumn, ExportTable } from './types';
import type { TableWriter, Ticker } from './writer';
import { memoryLogEnabled, startMemoryLog } from './memory-log';

// The Parquet format: one file per table in the output folder, written by DuckDB (its Node API,
// @duckdb/node-api: the native library ships inside the npm package for each platform). Rows
// stream in: each table is a DuckDB table function whose every call hands DuckDB the next
// chunk of rows read from the history, and `COPY (SELECT … FROM that function) TO file`
// encodes and compresses them on DuckDB's own threads as they come, one row group at a time,
// so memory stays a few row groups whatever the history's size. Columns are typed: timestamps
// as TIMESTAMP WITH TIME ZONE (UTC), days as DATE, booleans as BOOLEAN, counts as BIGINT.

/** How values cross from JS into DuckDB (numbers as doubles: exact for every integer we store). */
const TRANSPORT: Record<ColumnKind, DuckDBType> = {
  text: VARCHAR,
  integer: DOUBLE,
  real: DOUBLE,
  boolean: INTEGER,
  timestamp: DOUBLE,
  date: INTEGER,
};

/** The Parquet column each kind becomes, from its transport value. */
const TYPED: Record<ColumnKind, (c: string) => string> = {
  text: (c) => c,
  integer: (c) => `CAST(${c} AS BIGINT)`,
  real: (c) => c,
  boolean: (c) => `CAST(${c} AS BOOLEAN)`,
  // The connection's time zone is UTC (set at open), so the instant is the stored one.
  timestamp: (c) => `CAST(epoch_ms(CAST(${c} AS BIGINT)) AS TIMESTAMPTZ)`,
  date: (c) => `(DATE '1970-01-01' + ${c})`,
};

/** A document's text crosses as its UTF-8 bytes, made VARCHAR again (and checked) by decode(). */
const transportOf = (c: ExportColumn): DuckDBType => (c.docPart ? BLOB : TRANSPORT[c.kind]);
const typedOf = (c: ExportColumn, name: string): string =>
  c.docPart ? `decode(${name})` : TYPED[c.kind](name);
const valueOf = (c: ExportColumn): ((v: CellValue) => DuckDBValue) =>
  c.docPart
    ? (v) => (v === null ? null : new DuckDBBlobValue(Buffer.isBuffer(v) ? v : Buffer.from(String(v))))
    : (v) => (Buffer.isBuffer(v) ? v.toString('utf8') : v);

/** Rows per call of a table function: DuckDB's vector size. */
const CHUNK_ROWS = 2048;
const DEFAULT_ROW_GROUP = 100_000;

/**
 * DuckDB's threads: one, so each COPY runs on the thread that started it (one of Node's pool
 * threads) and nowhere else. Every table's rows come through a one-thread table function that
 * waits on this JS thread, so DuckDB's other threads had little to do, and the thread that
 * started the query busy-waits for them meanwhile (DuckDB's PendingQueryResult polls for tasks):
 * with 4 threads that polling took about a quarter of the export's CPU, on a machine whose two
 * cores this thread and the encoding need. Two tables written at once still encode on two threads.
 */
const QUERY_THREADS = 1;

const ident = (name: string): string => `"${name.replaceAll('"', '""')}"`;
const literal = (text: string): string => `'${text.replaceAll("'", "''")}'`;

/**
 * The chunks of a table's rows (its batches of `columns`), pulled by DuckDB one call at a time.
 * With `table`, rows that end with their documents still compressed (reader.batches' 'packed')
 * have their docPart columns filled as the chunk is: into one reused space (doc-space.ts).
 */
function rowChunks(
  columns: readonly ExportColumn[],
  batches: Iterator<RowBatch>,
  ticker: Ticker,
  table?: ExportTable,
) {
  const values = columns.map(valueOf);
  const space = docSpace();
  const fillDocs = table ? docFiller(table, (packed) => space.unpack(packed)) : null;
  let rows: CellValue[][] = [];
  let at = 0;
  let total = 0;
  const nextRow = (): CellValue[] | undefined => {
    while (at >= rows.length) {
      const next = batches.next();
      if (next.done) return undefined;
      ({ rows } = next.value);
      at = 0;
      ticker.count(next.value.keys);
    }
    return rows[at++];
  };
  return {
    rows: () => total,
    /** Fills the chunk with up to CHUNK_ROWS rows; 0 rows ends the scan. */
    fill(output: DuckDBDataChunk): void {
      const taken: CellValue[][] = [];
      // The last chunk's texts were copied into DuckDB's vectors at its flush.
      space.reuse();
      while (taken.length < CHUNK_ROWS) {
        const row = nextRow();
        if (!row) break;
        taken.push(fillDocs ? fillDocs(row) : row);
      }
      // A batch read whole is let go now, not kept until the next call (reader.ts's BATCH_KEYS).
      if (at >= rows.length) rows = [];
      output.rowCount = taken.length;
      values.forEach((value, j) => {
        const vector = output.getColumnVector(j);
        for (let i = 0; i < taken.length; i++) vector.setItem(i, value((taken[i] as CellValue[])[j] ?? null));
        vector.flush();
      });
      total += taken.length;
    },
  };
}

function tableFunction(
  name: string,
  columns: readonly ExportColumn[],
  chunks: ReturnType<typeof rowChunks>,
  ticker: Ticker,
  /** Rows it will give, about: the planner builds a join's hash table on the smaller side. */
  cardinality?: number,
) {
  return DuckDBTableFunction.create({
    name,
    bindFunction: (info) => {
      for (const c of columns) info.addResultColumn(c.name, transportOf(c));
      if (cardinality !== undefined) info.setCardinality(cardinality, false);
    },
    initFunction: (info) => info.setMaxThreads(1),
    mainFunction: (info, output) => {
      if (ticker.canceled()) return info.setError('The export was canceled');
      try {
        chunks.fill(output);
      } catch (error) {
        info.setError(error instanceof Error ? error.message : String(error));
      }
    },
  });
}

/** COPY of the table's rows (a SELECT from `source`, or `select` itself) to its Parquet file. */
export function copySql(table: ExportTable, source: string, file: string, select?: string): string {
  const columns = table.columns.map((c) => `${typedOf(c, ident(c.name))} AS ${ident(c.name)}`).join(', ');
  const rowGroup = table.rowGroupRows ?? DEFAULT_ROW_GROUP;
  return `COPY (${select ?? `SELECT ${columns} FROM ${source}`}) TO ${literal(file)}
    (FORMAT parquet, COMPRESSION zstd, ROW_GROUP_SIZE ${rowGroup})`;
}

/**
 * A table stored as lists (parquet-lists.ts): its distinct tuples read into the join's hash table,
 * then its lists streamed through a table function and expanded by the COPY's SELECT.
 */
async function copyListed(
  connection: DuckDBConnection,
  table: ExportTable,
  reader: HistoryReader,
  ticker: Ticker,
  file: string,
  name: string,
): Promise<void> {
  const tuples = tupleColumns(table);
  const tupleChunks = rowChunks(tuples, reader.tuples(table), ticker);
  connection.registerTableFunction(tableFunction(`${name}_tuples`, tuples, tupleChunks, ticker));
  // Read straight into the join's hash table (its build side, read whole before the first list
  // is): no table of them beside it, so DuckDB holds the distinct texts once, not twice.
  const tupleRows = `(SELECT CAST("__tuple_id" AS BIGINT) AS "__tuple_id", * EXCLUDE ("__tuple_id") FROM ${name}_tuples())`;
  const lists = listsTable(table);
  const chunks = rowChunks(lists.columns, reader.batches(lists, 'parquet'), ticker);
  connection.registerTableFunction(tableFunction(name, lists.columns, chunks, ticker, reader.total(table)));
  // The join as written: the tuples are the hash table, the lists stream through it in order
  // (the optimizers may otherwise build on the lists, which reorders the rows). The setting is
  // the instance's (DuckDB has no session scope for it): the other tables' COPYs join nothing.
  await connection.run(`SET disabled_optimizers = 'join_order,build_side_probe_side'`);
  await connection.run(copySql(table, '', file, expandSql(table, `${name}()`, tupleRows, typedOf)));
}

/** The rows given (a synchronous iterable: DuckDB pulls them in a callback), else the reader's. */
function batchesOf(
  table: ExportTable,
  reader: HistoryReader,
  given?: AsyncIterable<RowBatch> | Iterable<RowBatch>,
): Iterator<RowBatch> {
  if (!given) return reader.batches(table, 'parquet', 'packed');
  if (!(Symbol.iterator in given)) throw new Error('A Parquet table takes its rows synchronously');
  return given[Symbol.iterator]();
}

/**
 * The meta table's facts from a written answers file: its two boolean columns, read back in a
 * few milliseconds. The reader's count over the history reads every answer's row again (with
 * its document, most of the file) and its job: about 5 s of CPU at 1M answers, after the tables.
 */
async function answerFacts(connection: DuckDBConnection, file: string): Promise<ReaderFacts> {
  const result = await connection.runAndReadAll(
    `SELECT count(*) FILTER (WHERE synthetic), count(*) FILTER (WHERE demo) FROM read_parquet(${literal(file)})`,
  );
  const [synthetic, demo] = result.getRows()[0] ?? [];
  return { syntheticAnswers: Number(synthetic ?? 0), demoAnswers: Number(demo ?? 0) };
}

/** Rows of a written Parquet file (its footer's count: nothing is read but the metadata). */
async function countRows(connection: DuckDBConnection, file: string): Promise<number> {
  const result = await connection.runAndReadAll(
    `SELECT coalesce(sum(num_rows), 0) FROM parquet_file_metadata(${literal(file)})`,
  );
  return Number(result.getRows()[0]?.[0] ?? 0);
}

export async function openParquetWriter(
  folder: string,
  options: { threads?: number; memoryMb?: number } = {},
): Promise<TableWriter> {
  mkdirSync(folder, { recursive: true });
  // Where DuckDB may spill (it should not need to): one per thread writing into the folder.
  const scratch = join(folder, `.duckdb-tmp-${threadId}`);
  const instance = await DuckDBInstance.create(':memory:', {
    threads: String(options.threads ?? QUERY_THREADS),
    // Row groups being encoded (a few tens of MB each, per table being written at once), and
    // for the sources their distinct texts and the join's hash table on them: at 128 MB the
    // 1M-answer bench ran out of memory writing jobs and sources at once.
    memory_limit: `${options.memoryMb ?? 256}MB`,
    temp_directory: scratch,
    preserve_insertion_order: 'true',
  });
  const active = new Set<DuckDBConnection>();
  let nextFunction = 1;
  let answersWritten = false;
  const probe = memoryLogEnabled() ? await instance.connect() : null;
  const stopLog = startMemoryLog(`${options.memoryMb ?? 256} MB limit`, async () => {
    const read = await probe?.runAndReadAll(
      `SELECT sum(memory_usage_bytes) // 1048576, sum(temporary_storage_bytes) // 1048576 FROM duckdb_memory()`,
    );
    const [used, spilled] = read?.getRows()[0] ?? [];
    return `${String(used)} MB (spilled ${String(spilled)} MB)`;
  });
  const close = (): void => {
    stopLog();
    probe?.closeSync();
    instance.closeSync();
  };

  const connect = async (): Promise<DuckDBConnection> => {
    const connection = await instance.connect();
    await connection.run(`SET TimeZone = 'UTC'`);
    active.add(connection);
    return connection;
  };
  const disconnect = (connection: DuckDBConnection): void => {
    active.delete(connection);
    connection.closeSync();
  };

  return {
    // Two tables at once: while DuckDB encodes one table's chunk on its threads, this thread
    // reads the other's rows (the reads themselves take turns on the one JS thread).
    concurrency: 2,
    async writeTable(table, reader, ticker, given): Promise<DbExportTableOutcome> {
      const file = join(folder, parquetFileName(table.name));
      const name = `parallax_rows_${nextFunction++}`;
      const connection = await connect();
      let rows: number;
      try {
        if (table.listed) {
          await copyListed(connection, table, reader, ticker, file, name);
          rows = await countRows(connection, file);
        } else {
          const chunks = rowChunks(table.columns, batchesOf(table, reader, given), ticker, table);
          connection.registerTableFunction(tableFunction(name, table.columns, chunks, ticker));
          await connection.run(copySql(table, `${name}()`, file));
          rows = chunks.rows();
        }
      } finally {
        disconnect(connection);
      }
      if (table.name === answersTable.name) answersWritten = true;
      return {
        table: table.name,
        rows,
        file: parquetFileName(table.name),
        bytes: statSync(file).size,
      };
    },
    async writtenFacts() {
      if (!answersWritten) return null;
      const connection = await connect();
      try {
        return await answerFacts(connection, join(folder, parquetFileName(answersTable.name)));
      } finally {
        disconnect(connection);
      }
    },
    async writeMeta(rows) {
      const connection = await connect();
      try {
        await connection.run('CREATE TABLE meta (key VARCHAR NOT NULL, value VARCHAR)');
        const appender = await connection.createAppender('meta');
        for (const [key, value] of rows) {
          appender.appendVarchar(key);
          appender.appendVarchar(value);
          appender.endRow();
        }
        appender.closeSync();
        await connection.run(
          `COPY meta TO ${literal(join(folder, parquetFileName('meta')))} (FORMAT parquet)`,
        );
      } finally {
        disconnect(connection);
      }
    },
    async finish() {
      close();
      rmSync(scratch, { recursive: true, force: true });
      return readdirSync(folder).reduce((sum, name) => sum + statSync(join(folder, name)).size, 0);
    },
    interrupt() {
      // A COPY under way stops at once; its run() then rejects.
      for (const connection of active) connection.interrupt();
    },
    release() {
      for (const connection of [...active]) disconnect(connection);
      close();
      rmSync(scratch, { recursive: true, force: true });
      return Promise.resolve();
    },
  };
}
