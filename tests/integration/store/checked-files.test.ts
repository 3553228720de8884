import Database from 'better-sqlite3';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  checkedFilesIn,
  HistoryDamagedError,
  HistoryOpenError,
  type CheckedFiles,
} from '../../../src/main/store';
import { fileState } from '../../../src/main/store/file';
import { newRun, openTemp, tempFolder } from './helpers';

// The record of files checked at open (src/main/store/file/checked-files.ts): a history checked
// (or closed cleanly after a checked open) and unchanged since is not checked again; any change
// to it, or a WAL with frames beside it, and it is.

const tmp = tempFolder();
afterAll(() => tmp.cleanup());

function recordIn(name: string): CheckedFiles {
  const folder = tmp.file(name);
  mkdirSync(folder, { recursive: true });
  return checkedFilesIn(folder);
}

/** A history of 40 runs, closed; the root page of run_prompts and the page size, to damage it. */
function historyWithRuns(path: string, checkedFiles?: CheckedFiles): { root: number; pageSize: number } {
  const store = openTemp(path, { checkedFiles });
  for (let i = 0; i < 40; i++) newRun(store, { prompts: [`prompt ${i} ${'y'.repeat(2000)}`] });
  store.close();
  const raw = new Database(path, { readonly: true });
  const root = raw
    .prepare("SELECT rootpage FROM sqlite_schema WHERE name = 'run_prompts'")
    .pluck()
    .get() as number;
  const pageSize = raw.pragma('page_size', { simple: true }) as number;
  raw.close();
  return { root, pageSize };
}

/** Garbage over the b-tree page header and cell pointers of a page (the file's size is kept). */
function damagePage(path: string, page: { root: number; pageSize: number }): void {
  const bytes = readFileSync(path);
  const start = (page.root - 1) * page.pageSize;
  bytes.fill(0xff, start, start + 64);
  writeFileSync(path, bytes);
}

function openError(fn: () => unknown): HistoryOpenError {
  try {
    fn();
  } catch (error) {
    if (error instanceof HistoryOpenError) return error;
    throw error;
  }
  throw new Error('expected a HistoryOpenError');
}

describe('the record of histories checked at open', () => {
  it('records a history checked at open and again as a clean close leaves it', () => {
    const path = tmp.file('recorded.db');
    const checked = recordIn('recorded');
    historyWithRuns(path, checked);
    expect(checked.recorded(path)).toBe(fileState(path));
    const store = openTemp(path, { checkedFiles: checked });
    newRun(store);
    store.close();
    expect(checked.recorded(path)).toBe(fileState(path));
  });

  it('still refuses a damaged page written after a clean close was recorded', () => {
    const path = tmp.file('damaged-after.db');
    const checked = recordIn('damaged-after');
    const page = historyWithRuns(path, checked);
    expect(checked.recorded(path)).not.toBeNull();
    damagePage(path, page);
    const error = openError(() => openTemp(path, { checkedFiles: checked }));
    expect(error.kind).toBe('damaged');
  });

  it('does not check a history again in the state it was recorded in, and forgets it once a call meets damage', () => {
    const path = tmp.file('skipped.db');
    const checked = recordIn('skipped');
    const page = historyWithRuns(path, checked);
    damagePage(path, page);
    // As if the damaged state had been checked: the open trusts the record.
    checked.record(path, fileState(path) as string);
    const store = openTemp(path, { checkedFiles: checked });
    expect(() => store.listRuns({ text: 'prompt' })).toThrow(HistoryDamagedError);
    store.close();
    expect(checked.recorded(path)).toBeNull();
    expect(openError(() => openTemp(path, { checkedFiles: checked })).kind).toBe('damaged');
  });

  it('checks a history with WAL frames beside it (a crash, or another process writing)', () => {
    const path = tmp.file('wal.db');
    const checked = recordIn('wal');
    const page = historyWithRuns(path, checked);
    damagePage(path, page);
    // As if the damaged state had been checked; then another connection writes into the WAL.
    checked.record(path, fileState(path) as string);
    const writer = new Database(path);
    try {
      writer.prepare("INSERT INTO settings (key, value_json, updated_at) VALUES ('wal-test', '1', 0)").run();
      expect(fileState(path)).toBeNull();
      expect(openError(() => openTemp(path, { checkedFiles: checked })).kind).toBe('damaged');
    } finally {
      writer.close();
    }
  });

  it('keeps the 32 histories checked last, and records nothing without its folder', () => {
    const checked = recordIn('many');
    for (let i = 0; i < 40; i++) checked.record(`/histories/${i}.db`, `state ${i}`);
    expect(checked.recorded('/histories/7.db')).toBeNull();
    expect(checked.recorded('/histories/8.db')).toBe('state 8');
    expect(checked.recorded('/histories/39.db')).toBe('state 39');
    const missing = checkedFilesIn(join(tmp.dir, 'no-such-folder'));
    missing.record('/histories/1.db', 'state');
    expect(missing.recorded('/histories/1.db')).toBeNull();
  });
});
