import type { NormalizedResult, SourceKind } from '../domain/result';

// What the Visibility index reads to find a result's brand mentions. An answer engine's result
// is read as its answer text (or its AI overview's, normalize.ts). A web search result without
// an AI overview, or a news search result, has no text: an SEO analyst reads its result list,
// so the brand is named when a result's title or snippet names it, and its position is the
// rank of the first result that names it (1 = the top result), not its order among the brands.

/** Result lists that stand for a search result's text; at an equal rank, organic comes first. */
const LISTED: readonly SourceKind[] = ['organic', 'news'];

/** A character other than blank space (tested, not trimmed: answers run to kilobytes). */
const HAS_TEXT = /\S/u;

/** Between a result's title and its snippet: no brand name can span it. */
const TITLE_SNIPPET = ' — ';

export interface ResultLine {
  /** The result's rank in its list (1 = top). */
  rank: number;
  /** Offset of the line's first character in the mention text. */
  start: number;
}

export interface MentionText {
  text: string;
  /** For a result list: each line's rank and start, in text order; null when text is the answer's own. */
  lines: ResultLine[] | null;
}

type Readable = Pick<NormalizedResult, 'text' | 'sources'>;

/**
 * The text brand mentions are found in: the answer's own text when it has any; else the
 * titles and snippets of its organic and news results in rank order, one result a line
 * (empty when it lists none).
 */
export function mentionSource(result: Readable): MentionText {
  if (HAS_TEXT.test(result.text)) return { text: result.text, lines: null };
  const listed = result.sources
    .filter((s) => LISTED.includes(s.kind))
    .map((s) => ({ rank: s.position, kind: LISTED.indexOf(s.kind), line: lineOf(s.title, s.snippet) }))
    .filter((s) => s.line !== '')
    .sort((a, b) => a.rank - b.rank || a.kind - b.kind);
  const lines: ResultLine[] = [];
  let text = '';
  for (const s of listed) {
    if (text !== '') text += '\n';
    lines.push({ rank: s.rank, start: text.length });
    text += s.line;
  }
  return { text, lines };
}

/** The text brand mentions are found in (see mentionSource). */
export const mentionText = (result: Readable): string => mentionSource(result).text;

/** The rank of the result whose line holds this offset of a result list's mention text. */
export function rankAt(lines: readonly ResultLine[], offset: number): number | null {
  let rank: number | null = null;
  for (const line of lines) {
    if (line.start > offset) break;
    rank = line.rank;
  }
  return rank;
}

function lineOf(title: string | null, snippet: string | null): string {
  // A line break inside a title or snippet would start a line of no result.
  const flat = (s: string | null) => (s ?? '').replace(/\s+/gu, ' ').trim();
  return [flat(title), flat(snippet)].filter((s) => s !== '').join(TITLE_SNIPPET);
}
