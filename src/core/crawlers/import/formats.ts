import { CLOUDFLARE_NAMES, FIELD_NAMES, normalName, pickColumns, type LogField } from './fields';
import { sqlText } from './duckdb';

// Each log format as a DuckDB SELECT over the file giving the same columns: ip, day, url
// (the path, no query), status, ua, host and raw (the line, to name a malformed one). Nothing is
// parsed in JavaScript: lines are read by read_csv (one column, no quoting) or as CSV proper,
// and cut with DuckDB's string and JSON functions. Compression (.gz, .zst) follows the name.

export const LOG_FORMATS = ['combined', 'jsonl', 'cloudflare', 'cloudfront', 'csv'] as const;
export type LogFormat = (typeof LOG_FORMATS)[number];

/** The file as lines: one VARCHAR column, no delimiter or quote that a log line could contain. */
export const linesOf = (file: string): string =>
  `read_csv(${sqlText(file)}, columns = {'line': 'VARCHAR'}, delim = E'\\x01', quote = '', escape = '',
    header = false, auto_detect = false, ignore_errors = true)`;

/** A day from a time written as epoch seconds, ms or ns, ISO 8601, or a CLF time. */
const dayOfAny = (t: string): string => `coalesce(
  CASE WHEN regexp_full_match(${t}, '[0-9]{9,}(\\.[0-9]+)?') THEN CAST(to_timestamp(TRY_CAST(${t} AS DOUBLE) /
    CASE WHEN length(split_part(${t}, '.', 1)) > 16 THEN 1e9 WHEN length(split_part(${t}, '.', 1)) > 11 THEN 1e3 ELSE 1 END) AS DATE) END,
  CAST(TRY_CAST(${t} AS TIMESTAMPTZ) AS DATE),
  CAST(try_strptime(split_part(${t}, ':', 1), '%d/%b/%Y') AS DATE))`;

/** The path of a URL field: a request line's target, without its query. */
const pathOf = (u: string): string =>
  `split_part(CASE WHEN contains(${u}, ' ') THEN split_part(${u}, ' ', 2) ELSE ${u} END, '?', 1)`;

/** Common (and Combined) Log Format: `ip - user [time] "request" status bytes "referer" "ua"`. */
export function combinedSql(file: string): string {
  return `SELECT split_part(line, ' ', 1) AS ip,
      CAST(try_strptime(split_part(split_part(line, '[', 2), ':', 1), '%d/%b/%Y') AS DATE) AS day,
      split_part(split_part(split_part(line, '"', 2), ' ', 2), '?', 1) AS url,
      TRY_CAST(split_part(trim(split_part(line, '"', 3)), ' ', 1) AS INTEGER) AS status,
      split_part(line, '"', 6) AS ua, NULL::VARCHAR AS host, line AS raw
    FROM ${linesOf(file)} WHERE line IS NOT NULL AND line <> ''`;
}

/** JSON lines: each field by the first of its names the object has (one parse per line). */
export function jsonSql(file: string, names: Record<LogField, readonly string[]> = FIELD_NAMES): string {
  const fields = Object.keys(names) as LogField[];
  const paths = fields.flatMap((f) => names[f].map((n) => `$."${n}"`));
  let at = 0;
  const pick = (f: LogField): string => `coalesce(${names[f].map(() => `v[${++at}]`).join(', ')})`;
  const picked = Object.fromEntries(fields.map((f) => [f, pick(f)])) as Record<LogField, string>;
  return `SELECT ${picked.ip} AS ip, ${dayOfAny(picked.time)} AS day, ${pathOf(picked.url)} AS url,
      TRY_CAST(${picked.status} AS INTEGER) AS status, ${picked.ua} AS ua, ${picked.host} AS host, raw
    FROM (SELECT CASE WHEN json_valid(line) THEN json_extract_string(line, [${paths.map(sqlText).join(', ')}]) END AS v, line AS raw
          FROM ${linesOf(file)} WHERE line IS NOT NULL AND line <> '')`;
}

export const cloudflareSql = (file: string): string => jsonSql(file, CLOUDFLARE_NAMES);

/** CloudFront standard logs: tab-separated, the columns named by the `#Fields:` header line. */
export function cloudfrontSql(file: string, fieldsLine: string): string {
  const names = fieldsLine
    .replace(/^#Fields:\s*/u, '')
    .trim()
    .split(/\s+/u);
  const at = (name: string): number => names.findIndex((n) => normalName(n) === normalName(name)) + 1;
  const picked = pickColumns(names);
  const col = (name: string | undefined): string => {
    const i = name ? at(name) : 0;
    return i > 0 ? `f[${i}]` : 'NULL::VARCHAR';
  };
  return `SELECT ${col(picked.ip)} AS ip, TRY_CAST(${col('date')} AS DATE) AS day, ${pathOf(col(picked.url))} AS url,
      TRY_CAST(${col(picked.status)} AS INTEGER) AS status, url_decode(${col(picked.ua)}) AS ua,
      ${col(picked.host)} AS host, raw
    FROM (SELECT string_split(line, E'\\t') AS f, line AS raw FROM ${linesOf(file)}
          WHERE line IS NOT NULL AND line <> '' AND NOT starts_with(line, '#'))`;
}

/**
 * CSV with a header: DuckDB's CSV reader; rows it cannot read go to `rejects` with their line
 * (none: skipped, for a pass that only needs the rows it can read).
 */
export function csvSql(file: string, columns: readonly string[], rejects: string | null): string {
  const picked = pickColumns(columns);
  const col = (f: LogField): string =>
    picked[f] ? `"${(picked[f] as string).replaceAll('"', '""')}"` : 'NULL::VARCHAR';
  return `SELECT ${col('ip')} AS ip, ${dayOfAny(col('time'))} AS day, ${pathOf(col('url'))} AS url,
      TRY_CAST(${col('status')} AS INTEGER) AS status, ${col('ua')} AS ua, ${col('host')} AS host,
      concat_ws(',', ${col('time')}, ${col('url')}, ${col('status')}) AS raw
    FROM ${csvReader(file, rejects === null ? '' : `, store_rejects = true, rejects_table = '${rejects}', rejects_scan = '${rejects}_scan'`)}`;
}

export const csvReader = (file: string, extra = ''): string =>
  `read_csv(${sqlText(file)}, header = true, all_varchar = true, ignore_errors = true${extra})`;

/** The fields a CSV's header lacks, of those a hit needs, named with what was looked for. */
export function missingCsvFields(columns: readonly string[]): string[] {
  const picked = pickColumns(columns);
  return (['time', 'url', 'status', 'ua'] as const)
    .filter((f) => !picked[f])
    .map((f) => `${f} (looked for ${FIELD_NAMES[f].join(', ')})`);
}
