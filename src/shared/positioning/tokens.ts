import { NO_SPACE_SCRIPT_CLASS } from '../analytics/word-tokens';
import { ELISIONS } from './lexicon/function-words';
import { hashStep, type Vocabulary } from './vocabulary';
import { unitTest } from './unit-test';

// Words of a folded clause (see analytics/text-fold), for the phrase index. A word is a run of
// letters and digits of a space-delimited script with inner apostrophes kept ("isn't",
// "wouldn't"), or "#1". French and Italian elisions are cut off ("l'appli" → "appli") and the
// negating "n'" becomes "ne", so "n'est pas recommandé" reads as "ne est pas recommande".
// Characters of scripts written without spaces are not words: the index matches them as
// substrings (phrase-index.ts).

/**
 * The words of a range of the folded answer as parallel typed arrays, one entry a word: offsets
 * into the folded answer, the word's id in the phrase index's vocabulary (-1: no phrase uses it)
 * and the brand mention it belongs to (-1: none; set by the caller). No object per word: the
 * judge reads a few hundred words an answer, and one buffer serves every clause in turn.
 */
export class Words {
  start = new Int32Array(256);
  end = new Int32Array(256);
  id = new Int32Array(256);
  mention = new Int32Array(256);
  length = 0;
  /**
   * Some word has an inner apostrophe (read through pushApostropheWord): without one no word
   * is a contracted negation ("isn't"), which negation windows then need not look for.
   */
  apostrophe = false;
  /** Words that differ from folded[start, end) ("ne" for "n'", "'" for "’"), by index. */
  private readonly specials = new Map<number, string>();

  clear(): void {
    this.length = 0;
    this.apostrophe = false;
    if (this.specials.size > 0) this.specials.clear();
  }

  push(start: number, end: number, id: number, special: string | null): void {
    if (this.length === this.start.length) this.grow();
    const i = this.length++;
    this.start[i] = start;
    this.end[i] = end;
    this.id[i] = id;
    this.mention[i] = -1;
    if (special !== null) this.specials.set(i, special);
  }

  /** The word when it differs from folded[start, end), else null. */
  special(i: number): string | null {
    return this.specials.size === 0 ? null : (this.specials.get(i) ?? null);
  }

  /** The word at i. */
  text(i: number, folded: string): string {
    return this.special(i) ?? folded.slice(this.start[i] as number, this.end[i] as number);
  }

  private grow(): void {
    const size = this.start.length * 2;
    for (const key of ['start', 'end', 'id', 'mention'] as const) {
      const next = new Int32Array(size);
      next.set(this[key]);
      this[key] = next;
    }
  }
}

const SPACED_WORD_CHAR = new RegExp(`^(?![${NO_SPACE_SCRIPT_CLASS}])[\\p{L}\\p{N}\\p{M}]$`, 'u');
const APOSTROPHE = 39;
const RIGHT_QUOTE = 0x2019;
const HASH = 35;

// Whether a UTF-16 unit continues a word of a space-delimited script, from a table indexed by
// code unit: ASCII filled up front, other units decided once each through a Unicode property
// test (bounded by the number of distinct characters ever seen). One array read a character, no
// branch on ASCII: a hand-written scan (the equivalent Unicode regular expression cost about
// 50 µs per KB of answer, most of the judge's budget).
// 0: not decided yet, 1: a word unit, 2: not one (a typed array: Japanese answers ask for every character).
const unitCache = new Uint8Array(0x10000);
for (let c = 0; c < 128; c++) {
  unitCache[c] = (c >= 97 && c <= 122) || (c >= 48 && c <= 57) || (c >= 65 && c <= 90) ? 1 : 2;
}
function decideUnit(c: number): number {
  const hit = c < 0xd800 || c > 0xdfff ? (SPACED_WORD_CHAR.test(String.fromCharCode(c)) ? 1 : 2) : 2;
  unitCache[c] = hit;
  return hit;
}
/** `c`: a UTF-16 unit (0-0xffff). */
function isWordUnit(c: number): boolean {
  const hit = unitCache[c] as number;
  return hit === 1 || (hit === 0 && decideUnit(c) === 1);
}

function isDigit(c: number): boolean {
  return c >= 48 && c <= 57;
}

function idOf(vocab: Vocabulary | null, word: string): number {
  return vocab === null ? -1 : vocab.idOf(word);
}

/** Whether a UTF-16 unit is a letter (\p{L}). */
const isLetterUnit = unitTest(/^\p{L}$/u);

/**
 * The elided head of folded[start, end): the end of its 1 to 6 letters when an apostrophe
 * follows them ("l'", "qu'", "n'"), else -1. Read by code, no regular expression or string.
 */
function elisionEnd(folded: string, start: number, end: number): number {
  const last = Math.min(end, start + 7);
  for (let p = start; p < last; p++) {
    const u = folded.charCodeAt(p);
    if (u === APOSTROPHE || u === RIGHT_QUOTE) return p > start ? p : -1;
    if (!isLetterUnit(u)) return -1;
  }
  return -1;
}

/**
 * A word with an inner apostrophe: elisions cut off ("l'appli" → "appli", "n'est" → "ne est"),
 * "’" read as "'". `hash`: the hash of folded[start, end), the word's id found by it unless a
 * "’" changes the word.
 */
function pushApostropheWord(
  out: Words,
  folded: string,
  start: number,
  end: number,
  hash: number,
  vocab: Vocabulary | null,
): void {
  out.apostrophe = true;
  const p = elisionEnd(folded, start, end);
  if (p !== -1) {
    const rest = folded.slice(p + 1, end);
    if (p === start + 1 && folded.charCodeAt(start) === 110) {
      out.push(start, start + 2, idOf(vocab, 'ne'), 'ne');
      out.push(p + 1, end, idOf(vocab, rest), null);
      return;
    }
    if (ELISIONS.has(folded.slice(start, p))) {
      out.push(p + 1, end, idOf(vocab, rest), null);
      return;
    }
  }
  let quote = start;
  while (quote < end && folded.charCodeAt(quote) !== RIGHT_QUOTE) quote++;
  if (quote === end) {
    out.push(start, end, vocab === null ? -1 : vocab.idOfRange(folded, start, end, hash), null);
    return;
  }
  const text = folded.slice(start, end).replace(/’/gu, "'");
  out.push(start, end, idOf(vocab, text), text);
}

/**
 * Appends the words of folded[from, to) to `out`, in order, each with its id in `vocab`, found
 * from a hash taken while the word's characters are read.
 */
export function tokenize(
  folded: string,
  from: number,
  to: number,
  vocab: Vocabulary | null,
  out: Words,
): void {
  let i = from;
  while (i < to) {
    const c = folded.charCodeAt(i);
    if (!isWordUnit(c)) {
      if (c === HASH && isDigit(folded.charCodeAt(i + 1))) i = pushNumber(folded, i, to, vocab, out);
      else i++;
      continue;
    }
    // Word units, with inner apostrophes followed by a word unit. The unit that ends a run is
    // read once: it is the apostrophe looked for next.
    let j = i + 1;
    let h = hashStep(0, c);
    let apostrophe = false;
    while (j < to) {
      const u = folded.charCodeAt(j);
      if (isWordUnit(u)) {
        h = hashStep(h, u);
        j++;
      } else if (
        (u === APOSTROPHE || u === RIGHT_QUOTE) &&
        j + 1 < to &&
        isWordUnit(folded.charCodeAt(j + 1))
      ) {
        apostrophe = true;
        h = hashStep(h, u);
        j++;
      } else break;
    }
    if (apostrophe) pushApostropheWord(out, folded, i, j, h, vocab);
    else out.push(i, j, vocab === null ? -1 : vocab.idOfRange(folded, i, j, h), null);
    i = j;
  }
}

/** "#1": the hash and its digits, one word. */
function pushNumber(folded: string, i: number, to: number, vocab: Vocabulary | null, out: Words): number {
  let j = i + 1;
  let h = hashStep(0, HASH);
  while (j < to) {
    const d = folded.charCodeAt(j);
    if (!isDigit(d)) break;
    h = hashStep(h, d);
    j++;
  }
  out.push(i, j, vocab === null ? -1 : vocab.idOfRange(folded, i, j, h), null);
  return j;
}

/** The words of a phrase of the lexicon, as strings (compiling the index). */
export function wordTexts(folded: string): string[] {
  const words = new Words();
  tokenize(folded, 0, folded.length, null, words);
  return Array.from({ length: words.length }, (_, i) => words.text(i, folded));
}

/**
 * English negation glued to the verb ("isn't", "wouldn't", "can't"); only a word with an inner
 * apostrophe is one (`words.apostrophe` tells whether there is any).
 */
export function isContractedNegation(words: Words, i: number, folded: string): boolean {
  const special = words.special(i);
  if (special !== null) return special.endsWith("n't");
  // Otherwise the word is folded[start, end) and has no "’".
  const end = words.end[i] as number;
  return (
    end - (words.start[i] as number) >= 3 &&
    folded.charCodeAt(end - 1) === 116 &&
    folded.charCodeAt(end - 2) === APOSTROPHE &&
    folded.charCodeAt(end - 3) === 110
  );
}
