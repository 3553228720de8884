import type Database from 'better-sqlite3';
import { stmt } from '../connection';

// The commerce roll-ups' changes, summed in memory over a batch and written once per touched
// row at flush (an upsert that adds). A row whose counts all reach zero (a replaced answer, the
// last of its cell) is deleted.

export interface RollupCell {
  day: number;
  run: number;
  engine: string;
  loc: string;
}

interface TableSpec {
  /** Key columns after the cell's (day, run, engine, loc). */
  keys: readonly string[];
  values: readonly string[];
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
  com_merchants: { keys: ['brand', 'merchant'], values: ['slots'] },
  com_prices: { keys: ['brand', 'currency', 'own', 'bucket'], values: ['n'] },
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

export class CommerceRollups {
  private readonly pending = new Map<RollupTable, Map<string, Pending>>();
  constructor(private readonly db: Database.Database) {}

  /** Adds `values` (in the table's value order) times `sign` to the row of `cell` and `keys`. */
  add(
    table: RollupTable,
    cell: RollupCell,
    keys: readonly KeyValue[],
    values: readonly number[],
    sign: 1 | -1,
  ): void {
    let rows = this.pending.get(table);
    if (!rows) this.pending.set(table, (rows = new Map()));
    const key = [cell.day, cell.run, cell.engine, cell.loc, ...keys];
    const text = key.join('\u0001');
    const row = rows.get(text);
    if (row) {
      values.forEach((v, i) => (row.values[i] = (row.values[i] as number) + sign * v));
      row.lowered ||= sign < 0;
    } else rows.set(text, { key, values: values.map((v) => sign * v), lowered: sign < 0 });
  }

  flush(): void {
    for (const [table, rows] of this.pending) {
      const spec: TableSpec = COMMERCE_ROLLUPS[table];
      const keyCols = ['day', 'run', 'engine', 'loc', ...spec.keys];
      const cols = [...keyCols, ...spec.values];
      const upsert = stmt(
        this.db,
        `INSERT INTO ${table} (${cols.join(', ')}) VALUES (${cols.map(() => '?').join(', ')})
         ON CONFLICT (${keyCols.join(', ')}) DO UPDATE SET ${spec.values.map((v) => `${v} = ${v} + excluded.${v}`).join(', ')}`,
      );
      const dropEmpty = stmt(
        this.db,
        `DELETE FROM ${table} WHERE ${keyCols.map((c) => `${c} = ?`).join(' AND ')}
           AND ${spec.values.map((v) => `${v} = 0`).join(' AND ')}`,
      );
      for (const { key, values, lowered } of rows.values()) {
        upsert.run(...key, ...values);
        if (lowered) dropEmpty.run(...key);
      }
    }
    this.reset();
  }

  reset(): void {
    this.pending.clear();
  }
}

/** Every roll-up table's name. */
export const ROLLUP_TABLES = Object.keys(COMMERCE_ROLLUPS) as RollupTable[];
