import type Database from 'better-sqlite3';
import { MIGRATIONS, type Migration } from './migrations';
import { registerStoreFunctions } from '../codec';
import { applyBaseline, baselineFits, type SchemaBaseline } from './baseline';
import { SCHEMA_BASELINE } from './baseline-snapshot';

/** Throws when the list is not 1, 2, 3… in order: a gap would silently skip a schema change. */
export function checkMigrationList(migrations: readonly Migration[]): number {
  migrations.forEach((m, i) => {
    if (m.version !== i + 1) {
      throw new Error(
        `Migration list is out of order: position ${i + 1} holds version ${m.version} (${m.name})`,
      );
    }
  });
  return migrations.length;
}

export function readUserVersion(db: Database.Database): number {
  return db.pragma('user_version', { simple: true }) as number;
}

/**
 * Applies every migration above the file's user_version in ONE transaction, together with the
 * new user_version: either the file moves to the newest schema or it stays exactly as it was.
 * A file with no schema yet starts from `baseline` (baseline.ts) instead of the first
 * migrations it stands for; null replays them all.
 *
 * Foreign keys are switched off around the transaction (SQLite ignores that pragma inside one),
 * as SQLite's documented procedure for schema changes requires, so a later migration may rebuild a
 * table; foreign_key_check then verifies nothing was left dangling before the commit.
 */
export function applyMigrations(
  db: Database.Database,
  migrations: readonly Migration[],
  baseline: SchemaBaseline | null = SCHEMA_BASELINE,
): { from: number; to: number } {
  const target = checkMigrationList(migrations);
  // A first look without the lock: a file already at the newest version needs no write lock.
  const seen = readUserVersion(db);
  if (seen >= target) return { from: seen, to: seen };
  // Version 10's generated columns and triggers call them (and the fills read those columns).
  registerStoreFunctions(db);
  let from = seen;
  db.pragma('foreign_keys = OFF');
  try {
    db.transaction(() => {
      // Read again under the write lock: another process opening the file at the same moment
      // may have migrated it while this one waited (else: "table meta already exists").
      from = readUserVersion(db);
      if (from >= target) return;
      let start = from;
      if (start === 0 && baseline && baselineFits(db, migrations, MIGRATIONS, baseline)) {
        applyBaseline(db, baseline);
        for (const m of migrations.slice(0, baseline.version)) m.fresh?.(db);
        start = baseline.version;
      }
      for (const m of migrations.slice(start)) {
        db.exec(m.sql);
        m.up?.(db);
      }
      const dangling = db.pragma('foreign_key_check') as unknown[];
      if (dangling.length > 0) {
        throw new Error(`Migration to version ${target} left ${dangling.length} rows with broken references`);
      }
      db.pragma(`user_version = ${target}`);
    }).immediate();
  } finally {
    db.pragma('foreign_keys = ON');
  }
  return { from, to: Math.max(from, target) };
}
