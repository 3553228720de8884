import { foldWithOffsets, type FoldedText } from '../analytics/text-fold';
import type { MentionRef } from './context';
import { hasNoSpaceScript } from './phrase-index';
import { tokenize, type Words } from './tokens';
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
  /** Folded offsets of every ";" (a clause boundary), found once by the native search, not per unit. */
  readonly semicolons: readonly number[];
}

export function foldAnswer(text: string): FoldedText {
  return foldWithOffsets(text);
}

/** Folded offset of original offset `o` (the first folded offset produced at or after it). */
export function foldedAt(a: AnswerText, o: number): number {
  return a.fold.toFolded(o);
}

/** Index of the first of `words` starting at or after folded offset `f`. */
export function tokenAt(words: Words, f: number): number {
  let lo = 0;
  let hi = words.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if ((words.start[mid] as number) < f) lo = mid + 1;
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
  return {
    text,
    fold,
    mentionFolded,
    noSpaceScript: substrings && hasNoSpaceScript(fold.folded),
    semicolons: semicolonsOf(fold.folded),
  };
}

function semicolonsOf(folded: string): number[] {
  const at: number[] = [];
  for (let p = folded.indexOf(';'); p >= 0; p = folded.indexOf(';', p + 1)) at.push(p);
  return at;
}

/** Reads the words of folded[from, to) into `out` (cleared first), each marked with the mention it belongs to. */
export function wordsOf(a: AnswerText, from: number, to: number, vocabulary: Vocabulary, out: Words): void {
  out.clear();
  tokenize(a.fold.folded, from, to, vocabulary, out);
  const ms = a.mentionFolded;
  if (ms.length === 0) return;
  let k = 0;
  let hi = ms.length;
  while (k < hi) {
    const mid = (k + hi) >> 1;
    if ((ms[mid] as { end: number }).end <= from) k = mid + 1;
    else hi = mid;
  }
  for (let t = 0; t < out.length; t++) {
    const start = out.start[t] as number;
    while (k < ms.length && (ms[k] as { end: number }).end <= start) k++;
    const m = ms[k];
    if (m !== undefined && start < m.end && (out.end[t] as number) > m.start) out.mention[t] = k;
  }
}
