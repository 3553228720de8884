import Database from 'better-sqlite3';
import { existsSync } from 'node:fs';
import {
  applyMigrations,
  inspectHistoryFile,
  MIGRATIONS,
  registerStoreFunctions,
  type Migration,
} from '../../core/history';

// The schema upgrade at open, taken out of openHistory so the app can show it: on a big history a
// migration takes minutes (002 took 522 s on a million answers), and a window that shows nothing
// for that long looks like a hang. The upgrade runs one migration per transaction here (each step
// leaves a consistent file at its own version, so a crash or a quit mid-way resumes from the last
// finished step), and reports each step as it starts and ends.

export interface MigrationStep {
  version: number;
  name: string;
}

export interface MigrationPlan {
  from: number;
  to: number;
  steps: MigrationStep[];
}

export type MigrationProgress =
  | { phase: 'step-started'; step: MigrationStep; index: number; count: number }
  | { phase: 'step-done'; step: MigrationStep; index: number; count: number; ms: number };

/**
 * The migrations the file still needs, or null when there is nothing to do (no file yet: a new
 * history is created empty and instantly; or already current). A damaged or newer file throws the
 * HistoryOpenError the start-up dialogs explain.
 */
export function pendingMigrations(
  dbPath: string,
  migrations: readonly Migration[] = MIGRATIONS,
): MigrationPlan | null {
  if (!existsSync(dbPath)) return null;
  const { version, empty } = inspectHistoryFile(dbPath, {
    knownVersion: migrations.length,
    check: 'auto',
    busyTimeoutMs: 5000,
  });
  if (empty || version >= migrations.length) return null;
  return {
    from: version,
    to: migrations.length,
    steps: migrations.slice(version).map(({ version: v, name }) => ({ version: v, name })),
  };
}

/** Applies the pending migrations one transaction each, reporting progress. */
export function migrateStepByStep(
  dbPath: string,
  options: {
    migrations?: readonly Migration[];
    onProgress?: (progress: MigrationProgress) => void;
    now?: () => number;
  } = {},
): MigrationPlan | null {
  const migrations = options.migrations ?? MIGRATIONS;
  const plan = pendingMigrations(dbPath, migrations);
  if (!plan) return null;
  const now = options.now ?? Date.now;
  const db = new Database(dbPath, { fileMustExist: true, timeout: 5000 });
  try {
    registerStoreFunctions(db);
    // The same journal settings as openHistory: WAL, and checkpoints that do not stall a large upgrade.
    db.pragma('journal_mode = WAL');
    db.pragma('synchronous = NORMAL');
    db.pragma('wal_autocheckpoint = 8192');
    plan.steps.forEach((step, index) => {
      const count = plan.steps.length;
      options.onProgress?.({ phase: 'step-started', step, index, count });
      const started = now();
      applyMigrations(db, migrations.slice(0, step.version));
      options.onProgress?.({ phase: 'step-done', step, index, count, ms: now() - started });
    });
  } finally {
    db.close();
  }
  return plan;
}
