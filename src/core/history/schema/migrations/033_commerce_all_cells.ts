import type Database from 'better-sqlite3';

// Schema version 33: the merchants and prices of the commerce roll-ups' every-run levels (run 0
// per day, −8 and −64 per 8 and 64 days) also summed over every engine and location, in rows
// whose engine and loc are '*': a period without an engine or location filter reads one row per
// level and key instead of one per engine × location (docs/internals/commerce.md). The store
// keeps them at ingest from now on; this computes them for the rows already there. It runs again
// on a file that has them (the upgrade tests take a later file back to an earlier version): the
// '*' rows are dropped and summed anew.
export const sql = /* sql */ `
DELETE FROM com_merchants WHERE engine = '*';
INSERT INTO com_merchants (day, run, engine, loc, brand, merchant, slots)
  SELECT day, run, '*', '*', brand, merchant, sum(slots) FROM com_merchants
  WHERE run IN (0, -8, -64) AND engine <> '*'
  GROUP BY day, run, brand, merchant;
DELETE FROM com_prices WHERE engine = '*';
`;

interface PriceRow {
  day: number;
  run: number;
  brand: number;
  currency: string;
  own: number;
  hist: string;
}

/** The price histograms (JSON [bucket, slots, …]) summed per level, brand, currency and side. */
export function sumPrices(db: Database.Database): void {
  const sums = new Map<string, { row: PriceRow; hist: Map<number, number> }>();
  const rows = db
    .prepare(
      `SELECT day, run, brand, currency, own, hist FROM com_prices
       WHERE run IN (0, -8, -64) AND engine <> '*'`,
    )
    .iterate() as IterableIterator<PriceRow>;
  for (const row of rows) {
    const key = `${row.day}\u0001${row.run}\u0001${row.brand}\u0001${row.currency}\u0001${row.own}`;
    let sum = sums.get(key);
    if (!sum) sums.set(key, (sum = { row, hist: new Map() }));
    const flat = JSON.parse(row.hist) as number[];
    for (let i = 0; i < flat.length; i += 2) {
      const bucket = flat[i] as number;
      sum.hist.set(bucket, (sum.hist.get(bucket) ?? 0) + (flat[i + 1] as number));
    }
  }
  const insert = db.prepare(
    `INSERT INTO com_prices (day, run, engine, loc, brand, currency, own, hist)
     VALUES (?, ?, '*', '*', ?, ?, ?, ?)`,
  );
  for (const { row, hist } of sums.values()) {
    const flat = [...hist]
      .filter(([, n]) => n !== 0)
      .sort((a, b) => a[0] - b[0])
      .flat();
    if (flat.length > 0) insert.run(row.day, row.run, row.brand, row.currency, row.own, JSON.stringify(flat));
  }
}
