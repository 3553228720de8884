import { parentPort, workerData } from 'node:worker_threads';
import { openParquetWriter } from './parquet-writer';
import { openHistoryReader } from './reader';
import type { ScopeLimits, ScopeLookups } from './scope';
import { EXPORT_TABLES } from './tables';
import { DbExportCanceledError, type DbExportFilter, type DbExportTableOutcome } from './types';
import type { Ticker } from './writer';

// A thread of a Parquet export (parquet-lane.ts starts it): writes some tables' files (the
// answers: reading them means decompressing every answer's document, the export's heaviest
// work) into the export's partial folder on a connection and a DuckDB of its own, while the
// main thread writes the other tables: the machine's second core does half the work. It reads
// the answers the main thread's snapshot saw (limits), so both halves agree.

export interface ParquetWorkerData {
  historyPath: string;
  filter: DbExportFilter;
  lookups: ScopeLookups;
  limits: ScopeLimits;
  folder: string;
  tables: string[];
}

export type ParquetWorkerMessage =
  | { type: 'progress'; table: string; keys: number }
  | { type: 'done'; outcomes: DbExportTableOutcome[] }
  | { type: 'failed'; message: string; canceled: boolean };

const data = workerData as ParquetWorkerData;
let canceled = false;
const post = (message: ParquetWorkerMessage): void => parentPort?.postMessage(message);

async function run(): Promise<DbExportTableOutcome[]> {
  const tables = data.tables.map((name) => {
    const table = EXPORT_TABLES.find((t) => t.name === name);
    if (!table) throw new Error(`No export table ${name}`);
    return table;
  });
  const reader = openHistoryReader(data.historyPath, data.filter, data.lookups, data.limits, tables);
  const writer = await openParquetWriter(data.folder, { threads: 1, memoryMb: 64 });
  parentPort?.on('message', (message: { type: 'cancel' }) => {
    if (message.type !== 'cancel') return;
    canceled = true;
    writer.interrupt();
  });
  try {
    const outcomes: DbExportTableOutcome[] = [];
    for (const table of tables) {
      const name = table.name;
      const ticker: Ticker = {
        count: (keys) => post({ type: 'progress', table: name, keys }),
        tick: (keys) => {
          post({ type: 'progress', table: name, keys });
          if (canceled) throw new DbExportCanceledError();
          return Promise.resolve();
        },
        canceled: () => canceled,
      };
      outcomes.push(await writer.writeTable(table, reader, ticker));
    }
    return outcomes;
  } finally {
    await writer.release();
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
