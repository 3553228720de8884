import type Database from 'better-sqlite3';
import { writeRollupRows, type RollupRow, type UpsertTable } from '../visibility';

// The Positioning roll-ups of migration 012 as data, and their writer: a result's changes are
// summed in memory per family and written once per touched row and level at flush (multi-row
// upserts through the Visibility index's writeRollupRows), so a burst of answers in the same
// cells costs one write per row. A row whose count falls to 0 is deleted.

export type PositioningFamily = 'status' | 'attr';
export type PositioningLevel = 'fine' | 'run' | 'el' | 'd';

/** Where a change counts: the judge, the answer's cell and the brand (and attribute). */
export interface PositioningKey {
  judge: number;
  day: number;
  run: number;
  engine: string;
  loc: string;
  brand: number;
  attr?: number;
}

type KeyColumn = keyof PositioningKey;

interface PositioningTable extends UpsertTable {
  key: readonly KeyColumn[];
}

/** n, top, recommended, mentioned, cautioned, positive, neutral, negative, score_sum, score_sq. */
export const STATUS_VALUES = [
  'n',
  'top',
  'recommended',
  'mentioned',
  'cautioned',
  'positive',
  'neutral',
  'negative',
  'score_sum',
  'score_sq',
] as const;
/** n (answers where the brand carries the attribute), positive, negative. */
export const ATTR_VALUES = ['n', 'positive', 'negative'] as const;

const table = (name: string, key: readonly KeyColumn[], values: readonly string[]): PositioningTable => ({
  table: name,
  key,
  values,
  empty: 'n = 0',
});

export const POSITIONING_ROLLUPS: Readonly<
  Record<PositioningFamily, Partial<Record<PositioningLevel, PositioningTable>>>
> = {
  status: {
    fine: table('pos_status_day', ['judge', 'day', 'run', 'engine', 'loc', 'brand'], STATUS_VALUES),
    el: table('pos_status_el', ['judge', 'day', 'engine', 'loc', 'brand'], STATUS_VALUES),
    d: table('pos_status_d', ['judge', 'day', 'brand'], STATUS_VALUES),
  },
  attr: {
    run: table('pos_attr_run', ['judge', 'run', 'day', 'engine', 'brand', 'attr'], ATTR_VALUES),
    el: table('pos_attr_el', ['judge', 'day', 'engine', 'loc', 'brand', 'attr'], ATTR_VALUES),
    d: table('pos_attr_d', ['judge', 'day', 'brand', 'attr'], ATTR_VALUES),
  },
};

/** Every roll-up table of the families (all by default). */
export function positioningTables(families?: readonly PositioningFamily[]): PositioningTable[] {
  const list = families ?? (Object.keys(POSITIONING_ROLLUPS) as PositioningFamily[]);
  return list.flatMap((f) => Object.values(POSITIONING_ROLLUPS[f]));
}

const FAMILY_COLUMNS: Record<PositioningFamily, readonly KeyColumn[]> = {
  status: ['judge', 'day', 'run', 'engine', 'loc', 'brand'],
  attr: ['judge', 'day', 'run', 'engine', 'loc', 'brand', 'attr'],
};

interface Change {
  key: PositioningKey;
  values: number[];
  shrunk: boolean;
}

function keyId(columns: readonly KeyColumn[], k: PositioningKey): string {
  let id = '';
  for (const c of columns) id += `${k[c]}|`;
  return id;
}

function addInto(target: number[], values: readonly number[]): void {
  for (let i = 0; i < values.length; i++) target[i] = (target[i] as number) + (values[i] as number);
}

/** Sums changes per family in memory; flush() writes every level. */
export class PositioningRollupWriter {
  private readonly changes: Record<PositioningFamily, Map<string, Change>> = {
    status: new Map(),
    attr: new Map(),
  };

  constructor(private readonly db: Database.Database) {}

  /** One change (values in the family's column order); the arrays are copied when first kept. */
  add(family: PositioningFamily, key: PositioningKey, values: readonly number[]): void {
    const rows = this.changes[family];
    const id = keyId(FAMILY_COLUMNS[family], key);
    const shrunk = values.some((v) => v < 0);
    const row = rows.get(id);
    if (row === undefined) rows.set(id, { key, values: values.slice(), shrunk });
    else {
      row.shrunk ||= shrunk;
      addInto(row.values, values);
    }
  }

  flush(): void {
    for (const family of Object.keys(this.changes) as PositioningFamily[]) {
      const changes = this.changes[family];
      if (changes.size === 0) continue;
      for (const t of Object.values(POSITIONING_ROLLUPS[family])) {
        const rows = [...this.sumFor(t, changes).values()].filter(
          (r) => r.shrunk || r.values.some((v) => v !== 0),
        );
        writeRollupRows(this.db, t, rows);
      }
      changes.clear();
    }
  }

  /** Forgets pending changes (after a rolled-back transaction). */
  clear(): void {
    this.changes.status.clear();
    this.changes.attr.clear();
  }

  private sumFor(t: PositioningTable, changes: Map<string, Change>): Map<string, RollupRow> {
    const rows = new Map<string, RollupRow>();
    for (const change of changes.values()) {
      const id = keyId(t.key, change.key);
      const row = rows.get(id);
      if (row === undefined)
        rows.set(id, {
          key: t.key.map((c) => change.key[c] as number | string),
          values: change.values.slice(),
          shrunk: change.shrunk,
        });
      else {
        row.shrunk ||= change.shrunk;
        addInto(row.values, change.values);
      }
    }
    return rows;
  }
}
