import type Database from 'better-sqlite3';

// Schema version 23: the Visibility index's cited URLs and fan-out queries are found by value
// through keys in two levels (store/visibility/key-levels.ts), no longer through their row
// table's UNIQUE value.
//
// That UNIQUE index took every new value at a random place: in a large history a commit of a
// sync's page rewrote most of its pages (at 240,000 answers, 12,444 of the URL index's 12,867
// pages: 45 % of what the commit wrote; the queries' index 1,952 of 2,033). The keys now go into
// a small new level (`_new`), merged into the settled level in key order once it holds enough of
// them, so each page of the large level is written once per merge instead of once per commit.
//
// Each row table is rebuilt with the same columns, ids and indexes but without UNIQUE (SQLite
// cannot drop it in place), its rows copied in this one transaction; every value's key goes to
// the settled level, in key order, and meta records the largest id settled (the keys above it
// are the new level's). Nothing else refers to these tables by anything but their ids.
//
// Written to run again on a file that has it (the upgrade tests take a later file back to an
// earlier version): a table is rebuilt only while it keeps its UNIQUE index, and the keys are
// made again from the rows.

export const sql = '';

interface KeyedRows {
  rows: string;
  column: string;
  columns: string;
  keys: string;
  /** The row table's other indexes, made again after the rebuild. */
  indexes: string;
}

const KEYED: readonly KeyedRows[] = [
  {
    rows: 'vis_urls',
    column: 'url',
    columns: 'id INTEGER PRIMARY KEY, domain INTEGER NOT NULL, url TEXT NOT NULL, title TEXT',
    keys: 'vis_url_keys',
    indexes: 'CREATE INDEX vis_urls_by_domain ON vis_urls (domain);',
  },
  {
    rows: 'vis_queries',
    column: 'query',
    columns: 'id INTEGER PRIMARY KEY, query TEXT NOT NULL',
    keys: 'vis_query_keys',
    indexes: '',
  },
];

function withoutUnique({ rows, columns, indexes }: KeyedRows): string {
  return /* sql */ `
    CREATE TABLE ${rows}_v23 (${columns}) STRICT;
    INSERT INTO ${rows}_v23 SELECT * FROM ${rows};
    DROP TABLE ${rows};
    ALTER TABLE ${rows}_v23 RENAME TO ${rows};
    ${indexes}`;
}

function keyLevels({ rows, column, keys }: KeyedRows): string {
  return /* sql */ `
    DROP TABLE IF EXISTS ${keys};
    DROP TABLE IF EXISTS ${keys}_new;
    CREATE TABLE ${keys} (${column} TEXT PRIMARY KEY, id INTEGER NOT NULL) STRICT, WITHOUT ROWID;
    CREATE TABLE ${keys}_new (${column} TEXT PRIMARY KEY, id INTEGER NOT NULL) STRICT, WITHOUT ROWID;
    INSERT INTO ${keys} (${column}, id) SELECT ${column}, id FROM ${rows} ORDER BY ${column};
    INSERT OR REPLACE INTO meta (key, value)
      VALUES ('${keys}_settled_to', (SELECT coalesce(max(id), 0) FROM ${rows}));`;
}

export function splitKeyLevels(db: Database.Database): void {
  const unique = db.prepare("SELECT 1 FROM sqlite_schema WHERE type = 'index' AND name = ?");
  for (const keyed of KEYED) {
    if (unique.get(`sqlite_autoindex_${keyed.rows}_1`)) db.exec(withoutUnique(keyed));
    db.exec(keyLevels(keyed));
  }
}
