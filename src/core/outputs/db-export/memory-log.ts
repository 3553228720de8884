import { getHeapStatistics } from 'node:v8';
import { isMainThread, threadId } from 'node:worker_threads';

// PARALLAX_DB_EXPORT_MEMORY_LOG=1: every 2 s, each thread writing Parquet prints to stderr where
// the process's memory is: its resident set (the whole process's: both threads, V8 and native),
// this thread's V8 heap (used / reserved), the Buffers outside it (external, of which
// ArrayBuffers), and its DuckDB's own count (duckdb_memory(): in use / spilled to disk). How the
// export's peak was taken apart (docs/internals/db-export.md#memory); off by default.

const ENABLED = process.env.PARALLAX_DB_EXPORT_MEMORY_LOG === '1';
const EVERY_MS = 2000;
const mb = (bytes: number): number => Math.round(bytes / 1048576);

/** Starts the log for one thread's DuckDB (`duckdb` reads its figures); returns its stop. */
export function startMemoryLog(label: string, duckdb: () => Promise<string>): () => void {
  if (!ENABLED) return () => undefined;
  const started = Date.now();
  const thread = isMainThread ? 'main' : `thread ${threadId}`;
  const timer = setInterval(() => {
    const m = process.memoryUsage();
    const heap = getHeapStatistics();
    const line =
      `db export memory: ${((Date.now() - started) / 1000).toFixed(0)} s ${thread} (${label}): rss ${mb(m.rss)} MB,` +
      ` heap ${mb(heap.used_heap_size)}/${mb(heap.total_heap_size)} MB, external ${mb(m.external)} MB` +
      ` (ArrayBuffers ${mb(m.arrayBuffers)} MB)`;
    duckdb().then(
      (d) => process.stderr.write(`${line}, DuckDB ${d}\n`),
      () => process.stderr.write(`${line}\n`),
    );
  }, EVERY_MS);
  timer.unref();
  return () => clearInterval(timer);
}

export const memoryLogEnabled = (): boolean => ENABLED;
