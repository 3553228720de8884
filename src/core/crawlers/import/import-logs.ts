import type { HistoryStore } from '../../history';
import type { RangeLists } from '../catalogue';
import type { DnsLookup } from '../verify';
import { openLogReader, type LogReader } from './duckdb';
import { expandLogPaths } from './files';
import type { LogFormat } from './formats';
import { failedFile, importFile, type FileSummary } from './import-file';

// `parallax logs import`: every file named, one after another, each whole or not at all. A
// file that cannot be read is reported and the rest go on; an interruption stops DuckDB at once
// and leaves the files already imported in the history.

export interface ImportLogsOptions {
  store: HistoryStore;
  paths: readonly string[];
  format?: LogFormat | 'auto';
  site?: string | null;
  ranges: RangeLists;
  /** The reverse-DNS check's resolver (only when the analyst asked for it: it goes online). */
  dns?: DnsLookup;
  now: () => number;
  signal?: AbortSignal;
  /** After each file. */
  onFile?: (summary: FileSummary, index: number, total: number) => void;
  /** DuckDB's pass over the file being read: its index and how far it is, 0-100. */
  onProgress?: (index: number, percent: number) => void;
  /** Before each file. */
  onStart?: (file: string, index: number, total: number) => void;
  threads?: number;
  memoryMb?: number;
}

export interface ImportLogsResult {
  files: FileSummary[];
  missing: string[];
  interrupted: boolean;
}

/** One file; a file DuckDB cannot read (damaged, not text) is reported, never fatal to the rest. */
async function importOne(
  reader: LogReader,
  file: string,
  index: number,
  options: ImportLogsOptions,
): Promise<FileSummary> {
  const { onProgress } = options;
  try {
    return await importFile(reader, options.store, file, {
      format: options.format ?? 'auto',
      site: options.site ?? null,
      ranges: options.ranges,
      ...(options.dns ? { dns: options.dns } : {}),
      now: options.now,
      ...(options.signal ? { signal: options.signal } : {}),
      ...(onProgress ? { onProgress: (percent: number) => onProgress(index, percent) } : {}),
    });
  } catch (error) {
    return failedFile(file, error instanceof Error ? error.message : String(error));
  }
}

export async function importLogs(options: ImportLogsOptions): Promise<ImportLogsResult> {
  const reader = await openLogReader({
    ...(options.threads ? { threads: options.threads } : {}),
    ...(options.memoryMb ? { memoryMb: options.memoryMb } : {}),
  });
  const stop = (): void => reader.connection.interrupt();
  options.signal?.addEventListener('abort', stop);
  const files: FileSummary[] = [];
  try {
    const { files: paths, missing } = await expandLogPaths(reader, options.paths);
    for (const [i, file] of paths.entries()) {
      if (options.signal?.aborted) break;
      options.onStart?.(file, i, paths.length);
      const summary = await importOne(reader, file, i, options);
      if (options.signal?.aborted && summary.outcome === 'failed') break;
      files.push(summary);
      options.onFile?.(summary, i, paths.length);
    }
    return { files, missing, interrupted: options.signal?.aborted ?? false };
  } finally {
    options.signal?.removeEventListener('abort', stop);
    reader.close();
  }
}
