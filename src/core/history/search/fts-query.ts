// Turns what a person types into a safe FTS5 query, so no input can be an FTS5 syntax error:
//   words            → every word must appear (AND)
//   "a phrase"       → the words in that order
//   word*            → prefix match
//   a OR b           → either
// Each term is emitted as a quoted FTS5 string (quotes doubled), which FTS5 tokenizes with the
// table's own tokenizer, so punctuation, hyphens and non-Latin scripts behave like the indexed text.

const TERM = /"([^"]*)"?|(\S+)/g;

/** Text as an FTS5 string: quoted, its quotes doubled (FTS5 tokenizes it like indexed text). */
const ftsString = (text: string): string => `"${text.replace(/"/g, '""')}"`;
const HAS_WORD = /[\p{L}\p{N}]/u;

export function toFtsQuery(input: string): string | null {
  const parts: string[] = [];
  let pendingOr = false;
  for (const match of input.matchAll(TERM)) {
    const phrase = match[1];
    const word = match[2];
    if (word === 'OR') {
      pendingOr = parts.length > 0;
      continue;
    }
    const prefix = word !== undefined && word.endsWith('*') && word.length > 1;
    const text = phrase ?? (prefix ? word!.slice(0, -1) : word!);
    if (!HAS_WORD.test(text)) continue;
    const term = `${ftsString(text)}${prefix ? '*' : ''}`;
    if (pendingOr) parts.push('OR');
    parts.push(term);
    pendingOr = false;
  }
  return parts.length > 0 ? parts.join(' ') : null;
}

/** A prefix term of toFtsQuery's output: the quoted text (quotes doubled inside) and its star. */
const PREFIX_TERM = /"((?:[^"]|"")*)"\*/gu;
/** A prefix FTS5 tokenizes as one token, folded as plain lower case (unicode61's case folding). */
const ASCII_WORD = /^[A-Za-z0-9]+$/;

/**
 * Whether an FTS5 query made by toFtsQuery has a prefix term longer than `indexed` characters
 * (the table's longest prefix index): FTS5 answers such a term by merging the doclists of every
 * word it starts, each time the query is evaluated. The prefix is the term's last word (FTS5
 * tokenizes the quoted text; the star applies to its last token).
 */
export function mergesPrefix(ftsQuery: string, indexed: number): boolean {
  for (const match of ftsQuery.matchAll(PREFIX_TERM)) {
    const words = (match[1] as string).split(/[^\p{L}\p{N}]+/u).filter((w) => w !== '');
    if ([...(words.at(-1) ?? '')].length > indexed) return true;
  }
  return false;
}

/**
 * The query with each prefix term longer than `indexed` characters that is one ASCII word
 * replaced by the OR of the indexed words it starts: `words(prefix)` gives them (the prefix in
 * lower case, as the index holds its tokens), or null when they are too many to list, and the
 * term then stays a prefix. FTS5 answers a prefix it has no index for by building the merged
 * doclist of those words in memory, every match of them, before the first row; an OR of the
 * words reads their doclists as the rows are asked for. Other prefixes stay as they are.
 */
export function expandPrefixes(
  ftsQuery: string,
  indexed: number,
  words: (prefix: string) => readonly string[] | null,
): string {
  return ftsQuery.replace(PREFIX_TERM, (term, text: string) => {
    if (text.length <= indexed || !ASCII_WORD.test(text)) return term;
    const found = words(text.toLowerCase());
    if (found === null || found.length === 0) return term;
    return `(${found.map(ftsString).join(' OR ')})`;
  });
}
