import { copyFileSync, existsSync, mkdtempSync, renameSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openHistory } from '../../src/core/history';
import { sourceHash } from './source-hash';

// A new history is every schema migration applied to an empty file: about 80 ms of CPU a
// file, paid by some 200 temp histories of the suite's in-process tests, against about 10 ms to
// open a copy of one already made. The file they leave is the same each time (the migrations'
// rows are constants; page size, WAL mode and incremental vacuum are set before the first page),
// so a test that needs a new history but is not about making one gets a copy of a history
// created by openHistory, once per source version (the core's sources, as the demo templates
// are named: tests/support/source-hash.ts). Tests of the creation itself (its pragmas, modes,
// the migrations from version 0) open a missing file with openHistory as the app does.

const ROOT = join(import.meta.dirname, '..', '..');

/** The empty history of this source version (1.5 MB in the OS temp folder), made if missing. */
function emptyTemplate(): string {
  const path = join(tmpdir(), `parallax-empty-history-${sourceHash(ROOT)}.db`);
  if (existsSync(path)) return path;
  const dir = mkdtempSync(join(tmpdir(), 'parallax-empty-history-'));
  try {
    const building = join(dir, 'empty.db');
    openHistory({ path: building }).close();
    // The last connection's close moved the WAL into the file: the file alone is the history.
    if (existsSync(`${building}-wal`)) throw new Error(`${building}: a WAL was left beside the new history`);
    // Complete before it has its name (another process making it at once renames the same bytes).
    renameSync(building, path);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  return path;
}

/**
 * Puts a new, empty history at `path` unless a file is already there (then left as it is): a
 * copy of one openHistory created, at the current schema version.
 */
export function seedEmptyHistory(path: string): void {
  if (existsSync(path)) return;
  copyFileSync(emptyTemplate(), path);
}
