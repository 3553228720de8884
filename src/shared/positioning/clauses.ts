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
  /** Intensifier/dampener × contrast weight, for sentiment. */
  weight: number;
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

const CONTRAST_WEIGHT_AFTER = 1.5;
const CONTRAST_WEIGHT_BEFORE = 0.6;

function markMentions(tokens: Token[], f: FoldedText, offset: number, mentions: readonly MentionRef[], firstMention: number): void {
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

function negatedAt(hits: readonly Hit[], i: number, tokens: readonly Token[], folded: string, from: number): boolean {
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

/** Clause boundaries (folded offsets): contrast markers and semicolons. */
function boundaries(hits: readonly Hit[], folded: string): number[] {
  const cuts = hits.filter((h) => h.payload.contrast === true && h.start > 0).map((h) => h.start);
  for (let p = folded.indexOf(';'); p !== -1; p = folded.indexOf(';', p + 1)) cuts.push(p + 1);
  return [...new Set(cuts)].sort((a, b) => a - b);
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
  const hits = scanClause(index, tokens, f.folded).filter((h) => !overlapsMention(h, f, unit.start, mentions));
  const cuts = boundaries(hits, f.folded);
  const phraseOf = (r: { start: number; end: number }): string =>
    text.slice(unit.start + f.toOriginalStart(r.start), unit.start + f.toOriginalEnd(r.end));
  const edges = [0, ...cuts, f.folded.length];
  const clauses: Clause[] = [];
  let previous: readonly number[] = unit.fallback;
  let h = 0;
  for (let c = 0; c + 1 < edges.length; c++) {
    const [from, to] = [edges[c] as number, edges[c + 1] as number];
    const start = unit.start + f.toOriginalStart(from);
    const end = unit.start + f.toOriginalEnd(to);
    const named = [...new Set(mentions.filter((m) => m.start >= start && m.start < end).map((m) => m.brand))];
    const brands = named.length > 0 ? named : [...previous];
    const firstHit = h;
    while (h < hits.length && (hits[h] as Hit).start < to) h++;
    const contrastWeight = (c > 0 ? CONTRAST_WEIGHT_AFTER : 1) * (c + 2 < edges.length ? CONTRAST_WEIGHT_BEFORE : 1);
    const resolved: ResolvedHit[] = [];
    for (let i = firstHit; i < h; i++) {
      resolved.push({
        hit: hits[i] as Hit,
        // A warning is never flipped: "n'est pas recommandé" is one caution phrase after "ne".
        negated: (hits[i] as Hit).payload.cue !== 'caution' && negatedAt(hits, i, tokens, f.folded, firstHit),
        weight: scaleAt(hits, i) * contrastWeight,
      });
    }
    const clauseTokens = tokens.filter((t) => t.start >= from && t.end <= to);
    clauses.push({ brands, hits: resolved, tokens: clauseTokens, folded: f.folded, start, end, from, to, label: unit.label, phraseOf });
    previous = brands;
  }
  return clauses;
}

function overlapsMention(h: Hit, f: FoldedText, offset: number, mentions: readonly MentionRef[]): boolean {
  if (h.mention >= 0) return false;
  const s = offset + f.toOriginalStart(h.start);
  const e = offset + f.toOriginalEnd(h.end);
  return mentions.some((m) => s < m.end && e > m.start);
}
