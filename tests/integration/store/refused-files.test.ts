import Database from 'better-sqlite3';
import { chmodSync, existsSync, readFileSync, statSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { MIGRATIONS } from '../../../src/core/history';
import { newRun, openError, openTemp, tempFolder } from './helpers';

// A file Parallax refuses is left exactly as it was: its bytes, its modification
// time and its permissions; and the -wal/-shm its read-only look created are removed by SQLite
// only when no other connection uses the file (deleting a live -shm once lost a run).

const tmp = tempFolder();
afterAll(() => tmp.cleanup());

/** A history at a schema version this build does not know, closed cleanly (no -wal, no -shm). */
function newerFile(name: string): string {
  const path = tmp.file(name);
  const store = openTemp(path);
  newRun(store);
  store.close();
  const raw = new Database(path);
  raw.pragma(`user_version = ${MIGRATIONS.length + 5}`);
  raw.close();
  return path;
}

const snapshot = (path: string): { bytes: Buffer; mtimeMs: number; mode: number } => {
  const s = statSync(path);
  return { bytes: readFileSync(path), mtimeMs: s.mtimeMs, mode: s.mode & 0o777 };
};

describe('a refused file is left exactly as it was', () => {
  it('keeps its permissions, bytes and time, and no -wal or -shm is left beside it', () => {
    const path = newerFile('newer-644.db');
    chmodSync(path, 0o644);
    const before = snapshot(path);
    const error = openError(() => openTemp(path));
    expect(error.kind).toBe('newer-version');
    expect(error.message).toContain('has not been changed');
    const after = snapshot(path);
    expect(after.mode).toBe(0o644);
    expect(after.bytes.equals(before.bytes)).toBe(true);
    expect(after.mtimeMs).toBe(before.mtimeMs);
    expect(existsSync(`${path}-wal`)).toBe(false);
    expect(existsSync(`${path}-shm`)).toBe(false);
  });

  it("never removes the -wal and -shm of a refused file another connection is using, nor loses that connection's writes", () => {
    const path = newerFile('newer-in-use.db');
    const other = new Database(path);
    other.exec('CREATE TABLE other_notes (n INTEGER)');
    const insert = other.prepare('INSERT INTO other_notes (n) VALUES (?)');
    insert.run(1);
    expect(existsSync(`${path}-shm`)).toBe(true);
    const walBefore = statSync(`${path}-wal`);
    openError(() => openTemp(path));
    expect(existsSync(`${path}-wal`)).toBe(true);
    expect(existsSync(`${path}-shm`)).toBe(true);
    expect(statSync(`${path}-wal`).ino).toBe(walBefore.ino);
    insert.run(2);
    other.close();
    const check = new Database(path, { readonly: true });
    expect(check.prepare('SELECT n FROM other_notes ORDER BY n').pluck().all()).toEqual([1, 2]);
    check.close();
  });
});
