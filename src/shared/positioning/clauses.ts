import { foldWithOffsets, type FoldedText } from '../analytics/text-fold';
import type { Label, MentionRef } from './context';
import { NEGATION_SUFFIXES_JA, NEGATION_WINDOW } from './lexicon/function-words';
import { scanClause, type Hit, type PhraseIndex } from './phrase-index';
import { isContractedNegation, tokenize, type Token } from './tokens';

// One unit of text (a sentence, a list item's sentence, a table cell) cut into clauses at
// contrast markers and semicolons, each clause given the brands it is about: the brands it
// names, else those of the clause before it, else the unit's default (the item's lead brand,
// the row's brand, the previous sentence's brand). Each phrase hit is resolved here: negated
// or not, scaled by an intensifier before it, weighted by its place around a contrast.

export interface ResolvedHit {
  hit: Hit;
  negated: boolean;
  /** Intensifier or dampener before the hit (1 without). */
  scale: number;
  /** Weight of the hit's clause around a contrast ("good, but slow": the "slow" clause weighs more). */
  contrast: number;
}

export interface Clause {
  brands: number[];
  /** Brands a "@" phrase aimed at (choose the @): only they get its cue. */
  hits: ResolvedHit[];
  /** Folded clause text and its words, for aspect pairing and raw pros/cons phrases. */
  tokens: readonly Token[];
  folded: string;
  /** Original offsets of the clause. */
  start: number;
  end: number;
  /** Folded offsets of the clause in `folded`. */
  from: number;
  to: number;
  label: Label;
  /** The words of the answer behind a hit, as written. */
  phraseOf(r: { start: number; end: number }): string;
}

export interface Unit {
  start: number;
  end: number;
  /** Brands a clause naming none is about, before any clause of this unit named one. */
  fallback: readonly number[];
  label: Label;
}

const CONTRAST_WEIGHT_AFTER = 1.3;
const CONTRAST_WEIGHT_BEFORE = 0.8;
/** Separators that start a new clause when the text on each side names a different brand ("A is light, B is cheap"). */
const BRAND_SEPARATOR = /[,、，]|\s[–—-]\s/gu;

function markMentions(
  tokens: Token[],
  f: FoldedText,
  offset: number,
  mentions: readonly MentionRef[],
  firstMention: number,
): void {
  for (const t of tokens) {
    const s = offset + f.toOriginalStart(t.start);
    const e = offset + f.toOriginalEnd(t.end);
    for (let k = 0; k < mentions.length; k++) {
      const m = mentions[k] as MentionRef;
      if (s < m.end && e > m.start) {
        t.mention = firstMention + k;
        break;
      }
    }
  }
}

function negatedAt(
  hits: readonly Hit[],
  i: number,
  tokens: readonly Token[],
  folded: string,
  from: number,
): boolean {
  const h = hits[i] as Hit;
  if (h.wordEnd === h.word) {
    // A phrase of a script without spaces: its negation follows it.
    const after = folded.slice(h.end, h.end + 8);
    return NEGATION_SUFFIXES_JA.some((s) => after.startsWith(s));
  }
  for (let j = i - 1; j >= from; j--) {
    const p = hits[j] as Hit;
    if (h.word - p.wordEnd >= NEGATION_WINDOW) break;
    if (p.payload.negator === true) return true;
  }
  for (let w = Math.max(0, h.word - NEGATION_WINDOW); w < h.word; w++) {
    if (isContractedNegation((tokens[w] as Token).text)) return true;
  }
  return false;
}

function scaleAt(hits: readonly Hit[], i: number): number {
  const h = hits[i] as Hit;
  const p = hits[i - 1];
  if (p === undefined || p.payload.scale === undefined) return 1;
  const adjacent = h.wordEnd === h.word ? p.end >= h.start - 1 : h.word - p.wordEnd <= 1;
  return adjacent ? p.payload.scale : 1;
}

/** Clause boundaries (folded offsets): contrast markers, semicolons, and commas between two brands. */
function boundaries(hits: readonly Hit[], folded: string, tokens: readonly Token[]): number[] {
  const cuts = hits.filter((h) => h.payload.contrast === true && h.start > 0).map((h) => h.start);
  for (let p = folded.indexOf(';'); p !== -1; p = folded.indexOf(';', p + 1)) cuts.push(p + 1);
  const named = tokens.filter((t) => t.mention >= 0);
  if (named.length > 1) {
    for (const m of folded.matchAll(BRAND_SEPARATOR)) {
      const before = named.filter((t) => t.end <= m.index).pop();
      const after = named.find((t) => t.start >= m.index);
      if (before !== undefined && after !== undefined && before.mention !== after.mention)
        cuts.push(m.index + 1);
    }
  }
  return [...new Set(cuts)].sort((a, b) => a - b);
}

/**
 * Brands of each clause: those it names; a clause naming none takes those of the clause before
 * it, or, at the start of the unit, of the first clause after it that names one ("Sconsiglio
 * invece la Arcway"), else the unit's fallback.
 */
function clauseBrands(named: readonly number[][], fallback: readonly number[]): number[][] {
  const firstNamed = named.find((n) => n.length > 0);
  let previous: readonly number[] = fallback;
  let seenNamed = false;
  return named.map((own) => {
    if (own.length > 0) {
      seenNamed = true;
      previous = own;
      return [...own];
    }
    return [...(seenNamed || firstNamed === undefined ? previous : firstNamed)];
  });
}

/** The clauses of one unit, with their brands and resolved hits. */
export function clausesOf(
  text: string,
  unit: Unit,
  mentions: readonly MentionRef[],
  firstMention: number,
  index: PhraseIndex,
): Clause[] {
  const f = foldWithOffsets(text.slice(unit.start, unit.end));
  const tokens = tokenize(f.folded);
  markMentions(tokens, f, unit.start, mentions, firstMention);
  const hits = scanClause(index, tokens, f.folded).filter(
    (h) => !overlapsMention(h, f, unit.start, mentions),
  );
  const cuts = boundaries(hits, f.folded, tokens);
  const contrasts = new Set(hits.filter((x) => x.payload.contrast === true).map((x) => x.start));
  const phraseOf = (r: { start: number; end: number }): string =>
    text.slice(unit.start + f.toOriginalStart(r.start), unit.start + f.toOriginalEnd(r.end));
  const edges = [0, ...cuts, f.folded.length];
  const clauses: Clause[] = [];
  const spans: Array<{ from: number; to: number; start: number; end: number }> = [];
  for (let c = 0; c + 1 < edges.length; c++) {
    const [from, to] = [edges[c] as number, edges[c + 1] as number];
    spans.push({
      from,
      to,
      start: unit.start + f.toOriginalStart(from),
      end: unit.start + f.toOriginalEnd(to),
    });
  }
  const named = spans.map((s) => [
    ...new Set(mentions.filter((m) => m.start >= s.start && m.start < s.end).map((m) => m.brand)),
  ]);
  const brandsOf = clauseBrands(named, unit.fallback);
  let h = 0;
  for (let c = 0; c < spans.length; c++) {
    const { from, to, start, end } = spans[c] as (typeof spans)[number];
    const brands = brandsOf[c] as number[];
    const firstHit = h;
    while (h < hits.length && (hits[h] as Hit).start < to) h++;
    const next = spans[c + 1];
    const contrastWeight =
      (contrasts.has(from) ? CONTRAST_WEIGHT_AFTER : 1) *
      (next !== undefined && contrasts.has(next.from) ? CONTRAST_WEIGHT_BEFORE : 1);
    const resolved: ResolvedHit[] = [];
    for (let i = firstHit; i < h; i++) {
      resolved.push({
        hit: hits[i] as Hit,
        // A warning is never flipped: "n'est pas recommandé" is one caution phrase after "ne".
        negated: (hits[i] as Hit).payload.cue !== 'caution' && negatedAt(hits, i, tokens, f.folded, firstHit),
        scale: scaleAt(hits, i),
        contrast: contrastWeight,
      });
    }
    const clauseTokens = tokens.filter((t) => t.start >= from && t.end <= to);
    clauses.push({
      brands,
      hits: resolved,
      tokens: clauseTokens,
      folded: f.folded,
      start,
      end,
      from,
      to,
      label: unit.label,
      phraseOf,
    });
  }
  return clauses;
}

function overlapsMention(h: Hit, f: FoldedText, offset: number, mentions: readonly MentionRef[]): boolean {
  if (h.mention >= 0) return false;
  const s = offset + f.toOriginalStart(h.start);
  const e = offset + f.toOriginalEnd(h.end);
  return mentions.some((m) => s < m.end && e > m.start);
}
