import Database from 'better-sqlite3';
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import {
  compactBackfillPending,
  runCompactBackfill,
  runDocBackfill,
  applyMigrations,
  checkMigrationList,
  MIGRATIONS,
  type BackfillProgress,
  type Migration,
} from '../schema';
import { BUSY_TIMEOUT_MS, HistoryOpenError, newRecordId, OPEN_BUSY_TIMEOUT_MS } from '../connection';
import { createHistoryStore, type HistoryStore } from './history-store';
import { asOpenError, inspectHistoryFile, type IntegrityCheck } from './inspect';
import { fileState, type CheckedFiles } from './checked-files';
import { ensurePrivateFile, narrowCompanions, narrowToPrivate } from './private-file';
import { registerStoreFunctions } from '../codec';
import { isBlankFile } from './storage';
import { enterWalMode } from './wal-mode';
import { readAccess, unwritableReason, type ReadAccess } from './read-only-media';

export interface OpenHistoryOptions {
  /** The SQLite file: the app's user-data folder in the app, --db PATH (or the same default) in the CLI. */
  path: string;
  /** Clock for every stored timestamp (ms). Default Date.now. */
  now?: () => number;
  /**
   * Open without writing: no creation, no migrations (a file that needs them is refused). A
   * file Parallax cannot write (read-only media, permissions) is opened so whatever this says;
   * store.readonlyReason then says why.
   */
  readonly?: boolean;
  /** false: a missing file is refused ('missing') instead of created (read-only commands). */
  create?: boolean;
  /** Schema migrations; tests inject extra ones. Default: the app's list. */
  migrations?: readonly Migration[];
  newId?: () => string;
  /** How long a call waits for another connection's lock before failing. Default BUSY_TIMEOUT_MS (2 s). */
  busyTimeoutMs?: number;
  /** Check run at open: auto (default; see IntegrityCheck), quick, full, or none. */
  integrityCheck?: IntegrityCheck | 'none';
  /**
   * The record of files checked (checked-files.ts, in the user-data folder): with 'auto', a file
   * unchanged since it was checked, or since a clean close of a checked session, is not checked
   * again. Without it every open checks.
   */
  checkedFiles?: CheckedFiles;
  /**
   * Progress of the batch upgrade of rows stored before the current schema (compression and
   * search indexing of a large history can take minutes; each batch is committed on its own).
   */
  onUpgradeProgress?: (progress: BackfillProgress) => void;
  /**
   * Called with the connection once it is ready, before the store uses it. Tests set
   * per-connection limits through it (PRAGMA max_page_count makes SQLite report a full disk for
   * real, on a real file, without a small disk); nothing in the app or the CLI passes one.
   */
  configure?: (db: Database.Database) => void;
}

/**
 * A new file's page size. An answer's row is about 2 KB (its text, source titles and compressed
 * Markdown) and its compressed raw JSON another 2 KB: in 4 KB pages a page holds one such row
 * and a quarter of it is left empty; 8 KB pages hold three or four (on a 20,000-answer history:
 * 9.1 KB an answer against 9.7 KB, with no change in ingest CPU). A file keeps the page size
 * it was created with (WAL mode cannot change it).
 */
const PAGE_SIZE = 8192;

/**
 * Opens (creating if needed) the history file and brings its schema up to date.
 *
 * Refuses, with a HistoryOpenError and without writing a byte: a damaged file ('damaged'), a
 * file from a newer version ('newer-version'), and an SQLite file that is not a Parallax history
 * ('foreign'). Such files are never recreated or overwritten.
 */
export function openHistory(opts: OpenHistoryOptions): HistoryStore {
  const path = resolve(opts.path);
  const migrations = opts.migrations ?? MIGRATIONS;
  const knownVersion = checkMigrationList(migrations);
  const unwritable = opts.readonly ? null : unwritableReason(path);
  const readonly = opts.readonly === true || unwritable !== null;
  const busyTimeoutMs = opts.busyTimeoutMs ?? BUSY_TIMEOUT_MS;

  try {
    if (!readonly && opts.create !== false) ensurePrivateFile(path);
  } catch (error) {
    throw asOpenError(path, error);
  }
  if (!existsSync(path))
    throw new HistoryOpenError('missing', `There is no history file at ${path}.`, { path });
  // A file that cannot be written is read in place, or from a private copy (read-only-media.ts).
  const access = readonly ? readAccess(path, unwritable) : null;
  try {
    return openAccessible(path, opts, {
      readonly,
      unwritable,
      busyTimeoutMs,
      knownVersion,
      migrations,
      access,
    });
  } catch (error) {
    access?.release();
    throw error;
  }
}

interface OpenPlan {
  readonly: boolean;
  /** Why the file cannot be written (null: it can, or read-only was asked). */
  unwritable: string | null;
  busyTimeoutMs: number;
  knownVersion: number;
  migrations: readonly Migration[];
  access: ReadAccess | null;
}

/**
 * After this session's connection closed: when it was the last one on the file (SQLite then
 * moved the WAL into the file and deleted it), the file is as SQLite left it from a checked state.
 */
function recordCleanClose(records: CheckedFiles, path: string): void {
  if (existsSync(`${path}-wal`)) return;
  const state = fileState(path);
  if (state !== null) records.record(path, state);
}

function openAccessible(path: string, opts: OpenHistoryOptions, o: OpenPlan): HistoryStore {
  const { readonly, busyTimeoutMs, migrations } = o;
  const knownVersion = o.knownVersion;
  const readPath = o.access?.readPath ?? path;
  const check = opts.integrityCheck ?? 'auto';
  // Not for a private copy of a file on read-only media (read-only-media.ts): a new file each time.
  const records = check === 'auto' && readPath === path ? (opts.checkedFiles ?? null) : null;
  const stateBefore = records ? fileState(path) : null;
  const known = stateBefore !== null && records?.recorded(path) === stateBefore;
  // Looked at read-only first: a refused file must not even get a WAL header or a checkpoint.
  const inspection = inspectHistoryFile(readPath, {
    knownVersion,
    check: known ? 'none' : check,
    busyTimeoutMs: OPEN_BUSY_TIMEOUT_MS,
  });
  // The state from before the check: a write meanwhile leaves a WAL or a newer time, checked next.
  if (stateBefore !== null && !known) records?.record(path, stateBefore);
  if (readonly && inspection.version < knownVersion) {
    throw new HistoryOpenError(
      'needs-upgrade',
      `The history file ${path} is at schema version ${inspection.version} and needs upgrading to ${knownVersion}; ` +
        (o.unwritable
          ? `it cannot be upgraded where it is (${o.unwritable}): copy it to a writable folder and open the copy.`
          : 'open it once without read-only mode.'),
      { path, fileVersion: inspection.version, knownVersion },
    );
  }

  let db: Database.Database | null = null;
  try {
    if (!readonly) narrowToPrivate(path);
    // While it opens, a connection waits longer for the lock: another process may be creating
    // or upgrading the file (an upgrade's migration and backfill batches hold it for seconds).
    db = new Database(readPath, { readonly, fileMustExist: true, timeout: OPEN_BUSY_TIMEOUT_MS });
    // Before the migrations: version 10's generated columns call them.
    registerStoreFunctions(db);
    let migrated = { from: inspection.version, to: inspection.version };
    if (!readonly) {
      // A new file releases freed pages in steps (`parallax db compact`); an older file switches
      // with its first compact (a one-time VACUUM). Set before anything writes the first page.
      // The page size first: setting auto_vacuum fixes the page size of an empty file.
      if (isBlankFile(db)) {
        db.pragma(`page_size = ${PAGE_SIZE}`);
        db.pragma('auto_vacuum = INCREMENTAL');
      }
      // WAL: readers never block the writer (the UI reads while a run writes), and a crash
      // leaves the file consistent. Retried while another process creates the file (wal-mode.ts).
      enterWalMode(db, OPEN_BUSY_TIMEOUT_MS);
      // synchronous=NORMAL is safe in WAL mode: a commit is durable across an application
      // crash (it is in the WAL, which the OS has), and the database cannot be corrupted; only
      // an operating-system crash or power loss may lose the last transactions before the next
      // checkpoint. FULL would add an fsync to every job state change for that last case.
      db.pragma('synchronous = NORMAL');
      // Checkpoint every ~32 MB of WAL instead of 4 MB: a large ingest pays for fewer fsyncs;
      // journal_size_limit trims the WAL file back afterwards.
      db.pragma('wal_autocheckpoint = 8192');
      db.pragma('journal_size_limit = 67108864');
      migrated = applyMigrations(db, migrations);
      narrowCompanions(path);
    }
    db.pragma('foreign_keys = ON');
    db.pragma('temp_store = MEMORY');
    db.pragma('cache_size = -32000');
    db.pragma(`busy_timeout = ${busyTimeoutMs}`);
    opts.configure?.(db);
    if (!readonly) {
      runCompactBackfill(db, { onProgress: opts.onUpgradeProgress });
      // Rows stored before version 10 read as they are until moved: a read-only open needs
      // nothing done first.
      runDocBackfill(db, { onProgress: opts.onUpgradeProgress });
    } else if (compactBackfillPending(db)) {
      throw new HistoryOpenError(
        'needs-upgrade',
        `The history file ${path} has answers stored before schema version 7 still to compress and index; ` +
          'open it once without read-only mode.',
        { path, fileVersion: inspection.version, knownVersion },
      );
    }
    return createHistoryStore(db, {
      path,
      readonly,
      now: opts.now ?? Date.now,
      newId: opts.newId ?? newRecordId,
      migrated,
      readPath,
      readonlyReason: o.access?.reason ?? null,
      onClose: (metDamage) => {
        o.access?.release();
        if (records && metDamage) records.forget(path);
        else if (records && !readonly) recordCleanClose(records, path);
      },
    });
  } catch (error) {
    db?.close();
    throw asOpenError(path, error);
  }
}
