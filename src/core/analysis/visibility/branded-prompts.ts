import { compileBrandMatcher, findBrandMentions } from '../../../shared/analytics';
import type { BrandView } from '../../../shared/ipc/channels/library';

// A branded prompt names a tracked brand (any of its names or aliases, as the answers are read):
// asking "is Acme any good" makes Acme's mentions a given, so share of voice can be read
// without those prompts.

/** The brands (names) each prompt text names; texts naming none are left out. */
export function brandedPrompts(
  brands: readonly BrandView[],
  texts: readonly string[],
): Map<string, string[]> {
  const out = new Map<string, string[]>();
  if (brands.length === 0) return out;
  const matcher = compileBrandMatcher(brands);
  const names = new Map(brands.map((b) => [b.id, b.name]));
  for (const text of texts) {
    const ids = new Set(findBrandMentions(matcher, text).map((m) => m.brandId));
    if (ids.size > 0) out.set(text, [...ids].map((id) => names.get(id) ?? id).sort());
  }
  return out;
}
