import { DuckDBInstance } from '@duckdb/node-api';
import Database from 'better-sqlite3';
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { demoHistoryCopy } from '../../support/demo-history';
import { registerStoreFunctions } from '../../../src/core/history';

// What the analysis-export tests share: a small demo history (3 days through the real run
// engine and the sandbox, on today's clock so --since means something), the history read
// directly (with the store's SQL functions) for the figures an export must match, and the stock
// sqlite3 shell as a child process.

export const DEMO_DAYS = 3;

export interface Fixture {
  dir: string;
  db: string;
  file(name: string): string;
  cleanup(): void;
}

export async function demoFixture(prefix: string): Promise<Fixture> {
  const dir = mkdtempSync(join(tmpdir(), `parallax-${prefix}-`));
  const db = join(dir, 'history.db');
  await demoHistoryCopy({ days: DEMO_DAYS, alerts: 'unchecked', to: db });
  return {
    dir,
    db,
    file: (name) => join(dir, name),
    cleanup: () => rmSync(dir, { recursive: true, force: true }),
  };
}

/** A query on the history itself (read-only, with the store's functions): the figures to match. */
export function historyQuery<T>(db: string, sql: string, ...params: unknown[]): T[] {
  const conn = new Database(db, { readonly: true });
  try {
    registerStoreFunctions(conn);
    return conn.prepare(sql).all(...params) as T[];
  } finally {
    conn.close();
  }
}

export const historyCount = (db: string, sql: string, ...params: unknown[]): number =>
  Object.values(historyQuery<Record<string, number>>(db, sql, ...params)[0] ?? {})[0] ?? 0;

/**
 * Runs SQL in the stock `sqlite3` shell (Debian's package, no extension loaded) on a file,
 * read-only, and parses its -json output (an empty result prints nothing).
 */
export function sqlite3Json<T = Record<string, unknown>>(file: string, sql: string): Promise<T[]> {
  return new Promise((resolve, reject) => {
    execFile(
      'sqlite3',
      ['-readonly', '-json', file, sql],
      { maxBuffer: 64 * 1024 * 1024 },
      (err, stdout, stderr) => {
        if (err) return reject(new Error(`sqlite3 failed: ${stderr || err.message}`));
        resolve(stdout.trim() === '' ? [] : (JSON.parse(stdout) as T[]));
      },
    );
  });
}

/** The answer counts per table as the history holds them (what an unfiltered export must have). */
export function historyTableCounts(db: string): Record<string, number> {
  return {
    runs: historyCount(db, 'SELECT count(*) FROM runs'),
    jobs: historyCount(db, 'SELECT count(*) FROM jobs'),
    answers: historyCount(db, 'SELECT count(*) FROM results'),
    sources: historyCount(db, 'SELECT count(*) FROM sources'),
    brands: historyCount(db, 'SELECT count(*) FROM brands'),
    mentions: historyCount(db, 'SELECT count(*) FROM vis_result_brand WHERE mentioned = 1'),
    // Every judge's rows of brands still tracked, and the answers a judge could not score.
    positioning: historyCount(
      db,
      `SELECT (SELECT count(*) FROM pos_brand b JOIN pos_brands pb ON pb.id = b.brand
          JOIN brands br ON br.id = pb.brand_id)
        + (SELECT count(*) FROM pos_answer a WHERE a.note IS NOT NULL
          AND NOT EXISTS (SELECT 1 FROM pos_brand b WHERE b.seq = a.seq AND b.judge = a.judge))`,
    ),
    products: historyCount(db, 'SELECT count(*) FROM com_product'),
    offers: historyCount(db, 'SELECT count(*) FROM com_offer'),
    ads: historyCount(db, 'SELECT count(*) FROM com_ad'),
    // The demo sets its brands' fact sheets: every check of an answer of a brand still tracked.
    facts: historyCount(db, 'SELECT count(*) FROM fact_checks fc JOIN brands br ON br.id = fc.brand_id'),
    positioning_attributes: historyCount(
      db,
      `SELECT coalesce(sum(json_array_length(b.attrs) / 2), 0) FROM pos_brand b
        JOIN pos_brands pb ON pb.id = b.brand JOIN brands br ON br.id = pb.brand_id`,
    ),
  };
}

/** An in-memory DuckDB that reads the exported Parquet files back: rows as JS objects. */
export interface Duck {
  rows<T>(sql: string): Promise<T[]>;
  close(): void;
}

export async function openDuck(): Promise<Duck> {
  const instance = await DuckDBInstance.create(':memory:');
  const conn = await instance.connect();
  return {
    rows: async <T>(sql: string) => (await conn.runAndReadAll(sql)).getRowObjectsJS() as T[],
    close: () => {
      conn.closeSync();
      instance.closeSync();
    },
  };
}
