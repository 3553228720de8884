import { basename } from 'node:path';
import type { HistoryStore } from '../../history';
import type { RangeLists } from '../catalogue';
import type { DnsLookup } from '../verify';
import { aggregateSql, TOTALS_SQL, uaClassSql } from './aggregate';
import { storeFile, verifiedTable } from './store-rows';
import { fieldsLineOf, detectFormat } from './detect';
import type { LogReader } from './duckdb';
import { fileFingerprint } from './fingerprint';
import {
  cloudflareSql,
  cloudfrontSql,
  combinedSql,
  csvReader,
  csvSql,
  jsonSql,
  linesOf,
  missingCsvFields,
  type LogFormat,
} from './formats';

// One log file into the history: parsed and aggregated by DuckDB, its agents' addresses
// verified, its day totals and its record written in one SQLite transaction (so an import
// stopped half-way leaves each file either whole or absent).

export interface ImportFileOptions {
  format: LogFormat | 'auto';
  /** The site every hit is counted for; else the log's host field, else ''. */
  site: string | null;
  ranges: RangeLists;
  dns?: DnsLookup;
  now: () => number;
  /** Stops the file: a query under way is interrupted by the caller; this stops between them. */
  signal?: AbortSignal;
  /** How far DuckDB's pass over the file is, 0-100, about once a second. */
  onProgress?: (percent: number) => void;
}

export interface FileSummary {
  file: string;
  outcome: 'imported' | 'already imported' | 'failed';
  format: LogFormat | null;
  bytes: number;
  lines: number;
  /** Hits of catalogue agents kept. */
  kept: number;
  /** Of them, from a verified address. */
  verified: number;
  browsers: number;
  malformed: number;
  /** Malformed lines named: a CSV's by line number, others by their text. */
  malformedExamples: string[];
  error: string | null;
}

const REJECTS = 'parallax_csv_rejects';

/** A file that could not be read, with why. */
export function failedFile(file: string, error: string): FileSummary {
  return { ...emptySummary(file, 0), error };
}

function emptySummary(file: string, bytes: number): FileSummary {
  return {
    file,
    outcome: 'failed',
    format: null,
    bytes,
    lines: 0,
    kept: 0,
    verified: 0,
    browsers: 0,
    malformed: 0,
    malformedExamples: [],
    error: null,
  };
}

/**
 * Runs `work`, reporting DuckDB's progress on the query meanwhile (its own estimate), mapped
 * into `span` of the file's whole pass.
 */
async function withProgress<T>(
  reader: LogReader,
  onProgress: ((percent: number) => void) | undefined,
  span: readonly [from: number, to: number],
  work: () => Promise<T>,
): Promise<T> {
  if (!onProgress) return work();
  const [from, to] = span;
  const timer = setInterval(() => {
    const { percentage } = reader.connection.progress;
    if (percentage >= 0) onProgress(Math.round(from + ((to - from) * Math.min(100, percentage)) / 100));
  }, 1000);
  try {
    return await work();
  } finally {
    clearInterval(timer);
  }
}

interface SourceSql {
  /** The SELECT of the file's rows. */
  rows: string;
  /** The same rows read without side effects (a CSV's rejects table), for the user-agent pass. */
  uas: string;
}

/** The SELECT of the file's rows in `format`; an Error names what is missing. */
async function sourceSql(
  reader: LogReader,
  file: string,
  format: LogFormat,
  head: string[],
): Promise<SourceSql> {
  const same = (rows: string): SourceSql => ({ rows, uas: rows });
  if (format === 'combined') return same(combinedSql(file));
  if (format === 'jsonl') return same(jsonSql(file));
  if (format === 'cloudflare') return same(cloudflareSql(file));
  if (format === 'cloudfront') {
    const fields = fieldsLineOf(head);
    if (!fields) throw new Error('no #Fields: header line (a CloudFront standard log starts with one)');
    return same(cloudfrontSql(file, fields));
  }
  await reader.connection.run(`DROP TABLE IF EXISTS ${REJECTS}; DROP TABLE IF EXISTS ${REJECTS}_scan`);
  const columns = (await reader.rows(`DESCRIBE SELECT * FROM ${csvReader(file)}`)).map((r) => String(r[0]));
  const missing = missingCsvFields(columns);
  if (missing.length > 0) throw new Error(`the CSV header has no column for ${missing.join('; ')}`);
  return { rows: csvSql(file, columns, REJECTS), uas: csvSql(file, columns, null) };
}

/** The file's two passes in DuckDB: its user agents classified, then its rows aggregated. */
async function aggregateFile(
  reader: LogReader,
  source: SourceSql,
  options: ImportFileOptions,
): Promise<void> {
  // The first pass reads only the user-agent field: about a fifth of the second's time.
  await withProgress(reader, options.onProgress, [0, 20], () =>
    reader.connection.run(uaClassSql(source.uas)),
  );
  if (options.signal?.aborted) throw new Error('interrupted');
  await withProgress(reader, options.onProgress, [20, 100], () =>
    reader.connection.run(aggregateSql(source.rows, options.site)),
  );
}

/** The CSV reader's rejected rows, by line number (they never reach `agg`). */
async function csvRejects(reader: LogReader): Promise<{ count: number; examples: string[] }> {
  const rows = await reader.rows(
    // One row per error: a line with several (too many columns) comes more than once.
    `SELECT CAST(line AS DOUBLE), left(coalesce(any_value(csv_line), ''), 120), any_value(error_type)
     FROM ${REJECTS} GROUP BY line ORDER BY line`,
  );
  return {
    count: rows.length,
    examples: rows
      .slice(0, 3)
      .map(([line, text, why]) => `line ${String(line)} (${String(why)}): ${String(text)}`),
  };
}

/** The summary's counts from `agg`'s totals and a CSV's rejected rows. */
function countsOf(totals: unknown[], rejects: { count: number; examples: string[] }) {
  const [lines, kept, browsers, malformed, a, b] = totals;
  return {
    lines: Number(lines) + rejects.count,
    kept: Number(kept),
    browsers: Number(browsers),
    malformed: Number(malformed) + rejects.count,
    malformedExamples: [...rejects.examples, ...[a, b].filter((x): x is string => typeof x === 'string')]
      .filter((x, i, all) => all.indexOf(x) === i)
      .slice(0, 3),
  };
}

export async function importFile(
  reader: LogReader,
  store: HistoryStore,
  file: string,
  options: ImportFileOptions,
): Promise<FileSummary> {
  const { fingerprint, bytes } = fileFingerprint(file);
  const summary = emptySummary(file, bytes);
  if (store.crawlFileImported(fingerprint)) return { ...summary, outcome: 'already imported' };
  const head = (await reader.rows(`SELECT line FROM ${linesOf(file)} LIMIT 40`)).map((r) =>
    String(r[0] ?? ''),
  );
  const stopIfAborted = (): void => {
    if (options.signal?.aborted) throw new Error('interrupted');
  };
  stopIfAborted();
  const format = options.format === 'auto' ? detectFormat(head, file) : options.format;
  if (!format)
    return { ...summary, error: 'could not tell the log format from its first lines; pass --format' };
  summary.format = format;
  try {
    await aggregateFile(reader, await sourceSql(reader, file, format, head), options);
    stopIfAborted();
  } catch (error) {
    return { ...summary, error: error instanceof Error ? error.message : String(error) };
  }
  const totals = (await reader.rows(TOTALS_SQL))[0] ?? [];
  const rejects = format === 'csv' ? await csvRejects(reader) : { count: 0, examples: [] };
  await verifiedTable(reader, { ranges: options.ranges, ...(options.dns ? { dns: options.dns } : {}) });
  const counts = countsOf(totals, rejects);
  const record = {
    fingerprint,
    name: basename(file),
    bytes,
    format,
    lines: counts.lines,
    kept: counts.kept,
    malformed: counts.malformed,
    importedAt: options.now(),
  };
  const verified = await storeFile(reader, store, record, stopIfAborted);
  if (verified === null) return { ...summary, outcome: 'already imported' };
  return { ...summary, ...counts, verified, outcome: 'imported' };
}
