import type { DbExportFormat } from './types';

/**
 * Whether an export reads the answers on a second thread. SQLite: yes (its one writer keeps
 * the main thread busy, and the answers' decompression overlaps it). Parquet: no by default.
 * There the export's one DuckDB encodes every table on the main thread, so a second thread
 * that only decompresses saves no time at 1M answers (124.8 s on one thread against 129.4 s on
 * two, same window) and costs its isolate and connection (481 MB against 548 MB at the peak).
 * `threads` is the PARALLAX_DB_EXPORT_THREADS setting: '1' keeps either format on one thread,
 * '2' puts Parquet's reads on a second thread too.
 */
export function readsOnSecondThread(format: DbExportFormat, threads?: string): boolean {
  if (threads === '1') return false;
  if (threads === '2') return true;
  return format === 'sqlite';
}
