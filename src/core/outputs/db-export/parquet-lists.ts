import type { ExportColumn, ExportTable, ListedRows } from './types';

// The Parquet side of a table stored as lists (ListedRows: the sources). Spelling its rows out
// in JS passes every row's texts into DuckDB one by one (10 sources an answer: 10,000,000 rows
// of URLs, domains, titles and snippets on a 1M-answer history), which made most of the main
// thread's work. Instead DuckDB gets the distinct tuples once (straight into its join's hash
// table) and each answer's list as the history stores it (its ids as a JSON array), and expands
// them itself:
// the list cast to BIGINT[], unnested with its index, joined to the tuples by id. The rows come
// out in the same order (answer, then place in its list): the lists are read in that order by
// one thread and neither the unnest nor the join's probe side reorders them
// (preserve_insertion_order; tests/integration/db-export/parquet-listed.test.ts compares both).

const ident = (name: string): string => `"${name.replaceAll('"', '""')}"`;

const IDS = '__ids';
const POSITIONS = '__positions';
const TUPLE_ID = '__tuple_id';

const textColumn = (name: string, sql: string, nullable: boolean): ExportColumn => ({
  name,
  kind: 'text',
  sql,
  nullable,
});

const listedOf = (table: ExportTable): ListedRows => {
  if (!table.listed) throw new Error(`The export table ${table.name} is not stored as lists`);
  return table.listed;
};

/** The table read per list: its per-list columns, then the ids and positions as JSON text. */
export function listsTable(table: ExportTable): ExportTable {
  const listed = listedOf(table);
  return {
    name: `${table.name}_lists`,
    description: `${table.name}, one row per list`,
    columns: [
      ...table.columns.filter((c) => listed.perList.includes(c.name)),
      textColumn(IDS, listed.ids, false),
      textColumn(POSITIONS, listed.positions, true),
    ],
    scope: table.scope,
    from: listed.lists,
    batchKey: table.batchKey,
    orderBy: table.batchKey,
  };
}

/** The columns of the distinct tuples: their id, then every column not read per list. */
export function tupleColumns(table: ExportTable): ExportColumn[] {
  const listed = listedOf(table);
  return [
    { name: TUPLE_ID, kind: 'integer', sql: listed.tupleId, nullable: false },
    ...table.columns.filter((c) => !listed.perList.includes(c.name) && c.name !== listed.position),
  ];
}

/** SELECT for the distinct tuples with an id above @after, in id order (keyset batches). */
export function tuplesSql(table: ExportTable, limit: number): string {
  const listed = listedOf(table);
  const values = tupleColumns(table)
    .map((c) => `${c.sql} AS ${ident(c.name)}`)
    .join(', ');
  return `SELECT ${values} FROM ${listed.tuples} WHERE ${listed.tupleId} > @after ORDER BY ${listed.tupleId} LIMIT ${limit}`;
}

/**
 * The SELECT spelling out the table's rows in DuckDB, from the lists (`listsFrom`, a table
 * function) and the tuples (`tuplesTable`, a table or a subquery), each column typed by `typed`
 * (as the row path types it).
 */
export function expandSql(
  table: ExportTable,
  listsFrom: string,
  tuplesTable: string,
  typed: (column: ExportColumn, name: string) => string,
): string {
  const listed = listedOf(table);
  const perList = table.columns.filter((c) => listed.perList.includes(c.name));
  const columns = table.columns
    .map((c) => {
      if (c.name === listed.position) {
        // Stored positions, else the place in the list (1, 2, 3…), as SQLite's view gives them.
        return `${typed(c, 'coalesce(l.pos[l.i], l.i)')} AS ${ident(c.name)}`;
      }
      const from = listed.perList.includes(c.name) ? 'l' : 't';
      return `${typed(c, `${from}.${ident(c.name)}`)} AS ${ident(c.name)}`;
    })
    .join(', ');
  const carried = perList.map((c) => ident(c.name)).join(', ');
  return `SELECT ${columns}
    FROM (
      SELECT ${carried}, ids, pos, unnest(range(1, len(ids) + 1)) AS i
      FROM (SELECT ${carried}, CAST(${IDS} AS BIGINT[]) AS ids, CAST(${POSITIONS} AS DOUBLE[]) AS pos
        FROM ${listsFrom})
    ) l
    JOIN ${tuplesTable} t ON t.${TUPLE_ID} = l.ids[l.i]`;
}
