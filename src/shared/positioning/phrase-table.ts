import type { Words } from './tokens';

// The spaced phrases of one language laid out flat for the matcher: the lists a word tries (by
// its first word, by its first two words, by a brand slot, by its first letters) are ranges of
// one Int32Array in which each pattern is written out in full where its list has it (number,
// word count, flags, rank, then its words' codes). The matcher reads numbers at computed
// indexes instead of following pointers through an object per pattern, per word and per list,
// and trying a list reads it front to back: the judge reads answers of many languages in turn,
// so a language's table is mostly out of the cache when its next answer comes, and a list that
// sent each pattern to a row and its words elsewhere cost a cache line at each.

/** One pattern word: whole words by vocabulary id; a brand slot; a `word*` prefix (by its text). */
export interface TableWord {
  id: number;
  prefix: boolean;
  brand: boolean;
  text: string;
}

export interface TablePattern {
  words: readonly TableWord[];
  needEnd: boolean;
  hasBrand: boolean;
  order: number;
}

// A pattern in a list: its number, word count, flags and rank, then one code per word.
const HEAD = 4;
const NUMBER = 0;
const COUNT = 1;
const FLAGS = 2;
const ORDER = 3;
const NEED_END = 1;
const HAS_BRAND = 2;
/** Pattern word codes: ≥ 0 a whole word's id, BRAND_WORD a slot, ≤ PREFIX_BASE a prefix (PREFIX_BASE - its text's index). */
const BRAND_WORD = -1;
const PREFIX_BASE = -2;
const CLAUSE_END = /[.,;:!?)\]–—|]/u;

export interface PhraseTable {
  /** Flags by pattern number (HAS_BRAND, NEED_END). */
  readonly flags: Uint8Array;
  /** Each prefix's units at prefixUnitAt[k] (length prefixUnitLength[k]) of prefixUnits: read as numbers, no string loaded. */
  readonly prefixUnits: Uint16Array;
  readonly prefixUnitAt: Int32Array;
  readonly prefixUnitLength: Int32Array;
  /** The patterns of every list written out: a list is `length` patterns from offset `start`. */
  readonly entries: Int32Array;
  /** Per vocabulary id, side by side: its list of patterns by first word (start, length). */
  readonly firstLists: Int32Array;
  /**
   * Open addressing over (first id, second id), four numbers a slot side by side (first id, or
   * -1 for empty; second id; list start; list length): the patterns by their first two words.
   */
  readonly pairs: Int32Array;
  readonly pairMask: number;
  /** Patterns that start with a brand slot. */
  readonly brandStart: number;
  readonly brandLength: number;
  /** Per prefix id, side by side: its list (start, length). */
  readonly prefixLists: Int32Array;
}

// The lists a word tries are read side by side (start and length in one cache line, a pair
// slot's four numbers in one): the judge reads answers of many languages in turn, so most
// of a language's table is out of the cache when its next answer comes, and lines touched
// per word are what a lookup costs.
const PAIR_STRIDE = 4;
const PAIR_FIRST = 0;
const PAIR_SECOND = 1;
const PAIR_START = 2;
const PAIR_LENGTH = 3;

function pairSlot(first: number, second: number, mask: number): number {
  return (Math.imul(first, 0x9e3779b1) ^ Math.imul(second + 1, 0x85ebca6b)) & mask;
}

/** Lays out the patterns and their lists; list order is kept (ties go to the earlier pattern). */
export function buildPhraseTable(
  patterns: readonly TablePattern[],
  vocabSize: number,
  byFirstRest: ReadonlyArray<readonly number[] | undefined>,
  bySecond: ReadonlyArray<ReadonlyMap<number, readonly number[]> | undefined>,
  byBrand: readonly number[],
  byPrefix: ReadonlyArray<readonly number[]>,
): PhraseTable {
  const flags = new Uint8Array(patterns.length);
  const codes: number[][] = [];
  const prefixTexts: string[] = [];
  patterns.forEach((p, n) => {
    flags[n] = (p.needEnd ? NEED_END : 0) | (p.hasBrand ? HAS_BRAND : 0);
    codes.push(
      p.words.map((w) =>
        w.brand ? BRAND_WORD : w.prefix ? PREFIX_BASE - (prefixTexts.push(w.text) - 1) : w.id,
      ),
    );
  });
  const entries: number[] = [];
  const add = (list: readonly number[]): [number, number] => {
    const at = entries.length;
    for (const n of list) {
      const words = codes[n] as number[];
      entries.push(n, words.length, flags[n] as number, (patterns[n] as TablePattern).order, ...words);
    }
    return [at, list.length];
  };
  const firstLists = new Int32Array(vocabSize * 2);
  let pairCount = 0;
  for (let id = 0; id < vocabSize; id++) {
    const rest = byFirstRest[id];
    if (rest !== undefined) [firstLists[id * 2], firstLists[id * 2 + 1]] = add(rest);
    pairCount += bySecond[id]?.size ?? 0;
  }
  let size = 16;
  while (size < pairCount * 2) size *= 2;
  const pairs = new Int32Array(size * PAIR_STRIDE);
  for (let s = 0; s < size; s++) pairs[s * PAIR_STRIDE + PAIR_FIRST] = -1;
  for (let id = 0; id < vocabSize; id++) {
    for (const [second, list] of bySecond[id] ?? []) {
      let s = pairSlot(id, second, size - 1);
      while ((pairs[s * PAIR_STRIDE + PAIR_FIRST] as number) >= 0) s = (s + 1) & (size - 1);
      const base = s * PAIR_STRIDE;
      pairs[base + PAIR_FIRST] = id;
      pairs[base + PAIR_SECOND] = second;
      [pairs[base + PAIR_START], pairs[base + PAIR_LENGTH]] = add(list);
    }
  }
  const [brandStart, brandLength] = add(byBrand);
  const prefixLists = new Int32Array(byPrefix.length * 2);
  byPrefix.forEach((list, i) => ([prefixLists[i * 2], prefixLists[i * 2 + 1]] = add(list)));
  return {
    flags,
    ...prefixUnitsOf(prefixTexts),
    entries: Int32Array.from(entries),
    firstLists,
    pairs,
    pairMask: size - 1,
    brandStart,
    brandLength,
    prefixLists,
  };
}

function prefixUnitsOf(
  texts: readonly string[],
): Pick<PhraseTable, 'prefixUnits' | 'prefixUnitAt' | 'prefixUnitLength'> {
  const prefixUnits = new Uint16Array(texts.reduce((n, t) => n + t.length, 0));
  const prefixUnitAt = new Int32Array(texts.length);
  const prefixUnitLength = new Int32Array(texts.length);
  let at = 0;
  texts.forEach((t, k) => {
    prefixUnitAt[k] = at;
    prefixUnitLength[k] = t.length;
    for (let u = 0; u < t.length; u++) prefixUnits[at++] = t.charCodeAt(u);
  });
  return { prefixUnits, prefixUnitAt, prefixUnitLength };
}

/** The slot of the pair (first, second), or -1: its list is pairListStart/pairListLength there. */
export function pairAt(t: PhraseTable, first: number, second: number): number {
  const pairs = t.pairs;
  for (let s = pairSlot(first, second, t.pairMask); ; s = (s + 1) & t.pairMask) {
    const base = s * PAIR_STRIDE;
    const f = pairs[base + PAIR_FIRST] as number;
    if (f < 0) return -1;
    if (f === first && pairs[base + PAIR_SECOND] === second) return s;
  }
}

export function pairListStart(t: PhraseTable, slot: number): number {
  return t.pairs[slot * PAIR_STRIDE + PAIR_START] as number;
}

export function pairListLength(t: PhraseTable, slot: number): number {
  return t.pairs[slot * PAIR_STRIDE + PAIR_LENGTH] as number;
}

/** Word i starts with prefix k of the table. */
function startsWithWord(t: PhraseTable, words: Words, i: number, folded: string, k: number): boolean {
  const at = t.prefixUnitAt[k] as number;
  const len = t.prefixUnitLength[k] as number;
  const units = t.prefixUnits;
  const special = words.special(i);
  if (special !== null) {
    if (special.length < len) return false;
    for (let u = 0; u < len; u++) if (special.charCodeAt(u) !== units[at + u]) return false;
    return true;
  }
  const start = words.start[i] as number;
  if ((words.end[i] as number) - start < len) return false;
  for (let u = 0; u < len; u++) if (folded.charCodeAt(start + u) !== units[at + u]) return false;
  return true;
}

/**
 * Length in words of the pattern written at entries[e] matched at word i (brand mentions span
 * several words), or 0. `from`: words of it already known to match word i.
 */
function matchAt(
  t: PhraseTable,
  e: number,
  words: Words,
  i: number,
  end: number,
  folded: string,
  from: number,
): number {
  const entries = t.entries;
  let at = i + from;
  const count = entries[e + COUNT] as number;
  for (let k = from; k < count; k++) {
    if (at >= end) return 0;
    const code = entries[e + HEAD + k] as number;
    const mention = words.mention[at] as number;
    if (code === BRAND_WORD) {
      if (mention < 0) return 0;
      at++;
      while (at < end && words.mention[at] === mention) at++;
      continue;
    }
    if (mention >= 0) return 0;
    if (code >= 0) {
      if (words.id[at] !== code) return 0;
    } else if (!startsWithWord(t, words, at, folded, PREFIX_BASE - code)) return 0;
    at++;
  }
  if (((entries[e + FLAGS] as number) & NEED_END) !== 0 && at < end) {
    const gap = folded.slice(words.end[at - 1] as number, words.start[at] as number);
    if (!CLAUSE_END.test(gap)) return 0;
  }
  return at - i;
}

/** The best match so far at one word: pattern number (-1: none), length in words, its word count and rank. */
export const best = { pattern: -1, len: 0, count: 0, order: 0 };

/**
 * Tries the `length` patterns written from entries[start] at word i. The longer match wins; of
 * equal length the one of more words (a brand slot spans several), then the lower rank.
 */
export function considerAll(
  t: PhraseTable,
  start: number,
  length: number,
  words: Words,
  i: number,
  to: number,
  folded: string,
  from: number,
): void {
  const entries = t.entries;
  let e = start;
  for (let k = 0; k < length; k++, e += HEAD + (entries[e + COUNT] as number)) {
    const count = entries[e + COUNT] as number;
    // Its first `from` words are known to match (found by their ids): a pattern of no more
    // words matches whole, with no word of it read again.
    const len =
      count === from && ((entries[e + FLAGS] as number) & NEED_END) === 0
        ? from
        : matchAt(t, e, words, i, to, folded, from);
    if (len === 0 || len < best.len) continue;
    const order = entries[e + ORDER] as number;
    if (
      len > best.len ||
      best.pattern < 0 ||
      count > best.count ||
      (count === best.count && order < best.order)
    ) {
      best.pattern = entries[e + NUMBER] as number;
      best.len = len;
      best.count = count;
      best.order = order;
    }
  }
}

export function patternHasBrand(t: PhraseTable, p: number): boolean {
  return ((t.flags[p] as number) & HAS_BRAND) !== 0;
}
