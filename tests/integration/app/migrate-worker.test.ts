import Database from 'better-sqlite3';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { migrateInWorker, type MigrationProgress } from '../../../src/main/startup';
import { HistoryOpenError, MIGRATIONS, openHistory } from '../../../src/core/history';
import { applyMigrations } from '../../../src/core/history/schema';
import { buildWorker, removeBuiltWorker } from '../../support/build-worker';

// The app upgrades the history's schema on a worker thread behind the splash window. The
// worker is built as the app ships it and run for real: progress crosses the thread, the file
// ends at the current schema with its data, and a refused file comes back as the same
// HistoryOpenError the start-up dialogs map (here: a newer version, left untouched).

let workerFile: string;
beforeAll(async () => {
  workerFile = await buildWorker(join(__dirname, '../../../src/main/startup/migrate-worker.ts'));
}, 60_000);
afterAll(() => removeBuiltWorker(workerFile));

describe('the schema upgrade on a worker thread', () => {
  let dir: string;
  let db: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'parallax-migrate-worker-'));
    db = join(dir, 'parallax.db');
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  const withRaw = <T>(use: (raw: Database.Database) => T): T => {
    const raw = new Database(db);
    try {
      return use(raw);
    } finally {
      raw.close();
    }
  };

  it('brings a first-release history to the current schema, reporting each step, data intact', async () => {
    withRaw((raw) => {
      applyMigrations(raw, MIGRATIONS.slice(0, 1));
      raw
        .prepare('INSERT INTO prompts (id, text, created_at, updated_at) VALUES (?, ?, ?, ?)')
        .run('p1', 'kept across the upgrade', 1, 1);
    });
    const seen: MigrationProgress[] = [];

    await migrateInWorker(workerFile, db, (p) => seen.push(p));

    expect(seen.map((p) => `${p.phase}:${p.step.version}`)).toEqual(
      MIGRATIONS.slice(1).flatMap((m) => [`step-started:${m.version}`, `step-done:${m.version}`]),
    );
    expect(withRaw((raw) => raw.pragma('user_version', { simple: true }))).toBe(MIGRATIONS.length);
    const store = openHistory({ path: db });
    try {
      expect(store.listPrompts().map((p) => p.text)).toEqual(['kept across the upgrade']);
    } finally {
      store.close();
    }
  });

  it('refuses a history from a newer version with the error the dialogs map, leaving it byte-identical', async () => {
    withRaw((raw) => {
      applyMigrations(raw, MIGRATIONS);
      raw.pragma(`user_version = ${MIGRATIONS.length + 1}`);
    });
    const before = readFileSync(db);

    const refused = await migrateInWorker(workerFile, db, () => undefined).catch((e: unknown) => e);

    expect(refused).toBeInstanceOf(HistoryOpenError);
    expect((refused as HistoryOpenError).kind).toBe('newer-version');
    expect(readFileSync(db).equals(before)).toBe(true);
  });
});
