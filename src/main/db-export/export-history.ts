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

// `parallax db export` and Settings → Data → "Export for analysis…": the history as plain
// tables, read on a connection of its own in one snapshot, written to `<out>.partial` and
// renamed once complete. Progress after every batch; a cancel (the signal) stops at the next
// batch or chunk and removes the partial output.

export interface DbExportDeps {
  historyPath: string;
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
): Promise<DbExportTableOutcome[]> {
  const outcomes = new Array<DbExportTableOutcome>(tables.length);
  let next = 0;
  const lane = async (): Promise<void> => {
    while (next < tables.length) {
      const index = next++;
      const table = tables[index] as ExportTable;
      outcomes[index] = await writer.writeTable(table, reader, tickerFor(table, progress, signal));
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
  const failed = settled.find((s): s is PromiseRejectedResult => s.status === 'rejected');
  if (failed) throw failed.reason;
  return outcomes;
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
  const reader = openHistoryReader(deps.historyPath, filter, deps);
  let writer: TableWriter | null = null;
  const onAbort = (): void => writer?.interrupt();
  signal?.addEventListener('abort', onAbort);
  try {
    if (signal?.aborted) throw new DbExportCanceledError();
    writer = request.format === 'sqlite' ? openSqliteWriter(plan.partial) : await parquetWriter(plan.partial);
    const progress = progressOf(reader, request, tables.length);
    const outcomes = await writeTables(writer, reader, tables, progress, signal);
    const facts = reader.facts();
    const exportedAt = (deps.now ?? Date.now)();
    await writer.writeMeta(
      metaRows({ deps, request, filter, outcomes, facts, exportedAt, schemaVersion: reader.schemaVersion() }),
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
    await writer?.abort();
    reader.close();
    await discardOutput(plan);
    throw signal?.aborted ? new DbExportCanceledError() : error;
  } finally {
    signal?.removeEventListener('abort', onAbort);
  }
}
