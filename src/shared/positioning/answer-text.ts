import { foldWithOffsets, type FoldedText } from '../analytics/text-fold';
import type { MentionRef } from './context';
import { hasNoSpaceScript } from './phrase-index';
import { tokenize, type Token } from './tokens';
import type { Vocabulary } from './vocabulary';

// The answer folded once (the brand matcher reuses the same folding), so every sentence and
// clause is a range of it rather than a string folded again; a range is cut into words only
// when the judge reads it, so text about no brand is never tokenized. Offsets: hits, tokens and
// clause bounds are folded offsets; evidence and mentions original.

export interface AnswerText {
  readonly text: string;
  readonly fold: FoldedText;
  /** Folded offset of each original offset (null: the same offsets, an ASCII answer). */
  readonly toFolded: Int32Array | null;
  /** The answer has characters of a script written without spaces (Japanese). */
  readonly noSpaceScript: boolean;
  /** Folded ranges of the mentions, by mention index. */
  readonly mentionFolded: ReadonlyArray<{ start: number; end: number }>;
}

export function foldAnswer(text: string): FoldedText {
  return foldWithOffsets(text);
}

/** For each original offset, the first folded offset produced at or after it (one pass). */
function foldedOffsets(text: string, fold: FoldedText): Int32Array | null {
  // Folding that kept every offset (ASCII, and most accented or Japanese text: "é" → "e").
  if (fold.sameOffsets) return null;
  const out = new Int32Array(text.length + 1).fill(-1);
  for (let f = fold.folded.length - 1; f >= 0; f--) out[fold.toOriginalStart(f)] = f;
  let next = fold.folded.length;
  for (let o = text.length; o >= 0; o--) {
    if ((out[o] as number) === -1) out[o] = next;
    else next = out[o] as number;
  }
  return out;
}

/** Folded offset of original offset `o`. */
export function foldedAt(a: AnswerText, o: number): number {
  return a.toFolded === null ? o : (a.toFolded[o] as number);
}

/** Index of the first token starting at or after folded offset `f`. */
export function tokenAt(tokens: readonly Token[], f: number): number {
  let lo = 0;
  let hi = tokens.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if ((tokens[mid] as Token).start < f) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** `substrings`: the language's index has substring phrases (Japanese), so look for their script. */
export function answerText(
  text: string,
  fold: FoldedText,
  mentions: readonly MentionRef[],
  substrings: boolean,
): AnswerText {
  const toFolded = foldedOffsets(text, fold);
  const at = (o: number): number => (toFolded === null ? o : (toFolded[o] as number));
  const mentionFolded = mentions.map((m) => ({ start: at(m.start), end: at(m.end) }));
  return { text, fold, toFolded, mentionFolded, noSpaceScript: substrings && hasNoSpaceScript(fold.folded) };
}

/** The words of folded[from, to), each marked with the mention it belongs to. */
export function wordsOf(a: AnswerText, from: number, to: number, vocabulary: Vocabulary): Token[] {
  const tokens = tokenize(a.fold.folded, from, to, vocabulary);
  const ms = a.mentionFolded;
  let k = 0;
  let hi = ms.length;
  while (k < hi) {
    const mid = (k + hi) >> 1;
    if ((ms[mid] as { end: number }).end <= from) k = mid + 1;
    else hi = mid;
  }
  for (const t of tokens) {
    while (k < ms.length && (ms[k] as { end: number }).end <= t.start) k++;
    const m = ms[k];
    if (m !== undefined && t.start < m.end && t.end > m.start) t.mention = k;
  }
  return tokens;
}
