import type Database from 'better-sqlite3';
import { writeRollupRows, type RollupRow, type UpsertTable } from '../visibility';
import { bucketStart, SPANS } from './positioning-buckets';

// The Positioning roll-ups of migration 012 as data, and their writer: a result's changes are
// summed in memory per family and written once per touched row and level at flush (multi-row
// upserts through the Visibility index's writeRollupRows), so a burst of answers in the same
// cells costs one write per row; a time-bucketed table gets each change once per span. A row
// whose count falls to 0 is deleted.

export type PositioningFamily = 'status' | 'attr' | 'statusPrompt';
/**
 * status: fine (day × run × engine × location), el (day × engine × location), d (day);
 * attr: run (run × day), runEngine (run × day × engine), el (time bucket × engine × location),
 * e (time bucket × engine, migration 018), d (time bucket): see migration 012.
 */
export type PositioningLevel = 'fine' | 'run' | 'runEngine' | 'el' | 'e' | 'd';

/** Where a change counts: the judge, the answer's cell and the brand (and attribute). */
export interface PositioningKey {
  judge: number;
  day: number;
  run: number;
  engine: string;
  loc: string;
  brand: number;
  attr?: number;
  /** The answer's prompt (run_prompts.id): a key of statusPrompt only. */
  prompt?: number | null;
}

/** A key column of a table: one of the key's, or a time bucket's span and first day. */
type KeyColumn = keyof PositioningKey | 'span' | 'start';

export interface PositioningTable extends UpsertTable {
  key: readonly KeyColumn[];
  /** The time bucket's span in days (tables keyed by span and start; one table holds every span). */
  span?: number;
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

const table = (
  name: string,
  key: readonly KeyColumn[],
  values: readonly string[],
  span?: number,
): PositioningTable => ({ table: name, key, values, empty: 'n = 0', ...(span ? { span } : {}) });

const STATUS_ROLLUPS: Partial<Record<PositioningLevel, PositioningTable>> = {
  fine: table('pos_status_day', ['judge', 'day', 'run', 'engine', 'loc', 'brand'], STATUS_VALUES),
  el: table('pos_status_el', ['judge', 'day', 'engine', 'loc', 'brand'], STATUS_VALUES),
  d: table('pos_status_d', ['judge', 'day', 'brand'], STATUS_VALUES),
};
const ATTR_ROLLUPS: Partial<Record<PositioningLevel, PositioningTable>> = {
  run: table('pos_attr_run', ['judge', 'run', 'day', 'brand', 'attr'], ATTR_VALUES),
  runEngine: table('pos_attr_run_engine', ['judge', 'run', 'day', 'engine', 'brand', 'attr'], ATTR_VALUES),
  el: table('pos_attr_el', ['judge', 'span', 'start', 'engine', 'loc', 'brand', 'attr'], ATTR_VALUES),
  e: table('pos_attr_e', ['judge', 'span', 'start', 'engine', 'brand', 'attr'], ATTR_VALUES),
  d: table('pos_attr_d', ['judge', 'span', 'start', 'brand', 'attr'], ATTR_VALUES),
};

// Per day and prompt (migration 024): the Prompts table's recommendation rate.
const STATUS_PROMPT_ROLLUPS: Partial<Record<PositioningLevel, PositioningTable>> = {
  d: table('pos_status_prompt', ['judge', 'day', 'prompt', 'brand'], STATUS_VALUES),
};

export const POSITIONING_ROLLUPS: Readonly<
  Record<PositioningFamily, Partial<Record<PositioningLevel, PositioningTable>>>
> = { status: STATUS_ROLLUPS, attr: ATTR_ROLLUPS, statusPrompt: STATUS_PROMPT_ROLLUPS };

/** Every table a family's changes are written to: the time-bucketed ones once per span. */
function writtenTables(family: PositioningFamily): PositioningTable[] {
  return Object.values(POSITIONING_ROLLUPS[family]).flatMap((t) =>
    t.key.includes('span') ? SPANS.map((span) => ({ ...t, span })) : [t],
  );
}

/** Every roll-up table of the families (all by default). */
export function positioningTables(families?: readonly PositioningFamily[]): PositioningTable[] {
  const list = families ?? (Object.keys(POSITIONING_ROLLUPS) as PositioningFamily[]);
  return list.flatMap((f) => Object.values(POSITIONING_ROLLUPS[f]));
}

const FAMILY_COLUMNS: Record<PositioningFamily, ReadonlyArray<keyof PositioningKey>> = {
  status: ['judge', 'day', 'run', 'engine', 'loc', 'brand'],
  attr: ['judge', 'day', 'run', 'engine', 'loc', 'brand', 'attr'],
  statusPrompt: ['judge', 'day', 'prompt', 'brand'],
};

/** A key column's value for a table (a bucket's span and first day from the day). */
function columnValue(t: PositioningTable, c: KeyColumn, k: PositioningKey): number | string {
  if (c === 'span') return t.span as number;
  if (c === 'start') return bucketStart(k.day, t.span as number);
  return k[c] as number | string;
}

interface Change {
  key: PositioningKey;
  values: number[];
  shrunk: boolean;
}

function keyId(columns: ReadonlyArray<keyof PositioningKey>, k: PositioningKey): string {
  let id = '';
  for (const c of columns) id += `${k[c]}|`;
  return id;
}

function tableKeyId(t: PositioningTable, k: PositioningKey): string {
  let id = '';
  for (const c of t.key) id += `${columnValue(t, c, k)}|`;
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
    statusPrompt: new Map(),
  };
  /** Whether the file has a table: an earlier migration's fill runs before 024 made its table. */
  private readonly present = new Map<string, boolean>();

  constructor(private readonly db: Database.Database) {}

  private has(table: string): boolean {
    let known = this.present.get(table);
    if (known === undefined) {
      known =
        this.db.prepare("SELECT 1 FROM sqlite_schema WHERE type = 'table' AND name = ?").get(table) !==
        undefined;
      this.present.set(table, known);
    }
    return known;
  }

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
      for (const t of writtenTables(family)) {
        if (!this.has(t.table)) continue;
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
    this.changes.statusPrompt.clear();
  }

  private sumFor(t: PositioningTable, changes: Map<string, Change>): Map<string, RollupRow> {
    const rows = new Map<string, RollupRow>();
    for (const change of changes.values()) {
      const id = tableKeyId(t, change.key);
      const row = rows.get(id);
      if (row === undefined)
        rows.set(id, {
          key: t.key.map((c) => columnValue(t, c, change.key)),
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
