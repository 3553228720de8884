import type { VisibilityBrandRef } from '../../../../shared/visibility/types';
import { useVisibilityStore } from '../../stores/visibility-store';

const NONE: VisibilityBrandRef[] = [];

/** The tracked brands: from the overview once it is there, else from the brand list. */
export function useBrandRefs(): VisibilityBrandRef[] {
  const fromOverview = useVisibilityStore((s) => s.panels.overview.data?.brands);
  const fromOptions = useVisibilityStore((s) => s.options?.brands);
  return fromOverview ?? fromOptions ?? NONE;
}

/** The focus brand: the one chosen, else the one main picked (the first of kind 'brand'). */
export function useFocusBrand(): VisibilityBrandRef | null {
  const chosen = useVisibilityStore((s) => s.filters.brandId);
  const picked = useVisibilityStore((s) => s.panels.overview.data?.focusBrandId ?? null);
  const brands = useBrandRefs();
  const id = chosen ?? picked;
  return brands.find((b) => b.id === id) ?? null;
}
