import type Database from 'better-sqlite3';
import { stmt } from '../connection';
import { writeRollupRows, type RollupRow, type UpsertTable } from '../visibility';
import { ALL_CELLS, countsInAllCells, levelsOf, type RollupCell } from './commerce-levels';

export type { RollupCell } from './commerce-levels';

// The commerce roll-ups' changes, summed in memory over a batch and written once per touched
// row at flush (an upsert that adds). Every change counts in its run's row and in each every-run
// level's (commerce-levels.ts). A row whose counts all reach zero (a replaced answer, the last of
// its cell) is deleted. Prices are histograms, one row per brand, currency and side (com_prices).
// The merchants and prices of the every-run levels are also summed over every engine and
// location (ALL_CELLS), at flush, from the rows the batch touched: a few rows more a flush,
// against a period read from 24 times fewer rows.

/** The daily every-run rows' run (vis_runs ids start at 1). */
export const ALL_RUNS = 0;

interface TableSpec {
  /** Key columns after the cell's (day, run, engine, loc). */
  keys: readonly string[];
  values: readonly string[];
  /** Its every-run levels have ALL_CELLS rows too. */
  allCells?: boolean;
}

export const COMMERCE_ROLLUPS = {
  com_cells: {
    keys: [],
    values: ['answers', 'asked', 'shop', 'ads', 'pslots', 'pslots_sq', 'aslots', 'aslots_sq'],
  },
  com_brands: {
    keys: ['brand'],
    values: [
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
    ],
  },
  com_merchants: { keys: ['brand', 'merchant'], values: ['slots'], allCells: true },
  com_advertisers: { keys: ['advertiser', 'brand'], values: ['answers', 'slots'] },
  com_conquest: { keys: ['victim', 'brand'], values: ['answers', 'slots'] },
  com_product_day: {
    keys: ['title', 'brand', 'currency', 'merchant'],
    values: ['slots', 'pos_sum', 'priced', 'price_sum'],
  },
} as const satisfies Record<string, TableSpec>;

export type RollupTable = keyof typeof COMMERCE_ROLLUPS;
type KeyValue = string | number;

interface Pending {
  key: KeyValue[];
  values: number[];
  /** Something was taken out of the row: it may have reached zero. */
  lowered: boolean;
}

interface PendingHist {
  key: KeyValue[];
  hist: Map<number, number>;
}

const PRICE_KEYS = ['day', 'run', 'engine', 'loc', 'brand', 'currency', 'own'];

/**
 * A price histogram as stored: a JSON array [bucket, slots, bucket, slots…] (a flat array of
 * numbers parses and walks faster than an object keyed by bucket), read into a Map.
 */
export function parseHist(text: string): Map<number, number> {
  const flat = JSON.parse(text) as number[];
  const out = new Map<number, number>();
  for (let i = 0; i < flat.length; i += 2) out.set(flat[i] as number, flat[i + 1] as number);
  return out;
}

/** Adds a stored histogram's counts into `into`. */
export function addHist(into: Map<number, number>, text: string): void {
  const flat = JSON.parse(text) as number[];
  for (let i = 0; i < flat.length; i += 2) {
    const bucket = flat[i] as number;
    into.set(bucket, (into.get(bucket) ?? 0) + (flat[i + 1] as number));
  }
}

/** A cell's part of a row's key text (the key's columns joined by \u0001, as Map keys). */
const cellText = (cell: RollupCell): string =>
  `${cell.day}\u0001${cell.run}\u0001${cell.engine}\u0001${cell.loc}`;

const sameCell = (a: RollupCell, b: RollupCell): boolean =>
  a.day === b.day &&
  a.run === b.run &&
  a.engine === b.engine &&
  a.loc === b.loc &&
  (a.monitor ?? null) === (b.monitor ?? null);

interface Level {
  cell: RollupCell;
  text: string;
}

/** Stored in bucket order, so the same counts read the same whichever order they came in. */
const histText = (hist: Map<number, number>): string =>
  JSON.stringify([...hist].sort((a, b) => a[0] - b[0]).flat());

export class CommerceRollups {
  private readonly pending = new Map<RollupTable, Map<string, Pending>>();
  private readonly prices = new Map<string, PendingHist>();
  // An answer adds dozens of rows to one cell: its levels and their key texts are made once.
  private lastCell: RollupCell | null = null;
  private lastLevels: readonly Level[] = [];

  constructor(private readonly db: Database.Database) {}

  /** Adds `values` (in the table's value order) times `sign` to the rows of `cell` and `keys` at every level. */
  add(
    table: RollupTable,
    cell: RollupCell,
    keys: readonly KeyValue[],
    values: readonly number[],
    sign: 1 | -1,
  ): void {
    for (const level of this.levelsOf(cell)) this.addAt(table, level, keys, values, sign);
  }

  private levelsOf(cell: RollupCell): readonly Level[] {
    if (this.lastCell === null || !sameCell(cell, this.lastCell)) {
      this.lastCell = { ...cell };
      this.lastLevels = levelsOf(cell).map((c) => ({ cell: c, text: cellText(c) }));
    }
    return this.lastLevels;
  }

  /** Adds to the one row of `cell`. */
  addRow(
    table: RollupTable,
    cell: RollupCell,
    keys: readonly KeyValue[],
    values: readonly number[],
    sign: 1 | -1,
  ): void {
    this.addAt(table, { cell, text: cellText(cell) }, keys, values, sign);
  }

  private addAt(
    table: RollupTable,
    level: Level,
    keys: readonly KeyValue[],
    values: readonly number[],
    sign: 1 | -1,
  ): void {
    let rows = this.pending.get(table);
    if (!rows) this.pending.set(table, (rows = new Map()));
    const text = keys.length === 0 ? level.text : `${level.text}\u0001${keys.join('\u0001')}`;
    const row = rows.get(text);
    if (row) {
      for (let i = 0; i < values.length; i++)
        row.values[i] = (row.values[i] as number) + sign * (values[i] as number);
      row.lowered ||= sign < 0;
    } else {
      const { cell } = level;
      const key = [cell.day, cell.run, cell.engine, cell.loc, ...keys];
      rows.set(text, { key, values: values.map((v) => sign * v), lowered: sign < 0 });
    }
  }

  /** Counts `n` priced slots (negative: takes them out) in a price bucket, at every level. */
  addPrice(cell: RollupCell, brand: number, currency: string, own: number, bucket: number, n: number): void {
    for (const level of this.levelsOf(cell)) this.addPriceAt(level, [brand, currency, own], bucket, n);
  }

  addPriceRow(
    cell: RollupCell,
    brand: number,
    currency: string,
    own: number,
    bucket: number,
    n: number,
  ): void {
    this.addPriceAt({ cell, text: cellText(cell) }, [brand, currency, own], bucket, n);
  }

  /** `price`: the row's brand, currency and own-product flag, after its cell's keys. */
  private addPriceAt(
    level: Level,
    price: readonly [number, string, number],
    bucket: number,
    n: number,
  ): void {
    const text = `${level.text}\u0001${price.join('\u0001')}`;
    let row = this.prices.get(text);
    if (!row) {
      const { cell } = level;
      this.prices.set(
        text,
        (row = { key: [cell.day, cell.run, cell.engine, cell.loc, ...price], hist: new Map() }),
      );
    }
    row.hist.set(bucket, (row.hist.get(bucket) ?? 0) + n);
  }

  flush(): void {
    for (const [table, rows] of this.pending) {
      const spec: TableSpec = COMMERCE_ROLLUPS[table];
      if (spec.allCells) this.addAllCells(rows);
      this.flushTable(table, rows);
    }
    this.addAllCellPrices();
    this.flushPrices();
    this.reset();
  }

  /** The touched every-run level rows, summed into their ALL_CELLS rows. */
  private addAllCells(rows: Map<string, Pending>): void {
    const sums = new Map<string, Pending>();
    for (const row of rows.values()) {
      const [day, run, engine, , ...keys] = row.key as [number, number, string, string, ...KeyValue[]];
      if (!countsInAllCells({ run, engine })) continue;
      const key = [day, run, ALL_CELLS, ALL_CELLS, ...keys];
      const text = key.join('\u0001');
      const sum = sums.get(text);
      if (sum) {
        row.values.forEach((v, i) => (sum.values[i] = (sum.values[i] as number) + v));
        sum.lowered ||= row.lowered;
      } else sums.set(text, { key, values: [...row.values], lowered: row.lowered });
    }
    for (const [text, sum] of sums) rows.set(text, sum);
  }

  private addAllCellPrices(): void {
    const sums: PendingHist[] = [];
    for (const row of this.prices.values()) {
      const [day, run, engine, , ...keys] = row.key as [number, number, string, string, ...KeyValue[]];
      if (countsInAllCells({ run, engine }))
        sums.push({ key: [day, run, ALL_CELLS, ALL_CELLS, ...keys], hist: row.hist });
    }
    for (const { key, hist } of sums) {
      const text = key.join('\u0001');
      let row = this.prices.get(text);
      if (!row) this.prices.set(text, (row = { key, hist: new Map() }));
      for (const [bucket, n] of hist) row.hist.set(bucket, (row.hist.get(bucket) ?? 0) + n);
    }
  }

  /** The table's summed rows in multi-row upserts (visibility-rollups.ts), emptied rows dropped. */
  private flushTable(table: RollupTable, rows: Map<string, Pending>): void {
    const spec: TableSpec = COMMERCE_ROLLUPS[table];
    const target: UpsertTable = {
      table,
      key: ['day', 'run', 'engine', 'loc', ...spec.keys],
      values: spec.values,
    };
    const changes: RollupRow[] = [];
    for (const { key, values, lowered } of rows.values()) changes.push({ key, values, shrunk: lowered });
    writeRollupRows(this.db, target, changes);
  }

  private flushPrices(): void {
    const where = PRICE_KEYS.map((c) => `${c} = ?`).join(' AND ');
    const read = stmt(this.db, `SELECT hist FROM com_prices WHERE ${where}`);
    const write = stmt(
      this.db,
      `INSERT OR REPLACE INTO com_prices (${PRICE_KEYS.join(', ')}, hist) VALUES (${PRICE_KEYS.map(() => '?').join(', ')}, ?)`,
    );
    const drop = stmt(this.db, `DELETE FROM com_prices WHERE ${where}`);
    for (const { key, hist } of this.prices.values()) {
      const stored = read.get(...key) as { hist: string } | undefined;
      const merged = stored ? parseHist(stored.hist) : new Map<number, number>();
      for (const [bucket, n] of hist) {
        const count = (merged.get(bucket) ?? 0) + n;
        if (count === 0) merged.delete(bucket);
        else merged.set(bucket, count);
      }
      if (merged.size === 0) drop.run(...key);
      else write.run(...key, histText(merged));
    }
  }

  reset(): void {
    this.pending.clear();
    this.prices.clear();
  }
}

/** Each table's key columns after the cell's, and its value columns. */
export function rollupColumns(table: RollupTable): { keys: readonly string[]; values: readonly string[] } {
  return COMMERCE_ROLLUPS[table];
}

/** Every roll-up table's name but com_prices (histograms, see addPrice). */
export const ROLLUP_TABLES = Object.keys(COMMERCE_ROLLUPS) as RollupTable[];
