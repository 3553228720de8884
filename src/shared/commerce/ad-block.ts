import type { NormalizedAd, NormalizedProduct } from '../domain/result';
import { BLOCKS } from './extract';
import type { AdBlock } from './types';

// Where an ad sits, in the Commerce view's words, from the placement the answer's normalized
// form keeps (the search engine's block, assistant-a's rendered card, the AI overview's or the
// AI answer mode's sponsored list, which sit inline in the answer).

const PLACED: Readonly<Record<string, AdBlock>> = {
  ...BLOCKS,
  // The normalized form's words for ads that sit inside the answer.
  rendered: 'inline',
  allowed: 'inline',
  sponsored: 'inline',
  aioverview: 'inline',
};

/** The ad's block, or null where the engine does not say. */
export function adBlockOf(ad: Pick<NormalizedAd, 'placement'>): AdBlock | null {
  return PLACED[ad.placement?.toLowerCase() ?? ''] ?? null;
}

/** What a Commerce number marks in an answer (the nav store's CommerceHighlight). */
export interface SlotMark {
  kind: 'product' | 'ad';
  title?: string;
  brand?: string;
  advertiser?: string;
  merchant?: string;
}

const same = (a: string | null | undefined, b: string): boolean =>
  typeof a === 'string' && a.trim().toLowerCase() === b.trim().toLowerCase();
const holds = (text: string | null | undefined, part: string): boolean =>
  typeof text === 'string' && text.toLowerCase().includes(part.trim().toLowerCase());

/** Whether a product slot is one the number counts. */
export function productMarked(p: NormalizedProduct, mark: SlotMark | undefined): boolean {
  if (!mark || mark.kind !== 'product') return false;
  if (mark.title !== undefined) return p.title === mark.title;
  if (mark.merchant !== undefined)
    return same(p.merchant, mark.merchant) || p.offers.some((o) => same(o.merchant, mark.merchant as string));
  if (mark.brand !== undefined) return same(p.brand, mark.brand) || holds(p.title, mark.brand);
  return true;
}

/** Whether an ad slot is one the number counts. */
export function adMarked(a: NormalizedAd, mark: SlotMark | undefined): boolean {
  if (!mark || mark.kind !== 'ad') return false;
  if (mark.advertiser !== undefined)
    return same(a.domain, mark.advertiser) || same(a.advertiser, mark.advertiser);
  if (mark.brand !== undefined) return same(a.advertiser, mark.brand) || holds(a.domain, mark.brand);
  return true;
}
