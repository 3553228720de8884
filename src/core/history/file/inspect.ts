import Database from 'better-sqlite3';
import { existsSync, statSync } from 'node:fs';
import {
  damagedMessage,
  describeHolders,
  HistoryOpenError,
  openFailureKind,
  OPEN_BUSY_TIMEOUT_MS,
  processesUsingFile,
} from '../connection';
import { registerStoreFunctions } from '../codec';
import { companionsPresent, releaseCompanionsOfRefused } from './companions';

export type IntegrityCheck =
  /**
   * The default at open: the whole-file quick_check for files up to 32 MB; above that, quick_check
   * of the tables every screen reads first (runs, prompts, library, settings), because a whole-file
   * check grows with the history (about 4 s for 1 GB) and would make every start slow. Damage
   * elsewhere is still reported, as HistoryDamagedError, by the call that meets it, and a full
   * check runs on demand (store.checkIntegrity, or inspectHistoryFile in a worker).
   */
  | 'auto'
  /** PRAGMA quick_check: every b-tree page and record, without cross-checking index contents. */
  | 'quick'
  /** PRAGMA integrity_check: also verifies that every index matches its table (slower). */
  | 'full';

export interface FileInspection {
  /** PRAGMA user_version: the schema version the file is at (0: empty, new file). */
  version: number;
  /** The file is a new, empty database (no tables yet). */
  empty: boolean;
}

const FORMAT = 'parallax-history';

/**
 * Looks at a history file through a READ-ONLY connection, so that a file that is refused
 * (damaged, newer, foreign) is never written to: a read-write connection would write the WAL
 * header and checkpoint on close.
 */
export function inspectHistoryFile(
  path: string,
  options: { knownVersion: number; check: IntegrityCheck | 'none'; busyTimeoutMs: number },
): FileInspection {
  if (!existsSync(path)) {
    throw new HistoryOpenError('missing', `There is no history file at ${path}.`, { path });
  }
  const hadCompanions = companionsPresent(path);
  let db: Database.Database | null = null;
  try {
    db = new Database(path, { readonly: true, fileMustExist: true, timeout: options.busyTimeoutMs });
    // The integrity check computes results' generated columns, which call them.
    registerStoreFunctions(db);
    // The first read parses the header: a file that is not a database fails here.
    db.pragma('user_version', { simple: true });
    const problems = runCheck(db, path, options.check);
    if (problems.length !== 1 || problems[0] !== 'ok') {
      throw new HistoryOpenError(
        'damaged',
        damagedMessage(path, `integrity check: ${problems[0] ?? 'no answer'}`),
        {
          path,
          problems,
        },
      );
    }
    const { version, objects, format } = readIdentity(db);
    if (version > options.knownVersion) {
      throw new HistoryOpenError(
        'newer-version',
        `The history file ${path} was written by a newer version of Parallax (schema version ${version}; ` +
          `this version knows up to ${options.knownVersion}). Update Parallax to open it. The file has not been changed.`,
        { path, fileVersion: version, knownVersion: options.knownVersion },
      );
    }
    const isOurs = version === 0 ? objects === 0 : format === FORMAT;
    if (!isOurs) {
      throw new HistoryOpenError(
        'foreign',
        `${path} is an SQLite database but not a Parallax history. Parallax has not changed it; choose another file.`,
        { path, fileVersion: version },
      );
    }
    return { version, empty: objects === 0 };
  } catch (error) {
    db?.close();
    db = null;
    // A read-only connection to a WAL file leaves an empty -wal and an -shm behind. An
    // accepted file needs nothing done (the read-write connection that follows owns them);
    // a refused one's are left to SQLite, which removes them only when nobody uses the file.
    if (!hadCompanions) releaseCompanionsOfRefused(path);
    throw asOpenError(path, error);
  } finally {
    db?.close();
  }
}

/**
 * The schema version, the number of schema objects and the format mark, read in ONE snapshot:
 * another process may be creating the history at this very moment (its migrations commit the
 * tables and the version together), and reads in two snapshots could see version 0 and then its
 * tables, which looks like a foreign database (the concurrency stress saw it under load).
 */
function readIdentity(db: Database.Database): {
  version: number;
  objects: number;
  format: string | undefined;
} {
  return db.transaction(() => {
    const version = db.pragma('user_version', { simple: true }) as number;
    const objects = (db.prepare('SELECT count(*) AS n FROM sqlite_schema').get() as { n: number }).n;
    const hasMeta = db.prepare("SELECT 1 FROM sqlite_schema WHERE type = 'table' AND name = 'meta'").get();
    const format = hasMeta
      ? (db.prepare("SELECT value FROM meta WHERE key = 'format'").pluck().get() as string | undefined)
      : undefined;
    return { version, objects, format };
  })();
}

/** Whole-file checks up to this size (db + WAL) in 'auto' mode. */
export const AUTO_FULL_CHECK_BYTES = 32 * 1024 * 1024;

/** Tables read at start-up (the runs list, the library): checked even when the file is large. */
const CORE_TABLES = [
  'meta',
  'settings',
  'tags',
  'prompts',
  'prompt_tags',
  'prompt_sets',
  'prompt_set_items',
  'prompt_set_tags',
  'monitors',
  'brands',
  'runs',
  'run_prompts',
  'run_tags',
];

function firstColumn(rows: unknown): string[] {
  return (rows as Array<Record<string, string>>).map((row) => Object.values(row)[0] ?? '');
}

function runCheck(db: Database.Database, path: string, check: IntegrityCheck | 'none'): string[] {
  if (check === 'none') return ['ok'];
  if (check === 'full') return firstColumn(db.pragma('integrity_check(20)'));
  const size = [path, `${path}-wal`].reduce((sum, p) => sum + (existsSync(p) ? statSync(p).size : 0), 0);
  if (check === 'quick' || size <= AUTO_FULL_CHECK_BYTES) return firstColumn(db.pragma('quick_check(20)'));
  const present = new Set(
    db.prepare("SELECT name FROM sqlite_schema WHERE type = 'table'").pluck().all() as string[],
  );
  for (const table of CORE_TABLES.filter((t) => present.has(t))) {
    const problems = firstColumn(db.pragma(`quick_check(${table})`));
    if (problems.length !== 1 || problems[0] !== 'ok') return problems;
  }
  return ['ok'];
}

/** Turns what SQLite or the file system threw at open time into a HistoryOpenError the user can act on. */
export function asOpenError(path: string, error: unknown): unknown {
  if (error instanceof HistoryOpenError) return error;
  const kind = openFailureKind(error);
  const detail = error instanceof Error ? error.message : String(error);
  switch (kind) {
    case 'damaged':
      return new HistoryOpenError('damaged', damagedMessage(path, detail), { path, problems: [detail] });
    case 'busy':
      return new HistoryOpenError(
        'busy',
        `The history file ${path} stayed locked by another process for more than ${OPEN_BUSY_TIMEOUT_MS / 1000} s (${describeHolders(processesUsingFile(path))}). Wait for it to finish or stop it, then try again.`,
        { path },
      );
    case 'io':
      return new HistoryOpenError('io', `The history file ${path} could not be opened: ${detail}.`, { path });
    default:
      return error;
  }
}
