import type { ColumnType, ReplicaRow, ReplicaTable, ReplicaValue } from '../../history';
import { binaryArray, PG_ARRAY, type ParamValue } from './pg-binary-array';

// PostgreSQL's side of a replica table (src/core/history/replica/columns.ts): the statements a
// push runs and the conversion of the values both ways.
//
// A push sends a batch as ONE multi-row INSERT … SELECT FROM unnest($1::text[], $2::bigint[], …)
// (one array per column, whatever the number of rows, each in PostgreSQL's binary array format:
// pg-binary-array.ts) with ON CONFLICT on the row's key, so a retried batch never duplicates.
// JSON goes as text and is cast to jsonb by the server; a list column (text[]) goes as the JSON
// text of its list, since an array of arrays cannot be unnested into rows.

/** How the unnested value becomes the column's value. */
function cast(column: string, type: ColumnType): string {
  if (type === 'json') return `u.${column}::jsonb`;
  if (type === 'text[]') return `coalesce(ARRAY(SELECT jsonb_array_elements_text(u.${column}::jsonb)), '{}')`;
  return `u.${column}`;
}

export interface UpsertOptions {
  /** What a conflict on the key does: nothing (the default), or these SET clauses. */
  update?: string;
  /** Only where this holds (the stored row is parallax.<table>, the new one excluded). */
  where?: string;
}

/** INSERT INTO parallax.<table> (workspace_id, columns…) SELECT $1, … FROM unnest(…) ON CONFLICT …. */
export function upsertSql(table: ReplicaTable, options: UpsertOptions = {}): string {
  const columns = Object.entries(table.columns);
  const names = columns.map(([name]) => name);
  const arrays = columns.map(([, type], i) => `$${i + 2}::${PG_ARRAY[type].cast}`).join(', ');
  const values = columns.map(([name, type]) => cast(name, type)).join(', ');
  const conflict = `ON CONFLICT (workspace_id, ${table.key.join(', ')})`;
  const action = options.update
    ? `DO UPDATE SET ${options.update}${options.where ? ` WHERE ${options.where}` : ''}`
    : 'DO NOTHING';
  return `INSERT INTO parallax.${table.table} (workspace_id, ${names.join(', ')})
    SELECT $1, ${values} FROM unnest(${arrays}) AS u(${names.join(', ')})
    ${conflict} ${action}`;
}

/** SET clauses copying every non-key column from the new row. */
export function setAll(table: ReplicaTable, except: readonly string[] = []): string {
  return Object.keys(table.columns)
    .filter((c) => !table.key.includes(c) && !except.includes(c))
    .map((c) => `${c} = excluded.${c}`)
    .join(', ');
}

// PostgreSQL's text and jsonb cannot hold U+0000, which SQLite keeps (an engine's answer or a
// scraped snippet can carry one), and jsonb refuses a surrogate without its pair, which
// JSON.stringify writes as an escape: such a value failed its whole push batch, and every push
// after it. Either travels as U+FFFD, the replacement character, so the team holds everything
// else as it is.
const NUL = '\u0000';
const REPLACEMENT = '\uFFFD';

/** Text PostgreSQL takes: U+0000 and unpaired surrogates replaced. */
function pgText(text: string): string {
  const withoutNul = text.includes(NUL) ? text.replaceAll(NUL, REPLACEMENT) : text;
  return withoutNul.isWellFormed() ? withoutNul : withoutNul.toWellFormed();
}

/** A parsed JSON value with every string and key as PostgreSQL takes it. */
function scrubbed(value: unknown): unknown {
  if (typeof value === 'string') return pgText(value);
  if (Array.isArray(value)) return value.map(scrubbed);
  if (value !== null && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [pgText(k), scrubbed(v)]));
  return value;
}

// The escapes jsonb refuses, or may (a surrogate escape is one of a pair or alone): \u0000, \uD800-\uDFFF.
const REFUSED_ESCAPE = /\\u(?:0000|d[89a-f])/i;

/** JSON text jsonb takes. Rare: parsed and written again only then (the test also matches an escaped backslash). */
function pgJson(json: string): string {
  return REFUSED_ESCAPE.test(json) ? JSON.stringify(scrubbed(JSON.parse(json))) : json;
}

/** One parameter value as PostgreSQL takes it. */
export function toParam(value: ReplicaValue | undefined, type: ColumnType): ParamValue {
  if (value === undefined || value === null) return null;
  if (type === 'bool') return value === 1 || value === '1';
  if (type === 'text[]') return JSON.stringify(Array.isArray(value) ? value.map(pgText) : value);
  if (Array.isArray(value)) throw new TypeError(`a list where a ${type} column's value was expected`);
  if (typeof value !== 'string') return value;
  return type === 'json' ? pgJson(value) : pgText(value);
}

/** The statement's parameters: the workspace id, then one binary array per column. */
export function upsertParams(
  table: ReplicaTable,
  workspaceId: string,
  rows: readonly ReplicaRow[],
): [string, ...Buffer[]] {
  const column = ([name, type]: [string, ColumnType]): Buffer =>
    binaryArray(
      type,
      rows.map((row) => toParam(row[name], type)),
    );
  return [workspaceId, ...Object.entries(table.columns).map(column)];
}

/** A value node-postgres read, as the history keeps it (bigint as a number, JSON as text…). */
function fromPg(value: unknown, type: ColumnType): ReplicaValue {
  if (value === null || value === undefined) return null;
  switch (type) {
    case 'bigint':
    case 'int':
    case 'real':
      return Number(value);
    case 'bool':
      return value === true ? 1 : 0;
    case 'json':
      return typeof value === 'string' ? value : JSON.stringify(value);
    case 'text[]':
      return Array.isArray(value) ? value.map(String) : [];
    case 'bytea':
      return value instanceof Uint8Array ? value : null;
    default:
      return String(value);
  }
}

/** A row of a team table as a ReplicaRow (its columns only); `extra` bigint columns kept too. */
export function rowFromPg(
  table: ReplicaTable,
  row: Record<string, unknown>,
  extra: readonly string[] = [],
): ReplicaRow {
  const out: ReplicaRow = {};
  for (const [name, type] of Object.entries(table.columns)) out[name] = fromPg(row[name], type);
  for (const name of extra) out[name] = fromPg(row[name], 'bigint');
  return out;
}

/** The columns a pull selects: the table's, its tombstone and version when it has them, and the change columns. */
export function pullColumns(table: ReplicaTable, extra: readonly string[]): string {
  return [
    ...Object.keys(table.columns).map((c) => `t.${c}`),
    ...extra.map((c) => `t.${c}`),
    't.changed_by',
    't.xid::text AS xid',
    't.seq::text AS seq',
    '(t.origin IS NOT DISTINCT FROM $4) AS own',
  ].join(', ');
}
