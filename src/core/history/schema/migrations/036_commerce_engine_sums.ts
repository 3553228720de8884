import type Database from 'better-sqlite3';

// Schema version 36: the commerce roll-ups' every-run levels (run 0 per day, −8 and −64 per 8 and
// 64 days) keep each engine's sums over every location (loc '*') in every roll-up but the
// products', and the advertisers also their sums over every engine and location (engine and loc
// '*'), as merchants and prices already did (docs/internals/commerce.md): a period read with an
// engine filter, split by engine or without a filter reads one row per level, key and engine
// instead of one per engine × location. The store keeps them at ingest from now on; this
// computes them for the rows already there. Every summed row is dropped and summed anew from
// the engine × location rows (the ones of version 33 too), so it runs again on a file that has
// them without counting twice (the upgrade tests take a later file back to an earlier version).

const LEVELS = `run IN (0, -8, -64) AND engine <> '*' AND loc <> '*'`;

/** A roll-up's summed rows of one kind (each engine's, or '*'), from its engine × location rows. */
function summed(table: string, keys: readonly string[], values: readonly string[], engine: string): string {
  const group = ['day', 'run', ...(engine === 'engine' ? ['engine'] : []), ...keys];
  return `INSERT INTO ${table} (${['day', 'run', 'engine', 'loc', ...keys, ...values].join(', ')})
  SELECT ${['day', 'run', engine, "'*'", ...keys, ...values.map((v) => `sum(${v})`)].join(', ')}
  FROM ${table} WHERE ${LEVELS} GROUP BY ${group.join(', ')};`;
}

const CELLS = ['answers', 'asked', 'shop', 'ads', 'pslots', 'pslots_sq', 'aslots', 'aslots_sq'];
const BRANDS = [
  'shelf',
  'pslots',
  'pslots_sq',
  'pcross',
  'rank_sum',
  'ad_answers',
  'aslots',
  'aslots_sq',
  'across',
  'mentioned',
];
const EACH = 'engine';
const EVERY = "'*'";

export const sql = /* sql */ `
DELETE FROM com_cells WHERE loc = '*';
DELETE FROM com_brands WHERE loc = '*';
DELETE FROM com_merchants WHERE loc = '*';
DELETE FROM com_advertisers WHERE loc = '*';
DELETE FROM com_conquest WHERE loc = '*';
DELETE FROM com_prices WHERE loc = '*';
${summed('com_cells', [], CELLS, EACH)}
${summed('com_brands', ['brand'], BRANDS, EACH)}
${summed('com_merchants', ['brand', 'merchant'], ['slots'], EACH)}
${summed('com_merchants', ['brand', 'merchant'], ['slots'], EVERY)}
${summed('com_advertisers', ['advertiser', 'brand'], ['answers', 'slots'], EACH)}
${summed('com_advertisers', ['advertiser', 'brand'], ['answers', 'slots'], EVERY)}
${summed('com_conquest', ['victim', 'brand'], ['answers', 'slots'], EACH)}
`;

interface PriceRow {
  day: number;
  run: number;
  engine: string;
  brand: number;
  currency: string;
  own: number;
  hist: string;
}

interface PriceSum {
  row: PriceRow;
  engine: string;
  hist: Map<number, number>;
}

function addInto(sums: Map<string, PriceSum>, row: PriceRow, engine: string): void {
  const key = [row.day, row.run, engine, row.brand, row.currency, row.own].join('\u0001');
  let sum = sums.get(key);
  if (!sum) sums.set(key, (sum = { row, engine, hist: new Map() }));
  const flat = JSON.parse(row.hist) as number[];
  for (let i = 0; i < flat.length; i += 2) {
    const bucket = flat[i] as number;
    sum.hist.set(bucket, (sum.hist.get(bucket) ?? 0) + (flat[i + 1] as number));
  }
}

/** The price histograms (JSON [bucket, slots, …]) summed per level, engine or all, brand, currency and side. */
export function sumPricesPerEngine(db: Database.Database): void {
  const sums = new Map<string, PriceSum>();
  const rows = db
    .prepare(`SELECT day, run, engine, brand, currency, own, hist FROM com_prices WHERE ${LEVELS}`)
    .iterate() as IterableIterator<PriceRow>;
  for (const row of rows) {
    addInto(sums, row, row.engine);
    addInto(sums, row, '*');
  }
  const insert = db.prepare(
    `INSERT INTO com_prices (day, run, engine, loc, brand, currency, own, hist)
     VALUES (?, ?, ?, '*', ?, ?, ?, ?)`,
  );
  for (const { row, engine, hist } of sums.values()) {
    const flat = [...hist]
      .filter(([, n]) => n !== 0)
      .sort((a, b) => a[0] - b[0])
      .flat();
    if (flat.length > 0)
      insert.run(row.day, row.run, engine, row.brand, row.currency, row.own, JSON.stringify(flat));
  }
}
