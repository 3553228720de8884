import { NO_SPACE_SCRIPT_CLASS } from '../analytics/word-tokens';
import { ELISIONS } from './lexicon/function-words';

// Words of a folded clause (see analytics/text-fold), for the phrase index. A word is a run of
// letters and digits of a space-delimited script with inner apostrophes kept ("isn't",
// "wouldn't"), or "#1". French and Italian elisions are cut off ("l'appli" → "appli") and the
// negating "n'" becomes "ne", so "n'est pas recommandé" reads as "ne est pas recommande".
// Characters of scripts written without spaces are not words: the index matches them as
// substrings (phrase-index.ts).

export interface Token {
  /** Folded word. */
  text: string;
  /** Offsets in the folded clause. */
  start: number;
  end: number;
  /** Index of the brand mention this word belongs to, or -1. Set by the caller. */
  mention: number;
}

const WORD = new RegExp(
  `#\\d+|(?:(?![${NO_SPACE_SCRIPT_CLASS}])[\\p{L}\\p{N}])+(?:['’](?:(?![${NO_SPACE_SCRIPT_CLASS}])[\\p{L}\\p{N}])+)*`,
  'gu',
);
const ELIDED = /^(\p{L}{1,6})['’](.+)$/u;

/** The words of `folded`, in order. */
export function tokenize(folded: string): Token[] {
  const out: Token[] = [];
  WORD.lastIndex = 0;
  let m: RegExpExecArray | null;
  while ((m = WORD.exec(folded)) !== null) {
    const start = m.index;
    const word = m[0];
    const end = start + word.length;
    const elided = word.includes("'") || word.includes('’') ? ELIDED.exec(word) : null;
    if (elided !== null) {
      const head = elided[1] as string;
      const rest = elided[2] as string;
      if (head === 'n') {
        out.push({ text: 'ne', start, end: start + 2, mention: -1 });
        out.push({ text: rest, start: end - rest.length, end, mention: -1 });
        continue;
      }
      if (ELISIONS.has(head)) {
        out.push({ text: rest, start: end - rest.length, end, mention: -1 });
        continue;
      }
    }
    out.push({ text: word.replace(/’/gu, "'"), start, end, mention: -1 });
  }
  return out;
}

/** English negation glued to the verb ("isn't", "wouldn't", "can't"). */
export function isContractedNegation(word: string): boolean {
  return word.endsWith("n't");
}
