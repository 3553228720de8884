import type { HistoryReader, ReaderFacts, RowBatch } from './reader';
import type { DbExportTableOutcome, ExportTable } from './types';

// What each format's writer does with the tables the reader gives it.

export interface Ticker {
  /** Keys done (progress), then one event-loop turn, then a canceled export throws. */
  tick(keys: number): Promise<void>;
  /** Keys done, without yielding (from a callback that cannot wait). */
  count(keys: number): void;
  /** Whether the export was canceled (a callback that cannot throw stops on its own). */
  canceled(): boolean;
}

export interface TableWriter {
  /** Tables this writer can write at once (they share the reader's one connection). */
  readonly concurrency: number;
  /**
   * Writes a table's rows: read from `reader`, or taken from `rows` when another thread reads
   * them, or some of them (SQLite takes them as they come; Parquet, whose rows DuckDB pulls
   * through a synchronous callback, takes only a synchronous iterable).
   */
  writeTable(
    table: ExportTable,
    reader: HistoryReader,
    ticker: Ticker,
    rows?: AsyncIterable<RowBatch> | Iterable<RowBatch>,
  ): Promise<DbExportTableOutcome>;
  /**
   * The meta table's facts counted from the answers this export wrote, where that is cheaper
   * than the reader's count over the history; null (or no such method) when the reader counts.
   */
  writtenFacts?(): Promise<ReaderFacts | null>;
  /** The meta table: key/value rows, written last. */
  writeMeta(rows: ReadonlyArray<readonly [string, string]>): Promise<void>;
  /** Completes the output at its partial path (indexes, footers, closing); returns its bytes. */
  finish(ticker: Ticker): Promise<number>;
  /** Stops the work under way now (a table being written rejects soon after). */
  interrupt(): void;
  /** Releases everything once no table is being written (a failed export's caller then deletes the partial output). */
  release(): Promise<void>;
}
