import { BIG_VALUE_BYTES_MAX, VALUE_BYTES_MAX } from './migrations';

// The largest value the team server takes in a column (schema version 9's checks), for a client
// that skips such a row before sending it instead of failing its whole batch on the server.

/** The columns that hold answers, pages and seed chunks (`table.column`): the larger cap. */
const BIG_COLUMNS = new Set([
  'results.raw_json',
  'results.answer_text',
  'results.normalized_json',
  'pages.html_zstd',
  'workspace_seed_chunks.data',
]);

/** The largest value (bytes) the team takes in this column of this team table. */
export function valueCap(table: string, column: string): number {
  return BIG_COLUMNS.has(`${table}.${column}`) ? BIG_VALUE_BYTES_MAX : VALUE_BYTES_MAX;
}
