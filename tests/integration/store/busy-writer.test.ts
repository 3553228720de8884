import { spawn, type ChildProcess } from 'node:child_process';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { runCliAt as runCli } from '../../support/cli-in-process';
import { newRun, openTemp, tempFolder } from './helpers';

// A writer waits for the history's lock for a bounded, stated time (BUSY_TIMEOUT_MS) and, when
// it gives up, says which process holds the file: a real child process keeps a
// write transaction open on the file while `parallax brands add` (the CLI in this process,
// tests/support/cli-in-process.ts) tries to write.

const tmp = tempFolder();
afterAll(() => tmp.cleanup());
let holder: ChildProcess | null = null;

afterEach(() => {
  holder?.kill('SIGKILL');
  holder = null;
});

/** A child process holding the file's write lock (BEGIN IMMEDIATE) until it is killed. */
function holdWriteLock(path: string): Promise<ChildProcess> {
  const script = `
    const Database = require('better-sqlite3');
    const db = new Database(process.argv[1]);
    db.exec('BEGIN IMMEDIATE');
    process.stdout.write('locked\\n');
    setInterval(() => {}, 1000);
  `;
  const child = spawn(process.execPath, ['-e', script, path], {
    cwd: process.cwd(),
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    child.stdout.once('data', () => resolve(child));
    child.once('exit', (code) => reject(new Error(`lock holder exited ${code}`)));
  });
}

describe('a writer that gives up waiting for the lock', () => {
  it('exits 1 after the stated timeout, naming the process holding the file, without a stack trace', async () => {
    const path = tmp.file('locked.db');
    const store = openTemp(path);
    newRun(store);
    store.close();
    holder = await holdWriteLock(path);
    const out = await runCli(['brands', 'add', 'Acme', '--db', path], tmp.file('ud'));
    expect(out.code).toBe(1);
    expect(out.stderr).toMatch(/stayed locked by another process/);
    expect(out.stderr).toContain(`pid ${holder.pid}`);
    expect(out.stderr).not.toMatch(/\n\s+at /);
    holder.kill('SIGKILL');
    holder = null;
    // Once the holder is gone, the same command works.
    const again = await runCli(['brands', 'add', 'Acme', '--db', path], tmp.file('ud'));
    expect(again.code).toBe(0);
  });
});
