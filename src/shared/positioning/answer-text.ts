import { foldWithOffsets, type FoldedText } from '../analytics/text-fold';
import type { MentionRef } from './context';
import { hasNoSpaceScript } from './phrase-index';
import { tokenize, type Token } from './tokens';
import type { Vocabulary } from './vocabulary';

// The answer folded once (the brand matcher reuses the same folding), so every sentence and
// clause is a range of it rather than a string folded again; a range is cut into words only
// when the judge reads it, so text about no brand is never tokenized. Offsets: hits, tokens and
// clause bounds are folded offsets; evidence and mentions original (the fold maps both ways).

export interface AnswerText {
  readonly text: string;
  readonly fold: FoldedText;
  /** The answer has characters of a script written without spaces (Japanese). */
  readonly noSpaceScript: boolean;
  /** Folded ranges of the mentions, by mention index. */
  readonly mentionFolded: ReadonlyArray<{ start: number; end: number }>;
}

export function foldAnswer(text: string): FoldedText {
  return foldWithOffsets(text);
}

/** Folded offset of original offset `o` (the first folded offset produced at or after it). */
export function foldedAt(a: AnswerText, o: number): number {
  return a.fold.toFolded(o);
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
  const mentionFolded = mentions.map((m) => ({ start: fold.toFolded(m.start), end: fold.toFolded(m.end) }));
  return { text, fold, mentionFolded, noSpaceScript: substrings && hasNoSpaceScript(fold.folded) };
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
