import { findBrandMentions, type BrandMatcher } from '../../../shared/analytics/brand-matcher';
import type { BrandDefinition } from '../../../shared/analytics/brand-types';

// Cuts answer text into plain pieces and brand-mention pieces, using the shared brand matcher
// (aliases, folding of case/accents/scripts, word edges), so the highlight agrees with the
// brand matrix and the CLI. Never inside a URL or a domain: "www.cadence.de" is an address,
// not a mention of Cadence, and a mark in the middle of it breaks it up on screen.

export interface TextPiece {
  text: string;
  brand: Pick<BrandDefinition, 'id' | 'name' | 'kind'> | null;
}

/**
 * URLs ("https://…", "www.…") and bare domains ("fleetfoot.co.uk", "cadence.de/shoes"): a
 * dotted name ending in a letters-only top-level label, with an optional path.
 */
const ADDRESS =
  /(?:https?:\/\/|www\.)[^\s<>()[\]]+|(?<![\p{L}\p{N}@.-])(?:[\p{L}\p{N}](?:[\p{L}\p{N}-]*[\p{L}\p{N}])?\.)+[a-z]{2,24}(?![\p{L}\p{N}-])(?:[/?#][^\s<>()[\]]*)?/giu;

/** [start, end) ranges of the URLs and domains in `text`. */
export function addressRanges(text: string): Array<[number, number]> {
  const out: Array<[number, number]> = [];
  for (const m of text.matchAll(ADDRESS))
    out.push([m.index, m.index + m[0].replace(/[.,;:!?]+$/u, '').length]);
  return out;
}

export function splitBrandMentions(text: string, matcher: BrandMatcher | null): TextPiece[] {
  if (!matcher || text === '') return [{ text, brand: null }];
  const byId = new Map(matcher.brands.map((b) => [b.id, b]));
  const addresses = addressRanges(text);
  const inAddress = (start: number, end: number): boolean =>
    addresses.some(([from, to]) => start < to && end > from);
  const pieces: TextPiece[] = [];
  let last = 0;
  for (const m of findBrandMentions(matcher, text)) {
    if (m.start < last || inAddress(m.start, m.end)) continue;
    if (m.start > last) pieces.push({ text: text.slice(last, m.start), brand: null });
    pieces.push({ text: text.slice(m.start, m.end), brand: byId.get(m.brandId) ?? null });
    last = m.end;
  }
  if (last < text.length) pieces.push({ text: text.slice(last), brand: null });
  return pieces;
}
