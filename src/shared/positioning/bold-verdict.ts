import type { Block } from './structure';
import { SPACE, STAR, COLON } from './char-codes';

// Where an answer states its verdict, whatever it calls it: a paragraph that opens or closes the
// answer with a short bold label and a colon ("**Quick answer:** book Crateline.", "**Mein
// Rat:** Wenn es das Budget zulässt, Klangwerk.") is the answer's verdict, as "**Verdict:**" or
// "**Fazit:**" are. Its label's words are open-ended (quick answer, my advice, the short
// version, unser Tipp …); its place (the first or last paragraph) and its form (bold, a colon)
// are not. A pros/cons label is told apart by the caller.

/** At most this many words in the label ("The short version"). */
const MAX_LABEL_WORDS = 4;
/** The label's colon stands within this many characters. */
const MAX_LABEL_CHARS = 32;

/**
 * The label of a paragraph that opens with a bold label and a colon ("**Quick answer:**",
 * "**My advice**:"), or null.
 */
export function boldLead(text: string, b: Block): string | null {
  if (b.kind !== 'para' || text.charCodeAt(b.start) !== STAR || text.charCodeAt(b.start + 1) !== STAR)
    return null;
  const from = b.start + 2;
  const last = Math.min(b.end, from + MAX_LABEL_CHARS);
  let spaces = 0;
  for (let i = from; i < last; i++) {
    const c = text.charCodeAt(i);
    if (c === SPACE && ++spaces >= MAX_LABEL_WORDS) return null;
    if (c === STAR)
      return text.charCodeAt(i + 2) === COLON || text.charCodeAt(i - 1) === COLON
        ? text.slice(from, i)
        : null;
  }
  return null;
}

/**
 * Whether block i is the first or last of an answer of several blocks (its opening or closing
 * line), and holds no second line led by a bold label: lines of bold labels are cases
 * ("**Commuters:** Railo …\n**Hill riders:** Climbo …"), not a verdict.
 */
export function opensOrCloses(text: string, blocks: readonly Block[], i: number): boolean {
  if (blocks.length < 2 || (i !== 0 && i !== blocks.length - 1)) return false;
  const b = blocks[i] as Block;
  const next = text.indexOf('\n**', b.start);
  return next < 0 || next >= b.end;
}
