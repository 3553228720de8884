import {
  aggregateBrandVisibilityBy,
  compileBrandMatcher,
  repeatVerdict,
  resultBrandVisibility,
  wilsonInterval,
  type BrandDefinition,
} from '../../../shared/analytics';
import type { BrandMatrixView, BrandView } from '../../../shared/ipc/channels/library';
import type { ResultView } from '../../../shared/ipc/channels/runs';

const columnKey = (r: Pick<ResultView, 'country' | 'state'>): string =>
  r.state ? `US-${r.state}` : r.country;

/**
 * Brand presence, first position and share of voice per country (or US state) of a run,
 * with the Wilson interval of each mention rate and a volatility flag across its results.
 */
export function buildBrandMatrix(
  brands: readonly BrandView[],
  results: readonly ResultView[],
): BrandMatrixView {
  const definitions: BrandDefinition[] = brands.map((b) => ({ ...b }));
  const columns = [
    ...new Map(
      results.map((r) => [columnKey(r), { key: columnKey(r), country: r.country, state: r.state }]),
    ).values(),
  ].sort((a, b) => a.key.localeCompare(b.key));
  if (definitions.length === 0 || results.length === 0) return { brands: [...brands], columns, cells: [] };

  const matcher = compileBrandMatcher(definitions);
  // A search result without text counts by its results' titles and snippets, as in Visibility.
  const visibility = new Map(results.map((r) => [r.resultId, resultBrandVisibility(matcher, r.normalized)]));
  const byColumn = aggregateBrandVisibilityBy(
    definitions,
    results,
    columnKey,
    (r) => visibility.get(r.resultId) as ReturnType<typeof resultBrandVisibility>,
  );
  const cells: BrandMatrixView['cells'] = [];
  for (const column of columns) {
    for (const aggregate of byColumn.get(column.key) ?? []) {
      const interval = wilsonInterval(aggregate.mentionedIn, aggregate.results);
      cells.push({
        brandId: aggregate.brandId,
        column: column.key,
        results: aggregate.results,
        mentioned: aggregate.mentionedIn,
        mentionRate: aggregate.mentionRate,
        interval: [interval.lower, interval.upper],
        avgRank: aggregate.averageFirstRank,
        avgFirstOffset: aggregate.averageFirstOffset,
        shareOfVoice: aggregate.shareOfVoice,
        volatile: repeatVerdict(interval) === 'volatile',
      });
    }
  }
  return { brands: [...brands], columns, cells };
}
