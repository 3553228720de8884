// How much of an answer the search index holds: the first SEARCH_INDEX_CHARS
// characters of its text and of its source titles. An answer of megabytes is stored whole but
// indexed only that far, so indexing it, and every search that matches it, costs at most that
// much (an answer of one word repeated 200,000 times puts 200,000 positions in the index, and
// FTS5's snippet() scores every pair of them).
//
// Files from before schema version 12 keep their older rows indexed whole: the row's seq says
// which way it was indexed (meta 'search_head_from': the first seq indexed capped), and the
// triggers that take a row out of the index give FTS5 exactly the text it was given.

export const SEARCH_INDEX_CHARS = 65_536;

/**
 * The head of a text the index takes: its first SEARCH_INDEX_CHARS UTF-16 units, never
 * splitting a surrogate pair. The same JavaScript function for new rows (ingest binds it) and
 * in SQL (search_head(), which the triggers call when a row leaves the index): FTS5 must be given
 * exactly the text it indexed. (SQLite's substr() stops at a NUL character, which answers may hold.)
 */
export function searchHead(text: string): string {
  if (text.length <= SEARCH_INDEX_CHARS) return text;
  const code = text.charCodeAt(SEARCH_INDEX_CHARS - 1);
  return text.slice(0, code >= 0xd800 && code <= 0xdbff ? SEARCH_INDEX_CHARS - 1 : SEARCH_INDEX_CHARS);
}

/** The text of column `column` of results row `alias` as the search index holds it (SQL). */
export function searchTextSql(alias: string, column: string): string {
  return `CASE WHEN ${alias}.seq < (SELECT CAST(value AS INTEGER) FROM meta WHERE key = 'search_head_from')
    THEN ${alias}.${column} ELSE search_head(${alias}.${column}) END`;
}
