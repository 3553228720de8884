import type Database from 'better-sqlite3';
import { searchHead } from '../codec';

// Snippets that stay linear in the answer's size. FTS5's snippet() scores a
// window at every place a query term occurs against every other place it occurs: the square of
// the number of matches in the answer. An answer of one word repeated (20 KB: 0.24 s; 300 KB:
// 16 s; 1 MB: never) would make `parallax search` hang. So snippet() is used while the answer holds
// few matches (SNIPPET_MATCHES_MAX), which every real answer does, and beyond that a snippet
// made here in one pass: the window of `tokens` words around the first match, every match in
// it marked. Both read at most the indexed head of the text (search-head.ts).

/** Matches of the query's words in an answer up to which FTS5's snippet() makes its snippet. */
export const SNIPPET_MATCHES_MAX = 64;

/** A query word as the index folds it (lower case, diacritics removed), and whether it is a prefix. */
export interface SnippetTerm {
  text: string;
  prefix: boolean;
}

// unicode61's token characters: letters, numbers, private use; marks join the letter they modify.
const TOKEN = /[\p{L}\p{N}\p{Co}][\p{L}\p{N}\p{M}\p{Co}]*/gu;
// A token of printable ASCII only has no diacritic to remove: folding it is lower-casing.
const NOT_ASCII = /[^ -~\t\n\r]/u;
const MARKS = /\p{M}/gu;

/** The token as the index holds it (unicode61 remove_diacritics 2: folded case, no diacritics). */
function fold(token: string): string {
  const lower = token.toLowerCase();
  return NOT_ASCII.test(lower) ? lower.normalize('NFD').replace(MARKS, '') : lower;
}

const QUERY_TERM = /"([^"]*)"?|(\S+)/g;

/** The words of what the user typed (see toFtsQuery's syntax), folded; OR is not a word. */
export function snippetTerms(query: string): SnippetTerm[] {
  const terms: SnippetTerm[] = [];
  for (const match of query.matchAll(QUERY_TERM)) {
    const phrase = match[1];
    const word = match[2];
    if (word === 'OR') continue;
    const prefix = word !== undefined && word.endsWith('*') && word.length > 1;
    const text = phrase ?? (prefix ? word!.slice(0, -1) : word!);
    const tokens = [...text.matchAll(TOKEN)].map((m) => fold(m[0]));
    tokens.forEach((t, i) => terms.push({ text: t, prefix: prefix && i === tokens.length - 1 }));
  }
  return terms;
}

function matcher(terms: readonly SnippetTerm[]): (token: string) => boolean {
  const exact = new Set(terms.filter((t) => !t.prefix).map((t) => t.text));
  const prefixes = terms.filter((t) => t.prefix).map((t) => t.text);
  return (token) => {
    const folded = fold(token);
    return exact.has(folded) || prefixes.some((p) => folded.startsWith(p));
  };
}

/** True when the text's indexed head holds at most SNIPPET_MATCHES_MAX matches of the terms. */
export function fewMatches(text: string, terms: readonly SnippetTerm[]): boolean {
  const matches = matcher(terms);
  let found = 0;
  for (const m of searchHead(text).matchAll(TOKEN)) {
    if (matches(m[0]) && ++found > SNIPPET_MATCHES_MAX) return false;
  }
  return true;
}

/**
 * The `tokens` words around the first match in the text's indexed head, each match between
 * open and close, with an ellipsis where the text goes on (as snippet() makes them).
 */
export function linearSnippet(
  text: string,
  terms: readonly SnippetTerm[],
  style: { open: string; close: string; tokens: number },
): string {
  const head = searchHead(text);
  const matches = matcher(terms);
  const tokens: Array<{ at: number; end: number; hit: boolean }> = [];
  let first = -1;
  const lead = Math.floor(style.tokens / 4);
  for (const m of head.matchAll(TOKEN)) {
    const hit = matches(m[0]);
    tokens.push({ at: m.index, end: m.index + m[0].length, hit });
    if (hit && first < 0) first = tokens.length - 1;
    // The window is known once it has its words after the first match.
    if (first >= 0 && tokens.length >= Math.max(first - lead, 0) + style.tokens) break;
  }
  if (tokens.length === 0) return '';
  const from = Math.max(0, (first < 0 ? 0 : first) - lead);
  const window = tokens.slice(from, from + style.tokens);
  let out = from > 0 ? '\u2026' : '';
  let at = window[0]!.at;
  for (const t of window) {
    out +=
      head.slice(at, t.at) +
      (t.hit ? `${style.open}${head.slice(t.at, t.end)}${style.close}` : head.slice(t.at, t.end));
    at = t.end;
  }
  const last = window.at(-1)!;
  return last.end < text.length ? `${out}\u2026` : out;
}

/**
 * search_few_matches(text, termsJson) and search_linear_snippet(text, termsJson, open, close,
 * tokens) on this connection, for the search statements (search-rows.ts).
 */
export function registerSnippetFunctions(db: Database.Database): void {
  let cachedJson = '';
  let cached: SnippetTerm[] = [];
  const termsOf = (json: string): SnippetTerm[] => {
    if (json !== cachedJson) {
      cached = JSON.parse(json) as SnippetTerm[];
      cachedJson = json;
    }
    return cached;
  };
  db.function('search_few_matches', { deterministic: true }, (text: unknown, json: unknown) =>
    typeof text === 'string' && typeof json === 'string' && fewMatches(text, termsOf(json)) ? 1 : 0,
  );
  db.function(
    'search_linear_snippet',
    { deterministic: true },
    (text: unknown, json: unknown, open: unknown, close: unknown, tokens: unknown) =>
      typeof text === 'string' && typeof json === 'string'
        ? linearSnippet(text, termsOf(json), {
            open: String(open),
            close: String(close),
            tokens: Number(tokens),
          })
        : null,
  );
}
