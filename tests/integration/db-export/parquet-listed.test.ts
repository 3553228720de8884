import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXPORT_TABLES, exportHistory, type ExportTable } from '../../../src/core/outputs/db-export';
import { demoFixture, historyQuery, openDuck, type Fixture } from './fixture';

// The Parquet sources are spelled out by DuckDB from each answer's stored list and the distinct
// source texts (parquet-lists.ts), not row by row as the history's `sources` view reads them.
// Both must give the same rows, values and order: including a list with a deleted row (a null
// in its ids, skipped, the rows after it keeping their places) and one with stored positions.

let fx: Fixture;
const sources = EXPORT_TABLES.find((t) => t.name === 'sources') as ExportTable;

beforeAll(async () => {
  fx = await demoFixture('db-export-listed');
  const db = new Database(fx.db);
  try {
    const [first, second] = db
      .prepare(
        'SELECT result_seq FROM source_lists WHERE json_array_length(text_ids) > 2 ORDER BY result_seq LIMIT 2',
      )
      .pluck()
      .all() as number[];
    // The list's second row deleted through the view: its slot becomes a JSON null.
    db.prepare('DELETE FROM sources WHERE result_seq = ? AND id = ? * 65536 + 1').run(first, first);
    // Positions that are not 1, 2, 3….
    db.prepare(
      `UPDATE source_lists SET positions = (SELECT json_group_array(10 * (key + 1) + 3) FROM json_each(text_ids))
       WHERE result_seq = ?`,
    ).run(second);
  } finally {
    db.close();
  }
}, 120_000);
afterAll(() => fx.cleanup());

describe('Parquet sources expanded by DuckDB from the stored lists', { timeout: 120_000 }, () => {
  it('has the rows of the history’s sources view, in its order, with their values', async () => {
    const folder = fx.file('listed');
    const outcome = await exportHistory(
      { historyPath: fx.db, appVersion: 'test', engineLabels: {}, demoRunIds: [] },
      { format: 'parquet', out: folder, tables: [sources] },
    );
    const expected = historyQuery<Record<string, unknown>>(
      fx.db,
      `SELECT r.id AS result_id, src.position, src.kind, src.url, src.domain, src.title, src.snippet,
         src.date_published
       FROM sources src JOIN results r ON r.seq = src.result_seq ORDER BY src.result_seq, src.id`,
    );
    expect(expected.some((row) => row.position === 13)).toBe(true);
    const duck = await openDuck();
    try {
      const got = await duck.rows<Record<string, unknown>>(
        `SELECT * FROM read_parquet('${folder}/sources.parquet')`,
      );
      expect(outcome.tables).toEqual([expect.objectContaining({ table: 'sources', rows: expected.length })]);
      expect(got.map((row) => ({ ...row, position: Number(row.position) }))).toEqual(expected);
    } finally {
      duck.close();
    }
  });
});
