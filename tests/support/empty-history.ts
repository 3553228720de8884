import { copyFileSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openHistory } from '../../src/main/store';

// A new history is the schema's 21 migrations applied to an empty file: about 80 ms of CPU a
// file, paid by some 200 temp histories of the suite's in-process tests, against about 10 ms to
// open a copy of one already made. The file they leave is the same each time (the migrations'
// rows are constants; page size, WAL mode and incremental vacuum are set before the first page),
// so a test that needs a new history but is not about making one gets a copy of a history
// created by openHistory once per process. Tests of the creation itself (its pragmas, modes,
// the migrations from version 0) open a missing file with openHistory as the app does.

let template: string | null = null;

function emptyTemplate(): string {
  if (template && existsSync(template)) return template;
  const dir = mkdtempSync(join(tmpdir(), 'parallax-empty-history-'));
  const path = join(dir, 'empty.db');
  openHistory({ path }).close();
  // The last connection's close moved the WAL into the file: the file alone is the history.
  if (existsSync(`${path}-wal`)) throw new Error(`${path}: a WAL was left beside the new history`);
  process.once('exit', () => rmSync(dir, { recursive: true, force: true }));
  template = path;
  return path;
}

/**
 * Puts a new, empty history at `path` unless a file is already there (then left as it is): a
 * copy of one openHistory created in this process, at the current schema version.
 */
export function seedEmptyHistory(path: string): void {
  if (existsSync(path)) return;
  copyFileSync(emptyTemplate(), path);
}
