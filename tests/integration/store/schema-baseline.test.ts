import Database from 'better-sqlite3';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  applyMigrations,
  MIGRATIONS,
  openHistory,
  readBaseline,
  registerStoreFunctions,
  SCHEMA_BASELINE,
  type Migration,
  type SchemaBaseline,
} from '../../../src/core/history';
import { tempFolder } from './helpers';

// A new history is created from the schema baseline (src/core/history/schema/baseline.ts), not by
// replaying every migration: here the file it makes is compared with one the migrations made
// one by one, object by object and row by row, on real SQLite files.

const tmp = tempFolder();
afterAll(() => tmp.cleanup());

let files = 0;
/** A new empty SQLite file with the store's functions (generated columns call them). */
function newFile(): Database.Database {
  const db = new Database(join(tmp.dir, `schema-${++files}.db`));
  registerStoreFunctions(db);
  return db;
}

/** A file the migrations made one by one, up to `migrations`' last. */
function replayed(migrations: readonly Migration[] = MIGRATIONS): Database.Database {
  const db = newFile();
  applyMigrations(db, migrations, null);
  return db;
}

/** Everything a schema comparison should see: the objects in creation order and every table's rows. */
function contents(db: Database.Database): {
  version: number;
  objects: unknown[];
  rows: Record<string, unknown[]>;
} {
  const objects = db.prepare('SELECT type, name, tbl_name, sql FROM sqlite_schema ORDER BY rowid').all();
  const rows: Record<string, unknown[]> = {};
  const tables = db.prepare("SELECT name FROM sqlite_schema WHERE type = 'table'").pluck().all() as string[];
  for (const table of tables) {
    const all = db
      .prepare(`SELECT * FROM "${table}"`)
      .all()
      .map((row) => JSON.stringify(row));
    rows[table] = all.sort();
  }
  return { version: db.pragma('user_version', { simple: true }) as number, objects, rows };
}

/** The baseline the migrations up to `version` leave. */
function baselineAt(version: number): SchemaBaseline {
  const migrated = replayed(MIGRATIONS.slice(0, version));
  const bare = newFile();
  try {
    return readBaseline(migrated, bare, version);
  } finally {
    migrated.close();
    bare.close();
  }
}

describe('the schema baseline a new history is created from', () => {
  it('stands for every migration (else: npm run schema:baseline)', () => {
    const current = baselineAt(MIGRATIONS.length);
    expect(
      SCHEMA_BASELINE.version,
      'the baseline is older than the migrations: npm run schema:baseline',
    ).toBe(MIGRATIONS.length);
    expect(SCHEMA_BASELINE.objects, 'the migrations changed: npm run schema:baseline').toEqual(
      current.objects,
    );
    // Tables, indexes, triggers and views, and the meta rows the migrations write.
    expect(new Set(current.objects.map((o) => o.type))).toEqual(
      new Set(['table', 'index', 'trigger', 'view']),
    );
    expect(current.rows.map((r) => r.table)).toEqual(['meta']);
  });

  it('makes a new file identical to one the migrations made one by one', () => {
    const fromBaseline = newFile();
    const reference = replayed();
    try {
      expect(applyMigrations(fromBaseline, MIGRATIONS)).toEqual({ from: 0, to: MIGRATIONS.length });
      expect(contents(fromBaseline)).toEqual(contents(reference));
      expect(fromBaseline.pragma('integrity_check', { simple: true })).toBe('ok');
    } finally {
      fromBaseline.close();
      reference.close();
    }
  });

  it('a history opened on a new path is as one whose migrations ran one by one', () => {
    // Copies of the migrations are not the list the baseline was made from: replayed.
    const open = (name: string, migrations?: Migration[]): Database.Database => {
      const path = join(tmp.dir, name);
      openHistory({ path, now: () => 1_700_000_000_000, ...(migrations ? { migrations } : {}) }).close();
      const db = new Database(path, { readonly: true });
      registerStoreFunctions(db);
      return db;
    };
    const opened = open('opened.db');
    const reference = open(
      'opened-replayed.db',
      MIGRATIONS.map((m) => ({ ...m })),
    );
    try {
      const openedContents = contents(opened);
      expect(openedContents.version).toBe(MIGRATIONS.length);
      expect(openedContents).toEqual(contents(reference));
    } finally {
      opened.close();
      reference.close();
    }
  });

  it('an older baseline is followed by the migrations above it', () => {
    const stale = baselineAt(30);
    expect(stale.version).toBe(30);
    const fromStale = newFile();
    const reference = replayed();
    try {
      expect(applyMigrations(fromStale, MIGRATIONS, stale)).toEqual({ from: 0, to: MIGRATIONS.length });
      expect(contents(fromStale)).toEqual(contents(reference));
    } finally {
      fromStale.close();
      reference.close();
    }
  });

  it("rows the code writes (the judge's version) are written again, not taken from the baseline", () => {
    const old: SchemaBaseline = {
      ...SCHEMA_BASELINE,
      rows: SCHEMA_BASELINE.rows.map((r) => ({
        ...r,
        values: r.values.map((v) =>
          v[0] === 'pos_settled' ? ['pos_settled', '{"builtin":{"version":"0","brandSet":"old"}}'] : v,
        ),
      })),
    };
    expect(JSON.stringify(old.rows)).toContain('"version\\":\\"0');
    const fromOld = newFile();
    const reference = replayed();
    try {
      applyMigrations(fromOld, MIGRATIONS, old);
      expect(contents(fromOld).rows['meta']).toEqual(contents(reference).rows['meta']);
    } finally {
      fromOld.close();
      reference.close();
    }
  });

  it('a file that already has a schema, or a list other than the migrations, takes them one by one', () => {
    // A file at version 20 upgraded: the baseline is not for it.
    const older = replayed(MIGRATIONS.slice(0, 20));
    const reference = replayed();
    // A file at version 0 that has tables of its own: the migrations meet them as before (the
    // baseline would step over a table of the same name).
    const foreign = newFile();
    foreign.exec('CREATE TABLE meta (k TEXT)');
    expect(() => applyMigrations(foreign, MIGRATIONS)).toThrow(/table meta already exists/);
    expect(foreign.prepare('SELECT name FROM sqlite_schema').pluck().all()).toEqual(['meta']);
    foreign.close();
    // A list that is not the migrations (a test's own): replayed as given.
    const own: Migration[] = [{ version: 1, name: 'own', sql: 'CREATE TABLE own (id INTEGER PRIMARY KEY)' }];
    const other = newFile();
    try {
      applyMigrations(older, MIGRATIONS);
      expect(contents(older)).toEqual(contents(reference));
      applyMigrations(other, own);
      expect(other.prepare('SELECT name FROM sqlite_schema').pluck().all()).toEqual(['own']);
      // The first migrations alone: fewer than the baseline stands for.
      const first = newFile();
      const firstReference = replayed(MIGRATIONS.slice(0, 10));
      applyMigrations(first, MIGRATIONS.slice(0, 10));
      expect(contents(first)).toEqual(contents(firstReference));
      first.close();
      firstReference.close();
    } finally {
      older.close();
      reference.close();
      other.close();
    }
  });
});
