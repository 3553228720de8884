import Database from 'better-sqlite3';
import { registerStoreFunctions } from '../../src/core/history';

// Every stored row of a history file, table by table, less what differs between two desktops
// whatever path they took (their clocks, their own identity on the team): what two first syncs
// are compared by (tests/integration/sync).

/**
 * What differs between two desktops whatever the path: when each stored an answer (its clock),
 * when each took in the pulled brands, and each desktop's own identity on the team.
 */
const CLOCK_COLUMNS = new Set(['ingested_at']);
const TABLE_CLOCK_COLUMNS: Record<string, ReadonlySet<string>> = {
  brands: new Set(['created_at', 'updated_at']),
};
const OWN_META = "WHERE key <> 'sync.origin'";

/** Every row of every table of a history file (its stored columns; generated ones follow), by table. */
export function historyTables(path: string): Record<string, unknown[][]> {
  const db = new Database(path, { readonly: true });
  // The search index reads its texts from the answers' documents (doc_text).
  registerStoreFunctions(db);
  try {
    const names = db
      .prepare("SELECT name FROM sqlite_schema WHERE type = 'table' ORDER BY name")
      .pluck()
      .all() as string[];
    const out: Record<string, unknown[][]> = {};
    for (const name of names) {
      const columns = (
        db.prepare('SELECT name FROM pragma_table_xinfo(?) WHERE hidden = 0').pluck().all(name) as string[]
      ).filter((c) => !CLOCK_COLUMNS.has(c) && !TABLE_CLOCK_COLUMNS[name]?.has(c));
      if (columns.length === 0) continue;
      const list = columns.map((c) => `"${c}"`).join(', ');
      const where = name === 'meta' ? OWN_META : '';
      out[name] = db
        .prepare(`SELECT ${list} FROM "${name}" ${where} ORDER BY ${list}`)
        .raw()
        .all() as unknown[][];
    }
    return out;
  } finally {
    db.close();
  }
}

/** How many rows a table of a history file holds, read as another process would. */
export function countRows(path: string, table: string): number {
  const db = new Database(path, { readonly: true });
  try {
    return db.prepare(`SELECT count(*) FROM ${table}`).pluck().get() as number;
  } finally {
    db.close();
  }
}
