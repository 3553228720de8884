import Database from 'better-sqlite3';
import { chmodSync, existsSync, readFileSync, statSync, truncateSync, writeFileSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import {
  HistoryDamagedError,
  MIGRATIONS,
  openHistory,
  type HistoryStore,
  type Migration,
  type OpenHistoryOptions,
} from '../../../src/core/history';
import { damageRootPage, newRun, openError, steppingClock, tempFolder } from './helpers';

/** This file is about making and opening the file itself: a missing one is created by openHistory (never seeded). */
const openTemp = (path: string, extra: Partial<OpenHistoryOptions> = {}): HistoryStore =>
  openHistory({ path, now: steppingClock(), ...extra });

const tmp = tempFolder();
afterAll(() => tmp.cleanup());

function mode(path: string): number {
  return statSync(path).mode & 0o777;
}

// Two test-only migrations stacked on the real list, to exercise upgrades from every earlier version.
const N = MIGRATIONS.length;
const V2: Migration = {
  version: N + 1,
  name: 'test-notes',
  sql: "CREATE TABLE test_notes (id INTEGER PRIMARY KEY, run_id TEXT REFERENCES runs (id), note TEXT NOT NULL) STRICT; INSERT INTO meta (key, value) VALUES ('v2', 'yes');",
};
const V3: Migration = {
  version: N + 2,
  name: 'test-notes-author',
  sql: "ALTER TABLE test_notes ADD COLUMN author TEXT NOT NULL DEFAULT 'me'; INSERT INTO meta (key, value) VALUES ('v3', 'yes');",
};
const ALL = [...MIGRATIONS, V2, V3];

describe('openHistory: creation and pragmas', () => {
  it('creates the file 0600 with its WAL and shm 0600, in WAL mode with foreign keys on, at the newest version', () => {
    const path = tmp.file('fresh.db');
    const store = openTemp(path);
    newRun(store); // a write, so the WAL has content
    expect(mode(path)).toBe(0o600);
    expect(existsSync(`${path}-wal`)).toBe(true);
    expect(mode(`${path}-wal`)).toBe(0o600);
    expect(mode(`${path}-shm`)).toBe(0o600);
    expect(store.schemaVersion).toBe(MIGRATIONS.length);
    expect(store.migrated).toEqual({ from: 0, to: MIGRATIONS.length });
    store.close();

    const raw = new Database(path, { readonly: true });
    expect(raw.pragma('journal_mode', { simple: true })).toBe('wal');
    expect(raw.pragma('user_version', { simple: true })).toBe(MIGRATIONS.length);
    // 8 KB pages and incremental vacuum, chosen before the first page was written.
    expect(raw.pragma('page_size', { simple: true })).toBe(8192);
    expect(raw.pragma('auto_vacuum', { simple: true })).toBe(2);
    raw.close();

    const again = openTemp(path);
    expect(again.migrated).toEqual({ from: N, to: N });
    expect(again.listRuns().total).toBe(1);
    again.close();
  });

  it('keeps the WAL 0600 even under a permissive umask', () => {
    const path = tmp.file('umask.db');
    const previous = process.umask(0o000);
    try {
      const store = openTemp(path);
      newRun(store);
      expect(mode(path)).toBe(0o600);
      expect(mode(`${path}-wal`)).toBe(0o600);
      expect(mode(`${path}-shm`)).toBe(0o600);
      store.close();
    } finally {
      process.umask(previous);
    }
  });

  it('narrows an existing file with a wider mode to 0600', () => {
    const path = tmp.file('wide.db');
    openTemp(path).close();
    chmodSync(path, 0o644);
    openTemp(path).close();
    expect(mode(path)).toBe(0o600);
  });

  it('enforces foreign keys on the connection it returns', () => {
    const store = openTemp(tmp.file('fk.db'));
    expect(() =>
      store.ingestResults([{ jobId: 'no-such-job', raw: {}, normalized: {} as never, fetchedAt: 1 }]),
    ).toThrow(/No job with id no-such-job/);
    store.close();
  });
});

describe('migrations', () => {
  it('applies every migration from an empty file in one go', () => {
    const path = tmp.file('all.db');
    const store = openHistory({ path, migrations: ALL });
    expect(store.migrated).toEqual({ from: 0, to: N + 2 });
    expect(store.getMeta('v2')).toBe('yes');
    expect(store.getMeta('v3')).toBe('yes');
    store.close();
  });

  it.each([N, N + 1])('upgrades a file at version %i to the newest, keeping its data', (start) => {
    const path = tmp.file(`from-${start}.db`);
    const old = openHistory({ path, migrations: ALL.slice(0, start) });
    const { run } = newRun(old);
    old.close();
    if (start === N + 1) {
      const raw = new Database(path);
      raw.prepare('INSERT INTO test_notes (run_id, note) VALUES (?, ?)').run(run.id, 'kept');
      raw.close();
    }
    const store = openHistory({ path, migrations: ALL });
    expect(store.migrated).toEqual({ from: start, to: N + 2 });
    expect(store.getRun(run.id)?.id).toBe(run.id);
    store.close();
    const raw = new Database(path, { readonly: true });
    const notes = raw.prepare('SELECT note, author FROM test_notes').all();
    raw.close();
    expect(notes).toEqual(start === N + 1 ? [{ note: 'kept', author: 'me' }] : []);
  });

  it('rolls back every migration of the batch when one fails', () => {
    const path = tmp.file('failing.db');
    openHistory({ path, migrations: MIGRATIONS }).close();
    const broken: Migration = {
      version: N + 2,
      name: 'broken',
      sql: 'CREATE TABLE oops (x INTEGER); SELECT * FROM no_such_table;',
    };
    expect(() => openHistory({ path, migrations: [...MIGRATIONS, V2, broken] })).toThrow(/no_such_table/);
    const raw = new Database(path, { readonly: true });
    expect(raw.pragma('user_version', { simple: true })).toBe(N);
    const tables = raw.prepare("SELECT name FROM sqlite_schema WHERE name IN ('test_notes', 'oops')").all();
    raw.close();
    expect(tables).toEqual([]);
  });

  it('refuses a migration list with a gap', () => {
    expect(() => openHistory({ path: tmp.file('gap.db'), migrations: [...MIGRATIONS, V3] })).toThrow(
      /out of order/,
    );
  });
});

describe('files it refuses, untouched', () => {
  it('refuses a newer-version file with both numbers and leaves its bytes unchanged', () => {
    const path = tmp.file('newer.db');
    const store = openTemp(path);
    newRun(store);
    store.close();
    const raw = new Database(path);
    const newer = MIGRATIONS.length + 1;
    raw.pragma(`user_version = ${newer}`);
    raw.close();
    const before = readFileSync(path);
    const error = openError(() => openTemp(path));
    expect(error.kind).toBe('newer-version');
    expect(error.details).toMatchObject({ fileVersion: newer, knownVersion: MIGRATIONS.length });
    expect(error.message).toContain(String(newer));
    expect(error.message).toContain(String(MIGRATIONS.length));
    expect(readFileSync(path).equals(before)).toBe(true);
    expect(existsSync(`${path}-wal`)).toBe(false);
  });

  it('refuses a file of garbage as damaged, tells the user to restore a backup, and does not change it', () => {
    const path = tmp.file('garbage.db');
    const garbage = Buffer.alloc(8192, 0x5a);
    writeFileSync(path, garbage, { mode: 0o600 });
    const error = openError(() => openTemp(path));
    expect(error.kind).toBe('damaged');
    expect(error.message).toMatch(/backup/i);
    expect(readFileSync(path).equals(garbage)).toBe(true);
  });

  it('refuses a truncated database as damaged and does not change it', () => {
    const path = tmp.file('truncated.db');
    const store = openTemp(path);
    for (let i = 0; i < 40; i++) newRun(store, { prompts: [`prompt ${i} ${'x'.repeat(2000)}`] });
    store.close(); // checkpoints: everything is in the main file
    const size = statSync(path).size;
    truncateSync(path, Math.floor(size / 2));
    const before = readFileSync(path);
    const error = openError(() => openTemp(path));
    expect(error.kind).toBe('damaged');
    expect(readFileSync(path).equals(before)).toBe(true);
  });

  it('refuses a file with a corrupted page as damaged', () => {
    const path = tmp.file('corrupt-page.db');
    const store = openTemp(path);
    for (let i = 0; i < 40; i++) newRun(store, { prompts: [`prompt ${i} ${'y'.repeat(2000)}`] });
    store.close();
    // Garbage over the b-tree page header and cell pointers of the run_prompts table's root page.
    damageRootPage(path);
    const error = openError(() => openTemp(path));
    expect(error.kind).toBe('damaged');
    expect(error.details.problems?.length).toBeGreaterThan(0);
  });

  it('reports damage met after open (a part the open-time check skipped) as HistoryDamagedError', () => {
    const path = tmp.file('late-damage.db');
    const store = openTemp(path);
    for (let i = 0; i < 40; i++) newRun(store, { prompts: [`prompt ${i} ${'z'.repeat(2000)}`] });
    store.close();
    const raw = new Database(path, { readonly: true });
    const root = raw
      .prepare("SELECT rootpage FROM sqlite_schema WHERE name = 'run_prompts'")
      .pluck()
      .get() as number;
    const pageSize = raw.pragma('page_size', { simple: true }) as number;
    raw.close();
    const bytes = readFileSync(path);
    bytes.fill(0xff, (root - 1) * pageSize, (root - 1) * pageSize + 64);
    writeFileSync(path, bytes);
    const opened = openTemp(path, { integrityCheck: 'none' });
    let caught: unknown;
    try {
      opened.listRuns({ text: 'prompt' });
    } catch (error) {
      caught = error;
    }
    opened.close();
    expect(caught).toBeInstanceOf(HistoryDamagedError);
    expect((caught as Error).message).toMatch(/backup/);
  });

  it('refuses an SQLite database of another program', () => {
    const path = tmp.file('other.db');
    const raw = new Database(path);
    raw.exec('CREATE TABLE contacts (name TEXT)');
    raw.close();
    const before = readFileSync(path);
    expect(openError(() => openTemp(path)).kind).toBe('foreign');
    expect(readFileSync(path).equals(before)).toBe(true);
  });
});

describe('read-only opening', () => {
  it('refuses a missing file instead of creating it', () => {
    const path = tmp.file('missing.db');
    expect(openError(() => openHistory({ path, readonly: true })).kind).toBe('missing');
    expect(existsSync(path)).toBe(false);
  });

  it('refuses a file that needs migrations', () => {
    const path = tmp.file('ro-old.db');
    openHistory({ path }).close();
    const error = openError(() => openHistory({ path, readonly: true, migrations: ALL }));
    expect(error.kind).toBe('needs-upgrade');
  });

  it('reads without writing', () => {
    const path = tmp.file('ro.db');
    const store = openTemp(path);
    const { run } = newRun(store);
    store.close();
    const ro = openHistory({ path, readonly: true });
    expect(ro.getRun(run.id)?.id).toBe(run.id);
    expect(() => ro.deleteRun(run.id)).toThrow(/readonly/i);
    ro.close();
  });
});
