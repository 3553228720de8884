import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { selectSql, valueSql } from '../../../src/core/outputs/db-export/reader';
import { batchBounds, usedParams } from '../../../src/core/outputs/db-export/scope';
import { createTableSql } from '../../../src/core/outputs/db-export/sqlite-writer';
import { copySql } from '../../../src/core/outputs/db-export/parquet-writer';
import { EXPORT_TABLES, type ExportColumn } from '../../../src/core/outputs/db-export';

// The SQL pieces the export is made of, on an in-memory SQLite: batches of scope keys, times and
// days as the SQLite file stores them, and the DDL a stock reader gets.

const column = (kind: ExportColumn['kind'], sql: string): ExportColumn => ({
  name: 'x',
  kind,
  sql,
  nullable: true,
});

describe('db export SQL', () => {
  const db = new Database(':memory:');

  it('cuts a scope into batches of consecutive keys that cover each key once', () => {
    db.exec('CREATE TEMP TABLE scope_results (k INTEGER PRIMARY KEY)');
    const keys = [3, 4, 9, 10, 11, 40, 41];
    for (const k of keys) db.prepare('INSERT INTO temp.scope_results VALUES (?)').run(k);
    for (const size of [1, 2, 3, 7, 100]) {
      const bounds = batchBounds(db, 'scope_results', size);
      expect(bounds.reduce((n, b) => n + b.keys, 0)).toBe(keys.length);
      expect(bounds[0]?.lo).toBe(2);
      const covered = keys.map((k) => bounds.filter((b) => k > b.lo && k <= b.hi).length);
      expect(covered).toEqual(keys.map(() => 1));
      expect(bounds.every((b) => b.keys <= size)).toBe(true);
    }
    db.exec('DELETE FROM temp.scope_results');
    expect(batchBounds(db, 'scope_results', 5)).toEqual([]);
  });

  it('writes times as ISO 8601 UTC to the millisecond and days as dates, NULL as NULL', () => {
    const at = (ms: number | null): unknown =>
      db
        .prepare(`SELECT ${valueSql(column('timestamp', '@v'), 'sqlite')}`)
        .pluck()
        .get({ v: ms });
    for (const ms of [
      0,
      1_735_689_600_123,
      1_735_689_600_999,
      1_735_689_601_000,
      Date.UTC(2026, 1, 28, 23, 59, 59, 7),
    ])
      expect(at(ms)).toBe(new Date(ms).toISOString());
    expect(at(null)).toBeNull();
    const day = db.prepare(`SELECT ${valueSql(column('date', '@v'), 'sqlite')}`).pluck();
    expect(day.get({ v: 20_454 })).toBe('2026-01-01');
    // Parquet gets the numbers; DuckDB types them.
    expect(valueSql(column('timestamp', 'r.fetched_at'), 'parquet')).toBe('r.fetched_at');
  });

  it('passes a statement only the parameters it names', () => {
    expect(usedParams('WHERE a > @from AND b < @fromDay', { from: 1, fromDay: 2, to: 3 })).toEqual({
      from: 1,
      fromDay: 2,
    });
  });

  it('declares plain typed columns, keys and references, and no function of Parallax', () => {
    const answers = EXPORT_TABLES.find((t) => t.name === 'answers');
    if (!answers) throw new Error('no answers table');
    const ddl = createTableSql(answers);
    expect(ddl).toContain('"fetched_at" TEXT NOT NULL');
    expect(ddl).toContain('"synthetic" INTEGER NOT NULL CHECK ("synthetic" IN (0, 1))');
    expect(ddl).toContain('PRIMARY KEY ("result_id")');
    expect(ddl).toContain('FOREIGN KEY ("run_id") REFERENCES "runs" ("run_id")');
    expect(ddl).not.toMatch(/GENERATED|doc_text|STRICT/);
    // Every table's DDL is valid SQLite and its SELECT names only real columns of its rows.
    for (const table of EXPORT_TABLES) {
      db.exec(createTableSql(table));
      expect(selectSql(table, 'sqlite')).toContain(`ORDER BY ${table.orderBy}`);
    }
    expect(copySql(answers, 'f', "/tmp/it's.parquet")).toContain("TO '/tmp/it''s.parquet'");
    expect(copySql(answers, 'f', '/x')).toContain(
      'CAST(epoch_ms(CAST("fetched_at" AS BIGINT)) AS TIMESTAMPTZ)',
    );
    expect(copySql(answers, 'f', '/x')).toContain('decode("answer_text")');
  });
});
