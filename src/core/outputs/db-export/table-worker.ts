import { parentPort, workerData } from 'node:worker_threads';
import { feedFrom, packTexts, type ShareEnd } from './batch-share';
import { openHistoryReader, type CellValue, type HistoryReader } from './reader';
import type { ScopeLimits, ScopeLookups } from './scope';
import { EXPORT_TABLES } from './tables';
import {
  DbExportCanceledError,
  type DbExportFilter,
  type DbExportTableOutcome,
  type ExportTable,
} from './types';

// An export's second thread (worker-lanes.ts starts it): reads the answers, the export's
// heaviest table (every answer's document is decompressed), on a connection of its own while the
// main thread writes them and does the rest, so the machine's second core does the reading. It
// reads the answers the main thread's snapshot saw (limits), so both agree. Either way the main
// thread is the one writer (the SQLite file has one; a Parquet export has one DuckDB):
// - rows (SQLite): sends the rows as messages, at most AHEAD batches ahead of what it has taken;
// - parquet: posts them through a share (batch-share.ts) that the main thread's DuckDB pulls from
//   synchronously, AHEAD batches at most there too. So memory stays a few batches.

export interface TableWorkerData {
  mode: 'parquet' | 'rows';
  historyPath: string;
  filter: DbExportFilter;
  lookups: ScopeLookups;
  limits: ScopeLimits;
  tables: string[];
  /** parquet: the end this thread posts the table's batches to. */
  share?: ShareEnd;
}

export type TableWorkerMessage =
  | { type: 'rows'; table: string; rows: CellValue[][]; keys: number }
  | { type: 'done'; outcomes: DbExportTableOutcome[] }
  | { type: 'failed'; message: string; canceled: boolean };

/** What the main thread says: stop, or one more batch was taken (rows mode). */
export type TableWorkerRequest = { type: 'cancel' } | { type: 'more' };

/** Batches sent ahead of the main thread's writes (rows mode). */
const AHEAD = 2;

const data = workerData as TableWorkerData;
let canceled = false;
let credits = AHEAD;
let wake: (() => void) | null = null;
let interrupt = (): void => undefined;
const post = (message: TableWorkerMessage): void =>
  parentPort?.postMessage(message, message.type === 'rows' ? packTexts(message.rows) : []);

parentPort?.on('message', (message: TableWorkerRequest) => {
  if (message.type === 'cancel') {
    canceled = true;
    interrupt();
  } else credits++;
  wake?.();
  wake = null;
});

const checkCanceled = (): void => {
  if (canceled) throw new DbExportCanceledError();
};

async function sendRows(reader: HistoryReader, tables: ExportTable[]): Promise<DbExportTableOutcome[]> {
  const outcomes: DbExportTableOutcome[] = [];
  for (const table of tables) {
    let rows = 0;
    for (const batch of reader.batches(table, 'sqlite')) {
      while (credits === 0 && !canceled) await new Promise<void>((resolve) => (wake = resolve));
      checkCanceled();
      credits--;
      post({ type: 'rows', table: table.name, rows: batch.rows, keys: batch.keys });
      rows += batch.rows.length;
    }
    outcomes.push({ table: table.name, rows });
  }
  return outcomes;
}

/** Reads the table's batches and posts them to the main thread's DuckDB. */
async function feedRows(
  reader: HistoryReader,
  table: ExportTable,
  end: ShareEnd,
): Promise<DbExportTableOutcome[]> {
  const feeder = feedFrom(end);
  interrupt = () => feeder.cancel();
  const stopBeating = feeder.beat();
  try {
    await feeder.feed(reader.batches(table, 'parquet'), () => canceled);
  } finally {
    stopBeating();
  }
  // The main thread counts the rows it writes.
  return [];
}

async function run(): Promise<DbExportTableOutcome[]> {
  const tables = data.tables.map((name) => {
    const table = EXPORT_TABLES.find((t) => t.name === name);
    if (!table) throw new Error(`No export table ${name}`);
    return table;
  });
  const reader = openHistoryReader(data.historyPath, data.filter, data.lookups, data.limits, tables);
  try {
    if (data.mode === 'rows') return await sendRows(reader, tables);
    if (!data.share) throw new Error('A Parquet lane needs its share');
    return await feedRows(reader, tables[0] as ExportTable, data.share);
  } finally {
    reader.close();
  }
}

run()
  .then(
    (outcomes) => post({ type: 'done', outcomes }),
    (error: unknown) =>
      post({ type: 'failed', message: error instanceof Error ? error.message : String(error), canceled }),
  )
  // Nothing more to hear: the thread ends.
  .finally(() => parentPort?.close());
