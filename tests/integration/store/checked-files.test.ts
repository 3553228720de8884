import Database from 'better-sqlite3';
import { mkdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  CHECKED_FILES_NAME,
  checkedFilesIn,
  HistoryDamagedError,
  type CheckedFiles,
} from '../../../src/core/history';
import { fileState } from '../../../src/core/history/file';
import { damageRootPage, newRun, openError, openTemp, tempFolder } from './helpers';

// The record of files checked at open (src/core/history/file/checked-files.ts): a history checked
// (or closed cleanly after a checked open) and unchanged since is not checked again; any change
// to it, or a WAL with frames beside it, and it is.

const tmp = tempFolder();
afterAll(() => tmp.cleanup());

function recordIn(name: string): CheckedFiles {
  const folder = tmp.file(name);
  mkdirSync(folder, { recursive: true });
  return checkedFilesIn(folder);
}

/** A history of 40 runs, closed. */
function historyWithRuns(path: string, checkedFiles?: CheckedFiles): void {
  const store = openTemp(path, { checkedFiles });
  for (let i = 0; i < 40; i++) newRun(store, { prompts: [`prompt ${i} ${'y'.repeat(2000)}`] });
  store.close();
}

/** A damaged history recorded as if its damaged state had been checked: an open trusts the record. */
function damagedAsChecked(name: string): { path: string; checked: CheckedFiles } {
  const path = tmp.file(`${name}.db`);
  const checked = recordIn(name);
  historyWithRuns(path, checked);
  damageRootPage(path);
  checked.record(path, fileState(path) as string);
  return { path, checked };
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
    historyWithRuns(path, checked);
    expect(checked.recorded(path)).not.toBeNull();
    damageRootPage(path);
    const error = openError(() => openTemp(path, { checkedFiles: checked }));
    expect(error.kind).toBe('damaged');
  });

  it('does not check a history again in the state it was recorded in, and forgets it once a call meets damage', () => {
    const { path, checked } = damagedAsChecked('skipped');
    const store = openTemp(path, { checkedFiles: checked });
    expect(() => store.listRuns({ text: 'prompt' })).toThrow(HistoryDamagedError);
    store.close();
    expect(checked.recorded(path)).toBeNull();
    expect(openError(() => openTemp(path, { checkedFiles: checked })).kind).toBe('damaged');
  });

  it('checks a history with WAL frames beside it (a crash, or another process writing)', () => {
    const { path, checked } = damagedAsChecked('wal');
    // Then another connection writes into the WAL.
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
    // The newest entry recorded again in the same state (a command that wrote nothing): the
    // record is not rewritten (a rewrite is a new file, renamed over the old one).
    const recordFile = join(tmp.file('many'), CHECKED_FILES_NAME);
    const before = statSync(recordFile).ino;
    checked.record('/histories/39.db', 'state 39');
    expect(statSync(recordFile).ino).toBe(before);
    checked.record('/histories/38.db', 'state 38');
    expect(statSync(recordFile).ino).not.toBe(before);
    const missing = checkedFilesIn(join(tmp.dir, 'no-such-folder'));
    missing.record('/histories/1.db', 'state');
    expect(missing.recorded('/histories/1.db')).toBeNull();
  });
});
