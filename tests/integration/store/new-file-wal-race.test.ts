import Database from 'better-sqlite3';
import { spawn, type ChildProcess } from 'node:child_process';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { MIGRATIONS, openHistory } from '../../../src/core/history';
import { steppingClock, tempFolder } from './helpers';

// Two processes creating one new history at the same moment (a stress test of concurrent writers
// lost one `parallax run` in about 150 trials of 2-8 processes on a new file): while one writes the
// new file's header to switch it to WAL, SQLite answers the other's switch with SQLITE_BUSY at
// once, without waiting (the switch starts as a read, and a reader is never made to wait for the
// write lock). Any file not yet in WAL mode meets it: here a history in rollback-journal mode (as a
// copy made by another tool may be), whose write lock a real child process holds for a moment, as
// the first process's switch does; the open in this process must wait it out. (On a blank file an
// earlier step, setting auto_vacuum, already waits, so the race needs the other process to take the
// lock between the two steps: too narrow to stage.)

const tmp = tempFolder();
let holder: ChildProcess | null = null;
afterEach(() => {
  holder?.kill('SIGKILL');
  holder = null;
});
afterAll(() => tmp.cleanup());

/** A child holding the file's write lock (BEGIN IMMEDIATE) for `ms`, then letting it go. */
function holdWriteLockFor(path: string, ms: number): Promise<ChildProcess> {
  const script = `
    const Database = require('better-sqlite3');
    const db = new Database(process.argv[1]);
    db.exec('BEGIN IMMEDIATE');
    process.stdout.write('locked\\n');
    setTimeout(() => { db.exec('ROLLBACK'); db.close(); }, Number(process.argv[2]));
  `;
  const child = spawn(process.execPath, ['-e', script, path, String(ms)], {
    cwd: process.cwd(),
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    child.stdout.once('data', () => resolve(child));
    child.once('exit', (code) => reject(new Error(`lock holder exited ${code}`)));
  });
}

/** A history at the current version, left in rollback-journal mode. */
function historyInRollbackMode(path: string): void {
  openHistory({ path, now: steppingClock() }).close();
  const db = new Database(path);
  try {
    db.pragma('journal_mode = DELETE');
  } finally {
    db.close();
  }
}

describe('switching a history to WAL while another process writes it', () => {
  it('waits for the other process instead of failing as busy, and leaves the file in WAL mode', async () => {
    const path = tmp.file('rollback.db');
    historyInRollbackMode(path);
    holder = await holdWriteLockFor(path, 600);
    const store = openHistory({ path, now: steppingClock() });
    store.close();
    const db = new Database(path, { readonly: true });
    try {
      expect(db.pragma('journal_mode', { simple: true })).toBe('wal');
      expect(db.pragma('user_version', { simple: true })).toBe(MIGRATIONS.length);
    } finally {
      db.close();
    }
  });
});
