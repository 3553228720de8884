import type { DiffHunk, DiffSegment } from './diff-types';
import { wordTokenEnds, wordTokenStarts } from './word-tokens';

// Groups a full segment list into hunks: each change keeps `context` unchanged word tokens on
// either side, longer unchanged stretches are collapsed and only their token count is kept.

export interface GroupedHunks {
  hunks: DiffHunk[];
  skippedAfter: number;
}

export function groupIntoHunks(segments: DiffSegment[], context: number): GroupedHunks {
  const hunks: DiffHunk[] = [];
  let current: DiffHunk | null = null;
  let pendingSkipped = 0;
  const hasChangeAfter = suffixHasChange(segments);

  for (let i = 0; i < segments.length; i++) {
    const seg = segments[i] as DiffSegment;
    if (seg.op !== 'equal') {
      if (current === null) {
        current = { skippedBefore: pendingSkipped, segments: [] };
        hunks.push(current);
        pendingSkipped = 0;
      }
      current.segments.push(seg);
      continue;
    }
    const changeAfter = hasChangeAfter[i + 1] === true;
    const starts = wordTokenStarts(seg.text);
    const total = starts.length;
    if (current === null) {
      // Leading context of the first hunk (or an unchanged text with no hunk at all).
      if (!changeAfter) {
        pendingSkipped += total;
        continue;
      }
      const keep = Math.min(context, total);
      pendingSkipped += total - keep;
      current = { skippedBefore: pendingSkipped, segments: [] };
      hunks.push(current);
      pendingSkipped = 0;
      const tail = tailText(seg.text, starts, keep);
      if (tail !== '') current.segments.push({ op: 'equal', text: tail });
      continue;
    }
    if (!changeAfter) {
      // Trailing context of the last hunk.
      const keep = Math.min(context, total);
      const head = headText(seg.text, keep);
      if (head !== '') current.segments.push({ op: 'equal', text: head });
      pendingSkipped += total - keep;
      continue;
    }
    if (total <= 2 * context) {
      current.segments.push(seg);
      continue;
    }
    // A long unchanged stretch between two changes: close this hunk, open the next.
    const head = headText(seg.text, context);
    if (head !== '') current.segments.push({ op: 'equal', text: head });
    current = { skippedBefore: total - 2 * context, segments: [] };
    hunks.push(current);
    const tail = tailText(seg.text, starts, context);
    if (tail !== '') current.segments.push({ op: 'equal', text: tail });
  }
  return { hunks, skippedAfter: pendingSkipped };
}

function suffixHasChange(segments: DiffSegment[]): boolean[] {
  const out = new Array<boolean>(segments.length + 1).fill(false);
  for (let i = segments.length - 1; i >= 0; i--) {
    out[i] = out[i + 1] === true || (segments[i] as DiffSegment).op !== 'equal';
  }
  return out;
}

/** The text from the start of the k-th last token to the end (whitespace before it dropped). */
function tailText(text: string, starts: number[], keep: number): string {
  if (keep <= 0) return whitespaceTail(text);
  const from = starts[starts.length - keep] ?? 0;
  // Keep the whitespace right before the first kept token so the context reads naturally.
  return text.slice(from);
}

/** The text up to the end of the k-th token. */
function headText(text: string, keep: number): string {
  if (keep <= 0) return leadingWhitespace(text);
  const ends = wordTokenEnds(text);
  const to = ends[keep - 1] ?? text.length;
  return text.slice(0, to);
}

// With no context tokens the whitespace touching a change still separates it from its
// neighbour change, so it is kept.
// (A loop, not /\s*$/, which is quadratic on long inner whitespace runs.)
function whitespaceTail(text: string): string {
  let i = text.length;
  while (i > 0 && /\s/u.test(text[i - 1] as string)) i--;
  return text.slice(i);
}

function leadingWhitespace(text: string): string {
  const m = /^\s*/u.exec(text);
  return m === null ? '' : m[0];
}
