import { foldedAt, tokenAt, wordsOf, type AnswerText } from './answer-text';
import type { Label, MentionRef } from './context';
import {
  NEGATED_COPULA_WINDOW_ZH,
  NEGATED_COPULAS_ZH,
  NEGATION_PREFIX_EXCEPTIONS_ZH,
  NEGATION_PREFIX_WINDOW_ZH,
  NEGATION_PREFIXES_ZH,
  NEGATION_SUFFIXES_JA,
} from './lexicon/function-words';
import { scanRange, type CjkNegation, type Hit, type PhraseIndex, type ScanRange } from './phrase-index';
import { isContractedNegation, Words } from './tokens';

// One unit of text (a sentence, a list item's sentence, a table cell) cut into clauses at
// contrast markers and semicolons, each clause given the brands it is about: the brands it
// names, else those of the clause before it, else the unit's default (the item's lead brand,
// the row's brand, the previous sentence's brand). Each phrase hit is resolved here: negated
// or not, scaled by an intensifier before it, weighted by its place around a contrast.

/**
 * A hit resolved in its clause (negated, scaled, weighted around a contrast): the hit itself,
 * its fields set in place, not an object more per hit.
 */
export type ResolvedHit = Hit;

export interface Clause {
  brands: number[];
  /** Hits of the clause; one aimed at a brand by "@" (choose the @) counts for that brand only. */
  hits: ResolvedHit[];
  /** The unit's words (a buffer reused by the next unit: read it before); the clause's are [fromWord, toWord). */
  words: Words;
  fromWord: number;
  toWord: number;
  /** Original offsets of the clause. */
  start: number;
  end: number;
  /** Folded offsets of the clause. */
  from: number;
  to: number;
  label: Label;
  answer: AnswerText;
  /** The clause opens at a contrast marker ("…, but it hasn't shipped an update"). */
  turn: boolean;
}

export interface Unit {
  start: number;
  end: number;
  /** Brands a clause naming none is about, before any clause of this unit named one. */
  fallback: readonly number[];
  label: Label;
}

const CONTRAST_WEIGHT_AFTER = 1.3;
/** The words of the unit being read: one buffer for every unit (a unit's clauses are read before the next unit). */
const unitWords = new Words();
const CONTRAST_WEIGHT_BEFORE = 0.8;
/** A clause naming no brand, before assignClauseBrands gives it its brands (never changed: no clause keeps it but as the empty fallback). */
const NO_BRANDS: number[] = [];
const NO_HITS: ResolvedHit[] = [];
/** Separators that start a new clause when the text on each side names a different brand ("A is light, B is cheap"). */
const BRAND_SEPARATOR = /[,、，]|\s[–—-]\s/gu;

/** How the unit's language reads negation (its phrase index's settings) and the folded answer. */
interface Negation {
  folded: string;
  cjkNegation: CjkNegation;
  window: number;
}

/** Han characters, for the span between a Chinese negation and the phrase it negates. */
const isHan = (c: number): boolean => (c >= 0x4e00 && c <= 0x9fff) || (c >= 0x3400 && c <= 0x4dbf);

/**
 * A Chinese negation character within NEGATION_PREFIX_WINDOW_ZH Han characters before `start`
 * (不好, 不太好, 不是很好), not one of the words that only start with one (不过, 非常); or a
 * negated copula within NEGATED_COPULA_WINDOW_ZH (不是长途骑行的最佳选择).
 */
function negatedBefore(folded: string, start: number): boolean {
  for (let k = 1; k <= NEGATED_COPULA_WINDOW_ZH && start - k >= 0; k++) {
    const p = start - k;
    if (!isHan(folded.charCodeAt(p))) return false;
    if (NEGATED_COPULAS_ZH.some((x) => folded.startsWith(x, p))) return true;
    if (
      k <= NEGATION_PREFIX_WINDOW_ZH &&
      NEGATION_PREFIXES_ZH.includes(folded[p] as string) &&
      !NEGATION_PREFIX_EXCEPTIONS_ZH.some((x) => folded.startsWith(x, p))
    )
      return true;
  }
  return false;
}

/**
 * A negator written after the hit (Turkish "değil", POST_NEGATORS) follows it within the
 * language's negation window.
 */
function postNegatedAt(hits: readonly Hit[], i: number, last: number, window: number): boolean {
  const h = hits[i] as Hit;
  for (let j = i + 1; j < last; j++) {
    const p = hits[j] as Hit;
    if (p.word - h.wordEnd >= window) return false;
    if (p.payload.postNegator === true) return true;
  }
  return false;
}

/** A word right after the hit negates it (Korean "좋지 않다"): the next hit, at most one word on. */
function negatedAfter(hits: readonly Hit[], i: number, last: number): boolean {
  const h = hits[i] as Hit;
  const next = hits[i + 1];
  return (
    i + 1 < last && next !== undefined && next.payload.negatorAfter === true && next.word - h.wordEnd <= 1
  );
}

function negatedAt(
  hits: readonly Hit[],
  i: number,
  last: number,
  words: Words,
  a: Negation,
  from: number,
): boolean {
  const h = hits[i] as Hit;
  const { folded } = a;
  if (h.wordEnd === h.word) {
    // A phrase of a script without spaces: its negation follows it (Japanese), within the 8
    // units after it, read in place (no slice); or precedes it (Chinese).
    if (a.cjkNegation === 'before') return negatedBefore(folded, h.start);
    return NEGATION_SUFFIXES_JA.some((s) => s.length <= 8 && folded.startsWith(s, h.end));
  }
  if (postNegatedAt(hits, i, last, a.window)) return true;
  for (let j = i - 1; j >= from; j--) {
    const p = hits[j] as Hit;
    if (h.word - p.wordEnd >= a.window) break;
    if (p.payload.negator === true) return true;
  }
  if (negatedAfter(hits, i, last)) return true;
  // A contracted negation ("isn't") has an inner apostrophe: most units have no such word.
  if (!words.apostrophe) return false;
  for (let w = Math.max(0, h.word - a.window); w < h.word; w++) {
    if (isContractedNegation(words, w, folded)) return true;
  }
  return false;
}

function scaleAt(hits: readonly Hit[], i: number): number {
  // No read at index -1: V8 looks a negative index up as a named property, far off the fast path.
  if (i === 0) return 1;
  const h = hits[i] as Hit;
  const p = hits[i - 1] as Hit;
  if (p.payload.scale === undefined) return 1;
  const adjacent = h.wordEnd === h.word ? p.end >= h.start - 1 : h.word - p.wordEnd <= 1;
  return adjacent ? p.payload.scale : 1;
}

/** Clause boundaries (folded offsets): contrast markers, semicolons, and commas between two brands. */
function boundaries(
  a: AnswerText,
  words: Words,
  hits: readonly Hit[],
  r: ScanRange,
  contrasts: boolean,
): number[] {
  const cuts: number[] = [];
  if (contrasts)
    for (const h of hits) if (h.payload.contrast === true && h.start > r.from) cuts.push(h.start);
  const { folded } = a.fold;
  for (const p of a.semicolons) if (p >= r.from && p < r.to) cuts.push(p + 1);
  let first = -1;
  let twoBrands = false;
  for (let t = r.fromToken; t < r.toToken && !twoBrands; t++) {
    const m = words.mention[t] as number;
    if (m < 0) continue;
    if (first < 0) first = m;
    else twoBrands = m !== first;
  }
  if (twoBrands) brandCuts(words, r, folded.slice(r.from, r.to), cuts);
  // Most units have no boundary at all: nothing to sort.
  return cuts.length < 2 ? cuts : sortedUnique(cuts);
}

/**
 * The cuts in increasing order, each once, sorted in place by insertion (a unit has a handful):
 * no Set, copy or work array of the native sort.
 */
function sortedUnique(cuts: number[]): number[] {
  for (let i = 1; i < cuts.length; i++) {
    const cut = cuts[i] as number;
    let j = i - 1;
    while (j >= 0 && (cuts[j] as number) > cut) {
      cuts[j + 1] = cuts[j] as number;
      j--;
    }
    cuts[j + 1] = cut;
  }
  let n = 1;
  for (let i = 1; i < cuts.length; i++) if (cuts[i] !== cuts[n - 1]) cuts[n++] = cuts[i] as number;
  cuts.length = n;
  return cuts;
}

/** Separators between the names of two different brands ("A is light, B is cheap"). */
function brandCuts(words: Words, r: ScanRange, body: string, cuts: number[]): void {
  const named: number[] = [];
  for (let t = r.fromToken; t < r.toToken; t++) if ((words.mention[t] as number) >= 0) named.push(t);
  for (const m of body.matchAll(BRAND_SEPARATOR)) {
    const at = r.from + m.index;
    // The last named word ending at or before the separator, the first starting at or after it.
    let before = -1;
    for (const t of named) if ((words.end[t] as number) <= at) before = t;
    let after = -1;
    for (const t of named)
      if ((words.start[t] as number) >= at) {
        after = t;
        break;
      }
    if (before < 0 || after < 0 || words.mention[before] === words.mention[after]) continue;
    // "such as A, B or C": names listed one after the other share the clause (and its cue).
    if (
      onlyMarks(body, (words.end[before] as number) - r.from, m.index) &&
      onlyMarks(body, m.index + 1, (words.start[after] as number) - r.from)
    )
      continue;
    cuts.push(at + 1);
  }
}

const MARK = /^[\s*_]*$/u;

/** Whether body[from, to) is only spaces and emphasis marks. */
function onlyMarks(body: string, from: number, to: number): boolean {
  return to >= from && to - from <= 6 && MARK.test(body.slice(from, to));
}

function hasContrast(hits: readonly Hit[]): boolean {
  for (const h of hits) if (h.payload.contrast === true) return true;
  return false;
}

function contrastAt(hits: readonly Hit[], pos: number): boolean {
  for (const h of hits) if (h.start === pos && h.payload.contrast === true) return true;
  return false;
}

/** Hits that are not inside a brand's name (the unit's mentions: [firstMention, lastMention) of the answer's). */
function outsideMentions(a: AnswerText, hits: Hit[], firstMention: number, lastMention: number): Hit[] {
  if (hits.length === 0 || firstMention === lastMention) return hits;
  // The unit's mentions are a run of the answer's, whose folded ranges are known (read in place, no copy).
  const folded = a.mentionFolded;
  // Spaced phrases never take a brand's words (only "@" does): most units drop nothing.
  let k = 0;
  while (k < hits.length && !overlapsMention(folded, firstMention, lastMention, hits[k] as Hit)) k++;
  if (k === hits.length) return hits;
  return hits.filter((h) => !overlapsMention(folded, firstMention, lastMention, h));
}

function resolveHits(
  hits: Hit[],
  first: number,
  last: number,
  words: Words,
  negation: Negation,
  contrast: number,
): ResolvedHit[] {
  if (first === last) return NO_HITS;
  for (let i = first; i < last; i++) {
    const hit = hits[i] as Hit;
    // A warning is never flipped: "n'est pas recommandé" is one caution phrase after "ne".
    hit.negated = hit.payload.cue !== 'caution' && negatedAt(hits, i, last, words, negation, first);
    hit.scale = scaleAt(hits, i);
    hit.contrast = contrast;
  }
  // Most units are one clause holding every hit: no copy.
  return first === 0 && last === hits.length ? hits : hits.slice(first, last);
}

/** The clauses of one unit, with their brands and resolved hits. */
/** `mentions`: the answer's; the unit's are [firstMention, lastMention). */
export function clausesOf(
  a: AnswerText,
  unit: Unit,
  mentions: readonly MentionRef[],
  firstMention: number,
  lastMention: number,
  index: PhraseIndex,
): Clause[] {
  const { fold } = a;
  const from = foldedAt(a, unit.start);
  const to = foldedAt(a, unit.end);
  const words = unitWords;
  wordsOf(a, from, to, index.vocabulary, words);
  const range: ScanRange = { from, to, fromToken: 0, toToken: words.length };
  const scanned = scanRange(index, words, fold.folded, range, a.noSpaceScript);
  const hits = outsideMentions(a, scanned, firstMention, lastMention);
  // Most units have no contrast marker: no look for one at each clause's edges.
  const contrasts = hasContrast(hits);
  const cuts = boundaries(a, words, hits, range, contrasts);
  const clauses: Clause[] = [];
  const negation: Negation = {
    folded: fold.folded,
    cjkNegation: index.cjkNegation,
    window: index.negationWindow,
  };
  let h = 0;
  let k = firstMention;
  for (let c = 0; c <= cuts.length; c++) {
    const f0 = c === 0 ? from : (cuts[c - 1] as number);
    const f1 = c === cuts.length ? to : (cuts[c] as number);
    const start = fold.toOriginalStart(f0);
    const end = fold.toOriginalEnd(f1);
    // The brands the clause names (mentions and clauses both in text order).
    while (k < lastMention && (mentions[k] as MentionRef).start < start) k++;
    let named = NO_BRANDS;
    while (k < lastMention && (mentions[k] as MentionRef).start < end) {
      const b = (mentions[k] as MentionRef).brand;
      if (named === NO_BRANDS) named = [b];
      else if (!named.includes(b)) named.push(b);
      k++;
    }
    const firstHit = h;
    while (h < hits.length && (hits[h] as Hit).start < f1) h++;
    const turn = contrasts && contrastAt(hits, f0);
    const contrast = !contrasts
      ? 1
      : (turn ? CONTRAST_WEIGHT_AFTER : 1) *
        (c < cuts.length && contrastAt(hits, f1) ? CONTRAST_WEIGHT_BEFORE : 1);
    clauses.push({
      from: f0,
      to: f1,
      start,
      end,
      brands: named,
      hits: resolveHits(hits, firstHit, h, words, negation, contrast),
      words,
      // The unit's words lie in [from, to): its first clause starts at word 0, its last ends at the last.
      fromWord: c === 0 ? 0 : tokenAt(words, f0),
      toWord: c === cuts.length ? words.length : tokenAt(words, f1),
      label: unit.label,
      answer: a,
      turn,
    });
  }
  assignClauseBrands(clauses, unit.fallback);
  return clauses;
}

/**
 * Brands of each clause: those it names; a clause naming none takes those of the clause before
 * it, or, at the start of the unit, of the first clause after it that names one ("Sconsiglio
 * invece la Arcway"), else the unit's fallback. (Arrays are shared, never changed.)
 */
function assignClauseBrands(clauses: Clause[], fallback: readonly number[]): void {
  let firstNamed: number[] | null = null;
  for (const c of clauses) {
    if (c.brands.length > 0) {
      firstNamed = c.brands;
      break;
    }
  }
  let previous = fallback as number[];
  let seenNamed = false;
  for (const c of clauses) {
    if (c.brands.length > 0) {
      seenNamed = true;
      previous = c.brands;
    } else c.brands = seenNamed || firstNamed === null ? previous : firstNamed;
  }
}

/**
 * A phrase inside a brand's name is not about the brand ("Clean" in "Clean Co"); `@` phrases
 * include the name on purpose. `mentions[from, to)`: folded ranges of the unit's mentions.
 */
function overlapsMention(
  mentions: ReadonlyArray<{ start: number; end: number }>,
  from: number,
  to: number,
  h: Hit,
): boolean {
  if (h.mention >= 0) return false;
  for (let k = from; k < to; k++) {
    const m = mentions[k] as { start: number; end: number };
    if (h.start < m.end && h.end > m.start) return true;
  }
  return false;
}

/** The words of the answer behind a folded range, as written. */
export function phraseOf(clause: Clause, r: { start: number; end: number }): string {
  const { fold, text } = clause.answer;
  return text.slice(fold.toOriginalStart(r.start), fold.toOriginalEnd(r.end));
}
