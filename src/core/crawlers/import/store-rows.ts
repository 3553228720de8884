import type {
  BrowserHitRow,
  CrawlFileRecord,
  CrawlFileWrite,
  CrawlHitRow,
  HistoryStore,
} from '../../history';
import { pairKey, verifiedPairs, type AgentAddress, type VerifyOptions } from '../verify';
import { BROWSER_ROWS_SQL, HIT_ROWS_SQL, PAIRS_SQL } from './aggregate';
import type { LogReader } from './duckdb';

// A file's pass done in DuckDB, its agents' addresses are verified and its day totals written to
// the history: the record and every row in one transaction.

/** The (agent, address) pairs of the file that are their agent's, as DuckDB's `verified` table. */
export async function verifiedTable(reader: LogReader, options: VerifyOptions): Promise<void> {
  const pairs = (await reader.rows(PAIRS_SQL)).map(([agent, ip]) => ({ agent, ip }) as AgentAddress);
  const verified = await verifiedPairs(pairs, options);
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
 * holds one chunk, never the file's totals. The rows come in the tables' key order: SQLite then
 * appends to its B-trees instead of inserting all over them (1.7 million rows took a quarter
 * of the CPU time). Returns the verified hits.
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
export async function storeFile(
  reader: LogReader,
  store: HistoryStore,
  record: CrawlFileRecord,
  stopIfAborted: () => void,
): Promise<number | null> {
  const write = store.beginCrawlFile(record);
  if (!write) return null;
  try {
    const verified = await streamRows(reader, write);
    // Interrupted while the rows streamed: the file is left out whole.
    stopIfAborted();
    write.commit();
    return verified;
  } catch (error) {
    write.rollback();
    throw error;
  }
}
