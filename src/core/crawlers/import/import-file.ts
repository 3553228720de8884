import { basename } from 'node:path';
import type {
  BrowserHitRow,
  CrawlFileRecord,
  CrawlFileWrite,
  CrawlHitRow,
  HistoryStore,
} from '../../history';
import type { RangeLists } from '../catalogue';
import { pairKey, verifiedPairs, type AgentAddress, type DnsLookup } from '../verify';
import { aggregateSql, BROWSER_ROWS_SQL, HIT_ROWS_SQL, PAIRS_SQL, TOTALS_SQL } from './aggregate';
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

/** The SELECT of the file's rows in `format`; an Error names what is missing. */
async function sourceSql(
  reader: LogReader,
  file: string,
  format: LogFormat,
  head: string[],
): Promise<string> {
  if (format === 'combined') return combinedSql(file);
  if (format === 'jsonl') return jsonSql(file);
  if (format === 'cloudflare') return cloudflareSql(file);
  if (format === 'cloudfront') {
    const fields = fieldsLineOf(head);
    if (!fields) throw new Error('no #Fields: header line (a CloudFront standard log starts with one)');
    return cloudfrontSql(file, fields);
  }
  await reader.connection.run(`DROP TABLE IF EXISTS ${REJECTS}; DROP TABLE IF EXISTS ${REJECTS}_scan`);
  const columns = (await reader.rows(`DESCRIBE SELECT * FROM ${csvReader(file)}`)).map((r) => String(r[0]));
  const missing = missingCsvFields(columns);
  if (missing.length > 0) throw new Error(`the CSV header has no column for ${missing.join('; ')}`);
  return csvSql(file, columns, REJECTS);
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

async function verifiedTable(reader: LogReader, options: ImportFileOptions): Promise<void> {
  const pairs = (await reader.rows(PAIRS_SQL)).map(([agent, ip]) => ({ agent, ip }) as AgentAddress);
  const verified = await verifiedPairs(pairs, {
    ranges: options.ranges,
    ...(options.dns ? { dns: options.dns } : {}),
  });
  await reader.connection.run('CREATE OR REPLACE TEMP TABLE verified (agent VARCHAR, ip VARCHAR)');
  const appender = await reader.connection.createAppender('verified');
  for (const pair of pairs.filter((p) => verified.has(pairKey(p)))) {
    appender.appendVarchar(pair.agent);
    appender.appendVarchar(pair.ip);
    appender.endRow();
  }
  appender.closeSync();
}

const hitRow = ([site, day, agent, url, status, verified, n]: unknown[]): CrawlHitRow => ({
  site: String(site),
  day: String(day),
  agent: String(agent),
  url: String(url),
  status: Number(status),
  verified: verified === true,
  hits: Number(n),
});

const browserRow = ([site, day, url, status, n]: unknown[]): BrowserHitRow => ({
  site: String(site),
  day: String(day),
  url: String(url),
  status: Number(status),
  hits: Number(n),
});

/**
 * The day totals from DuckDB into the open write, a chunk (2,048 rows) at a time, so memory
 * holds one chunk, never the file's totals. Returns the verified hits.
 */
async function streamRows(reader: LogReader, write: CrawlFileWrite): Promise<number> {
  let verified = 0;
  for await (const rows of (await reader.connection.stream(HIT_ROWS_SQL)).yieldRowsJs()) {
    const hits = rows.map(hitRow);
    verified += hits.reduce((s, r) => s + (r.verified ? r.hits : 0), 0);
    write.addHits(hits);
  }
  for await (const rows of (await reader.connection.stream(BROWSER_ROWS_SQL)).yieldRowsJs())
    write.addBrowsers(rows.map(browserRow));
  return verified;
}

/** Writes the file's record and rows in one transaction; null when it was already in. */
async function storeFile(
  reader: LogReader,
  store: HistoryStore,
  record: CrawlFileRecord,
): Promise<number | null> {
  const write = store.beginCrawlFile(record);
  if (!write) return null;
  try {
    const verified = await streamRows(reader, write);
    write.commit();
    return verified;
  } catch (error) {
    write.rollback();
    throw error;
  }
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
  const format = options.format === 'auto' ? detectFormat(head, file) : options.format;
  if (!format)
    return { ...summary, error: 'could not tell the log format from its first lines; pass --format' };
  summary.format = format;
  try {
    await reader.connection.run(aggregateSql(await sourceSql(reader, file, format, head), options.site));
  } catch (error) {
    return { ...summary, error: error instanceof Error ? error.message : String(error) };
  }
  const [lines, kept, browsers, malformed, a, b] = (await reader.rows(TOTALS_SQL))[0] ?? [];
  const rejects = format === 'csv' ? await csvRejects(reader) : { count: 0, examples: [] };
  await verifiedTable(reader, options);
  const counts = {
    lines: Number(lines) + rejects.count,
    kept: Number(kept),
    browsers: Number(browsers),
    malformed: Number(malformed) + rejects.count,
    malformedExamples: [...rejects.examples, ...[a, b].filter((x): x is string => typeof x === 'string')]
      .filter((x, i, all) => all.indexOf(x) === i)
      .slice(0, 3),
  };
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
  const verified = await storeFile(reader, store, record);
  if (verified === null) return { ...summary, outcome: 'already imported' };
  return { ...summary, ...counts, verified, outcome: 'imported' };
}
