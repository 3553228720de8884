import type Database from 'better-sqlite3';
import type { Migration } from './migrations';

// A new history file does not replay every migration: the schema they leave, written down once
// (baseline-snapshot.ts, made by `npm run schema:baseline`), is created in one go, then any
// migration newer than it. Replayed on an empty file, the migrations' table rebuilds and column
// renames each make SQLite parse the whole schema again, which is most of a new file's cost
// (docs/internals/storage.md). A file that already has a schema takes the migrations one by one.

/** One value of a row the migrations insert (the meta table's settings). */
export type BaselineValue = string | number | null;

export interface SchemaBaseline {
  /** The migration version the snapshot stands for: migrations above it still run. */
  version: number;
  /** sqlite_schema's objects as the migrations leave them, in creation order, SQLite's own left out. */
  objects: ReadonlyArray<{ type: string; name: string; sql: string }>;
  /** The rows the migrations insert, per table (not those SQLite itself writes, e.g. FTS5's). */
  rows: ReadonlyArray<{
    table: string;
    columns: readonly string[];
    values: ReadonlyArray<readonly BaselineValue[]>;
  }>;
}

/**
 * Whether `baseline` may stand for the first migrations of `migrations` on this file: the file
 * has no schema yet, and the list holds the very migrations the snapshot was made from (a test
 * that builds an old history passes fewer; the start-up's step-by-step upgrade passes a prefix).
 */
export function baselineFits(
  db: Database.Database,
  migrations: readonly Migration[],
  canonical: readonly Migration[],
  baseline: SchemaBaseline,
): boolean {
  if (migrations.length < baseline.version || canonical.length < baseline.version) return false;
  for (let i = 0; i < baseline.version; i++) if (migrations[i] !== canonical[i]) return false;
  const objects = db.prepare('SELECT count(*) FROM sqlite_schema').pluck().get() as number;
  return objects === 0;
}

/**
 * Creates the snapshot's objects in their order, each table's rows right after the table (so no
 * trigger fires on them: the snapshot already holds what the triggers wrote). An object SQLite
 * has made meanwhile (an FTS5 table's shadow tables) is left as SQLite made it.
 */
export function applyBaseline(db: Database.Database, baseline: SchemaBaseline): void {
  const exists = db.prepare('SELECT 1 FROM sqlite_schema WHERE name = ?').pluck();
  const rowsOf = new Map(baseline.rows.map((r) => [r.table, r]));
  for (const object of baseline.objects) {
    if (exists.get(object.name) === undefined) db.exec(object.sql);
    const rows = object.type === 'table' ? rowsOf.get(object.name) : undefined;
    if (!rows) continue;
    const columns = rows.columns.map(quoteName).join(', ');
    const marks = rows.columns.map(() => '?').join(', ');
    const insert = db.prepare(`INSERT INTO ${quoteName(rows.table)} (${columns}) VALUES (${marks})`);
    for (const values of rows.values) insert.run(...values);
  }
}

/**
 * The snapshot of a file the migrations have just made: its objects, and the rows of every table
 * SQLite does not fill by itself (read from `bare`, a second empty file given only the objects).
 */
export function readBaseline(
  db: Database.Database,
  bare: Database.Database,
  version: number,
): SchemaBaseline {
  const objects = db
    .prepare(
      `SELECT type, name, sql FROM sqlite_schema
        WHERE sql IS NOT NULL AND name NOT LIKE 'sqlite\\_%' ESCAPE '\\' ORDER BY rowid`,
    )
    .all() as Array<{ type: string; name: string; sql: string }>;
  applyBaseline(bare, { version, objects, rows: [] });
  const rows: SchemaBaseline['rows'][number][] = [];
  for (const { name } of objects.filter((o) => o.type === 'table' && !/^CREATE VIRTUAL/i.test(o.sql))) {
    const count = (table: Database.Database): number =>
      table
        .prepare(`SELECT count(*) FROM ${quoteName(name)}`)
        .pluck()
        .get() as number;
    if (count(db) === 0 || count(bare) > 0) continue;
    // Stored columns only: a generated column cannot be inserted into.
    const columns = (db.pragma(`table_xinfo(${quoteName(name)})`) as Array<{ name: string; hidden: number }>)
      .filter((c) => c.hidden === 0)
      .map((c) => c.name);
    const read = db.prepare(`SELECT ${columns.map(quoteName).join(', ')} FROM ${quoteName(name)}`).raw();
    rows.push({
      table: name,
      columns,
      values: read.all().map((row) => (row as unknown[]).map(baselineValue)),
    });
  }
  return { version, objects, rows };
}

function baselineValue(value: unknown): BaselineValue {
  if (value === null || typeof value === 'string' || typeof value === 'number') return value;
  throw new Error(
    `A migration inserted a ${typeof value} value; the schema baseline keeps text and numbers only`,
  );
}

function quoteName(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}
