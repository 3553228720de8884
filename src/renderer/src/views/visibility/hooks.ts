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

/** Engines side by side past which the heatmap takes the whole row (and the gaps card with it). */
export const WIDE_HEATMAP_ENGINES = 4;

/**
 * Whether the heatmap needs the whole width: with a few engines it fits half the row, next to
 * the citation gaps; with more it would scroll sideways there, so both take a row of their own.
 */
export function useWideHeatmap(): boolean {
  return useVisibilityStore((s) => {
    const rows = s.panels.heatmap.data?.rows ?? [];
    const engines = new Set<string>();
    for (const r of rows) if (r.bucket.engine !== undefined) engines.add(r.bucket.engine);
    return engines.size >= WIDE_HEATMAP_ENGINES;
  });
}
