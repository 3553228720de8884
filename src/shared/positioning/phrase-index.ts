import { foldText } from '../analytics/text-fold';
import { NO_SPACE_SCRIPT_CLASS } from '../analytics/word-tokens';
import type { OpinionClass } from './lexicon/attribute-aspects';
import { NEGATION_WINDOW } from './lexicon/function-words';
import {
  best,
  buildPhraseTable,
  considerAll,
  pairAt,
  pairListLength,
  pairListStart,
  patternHasBrand,
  type PhraseTable,
} from './phrase-table';
import { wordTexts, type Words } from './tokens';
import { hashStep, Vocabulary } from './vocabulary';
import { sortByStart } from './sort-by-start';

// One index of every phrase the judge reads in a language, compiled once (pattern syntax in
// lexicon/lang.ts). Space-delimited phrases are looked up by their first word (a hash lookup
// per word of a clause, so the cost does not grow with the size of the lexicon); Japanese
// phrases by their first character, then compared as substrings. At each position the longest
// phrase wins and its hit carries every role the phrase has (a cue, a sentiment score, a
// quality), so "not recommended" is one caution hit, not a negator plus a recommendation.

export interface Payload {
  cue?: 'top' | 'rec' | 'caution';
  majority?: boolean;
  senti?: number;
  concept?: number;
  aspect?: number;
  opinion?: OpinionClass;
  negator?: boolean;
  /** Negates what stands before it within the negation window (lexicon/function-words.ts POST_NEGATORS). */
  postNegator?: boolean;
  /** Negates the word right before it (Korean "좋지 않다", lexicon/function-words.ts NEGATORS_AFTER). */
  negatorAfter?: boolean;
  contrast?: boolean;
  scale?: number;
  /** Praise in the past ("used to be", "war früher"): what follows in the clause is no praise now. */
  past?: boolean;
  /** Words of a news report ("announced on Tuesday", "a annoncé"): facts, not advice. */
  news?: boolean;
  /** Lukewarm advice ("fine if", "geht in Ordnung", "va bene"): the brand's tone is at most neutral. */
  hedge?: boolean;
  /** Customers' reports cited ("customers say", "Kunden berichten"): blame in a clause with no praise. */
  report?: boolean;
}

interface Word {
  text: string;
  /** Id of a whole word in the index's vocabulary (-1 for a prefix or a brand slot). */
  id: number;
  prefix: boolean;
  brand: boolean;
}

interface SpacedPattern {
  words: Word[];
  needEnd: boolean;
  /** Has a `@` slot (decided once, not per hit). */
  hasBrand: boolean;
  payload: Payload;
  /** Rank among the patterns tried at one word: of equally long matches the lowest wins. */
  order: number;
  /** Its number in the phrase table (phrase-table.ts). */
  n: number;
}

interface CjkPattern {
  text: string;
  payload: Payload;
}

/** Where a phrase of a script without spaces reads its negation: after it (Japanese) or before it (Chinese). */
export type CjkNegation = 'after' | 'before';

export interface PhraseIndex {
  readonly cjkNegation: CjkNegation;
  /** Words before a phrase in which a negator applies to it. */
  readonly negationWindow: number;
  /**
   * Word endings that mark a contrast (Korean "-지만": "편리하지만, …"), folded: a word ending
   * in one ends a clause as a contrast marker would.
   */
  readonly contrastEndings: readonly string[];
  /** Every whole word of the spaced phrases, numbered (tokens carry their word's id). */
  readonly vocabulary: Vocabulary;
  /**
   * The spaced patterns, flat: by their first word (one-word patterns, and those whose second
   * word is a brand slot or a prefix), by their first two words, by a leading brand slot, by the
   * number of their first letters in `prefixes` (`word*` patterns).
   */
  readonly table: PhraseTable;
  /** Payload by pattern number. */
  readonly payloads: readonly Payload[];
  readonly prefixes: Vocabulary;
  /** By the first UTF-16 unit of the phrase. */
  readonly byChar: ReadonlyMap<number, CjkPattern[]>;
  /**
   * At every first UTF-16 unit of byChar: 1, or 2 when a phrase is that one unit. A character
   * that starts no phrase costs one array read, not a map lookup.
   */
  readonly charStarts: Uint8Array;
  /**
   * By cjkPairKey of a phrase's first two units: 1 + the index in `pairLists` of the phrases of
   * two or more units with that key (in byChar's order), 0 for none. A position is then tried
   * against the few phrases sharing its first two units, not every phrase of its first unit.
   */
  readonly pairSlots: Uint16Array;
  readonly pairLists: readonly (readonly CjkPattern[])[];
  /** 1 at startKey of every prefix: a word whose key is 0 starts no prefix phrase. */
  readonly prefixStarts: Uint8Array;
}

/** A phrase found in a clause: word range (spaced) or folded character range (Japanese). */
export interface Hit {
  payload: Payload;
  /** Folded offsets in the clause. */
  start: number;
  end: number;
  /** First word index at or after the hit (for negation windows); words of a CJK hit: none. */
  word: number;
  wordEnd: number;
  /** Mention index a `@` in the phrase matched, else -1. */
  mention: number;
  /** Set when the hit is resolved in its clause (clauses.ts): under a negator. */
  negated: boolean;
  /** Intensifier or dampener before the hit (1 without). */
  scale: number;
  /** Weight of the hit's clause around a contrast ("good, but slow": the "slow" clause weighs more). */
  contrast: number;
}

const PREFIX_LEN = 3;
const NO_SPACE_ANY = new RegExp(`[${NO_SPACE_SCRIPT_CLASS}]`, 'u');

/**
 * The payload with every role as an own property, in one order: every hit's payload then has
 * one hidden class, so the judge's reads of `cue`, `senti`, `contrast`… stay monomorphic (the
 * lexicons' payloads come in a dozen shapes, which made those reads megamorphic lookups).
 */
function fixedShape(p: Payload): Payload {
  return {
    cue: p.cue,
    majority: p.majority,
    senti: p.senti,
    concept: p.concept,
    aspect: p.aspect,
    opinion: p.opinion,
    negator: p.negator,
    postNegator: p.postNegator,
    negatorAfter: p.negatorAfter,
    contrast: p.contrast,
    scale: p.scale,
    past: p.past,
    news: p.news,
    hedge: p.hedge,
    report: p.report,
  };
}

/**
 * One object per distinct payload: patterns whose roles are all equal share it (a language's
 * thousand phrases have a few dozen payloads: the same cue, the same sentiment score, the same
 * quality). A hit's payload is read at every hit, and the answers of many languages come in
 * turn: a few dozen objects stay in the cache where a thousand, one per phrase, did not.
 * Payloads are never changed once built, and nothing tells two equal ones apart.
 */
function interned(p: Payload, pool: Map<string, Payload>): Payload {
  const shaped = fixedShape(p);
  const key = Object.values(shaped).map(keyPart).join('|');
  const had = pool.get(key);
  if (had !== undefined) return had;
  pool.set(key, shaped);
  return shaped;
}

function keyPart(v: unknown): string {
  return v === undefined ? '' : Object.is(v, -0) ? '-0' : `${typeof v}:${String(v)}`;
}

function mergePayload(into: Payload, from: Payload): void {
  for (const [k, v] of Object.entries(from) as [keyof Payload, Payload[keyof Payload]][]) {
    if (into[k] === undefined) (into as Record<string, unknown>)[k] = v;
  }
}

function parseSpaced(pattern: string): { words: Word[]; needEnd: boolean } {
  let raw = pattern.trim();
  const needEnd = raw.endsWith('$');
  if (needEnd) raw = raw.slice(0, -1).trim();
  const words: Word[] = [];
  for (const part of raw.split(/\s+/u)) {
    if (part === '@') {
      words.push({ text: '', id: -1, prefix: false, brand: true });
      continue;
    }
    const prefix = part.endsWith('*');
    const texts = wordTexts(foldText(prefix ? part.slice(0, -1) : part));
    texts.forEach((text, i) =>
      words.push({ text, id: -1, prefix: prefix && i === texts.length - 1, brand: false }),
    );
  }
  return { words, needEnd };
}

/** How a language's negation and contrast are read, beyond its phrases. */
export interface IndexOptions {
  cjkNegation: CjkNegation;
  negationWindow: number;
  contrastEndings: readonly string[];
}

export class PhraseIndexBuilder {
  private readonly spaced = new Map<string, SpacedPattern>();
  private readonly cjk = new Map<string, CjkPattern>();

  constructor(private readonly options: Partial<IndexOptions> = {}) {}

  add(pattern: string, payload: Payload): void {
    const folded = foldText(pattern.trim());
    if (folded === '') return;
    // A phrase with any character of a script without spaces is matched as a substring.
    if (NO_SPACE_ANY.test(folded)) {
      const existing = this.cjk.get(folded);
      if (existing !== undefined) mergePayload(existing.payload, payload);
      else this.cjk.set(folded, { text: folded, payload: { ...payload } });
      return;
    }
    const key = pattern.trim().toLowerCase();
    const existing = this.spaced.get(key);
    if (existing !== undefined) {
      mergePayload(existing.payload, payload);
      return;
    }
    const { words, needEnd } = parseSpaced(pattern);
    if (words.length === 0) return;
    const hasBrand = words.some((w) => w.brand);
    this.spaced.set(key, {
      words,
      needEnd,
      hasBrand,
      payload: { ...payload },
      order: this.spaced.size,
      n: this.spaced.size,
    });
  }

  build(): PhraseIndex {
    const pool = new Map<string, Payload>();
    for (const p of this.spaced.values()) p.payload = interned(p.payload, pool);
    for (const p of this.cjk.values()) p.payload = interned(p.payload, pool);
    // Whole words, and a first word shorter than a prefix key (matched whole).
    const vocabulary = new Vocabulary(
      [...this.spaced.values()].flatMap((p) =>
        p.words
          .filter((w, k) => !w.brand && (!w.prefix || (k === 0 && w.text.length < PREFIX_LEN)))
          .map((w) => w.text),
      ),
    );
    for (const p of this.spaced.values())
      for (const w of p.words) if (!w.brand) w.id = vocabulary.idOf(w.text);
    const rest = new Array<number[] | undefined>(vocabulary.words.length).fill(undefined);
    const bySecond = new Array<Map<number, number[]> | undefined>(vocabulary.words.length).fill(undefined);
    const byBrand: number[] = [];
    const byPrefix = new Map<string, number[]>();
    for (const p of this.spaced.values()) {
      const first = p.words[0] as Word;
      if (first.brand) byBrand.push(p.n);
      else if (first.prefix && first.text.length >= PREFIX_LEN) {
        // Tried after the first-word lists: ranked after all of them.
        p.order += PREFIX_ORDER;
        pushTo(byPrefix, first.text.slice(0, PREFIX_LEN), p.n);
      } else addFirst(rest, bySecond, first.id, p);
    }
    const byChar = new Map<number, CjkPattern[]>();
    for (const p of this.cjk.values()) {
      const ch = p.text.charCodeAt(0);
      const list = byChar.get(ch) ?? [];
      list.push(p);
      byChar.set(ch, list);
    }
    for (const list of byChar.values()) list.sort((a, b) => b.text.length - a.text.length);
    const charStarts = new Uint8Array(0x10000);
    const pairSlots = new Uint16Array(byChar.size > 0 ? CJK_PAIR_KEYS : 0);
    const pairLists: CjkPattern[][] = [];
    for (const [ch, list] of byChar) {
      charStarts[ch] = list.some((p) => p.text.length === 1) ? 2 : 1;
      for (const p of list) {
        if (p.text.length === 1) continue;
        const key = cjkPairKey(ch, p.text.charCodeAt(1));
        if (pairSlots[key] === 0) pairSlots[key] = pairLists.push([]);
        (pairLists[(pairSlots[key] as number) - 1] as CjkPattern[]).push(p);
      }
    }
    const prefixStarts = new Uint8Array(START_KEYS);
    for (const key of byPrefix.keys()) prefixStarts[startKey(key, 0)] = 1;
    const prefixes = new Vocabulary(byPrefix.keys());
    const prefixLists = prefixes.words.map((key) => byPrefix.get(key) as number[]);
    const patterns = [...this.spaced.values()];
    return {
      cjkNegation: this.options.cjkNegation ?? 'after',
      negationWindow: this.options.negationWindow ?? NEGATION_WINDOW,
      contrastEndings: (this.options.contrastEndings ?? []).map((e) => foldText(e)),
      vocabulary,
      table: buildPhraseTable(patterns, vocabulary.words.length, rest, bySecond, byBrand, prefixLists),
      payloads: patterns.map((p) => p.payload),
      prefixes,
      byChar,
      charStarts,
      pairSlots,
      pairLists,
      prefixStarts,
    };
  }
}

const PREFIX_ORDER = 1e9;
const CJK_PAIR_KEYS = 0x10000;

/** Two UTF-16 units in 16 bits (kana and kanji differ in their low bits). */
function cjkPairKey(first: number, second: number): number {
  return (Math.imul(first, 31) + second) & (CJK_PAIR_KEYS - 1);
}

const START_KEYS = 4096;

/**
 * The first two units of a word (≥ 3 units long, from `at`) in 12 bits: equal for a word and any
 * prefix it can match (a prefix is ≥ 3 units), so most words skip the prefix map lookup.
 */
function startKey(word: string, at: number): number {
  return (word.charCodeAt(at) * 64 + word.charCodeAt(at + 1)) & (START_KEYS - 1);
}

function pushTo<K>(map: Map<K, number[]>, key: K, n: number): void {
  const list = map.get(key);
  if (list === undefined) map.set(key, [n]);
  else list.push(n);
}

/** A pattern by its first word's id, and by its second word's when that is a whole word. */
function addFirst(
  rest: Array<number[] | undefined>,
  bySecond: Array<Map<number, number[]> | undefined>,
  id: number,
  p: SpacedPattern,
): void {
  const second = p.words[1];
  if (second !== undefined && !second.brand && !second.prefix) {
    let map = bySecond[id];
    if (map === undefined) bySecond[id] = map = new Map();
    pushTo(map, second.id, p.n);
  } else {
    let list = rest[id];
    if (list === undefined) rest[id] = list = [];
    list.push(p.n);
  }
}

/** The longest pattern matching at word i (by its whole word, or its first letters for `word*` patterns). */
function longestAt(index: PhraseIndex, words: Words, i: number, to: number, folded: string): void {
  best.pattern = -1;
  best.len = 0;
  const t = index.table;
  if ((words.mention[i] as number) >= 0) {
    considerAll(t, t.brandStart, t.brandLength, words, i, to, folded, 0);
    return;
  }
  // Patterns whose first word is the word's: matched; those listed by their first two words,
  // when the next word is the second, are matched up to there.
  const id = words.id[i] as number;
  if (id >= 0) {
    const length = t.firstLists[id * 2 + 1] as number;
    if (length > 0) considerAll(t, t.firstLists[id * 2] as number, length, words, i, to, folded, 1);
    const next = i + 1;
    if (next < to && (words.mention[next] as number) < 0 && (words.id[next] as number) >= 0) {
      const s = pairAt(t, id, words.id[next] as number);
      if (s >= 0) considerAll(t, pairListStart(t, s), pairListLength(t, s), words, i, to, folded, 2);
    }
  }
  if (t.prefixLists.length > 0) prefixAt(index, words, i, to, folded);
}

function prefixAt(index: PhraseIndex, words: Words, i: number, to: number, folded: string): void {
  const special = words.special(i);
  const word = special ?? folded;
  const at = special === null ? (words.start[i] as number) : 0;
  const len = special === null ? (words.end[i] as number) - at : special.length;
  if (len < PREFIX_LEN || index.prefixStarts[startKey(word, at)] === 0) return;
  let h = 0;
  for (let k = at; k < at + PREFIX_LEN; k++) h = hashStep(h, word.charCodeAt(k));
  const id = index.prefixes.idOfRange(word, at, at + PREFIX_LEN, h);
  if (id >= 0) {
    const t = index.table;
    considerAll(
      t,
      t.prefixLists[id * 2] as number,
      t.prefixLists[id * 2 + 1] as number,
      words,
      i,
      to,
      folded,
      0,
    );
  }
}

function spacedHits(
  index: PhraseIndex,
  words: Words,
  from: number,
  to: number,
  folded: string,
  out: Hit[],
): void {
  let i = from;
  while (i < to) {
    longestAt(index, words, i, to, folded);
    const found = best.pattern;
    const bestLen = best.len;
    if (found < 0) {
      i++;
      continue;
    }
    let mention = -1;
    if (patternHasBrand(index.table, found)) {
      for (let t = i; t < i + bestLen && mention < 0; t++) mention = words.mention[t] as number;
    }
    out.push({
      payload: index.payloads[found] as Payload,
      start: words.start[i] as number,
      end: words.end[i + bestLen - 1] as number,
      word: i,
      wordEnd: i + bestLen,
      mention,
      negated: false,
      scale: 1,
      contrast: 1,
    });
    i += bestLen;
  }
}

function cjkPatternAt(
  list: readonly CjkPattern[] | undefined,
  folded: string,
  p: number,
  to: number,
): CjkPattern | null {
  if (list === undefined) return null;
  for (const c of list) if (p + c.text.length <= to && folded.startsWith(c.text, p)) return c;
  return null;
}

/** The phrase at p when every phrase starting with unit c has two or more units (start 1): by its first two. */
function pairPatternAt(
  index: PhraseIndex,
  c: number,
  folded: string,
  p: number,
  to: number,
): CjkPattern | null {
  if (p + 1 >= to) return null;
  const slot = index.pairSlots[cjkPairKey(c, folded.charCodeAt(p + 1))] as number;
  return slot === 0 ? null : cjkPatternAt(index.pairLists[slot - 1], folded, p, to);
}

function cjkHits(index: PhraseIndex, words: Words, range: ScanRange, folded: string, out: Hit[]): void {
  let word = range.fromToken;
  let p = range.from;
  const starts = index.charStarts;
  while (p < range.to) {
    const c = folded.charCodeAt(p);
    const start = starts[c] as number;
    const hit =
      start === 0
        ? null
        : start === 1
          ? pairPatternAt(index, c, folded, p, range.to)
          : cjkPatternAt(index.byChar.get(c), folded, p, range.to);
    if (hit === null) {
      p++;
      continue;
    }
    while (word < range.toToken && (words.start[word] as number) < p) word++;
    out.push({
      payload: hit.payload,
      start: p,
      end: p + hit.text.length,
      word,
      wordEnd: word,
      mention: -1,
      negated: false,
      scale: 1,
      contrast: 1,
    });
    p += hit.text.length;
  }
}

const CONTRAST_ENDING: Payload = fixedShape({ contrast: true });

/**
 * A contrast marker at the end of each word ending in one of the index's contrast endings, as
 * an empty hit just after the word (the clause after the contrast starts there), in text order.
 */
function contrastEndingHits(
  index: PhraseIndex,
  words: Words,
  range: ScanRange,
  folded: string,
  out: Hit[],
): void {
  const before = out.length;
  for (let w = range.fromToken; w < range.toToken; w++) {
    const end = words.end[w] as number;
    const start = words.start[w] as number;
    const ending = index.contrastEndings.find((e) => end - start > e.length && folded.endsWith(e, end));
    if (ending === undefined) continue;
    out.push({
      payload: CONTRAST_ENDING,
      start: end,
      end,
      word: w + 1,
      wordEnd: w + 1,
      mention: -1,
      negated: false,
      scale: 1,
      contrast: 1,
    });
  }
  if (out.length > before && before > 0) sortByStart(out);
}

/** A range of the folded answer: characters [from, to) and its words [fromToken, toToken). */
export interface ScanRange {
  from: number;
  to: number;
  fromToken: number;
  toToken: number;
}

/** Whether a folded answer has characters of a script without spaces (then substring phrases are looked for). */
export function hasNoSpaceScript(folded: string): boolean {
  return NO_SPACE_ANY.test(folded);
}

/** Every phrase of the index in one range of the folded answer, in text order. */
export function scanRange(
  index: PhraseIndex,
  words: Words,
  folded: string,
  range: ScanRange,
  noSpaceScript: boolean,
): Hit[] {
  const out: Hit[] = [];
  spacedHits(index, words, range.fromToken, range.toToken, folded, out);
  if (index.contrastEndings.length > 0) contrastEndingHits(index, words, range, folded, out);
  if (noSpaceScript && index.byChar.size > 0) {
    const spaced = out.length;
    cjkHits(index, words, range, folded, out);
    if (spaced > 0) sortByStart(out);
  }
  return out;
}
