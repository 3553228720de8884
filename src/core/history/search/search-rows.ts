import type Database from 'better-sqlite3';
import { stmt } from '../connection';

// The rows of a search page with their snippets, made in the statement that finds them (a
// second MATCH restricted to a page's rowids re-evaluated the query once per row).

/** Where a search looks: answer text, source titles, or both (one hit per result). */
export type SearchScope = 'all' | 'answers' | 'sources';
export type SnippetStyle = { open: string; close: string; tokens: number };
export type SnippetPage = {
  seqs: number[];
  answerSnippets: Map<number, string>;
  sourceSnippets: Map<number, string>;
};

/** answer_search's columns, as snippet() numbers them. */
export const ANSWER_COLUMN_INDEX = 0;
export const SOURCE_COLUMN_INDEX = 1;

// Sentinels while SQLite builds the snippets, so a highlight is recognised whatever the
// caller's markers (which may occur in the text); swapped for the caller's markers after.
export const OPEN = '\u0002';
export const CLOSE = '\u0003';

/**
 * A snippet of one column (SQL): FTS5's snippet() while the answer holds few matches, else one
 * made in a single pass (search-snippet.ts: snippet() grows with the square of the matches).
 * The statement binds @terms (snippetTerms as JSON) and @tokens.
 */
export function snippetSql(p: { column: string; text: string; open: string; close: string }): string {
  return `CASE WHEN search_few_matches(${p.text}, @terms)
    THEN snippet(answer_search, ${p.column}, ${p.open}, ${p.close}, '\u2026', @tokens)
    ELSE search_linear_snippet(${p.text}, @terms, ${p.open}, ${p.close}, @tokens) END`;
}

function snippetColumns(scope: SearchScope): { a: string; s: string } {
  const snippetOf = (column: number, text: string) =>
    snippetSql({ column: String(column), text, open: `'${OPEN}'`, close: `'${CLOSE}'` });
  return {
    a: scope === 'sources' ? 'NULL' : snippetOf(ANSWER_COLUMN_INDEX, 'f.answer_text'),
    s: scope === 'answers' ? 'NULL' : snippetOf(SOURCE_COLUMN_INDEX, 'f.source_titles'),
  };
}

/** A hit counts as in the answer when its answer snippet highlights a term. */
function snippetPage(
  rows: ReadonlyArray<{ seq: number; a: string | null; s: string | null }>,
  scope: SearchScope,
  style: SnippetStyle,
): SnippetPage {
  const marked = (text: string): string =>
    style.open === OPEN && style.close === CLOSE
      ? text
      : text.split(OPEN).join(style.open).split(CLOSE).join(style.close);
  const answerSnippets = new Map<number, string>();
  const sourceSnippets = new Map<number, string>();
  for (const row of rows) {
    const inAnswer = row.a !== null && (scope === 'answers' || row.a.includes(OPEN) || row.s === null);
    if (inAnswer) answerSnippets.set(row.seq, marked(row.a!));
    else sourceSnippets.set(row.seq, marked(row.s ?? ''));
  }
  return { seqs: rows.map((r) => r.seq), answerSnippets, sourceSnippets };
}

/** Rows of `from` + `tail` (answer_search aliased f, its MATCH in `from`) with their snippets. */
export function rowsWithSnippets(
  db: Database.Database,
  from: string,
  tail: string,
  params: Record<string, unknown>,
  scope: SearchScope,
  style: SnippetStyle,
): SnippetPage {
  const { a, s } = snippetColumns(scope);
  const rows = stmt(db, `SELECT f.rowid AS seq, ${a} AS a, ${s} AS s ${from} ${tail}`).all({
    ...params,
    tokens: style.tokens,
  }) as Array<{ seq: number; a: string | null; s: string | null }>;
  return snippetPage(rows, scope, style);
}

/** Which rows of a statement are a page's, as they go by (see newestWithCount). */
interface PageRows {
  /** Runs `read` with search_page_row() true for its rows offset + 1 to end (1 is the first). */
  during<T>(offset: number, end: number, read: () => T): T;
}
const pageRowsByConnection = new WeakMap<Database.Database, PageRows>();

/**
 * search_page_row(), counted in JavaScript: SQLite numbers rows only in window functions, which
 * hold every row before returning any, and snippets have to be made while FTS5's cursor is on
 * the row. One function per connection; statements run one at a time on it.
 */
function pageRowsOf(db: Database.Database): PageRows {
  const known = pageRowsByConnection.get(db);
  if (known) return known;
  let row = 0;
  let first = 0;
  let last = 0;
  db.function('search_page_row', { deterministic: false, directOnly: true }, () => {
    row += 1;
    return row > first && row <= last ? 1 : 0;
  });
  const pageRows: PageRows = {
    during(offset, end, read) {
      row = 0;
      first = offset;
      last = end;
      try {
        return read();
      } finally {
        first = last = 0;
      }
    },
  };
  pageRowsByConnection.set(db, pageRows);
  return pageRows;
}

/**
 * Newest first, the page and the count in one pass: the rows up to the count's cap (or the
 * page's end, when deeper), with snippets made only as the page's rows go by (pageRows). For
 * a query with a prefix longer than the prefix index's that stays a prefix (see
 * expandPrefixes): FTS5 merges the doclists of every word it starts at each evaluation of the
 * MATCH, and a second statement for the count merged them again. (Other queries keep the
 * count's own statement: it reads forwards, see search.ts.)
 */
export function newestWithCount(
  db: Database.Database,
  from: string,
  params: Record<string, unknown>,
  page: { limit: number; offset: number; cap: number },
  scope: SearchScope,
  style: SnippetStyle,
): SnippetPage & { counted: number } {
  const { a, s } = snippetColumns(scope);
  const end = page.offset + page.limit;
  const rows = pageRowsOf(db).during(page.offset, end, () =>
    stmt(
      db,
      `SELECT f.rowid AS seq, CASE WHEN search_page_row() THEN json_array(${a}, ${s}) END AS snippets
       ${from} ORDER BY f.rowid DESC LIMIT @rows`,
    ).all({ ...params, tokens: style.tokens, rows: Math.max(page.cap + 1, end) }),
  ) as Array<{ seq: number; snippets: string | null }>;
  // The rows come out of the index in order (FTS5 consumes ORDER BY rowid), so the snippets made
  // are the page's; a plan sorting the rows after making them would break that, loudly.
  if (!rows.every((row, i) => (row.snippets !== null) === (i >= page.offset && i < end)))
    throw new Error('Search: the rows of a page were not read in their order');
  const made = snippetPage(
    rows.slice(page.offset, end).map((row) => {
      const [answer, source] = JSON.parse(row.snippets!) as [string | null, string | null];
      return { seq: row.seq, a: answer, s: source };
    }),
    scope,
    style,
  );
  return { ...made, counted: rows.length };
}
