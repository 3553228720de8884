import type Database from 'better-sqlite3';
import { stmt } from '../connection';
import { writeRollupRows, type RollupRow, type UpsertTable } from '../visibility';
import { countsInSums, levelsOf, summedCellOf, type RollupCell, type SummedRows } from './commerce-levels';

export type { RollupCell } from './commerce-levels';

// The commerce roll-ups' changes, summed in memory over a batch and written once per touched
// row at flush (an upsert that adds). Every change counts in its run's row and in each every-run
// level's (commerce-levels.ts). A row whose counts all reach zero (a replaced answer, the last of
// its cell) is deleted. Prices are histograms, one row per brand, currency and side (com_prices).
// The every-run levels also keep summed rows (commerce-levels.ts): each engine's over every
// location and, for the tables read most without an engine filter, every engine's and
// location's. They are derived at flush from the rows the batch touched: a few rows more a
// flush, against a period read from 6 to 24 times fewer rows.

/** The daily every-run rows' run (vis_runs ids start at 1). */
export const ALL_RUNS = 0;

interface TableSpec {
  /** Key columns after the cell's (day, run, engine, loc). */
  keys: readonly string[];
  values: readonly string[];
  /** The summed rows its every-run levels keep beside each engine × location's. */
  summed: readonly SummedRows[];
  /** When a row counts nothing (default: every value 0). */
  empty?: string;
}

export const COMMERCE_ROLLUPS = {
  com_cells: {
    keys: [],
    values: ['answers', 'asked', 'shop', 'ads', 'pslots', 'pslots_sq', 'aslots', 'aslots_sq'],
    summed: ['engine'],
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
    summed: ['engine'],
  },
  com_merchants: { keys: ['brand', 'merchant'], values: ['slots'], summed: ['engine', 'all'] },
  com_advertisers: { keys: ['advertiser', 'brand'], values: ['answers', 'slots'], summed: ['engine', 'all'] },
  com_conquest: { keys: ['victim', 'brand'], values: ['answers', 'slots'], summed: ['engine'] },
  // Read per location (a product's prices per country): no summed rows.
  com_product_day: {
    keys: ['title', 'brand', 'currency', 'merchant'],
    values: ['slots', 'pos_sum', 'priced', 'price_sum'],
    summed: [],
    // Prices taken out and added back may leave a rounding residue in price_sum.
    empty: 'slots = 0',
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
/** The summed rows of the price histograms (com_prices). */
export const PRICE_SUMS: readonly SummedRows[] = ['engine', 'all'];

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

/** Stored in bucket order, so the same counts read the same whichever order they came in. */
const histText = (hist: Map<number, number>): string =>
  JSON.stringify([...hist].sort((a, b) => a[0] - b[0]).flat());

/** The keys of the summed rows a touched row counts in (none unless it is an every-run level's). */
function summedKeys(key: readonly KeyValue[], kinds: readonly SummedRows[]): KeyValue[][] {
  const [day, run, engine, loc, ...rest] = key as [number, number, string, string, ...KeyValue[]];
  if (!countsInSums({ run, engine, loc })) return [];
  return kinds.map((kind) => [day, run, ...summedCellOf(kind, engine), ...rest]);
}

/** The touched every-run level rows, summed into their summed rows. */
function addSums(rows: Map<string, Pending>, kinds: readonly SummedRows[]): void {
  const sums = new Map<string, Pending>();
  for (const row of rows.values())
    for (const key of summedKeys(row.key, kinds)) {
      const text = key.join('\u0001');
      const sum = sums.get(text);
      if (sum) {
        row.values.forEach((v, i) => (sum.values[i] = (sum.values[i] as number) + v));
        sum.lowered ||= row.lowered;
      } else sums.set(text, { key, values: [...row.values], lowered: row.lowered });
    }
  for (const [text, sum] of sums) rows.set(text, sum);
}

/** A level's cell with the text its rows' keys start with. */
interface Level {
  cell: RollupCell;
  text: string;
}

const cellText = (c: RollupCell): string => `${c.day}\u0001${c.run}\u0001${c.engine}\u0001${c.loc}`;
const sameCell = (a: RollupCell, b: RollupCell): boolean =>
  a.day === b.day &&
  a.run === b.run &&
  a.engine === b.engine &&
  a.loc === b.loc &&
  (a.monitor ?? null) === (b.monitor ?? null);

export class CommerceRollups {
  private readonly pending = new Map<RollupTable, Map<string, Pending>>();
  private readonly prices = new Map<string, PendingHist>();
  /** The levels of the last cell added to: an answer adds to the same ones a hundred times. */
  private last: { cell: RollupCell; levels: Level[] } | null = null;

  constructor(private readonly db: Database.Database) {}

  private levelsOf(cell: RollupCell): Level[] {
    if (this.last && sameCell(this.last.cell, cell)) return this.last.levels;
    // A copy: the caller's cell may change after this answer.
    const copy = { ...cell };
    const levels = levelsOf(copy).map((c) => ({ cell: c, text: cellText(c) }));
    this.last = { cell: copy, levels };
    return levels;
  }

  /** Adds `values` (in the table's value order) times `sign` to the rows of `cell` and `keys` at every level. */
  add(
    table: RollupTable,
    cell: RollupCell,
    keys: readonly KeyValue[],
    values: readonly number[],
    sign: 1 | -1,
  ): void {
    for (const level of this.levelsOf(cell)) this.addAt(table, level, keys, values, sign, sign < 0);
  }

  /** Adds changes of either sign (an answer's delta, commerce-delta.ts) to the rows of `cell` at every level. */
  addDelta(table: RollupTable, cell: RollupCell, keys: readonly KeyValue[], values: readonly number[]): void {
    const lowers = values.some((v) => v < 0);
    for (const level of this.levelsOf(cell)) this.addAt(table, level, keys, values, 1, lowers);
  }

  /** Adds to the one row of `cell`. */
  addRow(
    table: RollupTable,
    cell: RollupCell,
    keys: readonly KeyValue[],
    values: readonly number[],
    sign: 1 | -1,
  ): void {
    this.addAt(table, { cell, text: cellText(cell) }, keys, values, sign, sign < 0);
  }

  private addAt(
    table: RollupTable,
    level: Level,
    keys: readonly KeyValue[],
    values: readonly number[],
    sign: 1 | -1,
    lowers: boolean,
  ): void {
    let rows = this.pending.get(table);
    if (!rows) this.pending.set(table, (rows = new Map()));
    const text = keys.length === 0 ? level.text : `${level.text}\u0001${keys.join('\u0001')}`;
    const row = rows.get(text);
    if (row) {
      for (let i = 0; i < values.length; i++)
        row.values[i] = (row.values[i] as number) + sign * (values[i] as number);
      row.lowered ||= lowers;
    } else {
      const c = level.cell;
      const key = [c.day, c.run, c.engine, c.loc, ...keys];
      rows.set(text, { key, values: values.map((v) => sign * v), lowered: lowers });
    }
  }

  /** Counts `n` priced slots (negative: takes them out) in a price bucket, at every level. */
  addPrice(cell: RollupCell, brand: number, currency: string, own: number, bucket: number, n: number): void {
    for (const level of this.levelsOf(cell)) this.addPriceAt(level, brand, currency, own, bucket, n);
  }

  addPriceRow(
    cell: RollupCell,
    brand: number,
    currency: string,
    own: number,
    bucket: number,
    n: number,
  ): void {
    this.addPriceAt({ cell, text: cellText(cell) }, brand, currency, own, bucket, n);
  }

  private addPriceAt(
    level: Level,
    brand: number,
    currency: string,
    own: number,
    bucket: number,
    n: number,
  ): void {
    const text = `${level.text}\u0001${brand}\u0001${currency}\u0001${own}`;
    let row = this.prices.get(text);
    if (!row) {
      const c = level.cell;
      this.prices.set(
        text,
        (row = { key: [c.day, c.run, c.engine, c.loc, brand, currency, own], hist: new Map() }),
      );
    }
    row.hist.set(bucket, (row.hist.get(bucket) ?? 0) + n);
  }

  flush(): void {
    for (const [table, rows] of this.pending) {
      const spec: TableSpec = COMMERCE_ROLLUPS[table];
      if (spec.summed.length > 0) addSums(rows, spec.summed);
      this.flushTable(table, rows);
    }
    this.addPriceSums();
    this.flushPrices();
    this.reset();
  }

  private addPriceSums(): void {
    const sums: PendingHist[] = [];
    for (const row of this.prices.values())
      for (const key of summedKeys(row.key, PRICE_SUMS)) sums.push({ key, hist: row.hist });
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
      ...(spec.empty !== undefined ? { empty: spec.empty } : {}),
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
