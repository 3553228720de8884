import Database from 'better-sqlite3';
import { createHash } from 'node:crypto';

// What a history file holds, as a digest per table that two builds of the same demo share
// whatever their timing: `npx tsx tests/support/history-digest.ts A.db [B.db]` prints each
// table's rows and digest, and with two files the tables that differ (exit code 1 if any).
// A change meant to make the demo build cheaper must leave every table's digest as it was.
//
// What two builds may differ in, and is left out: the record ids (UUIDv7, random and of the
// clock) become their table and ordinal, in the order the rows were made, wherever they appear
// (their hex form in the search facets too); the timestamps of the real clock (the demo clock
// runs at real speed from each run's 06:00) are masked, as is the brand set's hash of brand ids;
// the search index's own tables (FTS5 segments) are left out, the rows they index are not.

const TABLES_WITH_IDS = ['brands', 'monitors', 'runs', 'jobs', 'results'];
const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g;
const HEX_UUID = /(?:3[0-9]|6[1-6]){8}2d(?:(?:3[0-9]|6[1-6]){4}2d){3}(?:3[0-9]|6[1-6]){12}/g;
const CLOCK_IN_JSON = /"(builtAt|finishedAt|startedAt|updatedAt|createdAt|at)":\d+/g;
const BRAND_SET_IN_JSON = /"brandSet":"[^"]*"/g;
const CLOCK_COLUMNS = new Set([
  'created_at',
  'updated_at',
  'started_at',
  'finished_at',
  'ended_at',
  'fetched_at',
  'ingested_at',
  'checked_at',
  'next_due_at',
  'latency_ms',
  'base_url',
]);
const LEFT_OUT_COLUMNS: Readonly<Record<string, readonly string[]>> = { pos_scorings: ['brand_set'] };
const SEARCH_INDEX_TABLE = /^answer_search_(data|idx)$/;

export interface TableDigest {
  rows: number;
  digest: string;
}

export function historyDigest(path: string): Record<string, TableDigest> {
  const db = new Database(path, { readonly: true });
  try {
    const ordinal = new Map<string, string>();
    for (const table of TABLES_WITH_IDS) {
      const ids = db.prepare(`SELECT id FROM ${table} ORDER BY rowid`).pluck().all() as string[];
      ids.forEach((id, n) => ordinal.set(id, `${table}#${n}`));
    }
    const hexOrdinal = new Map([...ordinal].map(([id, name]) => [Buffer.from(id).toString('hex'), name]));
    const plain = (text: string): string =>
      text
        .replace(UUID, (id) => ordinal.get(id) ?? id)
        .replace(HEX_UUID, (hex) => hexOrdinal.get(hex) ?? hex)
        .replace(CLOCK_IN_JSON, '"$1":T')
        .replace(BRAND_SET_IN_JSON, '"brandSet":H');
    const out: Record<string, TableDigest> = {};
    const tables = db
      .prepare(
        "SELECT name, sql FROM sqlite_schema WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name",
      )
      .all() as Array<{ name: string; sql: string }>;
    for (const { name, sql } of tables) {
      if (/^CREATE VIRTUAL/i.test(sql) || SEARCH_INDEX_TABLE.test(name)) continue;
      out[name] = tableDigest(db, name, sql, plain);
    }
    return out;
  } finally {
    db.close();
  }
}

function tableDigest(
  db: Database.Database,
  name: string,
  sql: string,
  plain: (text: string) => string,
): TableDigest {
  const info = db.prepare(`PRAGMA table_info("${name}")`).all() as Array<{ name: string; pk: number }>;
  const columns = info.map((c) => c.name).filter((c) => !(LEFT_OUT_COLUMNS[name] ?? []).includes(c));
  const key = info
    .filter((c) => c.pk > 0)
    .sort((a, b) => a.pk - b.pk)
    .map((c) => `"${c.name}"`);
  const order = /WITHOUT ROWID/i.test(sql) ? key.join(', ') : 'rowid';
  const hash = createHash('sha256');
  let rows = 0;
  const select = db
    .prepare(`SELECT ${columns.map((c) => `"${c}"`).join(', ')} FROM "${name}" ORDER BY ${order}`)
    .raw(true);
  for (const row of select.iterate() as Iterable<unknown[]>) {
    rows += 1;
    row.forEach((value, i) => {
      const column = columns[i] as string;
      const text =
        value !== null && CLOCK_COLUMNS.has(column)
          ? 'T'
          : Buffer.isBuffer(value)
            ? `b:${value.toString('hex')}`
            : `${typeof value}:${typeof value === 'string' ? plain(value) : String(value)}`;
      hash.update(text).update('\u0001');
    });
    hash.update('\u0002');
  }
  return { rows, digest: hash.digest('hex').slice(0, 16) };
}

/** The tables whose rows or digest differ between two digests (a table in one only included). */
export function differingTables(a: Record<string, TableDigest>, b: Record<string, TableDigest>): string[] {
  const names = [...new Set([...Object.keys(a), ...Object.keys(b)])].sort();
  return names.filter((t) => a[t]?.rows !== b[t]?.rows || a[t]?.digest !== b[t]?.digest);
}

function main(paths: string[]): number {
  const [first, second] = paths;
  if (first === undefined) {
    console.error('usage: npx tsx tests/support/history-digest.ts A.db [B.db]');
    return 2;
  }
  const a = historyDigest(first);
  if (second === undefined) {
    for (const [table, d] of Object.entries(a)) console.log(`${table}\t${d.rows}\t${d.digest}`);
    return 0;
  }
  const b = historyDigest(second);
  const differ = differingTables(a, b);
  const same = Object.keys(a).filter((t) => !differ.includes(t));
  const rows = same.reduce((n, t) => n + (a[t]?.rows ?? 0), 0);
  console.log(`${same.length} tables identical (${rows.toLocaleString('en')} rows); ${differ.length} differ`);
  for (const t of differ)
    console.log(
      `  ${t}: ${a[t]?.rows ?? '-'} rows ${a[t]?.digest ?? ''} / ${b[t]?.rows ?? '-'} rows ${b[t]?.digest ?? ''}`,
    );
  return differ.length === 0 ? 0 : 1;
}

if (process.argv[1] && import.meta.filename === process.argv[1])
  process.exitCode = main(process.argv.slice(2));
