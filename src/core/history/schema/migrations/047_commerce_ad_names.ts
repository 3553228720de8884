import type Database from 'better-sqlite3';

// Schema version 47: a brand change re-derives an answer's commerce attribution from its stored
// rows instead of reading its raw result back (rederiveResult in commerce/commerce-index.ts). An
// ad's brand is matched on the advertiser's own name as well as its domain, and the rows did not
// keep the name:
// - com_ad gains `name`, the advertiser's name as the engine gave it (NULL when it gave none);
// - com_answer gains `ad_names`: 1 when its ad rows carry their names. The answers stored
//   before have 0: the first brand change after the upgrade reads those with ads from their raw
//   result once (commerce-fill.ts), and they then have 1.
// The columns are looked up before they are added: the upgrade tests run a migration again.
export const sql = '';

function addColumn(db: Database.Database, table: string, column: string, type: string): void {
  const columns = db.pragma(`table_info(${table})`) as Array<{ name: string }>;
  if (!columns.some((c) => c.name === column)) db.exec(`ALTER TABLE ${table} ADD COLUMN ${column} ${type}`);
}

export function addAdNames(db: Database.Database): void {
  addColumn(db, 'com_ad', 'name', 'TEXT');
  addColumn(db, 'com_answer', 'ad_names', 'INTEGER NOT NULL DEFAULT 0');
}
