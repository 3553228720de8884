import Database from 'better-sqlite3';
import { registerStoreFunctions } from '../../../src/core/history/codec';

// The positioning roll-ups counted again from the per-answer rows (pos_brand with each answer's
// cell in vis_result), level by level: what ingest, deletes and re-scores must keep them equal to.

const STATUS = `count(*) AS n, sum(b.status = 0) AS top, sum(b.status = 1) AS recommended,
  sum(b.status = 2) AS mentioned, sum(b.status = 3) AS cautioned, sum(b.sentiment = 1) AS positive,
  sum(b.sentiment = 0) AS neutral, sum(b.sentiment = -1) AS negative, sum(b.score) AS score_sum,
  sum(b.score * b.score) AS score_sq`;
const STATUS_COLUMNS =
  'n, top, recommended, mentioned, cautioned, positive, neutral, negative, score_sum, score_sq';
const FROM = 'FROM pos_brand b JOIN vis_result f ON f.seq = b.seq';
const ATTRS = `FROM pos_brand b JOIN vis_result f ON f.seq = b.seq JOIN json_each(b.attrs) a ON a.key % 2 = 0`;
const ATTR = `count(*) AS n, sum((b.attrs ->> (a.key + 1)) > 0) AS positive, sum((b.attrs ->> (a.key + 1)) < 0) AS negative`;

/** A time-bucketed table's recount: every answer in one bucket of each span (1, 8, 64 days). */
const bucketed = (dims: string, groups: string): string =>
  [1, 8, 64]
    .map(
      (span) =>
        `SELECT b.judge, ${span} AS span, (f.day / ${span}) * ${span} AS start, ${dims}, a.value AS attr, ${ATTR} ${ATTRS} GROUP BY 1, 2, 3, ${groups}`,
    )
    .join(' UNION ALL ');

const LEVELS: ReadonlyArray<{ table: string; key: string; recount: string }> = [
  {
    table: 'pos_status_day',
    key: 'judge, day, run, engine, loc, brand',
    recount: `SELECT b.judge, f.day, f.run, f.engine, f.loc, b.brand, ${STATUS} ${FROM} GROUP BY 1, 2, 3, 4, 5, 6`,
  },
  {
    table: 'pos_status_el',
    key: 'judge, day, engine, loc, brand',
    recount: `SELECT b.judge, f.day, f.engine, f.loc, b.brand, ${STATUS} ${FROM} GROUP BY 1, 2, 3, 4, 5`,
  },
  {
    table: 'pos_status_d',
    key: 'judge, day, brand',
    recount: `SELECT b.judge, f.day, b.brand, ${STATUS} ${FROM} GROUP BY 1, 2, 3`,
  },
  {
    table: 'pos_attr_run',
    key: 'judge, run, day, brand, attr',
    recount: `SELECT b.judge, f.run, f.day, b.brand, a.value AS attr, ${ATTR} ${ATTRS} GROUP BY 1, 2, 3, 4, 5`,
  },
  {
    table: 'pos_attr_run_engine',
    key: 'judge, run, day, engine, brand, attr',
    recount: `SELECT b.judge, f.run, f.day, f.engine, b.brand, a.value AS attr, ${ATTR} ${ATTRS} GROUP BY 1, 2, 3, 4, 5, 6`,
  },
  {
    table: 'pos_attr_el',
    key: 'judge, span, start, engine, loc, brand, attr',
    recount: bucketed('f.engine, f.loc, b.brand', '4, 5, 6, 7'),
  },
  {
    table: 'pos_attr_e',
    key: 'judge, span, start, engine, brand, attr',
    recount: bucketed('f.engine, b.brand', '4, 5, 6'),
  },
  { table: 'pos_attr_d', key: 'judge, span, start, brand, attr', recount: bucketed('b.brand', '4, 5') },
];

/** For each roll-up table: its rows and the recount's, both in key order (equal when in step). */
export function rollupsAndRecounts(
  path: string,
): Array<{ table: string; rows: unknown[]; recount: unknown[] }> {
  const db = new Database(path, { readonly: true });
  registerStoreFunctions(db);
  try {
    return LEVELS.map((l) => {
      const values = l.table.startsWith('pos_status') ? STATUS_COLUMNS : 'n, positive, negative';
      return {
        table: l.table,
        rows: db.prepare(`SELECT ${l.key}, ${values} FROM ${l.table} ORDER BY ${l.key}`).all(),
        recount: db.prepare(`SELECT * FROM (${l.recount}) ORDER BY ${l.key}`).all(),
      };
    });
  } finally {
    db.close();
  }
}

/** A judge's positioning rows of every answer by its seq (brand keys as brand names, attribute ids as texts). */
export function answerRows(path: string, judge = 'builtin'): Record<string, unknown[]> {
  const db = new Database(path, { readonly: true });
  try {
    const rows = db
      .prepare(
        `SELECT b.seq AS resultId, coalesce(br.name, pb.brand_id) AS brand, b.status, b.sentiment, b.score, b.evidence,
           (SELECT json_group_array(t.text || ':' || (b.attrs ->> (e.key + 1)) ORDER BY e.key) FROM json_each(b.attrs) e
             JOIN pos_attrs t ON t.id = e.value WHERE e.key % 2 = 0) AS attrs
         FROM pos_brand b JOIN pos_brands pb ON pb.id = b.brand LEFT JOIN brands br ON br.id = pb.brand_id
         WHERE b.judge = (SELECT id FROM pos_judges WHERE name = ?)
         ORDER BY b.seq, brand`,
      )
      .all(judge) as Array<{ resultId: number }>;
    const out: Record<string, unknown[]> = {};
    for (const { resultId, ...rest } of rows) (out[resultId] ??= []).push(rest);
    return out;
  } finally {
    db.close();
  }
}
