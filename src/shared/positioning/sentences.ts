import { PERIOD } from './char-codes';

// Sentences of a block, as offset ranges. A sentence ends at . ! ? (Arabic ؟) followed by a space or the
// end (so "4.5" and "hostrider.com" do not end one), or at Japanese/Chinese 。！？ (no space
// follows them). A period after a known abbreviation or a word with inner dots ("e.g.",
// "z.B.", "p. ex.") does not end one. Intl.Segmenter was measured for this and left out: it
// cost 3.7x the CPU of this scan on the German answers of the labelled set (13.4 vs 3.6 ns a
// character) and still ends a sentence after "bzw." (docs/internals/positioning-judge.md).

export interface Range {
  start: number;
  end: number;
}

const END = /[.!?؟]+(?=[\s"'”’»)\]*_]|$)|[。！？]+/gu;
// prettier-ignore
const ABBREVIATIONS = new Set([
  'e.g', 'i.e', 'etc', 'vs', 'approx', 'no', 'nr', 'ca', 'bzw', 'z.b', 'u.a', 'd.h', 'inkl', 'ggf', 'evtl', 'usw', 'dr', 'st',
  'mr', 'mrs', 'ms', 'p', 'ex', 'env', 'cf', 'sr', 'sra', 'dott', 'ecc', 'pag', 'pp', 'mio', 'mrd', 'mln',
]);
const WORD_BEFORE = /([\p{L}.]+)$/u;
/** Longer words are no abbreviation (and have more than four units): no copy made to look them up. */
const LONGEST_ABBREVIATION = Math.max(4, ...[...ABBREVIATIONS].map((a) => a.length));

const WINDOW = 12;

function isAsciiLetterOrDot(c: number): boolean {
  return (c >= 97 && c <= 122) || (c >= 65 && c <= 90) || c === 46;
}

function endsAbbreviation(text: string, dot: number): boolean {
  // ASCII words (nearly all) are read back by character; any other letter takes the regex.
  const from = Math.max(0, dot - WINDOW);
  let k = dot;
  while (k > from && isAsciiLetterOrDot(text.charCodeAt(k - 1))) k--;
  let word: string;
  if (k === from || text.charCodeAt(k - 1) < 128) {
    if (k === dot || dot - k > LONGEST_ABBREVIATION) return false;
    word = text.slice(k, dot).toLowerCase();
  } else {
    const before = WORD_BEFORE.exec(text.slice(from, dot));
    if (before === null) return false;
    word = (before[1] as string).toLowerCase();
  }
  return ABBREVIATIONS.has(word) || (word.length <= 4 && word.includes('.'));
}

const SPACE = /\s/u;

/**
 * \s at text[i] (what trim() removes: white space and line terminators, all single units): ASCII
 * units by their code (no one-character string made), others by the regex.
 */
export function isSpaceAt(text: string, i: number): boolean {
  const c = text.charCodeAt(i);
  if (c < 128) return c === 32 || (c >= 9 && c <= 13);
  return SPACE.test(text[i] as string);
}

function trimRange(text: string, start: number, end: number): Range | null {
  let s = start;
  let e = end;
  while (s < e && isSpaceAt(text, s)) s++;
  while (e > s && isSpaceAt(text, e - 1)) e--;
  return s < e ? { start: s, end: e } : null;
}

/** One of 。！？ (END's second form): a match ending with one is a run of them. */
function isCjkEnd(c: number): boolean {
  return c === 0x3002 || c === 0xff01 || c === 0xff1f;
}

function isLatinEnd(c: number): boolean {
  return c === PERIOD || c === 33 || c === 63;
}

/**
 * Where END's match ending at `to` starts: a match is a whole run of . ! ? or of 。！？ (a
 * shorter part of a run never passes the look-ahead, the next unit being of the run), the kind
 * its last unit tells; `from`: where the search started.
 */
function matchStart(body: string, from: number, to: number): number {
  const cjk = isCjkEnd(body.charCodeAt(to - 1));
  let at = to - 1;
  while (at > from && (cjk ? isCjkEnd(body.charCodeAt(at - 1)) : isLatinEnd(body.charCodeAt(at - 1)))) at--;
  return at;
}

/** Sentences of text[start, end), trimmed, in order. */
export function splitSentences(text: string, start: number, end: number): Range[] {
  const out: Range[] = [];
  const body = text.slice(start, end);
  let from = 0;
  END.lastIndex = 0;
  // `test` and the match's end (lastIndex), its start read back: no match array per sentence.
  for (let searched = 0; END.test(body); searched = END.lastIndex) {
    const to = END.lastIndex;
    const at = matchStart(body, searched, to);
    if (to - at === 1 && body.charCodeAt(at) === PERIOD && endsAbbreviation(body, at)) continue;
    const r = trimRange(text, start + from, start + to);
    if (r !== null) out.push(r);
    from = to;
  }
  const rest = trimRange(text, start + from, end);
  if (rest !== null) out.push(rest);
  return out;
}
