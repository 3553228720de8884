// history.search marks matches with \u0002 … \u0003. The snippet is split on those control
// characters into plain text parts, never parsed as HTML.

export interface SnippetPart {
  text: string;
  match: boolean;
}

export function splitSnippet(snippet: string): SnippetPart[] {
  const parts: SnippetPart[] = [];
  let match = false;
  let buffer = '';
  for (const ch of snippet) {
    if (ch === '\u0002' || ch === '\u0003') {
      if (buffer !== '') parts.push({ text: buffer, match });
      buffer = '';
      match = ch === '\u0002';
      continue;
    }
    buffer += ch;
  }
  if (buffer !== '') parts.push({ text: buffer, match });
  return parts;
}
