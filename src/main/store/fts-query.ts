// Turns what a person types into a safe FTS5 query, so no input can be an FTS5 syntax error:
//   words            → every word must appear (AND)
//   "a phrase"       → the words in that order
//   word*            → prefix match
//   a OR b           → either
// Each term is emitted as a quoted FTS5 string (quotes doubled), which FTS5 tokenizes with the
// table's own tokenizer, so punctuation, hyphens and non-Latin scripts behave like the indexed text.

const TERM = /"([^"]*)"?|(\S+)/g;
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
    const term = `"${text.replace(/"/g, '""')}"${prefix ? '*' : ''}`;
    if (pendingOr) parts.push('OR');
    parts.push(term);
    pendingOr = false;
  }
  return parts.length > 0 ? parts.join(' ') : null;
}

/**
 * Whether an FTS5 query made by toFtsQuery has a prefix term longer than `indexed` characters
 * (the table's longest prefix index): FTS5 answers such a term by merging the doclists of every
 * word it starts, each time the query is evaluated. The prefix is the term's last word (FTS5
 * tokenizes the quoted text; the star applies to its last token).
 */
export function mergesPrefix(ftsQuery: string, indexed: number): boolean {
  for (const match of ftsQuery.matchAll(/"((?:[^"]|"")*)"\*/gu)) {
    const words = (match[1] as string).split(/[^\p{L}\p{N}]+/u).filter((w) => w !== '');
    if ([...(words.at(-1) ?? '')].length > indexed) return true;
  }
  return false;
}
