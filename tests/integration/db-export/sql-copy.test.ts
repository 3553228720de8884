import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXPORT_TABLES, exportHistory } from '../../../src/core/outputs/db-export';
import { openHistoryReader } from '../../../src/core/outputs/db-export/reader';
import { openSqliteWriter } from '../../../src/core/outputs/db-export/sqlite-writer';
import type { ExportTable } from '../../../src/core/outputs/db-export/types';
import type { Ticker } from '../../../src/core/outputs/db-export/writer';
import { demoFixture, type Fixture } from './fixture';

// The SQLite export copies every table without a document part by SQL (INSERT … SELECT on the
// history's connection, the output attached): its file must hold exactly what the row-by-row
// path (every value through JS, as the answers still go) writes, value for value and type for
// type, and the same schema. Both are written here from the same demo history and compared.

let fx: Fixture;
beforeAll(async () => {
  fx = await demoFixture('db-export-sql-copy');
}, 120_000);
afterAll(() => fx.cleanup());

const deps = () => ({ historyPath: fx.db, appVersion: 'test', engineLabels: {}, demoRunIds: [] });
const ticker: Ticker = { tick: () => Promise.resolve(), count: () => undefined, canceled: () => false };

/** The old path: a writer on a file of its own, every row read into JS and inserted. */
async function rowByRow(file: string, tables: readonly ExportTable[]): Promise<void> {
  const reader = openHistoryReader(fx.db, {}, deps());
  const writer = openSqliteWriter(file);
  try {
    for (const table of tables) await writer.writeTable(table, reader, ticker);
    await writer.finish(ticker);
  } finally {
    reader.close();
  }
}

/** Every value of a table with its type (quote() tells 3 from 3.0 from '3'), in rowid order. */
function dump(file: string, table: ExportTable): unknown[][] {
  const db = new Database(file, { readonly: true });
  try {
    const columns = table.columns.map((c) => `quote("${c.name}")`).join(', ');
    return db.prepare(`SELECT ${columns} FROM "${table.name}" ORDER BY rowid`).raw(true).all() as unknown[][];
  } finally {
    db.close();
  }
}

function schemaOf(file: string): unknown[] {
  const db = new Database(file, { readonly: true });
  try {
    return db
      .prepare(`SELECT type, name, tbl_name, sql FROM sqlite_master WHERE tbl_name <> 'meta' ORDER BY name`)
      .all();
  } finally {
    db.close();
  }
}

describe('SQLite export: tables copied by SQL', { timeout: 120_000 }, () => {
  it('writes the same rows, types and schema as the row-by-row path', async () => {
    const copied = fx.file('copied.sqlite');
    const outcome = await exportHistory(deps(), { format: 'sqlite', out: copied });
    const old = fx.file('row-by-row.sqlite');
    await rowByRow(old, EXPORT_TABLES);
    const bySql = EXPORT_TABLES.filter((t) => !t.columns.some((c) => c.docPart));
    expect(bySql.map((t) => t.name)).toContain('sources');
    for (const table of EXPORT_TABLES) {
      const rows = dump(copied, table);
      expect(rows, table.name).toEqual(dump(old, table));
      expect(outcome.tables.find((t) => t.table === table.name)?.rows, table.name).toBe(rows.length);
    }
    expect(
      dump(copied, EXPORT_TABLES.find((t) => t.name === 'sources') as ExportTable).length,
    ).toBeGreaterThan(0);
    expect(schemaOf(copied)).toEqual(schemaOf(old));
  });

  it('leaves the history as it was (the connection attaching the output only reads it)', async () => {
    const before = new Database(fx.db, { readonly: true });
    const version = before.pragma('data_version', { simple: true });
    const changes = before.prepare('SELECT count(*) FROM sqlite_master').pluck().get();
    await exportHistory(deps(), { format: 'sqlite', out: fx.file('again.sqlite') });
    expect(before.prepare('SELECT count(*) FROM sqlite_master').pluck().get()).toBe(changes);
    // data_version changes when another connection commits a write to the file.
    expect(before.pragma('data_version', { simple: true })).toBe(version);
    before.close();
  });
});
