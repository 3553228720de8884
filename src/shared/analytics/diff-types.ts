// Shapes returned by the answer diffs. Plain data (no HTML, no markup): the renderer turns each
// segment into a text node inside a styled element, so nothing from an answer is ever parsed
// as HTML, and the CLI prints the same structure with colours or +/- marks.

export type DiffOp = 'equal' | 'insert' | 'delete';

export interface DiffSegment {
  op: DiffOp;
  /** Exact text. For 'equal' segments the text is taken from the newer side. */
  text: string;
}

export interface DiffHunk {
  /** Unchanged word tokens left out between the previous hunk (or the start) and this hunk. */
  skippedBefore: number;
  /** Context, changes, context: in reading order. */
  segments: DiffSegment[];
}

export interface DiffStats {
  /** Word tokens (words, CJK characters, punctuation marks; never whitespace) of each side. */
  oldTokens: number;
  newTokens: number;
  /** Tokens only in the old side / only in the new side / in both. */
  removedTokens: number;
  addedTokens: number;
  unchangedTokens: number;
}

export interface TextDiff {
  /** The whole diff, in order; concatenating non-insert texts gives the old text (spacing aside). */
  segments: DiffSegment[];
  /** Changes with `contextWords` unchanged tokens around them; empty when nothing changed. */
  hunks: DiffHunk[];
  /** Unchanged word tokens after the last hunk. */
  skippedAfter: number;
  /**
   * 1 − (removedTokens + addedTokens) / (oldTokens + newTokens), between 0 and 1: the share of
   * tokens of both texts that the diff keeps (the Dice coefficient of the token sequences'
   * longest common subsequence). 1 for two empty texts or texts that differ only in spacing.
   */
  similarity: number;
  stats: DiffStats;
  /** Byte-for-byte equal inputs. */
  identical: boolean;
  /**
   * Changed regions too different to align within maxEditLength even sentence by sentence and
   * word by word: each is shown as one deletion and one insertion, and counts fully as changed.
   */
  coarseRegions: number;
}

export interface TextDiffOptions {
  /** Unchanged word tokens kept before and after each change. Default 8; Infinity keeps all. */
  contextWords?: number;
  /**
   * Largest edit distance (in units: lines, sentences, words) tried at each alignment level
   * before a region is handed to the next finer level or, at word level, shown whole. Bounds the cost of diffing long, unrelated answers. Default 400.
   */
  maxEditLength?: number;
}
