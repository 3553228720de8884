import { brandVisibility, type BrandVisibilityInput, type ResultBrandVisibility } from './brand-visibility';
import type { BrandMatcher } from './brand-matcher';
import { mentionSource, rankAt, type ResultLine } from './mention-text';
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
  return withResultRanks(brandVisibility(matcher, { ...result, text }, filter), lines);
}

/**
 * A results list's visibility with each brand's first rank read as the rank of the first result
 * naming it (its `lines`, from mentionSource), not its order among the brands named. Unchanged
 * when `lines` is null (an answer's own text).
 */
export function withResultRanks(
  vis: ResultBrandVisibility,
  lines: readonly ResultLine[] | null,
): ResultBrandVisibility {
  if (lines === null) return vis;
  return {
    ...vis,
    brands: vis.brands.map((b) => ({
      ...b,
      firstRank: b.firstOffset === null ? null : rankAt(lines, b.firstOffset),
    })),
  };
}
