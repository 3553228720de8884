import { parentPort, workerData } from 'node:worker_threads';
import { feedFrom, interleaved, packTexts, SHARED_BATCHES, type ShareEnd } from './batch-share';
import { openParquetWriter } from './parquet-writer';
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
// main thread does the rest, so the machine's second core does half the work. It reads the
// answers the main thread's snapshot saw (limits), so both halves agree.
// - parquet: writes the tables' files into the export's partial folder with a DuckDB of its own;
// - rows: sends the tables' rows to the main thread in batches (the SQLite file has one writer),
//   at most AHEAD batches ahead of what it has taken, so memory stays a few batches;
// - feed: the same for Parquet, through a share (batch-share.ts) the main thread's DuckDB pulls
//   from synchronously, so the export has one DuckDB.

export interface TableWorkerData {
  mode: 'parquet' | 'rows' | 'feed';
  historyPath: string;
  filter: DbExportFilter;
  lookups: ScopeLookups;
  limits: ScopeLimits;
  /** parquet: the export's partial folder. */
  folder: string;
  tables: string[];
  /**
   * parquet: the first table's batches are shared with the main thread (batch-share.ts);
   * feed: the end this thread posts the first table's batches to.
   */
  share?: ShareEnd;
}

export type TableWorkerMessage =
  | { type: 'progress'; table: string; keys: number }
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

async function writeParquet(reader: HistoryReader, tables: ExportTable[]): Promise<DbExportTableOutcome[]> {
  const writer = await openParquetWriter(data.folder, { threads: 1, memoryMb: 64 });
  interrupt = () => writer.interrupt();
  try {
    const outcomes: DbExportTableOutcome[] = [];
    for (const table of tables) {
      const count = (keys: number): void => post({ type: 'progress', table: table.name, keys });
      const ticker = {
        count,
        tick: (keys: number) => {
          count(keys);
          checkCanceled();
          return Promise.resolve();
        },
        canceled: () => canceled,
      };
      // The shared table: the main thread reads some of its batches (batch-share.ts), this one the rest.
      const shared =
        data.share && table.name === data.tables[0]
          ? interleaved(data.share, reader.batches(table, 'parquet', { ...SHARED_BATCHES, lead: false }))
          : undefined;
      outcomes.push(await writer.writeTable(table, reader, ticker, shared));
    }
    return outcomes;
  } finally {
    await writer.release();
  }
}

/** Reads the first table's batches and posts them to the main thread's writer. */
async function feedRows(reader: HistoryReader, table: ExportTable, end: ShareEnd): Promise<DbExportTableOutcome[]> {
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
    if (data.mode === 'feed' && data.share) return await feedRows(reader, tables[0] as ExportTable, data.share);
    return data.mode === 'rows' ? await sendRows(reader, tables) : await writeParquet(reader, tables);
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
