import type { BrandMatcher } from '../../../shared/analytics/brand-matcher';
import type { ResultView } from '../../../shared/ipc/channels/runs';
import { brandCounts } from './trends';

/** Competitors drawn beside the focus brand until the user picks others. */
export const CLOSEST_COMPETITORS = 3;

/**
 * The brands a trend shows first (ids): the focus brand and the competitors whose mention rate
 * over these answers is nearest its own (ties: the more often named first), the ones an analyst
 * compares it with; every brand drawn at once was a tangle. Without a focus brand, the most named.
 */
export function closestBrands(
  results: readonly ResultView[],
  matcher: BrandMatcher | null,
  focusId: string | null,
  competitors = CLOSEST_COMPETITORS,
): string[] {
  const brands = matcher?.brands ?? [];
  const { hits } = brandCounts(results, matcher);
  const named = (id: string): number => hits.get(id) ?? 0;
  const focus = brands.find((b) => b.id === focusId);
  if (!focus)
    return [...brands]
      .sort((a, b) => named(b.id) - named(a.id))
      .slice(0, competitors + 1)
      .map((b) => b.id);
  const others = brands
    .filter((b) => b.id !== focus.id && named(b.id) > 0)
    .sort(
      (a, b) =>
        Math.abs(named(a.id) - named(focus.id)) - Math.abs(named(b.id) - named(focus.id)) ||
        named(b.id) - named(a.id),
    );
  return [focus.id, ...others.slice(0, competitors).map((b) => b.id)];
}
