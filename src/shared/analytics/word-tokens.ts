import { Diff } from 'diff';

// Word tokens for answer diffs. jsdiff's own word tokenizers only treat Latin letters as word
// characters (a Cyrillic or Greek word becomes one token per letter) and put a whole CJK
// sentence into one token. This subclass of jsdiff's Diff keeps jsdiff's algorithm and only
// changes how text is cut:
// - a word is a run of letters, marks and digits of a space-delimited script;
// - each Han, Hiragana, Katakana or Thai-like character is its own token (those scripts do not
//   separate words with spaces, and one character is the only segmentation that needs no
//   dictionary and stays the same on every machine);
// - each newline is a token, a run of other whitespace is a token, any other character
//   (punctuation, symbol) is a token of its own.

/** Scripts written without spaces between words: substring and per-character rules apply. */
export const NO_SPACE_SCRIPT_CLASS =
  '\\p{scx=Han}\\p{scx=Hiragana}\\p{scx=Katakana}\\p{scx=Thai}\\p{scx=Lao}\\p{scx=Khmer}\\p{scx=Myanmar}';

const TOKEN = new RegExp(
  `\\r?\\n|[${NO_SPACE_SCRIPT_CLASS}]|(?:(?![${NO_SPACE_SCRIPT_CLASS}])[\\p{L}\\p{M}\\p{N}_])+|[^\\S\\r\\n]+|[^]`,
  'gu',
);
const WHITESPACE_ONLY = /^\s+$/u;
const WORD_TOKEN = new RegExp(
  `[${NO_SPACE_SCRIPT_CLASS}]|(?:(?![${NO_SPACE_SCRIPT_CLASS}])[\\p{L}\\p{M}\\p{N}_])+|[^\\s]`,
  'gu',
);

class AnswerWordDiff extends Diff<string, string> {
  override tokenize(value: string): string[] {
    return value.match(TOKEN) ?? [];
  }

  // Two runs of spaces/tabs count as equal whatever their length: re-wrapping or a double space
  // is not a change an analyst wants to see. Newlines stay significant (paragraph structure).
  override equals(left: string, right: string): boolean {
    if (left === right) return true;
    return isInlineSpace(left) && isInlineSpace(right);
  }

  override join(tokens: string[]): string {
    return tokens.join('');
  }
}

function isInlineSpace(token: string): boolean {
  return WHITESPACE_ONLY.test(token) && !token.includes('\n');
}

export const answerWordDiff = new AnswerWordDiff();

/** Number of word tokens (words, CJK characters, punctuation marks; whitespace excluded). */
export function countWordTokens(text: string): number {
  let n = 0;
  WORD_TOKEN.lastIndex = 0;
  while (WORD_TOKEN.exec(text) !== null) n++;
  return n;
}

/**
 * Character offsets of the word tokens of `text` (start of each token), for cutting context.
 * Whitespace is not a token; punctuation is.
 */
export function wordTokenStarts(text: string): number[] {
  const starts: number[] = [];
  const re = new RegExp(WORD_TOKEN.source, 'gu');
  let m: RegExpExecArray | null;
  while ((m = re.exec(text)) !== null) starts.push(m.index);
  return starts;
}

/** End offsets matching wordTokenStarts. */
export function wordTokenEnds(text: string): number[] {
  const ends: number[] = [];
  const re = new RegExp(WORD_TOKEN.source, 'gu');
  let m: RegExpExecArray | null;
  while ((m = re.exec(text)) !== null) ends.push(m.index + m[0].length);
  return ends;
}

/** The word tokens of `text` themselves (whitespace excluded). */
export function wordTokenList(text: string): string[] {
  return text.match(new RegExp(WORD_TOKEN.source, 'gu')) ?? [];
}
