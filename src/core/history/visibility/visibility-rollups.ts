import type Database from 'better-sqlite3';
import { pluck, stmt } from '../connection';

// The roll-up tables of migration 002 as data: which family a table sums, at which level, and
// its key and value columns. The indexer adds a result's contributions once per family and
// this writes them to every level; visibility-read.ts picks the level a query reads.

/** What a roll-up row is counted by: a cell (day × run × engine × location) plus a family's own keys. */
export interface RollupKey {
  day: number;
  run: number;
  engine: string;
  loc: string;
  focus?: number;
  brand?: number;
  /** The result's prompt (run_prompts.id), a key of the prompt families only. */
  prompt?: number | null;
  domain?: number;
  url?: number;
  query?: number;
}

type KeyColumn = keyof RollupKey;

export type RollupFamily =
  | 'cell'
  | 'brand'
  | 'domain'
  | 'url'
  | 'query'
  | 'gapCell'
  | 'gapDomain'
  | 'gapComp'
  | 'promptCell'
  | 'promptBrand';

/**
 * fine: day × run × engine × location; run: run × day × engine; el: day × engine × location;
 * d: day. See migration 002 for which query each level serves.
 */
export type RollupLevel = 'fine' | 'run' | 'el' | 'd';

export interface RollupTable {
  table: string;
  /** The primary key, in order. */
  key: readonly KeyColumn[];
  /** Summed columns, in the order the indexer gives their changes. */
  values: readonly string[];
  /** A value column holding a minimum instead of a sum (it cannot be undone; it stays). */
  min?: string;
}

const CELL: readonly KeyColumn[] = ['day', 'run', 'engine', 'loc'];
const EL: readonly KeyColumn[] = ['day', 'engine', 'loc'];
// present: answers naming it OR citing its domains (a brand alone in a drill-down; migration 020).
const BRAND_VALUES = ['mentioned', 'cited', 'ranked', 'rank_sum', 'rank_sq', 'mentions', 'present'];
const GAP_VALUES = ['gap', 'with_focus'];

export const ROLLUPS: Readonly<Record<RollupFamily, Partial<Record<RollupLevel, RollupTable>>>> = {
  cell: {
    fine: { table: 'vis_cell', key: CELL, values: ['answers'] },
    el: { table: 'vis_cell_el', key: EL, values: ['answers'] },
    d: { table: 'vis_cell_d', key: ['day'], values: ['answers'] },
  },
  brand: {
    fine: { table: 'vis_brand_day', key: [...CELL, 'brand'], values: BRAND_VALUES },
    el: { table: 'vis_brand_el', key: [...EL, 'brand'], values: BRAND_VALUES },
    d: { table: 'vis_brand_d', key: ['day', 'brand'], values: BRAND_VALUES },
  },
  domain: {
    run: { table: 'vis_domain_run', key: ['run', 'day', 'engine', 'domain'], values: ['answers'] },
    el: { table: 'vis_domain_el', key: [...EL, 'domain'], values: ['answers'] },
    d: { table: 'vis_domain_d', key: ['day', 'domain'], values: ['answers'] },
  },
  url: {
    fine: { table: 'vis_url_day', key: ['url', ...CELL], values: ['answers', 'best'], min: 'best' },
  },
  query: {
    run: { table: 'vis_query_run', key: ['run', 'day', 'engine', 'query'], values: ['answers'] },
    el: { table: 'vis_query_el', key: [...EL, 'query'], values: ['answers'] },
    d: { table: 'vis_query_d', key: ['day', 'engine', 'query'], values: ['answers'] },
  },
  gapCell: {
    fine: { table: 'vis_gap_cell', key: ['focus', ...CELL], values: ['answers'] },
  },
  gapDomain: {
    run: {
      table: 'vis_gap_domain_run',
      key: ['focus', 'run', 'day', 'engine', 'domain'],
      values: GAP_VALUES,
    },
    el: { table: 'vis_gap_domain_el', key: ['focus', ...EL, 'domain'], values: GAP_VALUES },
    d: { table: 'vis_gap_domain_d', key: ['focus', 'day', 'domain'], values: GAP_VALUES },
  },
  // Per day and prompt (migration 024): the Prompts table over every run, engine and location.
  promptCell: {
    d: { table: 'vis_prompt_cell', key: ['day', 'prompt'], values: ['answers'] },
  },
  promptBrand: {
    d: { table: 'vis_prompt_brand', key: ['day', 'prompt', 'brand'], values: BRAND_VALUES },
  },
  gapComp: {
    run: {
      table: 'vis_gap_comp_run',
      key: ['focus', 'domain', 'run', 'day', 'engine', 'brand'],
      values: ['answers'],
    },
    el: { table: 'vis_gap_comp_el', key: ['focus', 'domain', ...EL, 'brand'], values: ['answers'] },
    d: { table: 'vis_gap_comp_d', key: ['focus', 'domain', 'day', 'brand'], values: ['answers'] },
  },
};

/**
 * Empties these tables, those the file has: an earlier migration's fill (a re-analysis, a
 * rebuild) runs before a later one made its tables (the prompt roll-ups, 024).
 */
export function clearTables(db: Database.Database, tables: readonly string[]): void {
  const have = new Set(pluck(db, "SELECT name FROM sqlite_schema WHERE type = 'table'").all() as string[]);
  for (const table of tables) if (have.has(table)) db.exec(`DELETE FROM ${table}`);
}

export function rollupTables(families?: readonly RollupFamily[]): RollupTable[] {
  const list = families ?? (Object.keys(ROLLUPS) as RollupFamily[]);
  return list.flatMap((f) => Object.values(ROLLUPS[f]));
}

/** The families computed from brand matching: cleared and recomputed when brands change. */
export const BRAND_FAMILIES: readonly RollupFamily[] = [
  'brand',
  'promptBrand',
  'gapCell',
  'gapDomain',
  'gapComp',
];

/**
 * A roll-up table as its writer sees it: the key, then value columns that are summed unless
 * named as a minimum or a bit OR (neither can be undone by a negative change; they stay until
 * the row empties).
 */
export interface UpsertTable {
  table: string;
  /** The primary key, in order. */
  key: readonly string[];
  /** Value columns, in the order a row's values are given. */
  values: readonly string[];
  min?: string;
  or?: string;
  /** SQL condition of an emptied row (default: every summed column is 0). */
  empty?: string;
}

/** One summed change to a roll-up row: its key, values, and whether it may have emptied the row. */
export interface RollupRow {
  key: Array<number | string>;
  values: number[];
  /** Some change was negative (a result taken out): the row may now be empty. */
  shrunk: boolean;
}

/** Rows per statement: a few fixed sizes, so each table compiles at most four statements. */
const CHUNKS = [64, 16, 4, 1];

/** Splits `count` items into runs of the CHUNKS sizes, largest first: `each(start, size)` per run. */
export function forEachChunk(count: number, each: (at: number, size: number) => void): void {
  let at = 0;
  for (const size of CHUNKS) {
    while (count - at >= size) {
      each(at, size);
      at += size;
    }
  }
}

/** SQL text per table and rows per statement, built once (stmt() then finds the compiled one). */
const upsertSql = new Map<string, string>();

function upsertText(t: UpsertTable, rows: number): string {
  const cols = [...t.key, ...t.values];
  const tuple = `(${cols.map(() => '?').join(', ')})`;
  const sets = t.values.map((v) =>
    v === t.min
      ? `${v} = min(${v}, excluded.${v})`
      : v === t.or
        ? `${v} = ${v} | excluded.${v}`
        : `${v} = ${v} + excluded.${v}`,
  );
  // OR FAIL: no statement journal (see multiRowSql); the store's transaction undoes a failure.
  return `INSERT OR FAIL INTO ${t.table} (${cols.join(', ')}) VALUES ${Array.from({ length: rows }, () => tuple).join(', ')}
       ON CONFLICT (${t.key.join(', ')}) DO UPDATE SET ${sets.join(', ')}`;
}

function upsert(db: Database.Database, t: UpsertTable, rows: number): Database.Statement {
  // Its value columns too: an old file's table may lack the last (columnsIn).
  const id = `${t.table} ${t.values.length} ${rows}`;
  let sql = upsertSql.get(id);
  if (sql === undefined) {
    sql = upsertText(t, rows);
    upsertSql.set(id, sql);
  }
  return stmt(db, sql);
}

function dropEmpty(db: Database.Database, t: UpsertTable): Database.Statement {
  const empty =
    t.empty ??
    t.values
      .filter((v) => v !== t.min && v !== t.or)
      .map((v) => `${v} = 0`)
      .join(' AND ');
  return stmt(db, `DELETE FROM ${t.table} WHERE ${t.key.map((k) => `${k} = ?`).join(' AND ')} AND ${empty}`);
}

/**
 * Adds summed changes to a roll-up table in multi-row upserts (each key at most once in `rows`),
 * then deletes the rows a negative change may have emptied. A statement run has a fixed cost
 * in better-sqlite3 and SQLite: one per chunk of rows, not one per row.
 */
export function writeRollupRows(db: Database.Database, t: UpsertTable, rows: readonly RollupRow[]): void {
  forEachChunk(rows.length, (at, size) => {
    const params: Array<number | string> = [];
    for (let i = at; i < at + size; i++) {
      const row = rows[i] as RollupRow;
      for (const k of row.key) params.push(k);
      // The table's value columns (a change may carry more: see columnsIn).
      for (let v = 0; v < t.values.length; v++) params.push(row.values[v] as number);
    }
    upsert(db, t, size).run(params);
  });
  let drop: Database.Statement | null = null;
  for (const row of rows) {
    if (!row.shrunk) continue;
    drop ??= dropEmpty(db, t);
    drop.run(row.key);
  }
}

/** A family's own key columns beyond the cell's, in the order add() takes them. */
const EXTRAS: Readonly<Record<RollupFamily, readonly KeyColumn[]>> = {
  cell: [],
  brand: ['brand'],
  domain: ['domain'],
  url: ['url'],
  query: ['query'],
  gapCell: ['focus'],
  gapDomain: ['focus', 'domain'],
  gapComp: ['focus', 'domain', 'brand'],
  promptCell: ['prompt'],
  promptBrand: ['prompt', 'brand'],
};

const CELL_COLUMNS = new Set<KeyColumn>(CELL);

interface FamilyChange {
  /** The cell as add() was given it (shared by the changes of one result; never changed). */
  cell: RollupKey;
  /** Its interned id (RollupWriter.cellId). */
  cellId: number;
  extras: number[];
  values: number[];
  shrunk: boolean;
}

/** Nested maps, one level per numeric key part: no string is built per change. */
type Tree<T> = Map<number, T | Tree<T>>;

/** The leaf of `tree` at the path [first, ...rest], or undefined. */
function treeGet<T>(tree: Tree<T>, first: number, rest: readonly number[]): T | undefined {
  let node: Tree<T> | undefined = tree;
  let at = first;
  for (const part of rest) {
    node = node.get(at) as Tree<T> | undefined;
    if (node === undefined) return undefined;
    at = part;
  }
  return node.get(at) as T | undefined;
}

function treeSet<T>(tree: Tree<T>, first: number, rest: readonly number[], leaf: T): void {
  let node = tree;
  let at = first;
  for (const part of rest) {
    let next = node.get(at) as Tree<T> | undefined;
    if (next === undefined) {
      next = new Map();
      node.set(at, next);
    }
    node = next;
    at = part;
  }
  node.set(at, leaf);
}

/** How a family's changes are told apart and summed. */
interface FamilyPlan {
  tables: TablePlan[];
  /** The index of its minimum column among the values (-1: none). */
  min: number;
  /** How many keys of its own a change gives (EXTRAS). */
  extras: number;
}

interface TablePlan {
  table: RollupTable;
  /** Its key columns of the cell (day, run, engine, loc), in the cell's order. */
  cellColumns: KeyColumn[];
  /** Keyed by the whole cell: one row per change, nothing to sum. */
  complete: boolean;
  /** For each key column, in order: the extra's index, or -1 for a column of the cell. */
  extraAt: number[];
}

/**
 * The table with only the value columns its file has: a later migration's column (the brand
 * tables' `present`, migration 020) is absent while an earlier migration's fill (002 rebuilds
 * the roll-ups with this writer) runs on an old file; that later migration fills it. Such a
 * column is last among the values, so a change's extra values are simply not written.
 */
function columnsIn(db: Database.Database, t: RollupTable): RollupTable | null {
  const have = new Set((db.pragma(`table_info(${t.table})`) as Array<{ name: string }>).map((c) => c.name));
  // A later migration's table (the prompt roll-ups, 024) fills itself from the rows it sums.
  if (have.size === 0) return null;
  const values = t.values.filter((v) => have.has(v));
  if (values.length === t.values.length) return t;
  if (values.some((v, i) => v !== t.values[i]))
    throw new Error(`${t.table} lacks a value column that is not among its last`);
  return { ...t, values };
}

function planFamily(db: Database.Database, family: RollupFamily): FamilyPlan {
  const extras = EXTRAS[family];
  const tables = Object.values(ROLLUPS[family]).flatMap((t): TablePlan[] => {
    const table = columnsIn(db, t);
    if (table === null) return [];
    const cellColumns = CELL.filter((c) => table.key.includes(c));
    return [
      {
        table,
        cellColumns,
        complete: cellColumns.length === CELL.length,
        extraAt: table.key.map((c) => (CELL_COLUMNS.has(c) ? -1 : extras.indexOf(c))),
      },
    ];
  });
  const first = tables[0]?.table;
  return {
    tables,
    min: first?.min === undefined ? -1 : first.values.indexOf(first.min),
    extras: extras.length,
  };
}

/** Adds `values` into `into` (a sum, or a minimum at index `min`). */
function sumInto(into: number[], values: readonly number[], min: number): void {
  for (let i = 0; i < values.length; i++) {
    const v = values[i] as number;
    into[i] = i === min ? Math.min(into[i] as number, v) : (into[i] as number) + v;
  }
}

/**
 * Sums roll-up changes in memory and writes each touched row once, in multi-row upserts: a
 * burst of results in the same cells costs one write per row, not one per result. Changes are
 * summed per family first (one key per change), then per table at flush. Rows whose counts
 * fall to zero are deleted, so a deleted run leaves nothing behind.
 *
 * Changes are told apart by numbers, not strings: a cell gets a small id once per result (add()
 * is given the same cell object for all of a result's changes), and a change is found in nested
 * maps by that id and the family's own key ids.
 */
export class RollupWriter {
  private readonly changes = new Map<RollupFamily, Tree<FamilyChange>>();
  private readonly plans: Map<RollupFamily, FamilyPlan>;
  /** Cells of the pending changes by value ("day|run|engine|loc"), and the last one seen. */
  private readonly cellIds = new Map<string, number>();
  private readonly cells: RollupKey[] = [];
  private lastCell: RollupKey | null = null;
  private lastCellId = -1;

  constructor(private readonly db: Database.Database) {
    this.plans = new Map((Object.keys(ROLLUPS) as RollupFamily[]).map((f) => [f, planFamily(db, f)]));
  }

  private cellId(cell: RollupKey): number {
    if (cell === this.lastCell) return this.lastCellId;
    const text = `${cell.day}|${cell.run}|${cell.engine}|${cell.loc}`;
    let id = this.cellIds.get(text);
    if (id === undefined) {
      id = this.cells.length;
      this.cells.push(cell);
      this.cellIds.set(text, id);
    }
    this.lastCell = cell;
    this.lastCellId = id;
    return id;
  }

  /**
   * Adds one change to every level of a family: its cell, the values in the order of the
   * family's value columns, then the family's own keys (EXTRAS: brand, domain, url, query;
   * focus, then domain, then brand for the gap families). The cell and the values array are
   * kept as given: never change them after.
   */
  add(family: RollupFamily, cell: RollupKey, values: number[], ...extras: number[]): void {
    const plan = this.plans.get(family) as FamilyPlan;
    // A key left out would sum the change into the wrong row, silently.
    if (extras.length !== plan.extras)
      throw new Error(`A ${family} roll-up change takes ${plan.extras} key(s)`);
    let tree = this.changes.get(family);
    if (!tree) {
      tree = new Map();
      this.changes.set(family, tree);
    }
    const cellId = this.cellId(cell);
    let shrunk = false;
    for (const v of values) if (v < 0) shrunk = true;
    const row = treeGet(tree, cellId, extras);
    if (!row) {
      treeSet(tree, cellId, extras, { cell, cellId, extras, values, shrunk });
      return;
    }
    row.shrunk ||= shrunk;
    sumInto(row.values, values, plan.min);
  }

  flush(): void {
    for (const [family, tree] of this.changes) {
      const plan = this.plans.get(family) as FamilyPlan;
      const changes = leaves(tree);
      for (const t of plan.tables)
        writeRollupRows(
          this.db,
          t.table,
          t.complete ? changes.map((c) => rowOf(t, c, c.values)) : this.sumFor(t, changes),
        );
    }
    this.clear();
  }

  /** Forgets pending changes (after a rolled-back transaction). */
  clear(): void {
    this.changes.clear();
    this.cellIds.clear();
    this.cells.length = 0;
    this.lastCell = null;
    this.lastCellId = -1;
  }

  /** A family's changes summed by one table's key (the table keeps only some of the cell's columns). */
  private sumFor(t: TablePlan, changes: readonly FamilyChange[]): RollupRow[] {
    const min = t.table.min === undefined ? -1 : t.table.values.indexOf(t.table.min);
    // The table's part of each cell, numbered once per cell.
    const partIds = new Map<string, number>();
    const partOf: number[] = [];
    for (const cell of this.cells) {
      let text = '';
      for (const c of t.cellColumns) text += `${cell[c]}|`;
      let id = partIds.get(text);
      if (id === undefined) {
        id = partIds.size;
        partIds.set(text, id);
      }
      partOf.push(id);
    }
    const rows: Tree<RollupRow> = new Map();
    const list: RollupRow[] = [];
    for (const change of changes) {
      const part = partOf[change.cellId] as number;
      const row = treeGet(rows, part, change.extras);
      if (!row) {
        const fresh = rowOf(t, change, change.values.slice());
        treeSet(rows, part, change.extras, fresh);
        list.push(fresh);
        continue;
      }
      row.shrunk ||= change.shrunk;
      sumInto(row.values, change.values, min);
    }
    return list;
  }
}

/** A change as a row of one table: its key in the table's column order. */
function rowOf(t: TablePlan, change: FamilyChange, values: number[]): RollupRow {
  const key = t.table.key.map((c, i) => {
    const extra = t.extraAt[i] as number;
    return extra < 0 ? (change.cell[c] as number | string) : (change.extras[extra] as number);
  });
  return { key, values, shrunk: change.shrunk };
}

/** Every leaf of a tree, in insertion order. */
function leaves<T>(tree: Tree<T>): T[] {
  const out: T[] = [];
  const walk = (node: Tree<T> | T): void => {
    if (node instanceof Map) for (const child of node.values()) walk(child);
    else out.push(node);
  };
  walk(tree);
  return out;
}
