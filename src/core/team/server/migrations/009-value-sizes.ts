// Team schema version 9: a value a member writes is refused when it is larger than the team takes,
// before the server stores it. Before, nothing bounded a value but PostgreSQL's 1 GB: a 20 MB run
// name and a 190 MB answer went through, and every teammate's pull then carried them (a pull's
// page is cut by weight, but one row is never cut). Every text, JSON, bytes and array column a
// member may insert gets a CHECK on its size: VALUE_BYTES_MAX, or BIG_VALUE_BYTES_MAX for the few
// columns that hold an engine's answer or a page (an answer's raw JSON is a few hundred kB, an
// archived page's compressed HTML a few hundred kB, a seed's chunk 16 MiB). The constraint is
// named <table>__<column>__size, which is how the client's error names the column (client.ts):
// the server's error names the partition a results row went to, not the table.
// NOT VALID: rows already stored are not checked, so an upgrade never fails on a team that
// holds one.

/** The largest value of a column not named below (a name, a prompt, a monitor's spec…). */
export const VALUE_BYTES_MAX = 4 * 1024 * 1024;
/** The largest value of the columns that hold answers, pages and seeds. */
export const BIG_VALUE_BYTES_MAX = 32 * 1024 * 1024;
const BIG_COLUMNS = [
  'results.raw_json',
  'results.answer_text',
  'results.normalized_json',
  'pages.html_zstd',
  'workspace_seed_chunks.data',
];

export const valueSizesSql = /* sql */ `
DO $$
DECLARE c record;
BEGIN
  FOR c IN
    SELECT cl.relname AS tab, a.attname AS col FROM pg_class cl
      JOIN pg_namespace n ON n.oid = cl.relnamespace
      JOIN pg_attribute a ON a.attrelid = cl.oid AND a.attnum > 0 AND NOT a.attisdropped
      JOIN pg_type t ON t.oid = a.atttypid
    WHERE n.nspname = 'parallax' AND cl.relkind IN ('r', 'p') AND NOT cl.relispartition
      AND (t.typname IN ('text', 'jsonb', 'json', 'bytea', 'varchar') OR t.typcategory = 'A')
      AND has_table_privilege('parallax_member', cl.oid, 'INSERT')
    ORDER BY 1, 2
  LOOP
    -- pg_column_size: the value's size as stored, read from its header (no copy, no decompression).
    EXECUTE format('ALTER TABLE parallax.%I ADD CONSTRAINT %I CHECK (pg_column_size(%I) <= %s) NOT VALID',
      c.tab, c.tab || '__' || c.col || '__size', c.col,
      CASE WHEN c.tab || '.' || c.col = ANY (ARRAY[${BIG_COLUMNS.map((c) => `'${c}'`).join(', ')}])
        THEN ${BIG_VALUE_BYTES_MAX} ELSE ${VALUE_BYTES_MAX} END);
  END LOOP;
END $$;
`;
