import { foldWithOffsets, type FoldedText } from '../analytics/text-fold';
import type { MentionRef } from './context';
import { tokenize, type Token } from './tokens';

// The answer folded and cut into words once (the brand matcher reuses the same folding), so
// every sentence and clause is a range of it rather than a string folded and tokenized again.
// Offsets: hits, tokens and clause bounds are folded offsets; evidence and mentions original.

export interface AnswerText {
  readonly text: string;
  readonly fold: FoldedText;
  readonly tokens: readonly Token[];
  /** Folded ranges of the mentions, by mention index. */
  readonly mentionFolded: ReadonlyArray<{ start: number; end: number }>;
}

export function foldAnswer(text: string): FoldedText {
  return foldWithOffsets(text);
}

/** Folded offset of original offset `o` (the first folded unit produced at or after it). */
export function foldedAt(fold: FoldedText, o: number): number {
  if (fold.folded.length === 0) return 0;
  let lo = 0;
  let hi = fold.folded.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (fold.toOriginalStart(mid) < o) lo = mid + 1;
    else hi = mid;
  }
  return lo;
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

export function answerText(text: string, fold: FoldedText, mentions: readonly MentionRef[]): AnswerText {
  const mentionFolded = mentions.map((m) => ({ start: foldedAt(fold, m.start), end: foldedAt(fold, m.end) }));
  const tokens = tokenize(fold.folded);
  let k = 0;
  for (const t of tokens) {
    while (k < mentionFolded.length && (mentionFolded[k] as { end: number }).end <= t.start) k++;
    const m = mentionFolded[k];
    if (m !== undefined && t.start < m.end && t.end > m.start) t.mention = k;
  }
  return { text, fold, tokens, mentionFolded };
}
