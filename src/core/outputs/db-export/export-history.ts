import { performance } from 'node:perf_hooks';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { metaRows } from './meta';
import { commitOutput, discardOutput, prepareOutput } from './output';
import { openHistoryReader, type HistoryReader } from './reader';
import { openSqliteWriter } from './sqlite-writer';
import { EXPORT_TABLES } from './tables';
import {
  DbExportCanceledError,
  SCOPE_UNITS,
  type DbExportFilter,
  type DbExportFormat,
  type DbExportOutcome,
  type DbExportProgress,
  type DbExportTableOutcome,
  type ExportTable,
} from './types';
import type { TableWriter, Ticker } from './writer';
import type { ExportWorkerScript } from '../../history';
import { startParquetLane, startRowsLane, WORKER_TABLES, type WorkerLane } from './worker-lanes';

// `parallax db export` and Settings → Data → "Export for analysis…": the history as plain
// tables, read on a connection of its own in one snapshot, written to `<out>.partial` and
// renamed once complete. Progress after every batch; a cancel (the signal) stops at the next
// batch or chunk and removes the partial output.

export interface DbExportDeps {
  historyPath: string;
  /**
   * The export's second thread (table-worker.ts, as built for the app or the CLI): with it the
   * answers are read on another core (this thread writes them); without it all on this thread.
   */
  worker?: ExportWorkerScript;
  appVersion: string;
  /** The label of each engine in the service profile in use (others keep their name). */
  engineLabels: Readonly<Record<string, string>>;
  /** The demo history's runs (its record), flagged `demo` in the export. */
  demoRunIds: readonly string[];
  now?: () => number;
}

export interface DbExportRequest {
  format: DbExportFormat;
  /** The SQLite file, or the folder the Parquet files go in. */
  out: string;
  filter?: DbExportFilter;
  /** The monitor's name, for the meta table (filter.monitorId names it). */
  monitorName?: string;
  signal?: AbortSignal;
  onProgress?: (progress: DbExportProgress) => void;
  /** The tables to write (default every one); tests pass fewer. */
  tables?: readonly ExportTable[];
}

interface Progress {
  report(table: ExportTable, keys: number): void;
  tableDone(): void;
}

function progressOf(reader: HistoryReader, request: DbExportRequest, tables: number): Progress {
  const done = new Map<string, number>();
  let tablesDone = 0;
  return {
    report(table, keys) {
      const sum = (done.get(table.name) ?? 0) + keys;
      done.set(table.name, sum);
      request.onProgress?.({
        table: table.name,
        done: sum,
        total: reader.total(table),
        unit: SCOPE_UNITS[table.scope],
        tablesDone,
        tables,
      });
    },
    tableDone: () => void tablesDone++,
  };
}

function tickerFor(table: ExportTable, progress: Progress, signal: AbortSignal | undefined): Ticker {
  const check = (): void => {
    if (signal?.aborted) throw new DbExportCanceledError();
  };
  return {
    count: (keys) => progress.report(table, keys),
    async tick(keys) {
      progress.report(table, keys);
      await nextTurn();
      check();
    },
    canceled: () => signal?.aborted ?? false,
  };
}

/** Writes the tables, `writer.concurrency` at a time, in the list's order. */
async function writeTables(
  writer: TableWriter,
  reader: HistoryReader,
  tables: readonly ExportTable[],
  progress: Progress,
  signal: AbortSignal | undefined,
  remote?: { table: string; lane: WorkerLane },
): Promise<DbExportTableOutcome[]> {
  const outcomes = new Array<DbExportTableOutcome>(tables.length);
  let next = 0;
  const lane = async (): Promise<void> => {
    while (next < tables.length) {
      const index = next++;
      const table = tables[index] as ExportTable;
      const rows = remote?.table === table.name ? remote.lane.batches() : undefined;
      outcomes[index] = await writer.writeTable(table, reader, tickerFor(table, progress, signal), rows);
      progress.tableDone();
    }
  };
  const lanes = Array.from({ length: Math.min(writer.concurrency, tables.length) }, lane);
  // Every lane settles before this returns, so a failed table never leaves another writing.
  const settled = await Promise.allSettled(
    lanes.map((l) =>
      l.catch((error: unknown) => {
        writer.interrupt();
        throw error;
      }),
    ),
  );
  const failures = settled.flatMap((s) => (s.status === 'rejected' ? [s.reason as unknown] : []));
  if (failures.length > 0) throw causeOf(failures);
  return outcomes;
}

/**
 * Every table, with the heaviest read on a second thread when a worker script is given: the
 * thread sends its rows here, read ahead while this thread writes the tables before it, and this
 * thread's writer writes them (the SQLite file, or the export's one DuckDB). A failure on either
 * side stops the other; both have ended before this settles.
 */
async function writeAll(args: {
  deps: DbExportDeps;
  request: DbExportRequest;
  reader: HistoryReader;
  writer: TableWriter;
  tables: readonly ExportTable[];
  progress: Progress;
  onLane: (lane: WorkerLane) => void;
}): Promise<DbExportTableOutcome[]> {
  const { deps, request, reader, writer, tables, progress } = args;
  const away = deps.worker ? tables.find((t) => WORKER_TABLES.has(t.name)) : undefined;
  const data = {
    historyPath: deps.historyPath,
    filter: request.filter ?? {},
    lookups: { engineLabels: deps.engineLabels, demoRunIds: deps.demoRunIds },
    limits: reader.limits(),
    tables: away ? [away.name] : [],
  };
  const start = request.format === 'parquet' ? startParquetLane : startRowsLane;
  const lane = deps.worker && away ? start(deps.worker, data) : null;
  if (lane) args.onLane(lane);
  const remote = lane && away ? { table: away.name, lane } : undefined;
  const [mine, theirs] = await Promise.allSettled([
    writeTables(writer, reader, tables, progress, request.signal, remote).catch((error: unknown) => {
      lane?.cancel();
      throw error;
    }),
    (lane?.done ?? Promise.resolve([])).catch((error: unknown) => {
      writer.interrupt();
      throw error;
    }),
  ]);
  if (mine.status === 'rejected' || theirs.status === 'rejected') {
    const failures = [mine, theirs].flatMap((s) => (s.status === 'rejected' ? [s.reason as unknown] : []));
    throw causeOf(failures);
  }
  return mine.value;
}

/**
 * Of the errors of both threads, the one that says what happened: not the other side's
 * interruption or cancel that it caused (a canceled export is told by its signal, below).
 */
function causeOf(failures: unknown[]): unknown {
  const consequence = (e: unknown): boolean =>
    e instanceof DbExportCanceledError || (e instanceof Error && /interrupt/i.test(e.message));
  return failures.find((e) => !consequence(e)) ?? failures[0];
}

/** DuckDB's native library is loaded only by a Parquet export. */
async function parquetWriter(folder: string): Promise<TableWriter> {
  const { openParquetWriter } = await import('./parquet-writer');
  return openParquetWriter(folder);
}

export async function exportHistory(deps: DbExportDeps, request: DbExportRequest): Promise<DbExportOutcome> {
  const started = performance.now();
  const { signal } = request;
  const tables = request.tables ?? EXPORT_TABLES;
  const filter = request.filter ?? {};
  const plan = await prepareOutput(request.format, request.out);
  // A SQLite export's file is attached to the reader's connection: the tables read by SQL alone
  // are copied there by SQL (sqlite-writer.ts).
  const attach = request.format === 'sqlite' ? plan.partial : undefined;
  const reader = openHistoryReader(deps.historyPath, filter, deps, undefined, undefined, attach);
  let writer: TableWriter | null = null;
  let lane: WorkerLane | null = null;
  const onAbort = (): void => {
    writer?.interrupt();
    lane?.cancel();
  };
  signal?.addEventListener('abort', onAbort);
  try {
    if (signal?.aborted) throw new DbExportCanceledError();
    writer =
      request.format === 'sqlite'
        ? openSqliteWriter(plan.partial, reader)
        : await parquetWriter(plan.partial);
    const progress = progressOf(reader, request, tables.length);
    const onLane = (l: WorkerLane): void => {
      lane = l;
    };
    const outcomes = await writeAll({ deps, request, reader, writer, tables, progress, onLane });
    const facts = (await writer.writtenFacts?.()) ?? reader.facts();
    const exportedAt = (deps.now ?? Date.now)();
    await writer.writeMeta(
      metaRows({
        appVersion: deps.appVersion,
        format: request.format,
        monitorName: request.monitorName,
        filter,
        outcomes,
        facts,
        exportedAt,
        schemaVersion: reader.schemaVersion(),
      }),
    );
    const bytes = await writer.finish(tickerFor(tables.at(-1) as ExportTable, progress, signal));
    writer = null;
    reader.close();
    await commitOutput(plan);
    return {
      format: request.format,
      path: plan.target,
      bytes,
      tables: outcomes,
      elapsedMs: Math.round(performance.now() - started),
      synthetic: facts.syntheticAnswers > 0,
    };
  } catch (error) {
    writer?.interrupt();
    await writer?.release();
    reader.close();
    await discardOutput(plan);
    throw signal?.aborted ? new DbExportCanceledError() : error;
  } finally {
    signal?.removeEventListener('abort', onAbort);
  }
}
