import { findBrandMentions, type BrandMatcher } from '../../../shared/analytics/brand-matcher';
import type { BrandDefinition } from '../../../shared/analytics/brand-types';

// Cuts answer text into plain pieces and brand-mention pieces, using the shared brand matcher
// (aliases, folding of case/accents/scripts, word edges), so the highlight agrees with the
// brand matrix and the CLI.

export interface TextPiece {
  text: string;
  brand: Pick<BrandDefinition, 'id' | 'name' | 'kind'> | null;
}

export function splitBrandMentions(text: string, matcher: BrandMatcher | null): TextPiece[] {
  if (!matcher || text === '') return [{ text, brand: null }];
  const byId = new Map(matcher.brands.map((b) => [b.id, b]));
  const pieces: TextPiece[] = [];
  let last = 0;
  for (const m of findBrandMentions(matcher, text)) {
    if (m.start < last) continue;
    if (m.start > last) pieces.push({ text: text.slice(last, m.start), brand: null });
    pieces.push({ text: text.slice(m.start, m.end), brand: byId.get(m.brandId) ?? null });
    last = m.end;
  }
  if (last < text.length) pieces.push({ text: text.slice(last), brand: null });
  return pieces;
}
