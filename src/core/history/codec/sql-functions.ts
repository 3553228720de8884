import type Database from 'better-sqlite3';
import { decompressText } from './compress';
import { registerDocText } from './result-doc';
import { searchHead } from './search-head';

/** The SQL function zstd_text(blob) → text, for reading compressed columns in SQL. */
export function registerZstdText(db: Database.Database): void {
  db.function('zstd_text', { deterministic: true }, (packed: unknown) =>
    packed instanceof Uint8Array ? decompressText(packed) : null,
  );
}

/**
 * The SQL functions the history's schema calls (zstd_text, doc_text: the generated columns of
 * results and the search index's triggers read compressed text through them). Every connection
 * on a history file registers them before its first statement that may touch those columns:
 * migrations, integrity checks, readers and export threads alike.
 */
export function registerStoreFunctions(db: Database.Database): void {
  registerZstdText(db);
  registerDocText(db);
  // The search index's triggers give FTS5 a row's indexed head through it (search-head.ts).
  db.function('search_head', { deterministic: true }, (text: unknown) =>
    typeof text === 'string' ? searchHead(text) : text,
  );
}

/**
 * The answer's Markdown of a results row aliased `alias` at the file's schema: the generated
 * column from version 10, compressed or plain text before it (migration fills run on files
 * at those versions).
 */
export function markdownSqlFor(db: Database.Database, alias: string): string {
  // table_xinfo: table_info leaves generated columns out.
  const columns = db.prepare("SELECT name FROM pragma_table_xinfo('results')").pluck().all() as string[];
  // Migrations run on connections of their own (the start-up worker's too): make sure this one
  // has the functions.
  registerStoreFunctions(db);
  if (columns.includes('markdown_text')) return `${alias}.markdown_text`;
  if (columns.includes('markdown_zstd'))
    return `coalesce(zstd_text(${alias}.markdown_zstd), ${alias}.answer_markdown)`;
  return `${alias}.answer_markdown`;
}
