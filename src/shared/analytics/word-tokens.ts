import { Diff } from 'diff';

// Word tokens for answer diffs. jsdiff's own word tokenizers only treat Latin letters as word
// characters (a Cyrillic or Greek word becomes one token per letter) and put a whole CJK
// sentence into one token. This subclass of jsdiff's Diff keeps jsdiff's algorithm and only
// changes how text is cut:
// - a word is a run of letters, marks and digits of a space-delimited script;
// - a run of Han, Hiragana, Katakana or Thai-like characters (scripts that do not separate words
//   with spaces) is cut into words by Intl.Segmenter (ICU's dictionary word breaks: "最近の
//   ランニングシューズ" → 最近 / の / ランニング / シューズ), so a Japanese or Chinese diff marks
//   words, not single characters, and its similarity counts words as in other languages;
// - each newline is a token, a run of other whitespace is a token, any other character
//   (punctuation, symbol) is a token of its own.

/** Scripts written without spaces between words: substring and per-character rules apply. */
export const NO_SPACE_SCRIPT_CLASS =
  '\\p{scx=Han}\\p{scx=Hiragana}\\p{scx=Katakana}\\p{scx=Thai}\\p{scx=Lao}\\p{scx=Khmer}\\p{scx=Myanmar}';

const TOKEN = new RegExp(
  `\\r?\\n|[${NO_SPACE_SCRIPT_CLASS}]+|(?:(?![${NO_SPACE_SCRIPT_CLASS}])[\\p{L}\\p{M}\\p{N}_])+|[^\\S\\r\\n]+|[^]`,
  'gu',
);
const NO_SPACE_START = new RegExp(`^[${NO_SPACE_SCRIPT_CLASS}]`, 'u');
const WHITESPACE_ONLY = /^\s+$/u;
/**
 * ICU word breaks; the dictionary for CJK and Thai-like scripts does not depend on the locale.
 * Made on first use: loading ICU's word-break data costs a process that never cuts such a run
 * (a CLI command that only imports this module) several milliseconds of its start.
 */
let segmenter: Intl.Segmenter | null = null;

interface TokenSpan {
  text: string;
  start: number;
}

/** Every token of `text` with its offset, whitespace included, in order. */
function* tokenSpans(text: string): Generator<TokenSpan> {
  const re = new RegExp(TOKEN.source, 'gu');
  let m: RegExpExecArray | null;
  while ((m = re.exec(text)) !== null) {
    const token = m[0];
    if (!NO_SPACE_START.test(token)) {
      yield { text: token, start: m.index };
      continue;
    }
    segmenter ??= new Intl.Segmenter('ja', { granularity: 'word' });
    for (const seg of segmenter.segment(token)) yield { text: seg.segment, start: m.index + seg.index };
  }
}

/** Word tokens only (whitespace is not a word). */
function* wordSpans(text: string): Generator<TokenSpan> {
  for (const t of tokenSpans(text)) if (!WHITESPACE_ONLY.test(t.text)) yield t;
}

class AnswerWordDiff extends Diff<string, string> {
  override tokenize(value: string): string[] {
    return Array.from(tokenSpans(value), (t) => t.text);
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

/** Number of word tokens (words, CJK words, punctuation marks; whitespace excluded). */
export function countWordTokens(text: string): number {
  let n = 0;
  for (const _ of wordSpans(text)) n++;
  return n;
}

/**
 * Character offsets of the word tokens of `text` (start of each token), for cutting context.
 * Whitespace is not a token; punctuation is.
 */
export function wordTokenStarts(text: string): number[] {
  return Array.from(wordSpans(text), (t) => t.start);
}

/** End offsets matching wordTokenStarts. */
export function wordTokenEnds(text: string): number[] {
  return Array.from(wordSpans(text), (t) => t.start + t.text.length);
}

/** The word tokens of `text` themselves (whitespace excluded). */
export function wordTokenList(text: string): string[] {
  return Array.from(wordSpans(text), (t) => t.text);
}
