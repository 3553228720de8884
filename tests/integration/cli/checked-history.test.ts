import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHECKED_FILES_NAME } from '../../../src/core/history';
import { runCliAt as runCli } from '../../support/cli-in-process';
import { damageRootPage, newRun, openTemp } from '../store/helpers';

// Each CLI command opens the history anew; one checked by the last command (or closed cleanly
// by it) and unchanged since is not checked again, through the record in the user-data folder
// (src/core/history/file/checked-files.ts). A file changed since is: a damaged page is refused.

let dir = '';
let db = '';
let userData = '';

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'parallax-checked-history-'));
  db = join(dir, 'history.db');
  userData = join(dir, 'user-data');
  mkdirSync(userData);
  const store = openTemp(db);
  for (let i = 0; i < 20; i++) newRun(store, { prompts: [`prompt ${i} ${'y'.repeat(2000)}`] });
  store.close();
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('the CLI and the record of histories checked', () => {
  it('records the history a command checked, and refuses it once a page is damaged', async () => {
    const first = await runCli(['history', '--json', '--db', db], userData);
    expect(first.code).toBe(0);
    const record = JSON.parse(readFileSync(join(userData, CHECKED_FILES_NAME), 'utf8')) as {
      files: Record<string, string>;
    };
    expect(Object.keys(record.files)).toEqual([db]);

    damageRootPage(db);

    const damaged = await runCli(['history', '--json', '--db', db], userData);
    expect(damaged.code).toBe(2);
    expect(damaged.stderr).toContain('is damaged');
  });
});
