import type Database from 'better-sqlite3';

// Answers where a brand appears at all (named OR its domains cited) in the brand roll-ups, so
// a drill-down on a brand alone sums the roll-up like `mentioned` and `cited` instead of counting
// its total row by row over vis_result_brand (about 1 s at 1,000,000 answers). A brand's row in
// vis_result_brand exists only when it is named or cited, so each roll-up row's `present` is the
// number of those rows in its cell: filled here from them, kept by the roll-up writer
// (addBrandRollups) from then on.

const TABLES: ReadonlyArray<readonly [table: string, key: readonly string[]]> = [
  ['vis_brand_day', ['day', 'run', 'engine', 'loc', 'brand']],
  ['vis_brand_el', ['day', 'engine', 'loc', 'brand']],
  ['vis_brand_d', ['day', 'brand']],
];

export const sql = '';

/**
 * Adds and fills the column (in `up`, so a history whose tables already have it, as a test's
 * earlier migration re-run leaves it, is filled again rather than failing on the ALTER).
 */
export function fill(db: Database.Database): void {
  for (const [table, key] of TABLES) {
    const columns = db.pragma(`table_info(${table})`) as Array<{ name: string }>;
    if (!columns.some((c) => c.name === 'present'))
      db.exec(`ALTER TABLE ${table} ADD COLUMN present INTEGER NOT NULL DEFAULT 0`);
    const keyOf = key.map((k) => (k === 'brand' ? 'b.brand' : `f.${k}`)).join(', ');
    db.exec(`UPDATE ${table} SET present = coalesce(p.n, 0)
      FROM (SELECT ${keyOf}, count(*) AS n FROM vis_result_brand b JOIN vis_result f ON f.seq = b.seq
            GROUP BY ${keyOf}) AS p
      WHERE ${key.map((k) => `p.${k} = ${table}.${k}`).join(' AND ')}`);
  }
}
