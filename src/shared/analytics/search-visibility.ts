import { brandVisibility, type BrandVisibilityInput, type ResultBrandVisibility } from './brand-visibility';
import type { BrandMatcher } from './brand-matcher';
import { mentionSource, rankAt } from './mention-text';
import type { SourceFilter } from './source-sets';

/**
 * brandVisibility as the Visibility index counts it: a search result without text is read by
 * its results' titles and snippets (mentionSource), each brand's first rank being the rank of
 * the first result naming it; `firstOffset` is then an offset into that text. Any other result
 * is brandVisibility's own.
 */
export function resultBrandVisibility(
  matcher: BrandMatcher,
  result: BrandVisibilityInput,
  filter?: SourceFilter,
): ResultBrandVisibility {
  const { text, lines } = mentionSource(result);
  if (lines === null) return brandVisibility(matcher, result, filter);
  const vis = brandVisibility(matcher, { ...result, text }, filter);
  return {
    ...vis,
    brands: vis.brands.map((b) => ({
      ...b,
      firstRank: b.firstOffset === null ? null : rankAt(lines, b.firstOffset),
    })),
  };
}
