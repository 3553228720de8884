import { DuckDBInstance, type DuckDBConnection } from '@duckdb/node-api';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

// The DuckDB that reads the logs: in memory, two threads, a memory cap, a scratch folder of its
// own for what it spills. Parsing, filtering and aggregating happen in its SQL; JavaScript only
// sees the day totals and the distinct addresses of the agents' hits.

export interface LogReader {
  connection: DuckDBConnection;
  /** The SQL's rows as plain JS values. */
  rows(sql: string): Promise<unknown[][]>;
  close(): void;
}

/**
 * Scratch folders to remove again when the process ends: after large runs that spilled, an
 * empty one was found left behind (DuckDB finishing its teardown after closeSync returned).
 */
const leftAtExit = new Set<string>();
function removeAtExit(folder: string): void {
  if (leftAtExit.size === 0)
    process.once('exit', () => {
      for (const f of leftAtExit) rmSync(f, { recursive: true, force: true });
    });
  leftAtExit.add(folder);
}

export const sqlText = (text: string): string => `'${text.replaceAll("'", "''")}'`;

export async function openLogReader(
  options: { threads?: number; memoryMb?: number } = {},
): Promise<LogReader> {
  const scratch = mkdtempSync(join(tmpdir(), 'parallax-logs-'));
  const instance = await DuckDBInstance.create(':memory:', {
    threads: String(options.threads ?? 2),
    memory_limit: `${options.memoryMb ?? 512}MB`,
    temp_directory: scratch,
    preserve_insertion_order: 'false',
  });
  const connection = await instance.connect();
  await connection.run(`SET TimeZone = 'UTC'`);
  return {
    connection,
    async rows(sql) {
      return (await connection.runAndReadAll(sql)).getRowsJS() as unknown[][];
    },
    close() {
      connection.closeSync();
      instance.closeSync();
      rmSync(scratch, { recursive: true, force: true });
      removeAtExit(scratch);
    },
  };
}
