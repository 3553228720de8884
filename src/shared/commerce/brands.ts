import { brandsOfHost, eachMention, type BrandMatcher } from '../analytics/brand-matcher';
import { foldWithOffsets } from '../analytics/text-fold';

// Which tracked brand a product or an ad belongs to, by the brand matcher of the Visibility
// (aliases, word boundaries, domains): a product by its explicit brand field, else by its title;
// an ad by its advertiser's name, else by its landing domain. Indexes into matcher.brands.

/** The first brand named in `text`, or null. */
export function firstBrandIn(matcher: BrandMatcher, text: string | null): number | null {
  if (text === null || text === '' || matcher.aliasesByLength.length === 0) return null;
  let found: number | null = null;
  eachMention(matcher, foldWithOffsets(text), (brand) => {
    found ??= brand;
  });
  return found;
}

/** Every brand named in `text`, in order of first mention, once each. */
export function brandsIn(matcher: BrandMatcher, text: string | null): number[] {
  if (text === null || text === '' || matcher.aliasesByLength.length === 0) return [];
  const out = new Set<number>();
  eachMention(matcher, foldWithOffsets(text), (brand) => {
    out.add(brand);
  });
  return [...out];
}

export function productBrand(matcher: BrandMatcher, brandText: string | null, title: string): number | null {
  return brandText !== null ? firstBrandIn(matcher, brandText) : firstBrandIn(matcher, title);
}

export function adBrand(matcher: BrandMatcher, name: string | null, domain: string | null): number | null {
  return firstBrandIn(matcher, name) ?? brandsOfHost(matcher, domain)[0] ?? null;
}
