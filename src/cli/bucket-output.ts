import type { BrandView } from '../shared/ipc/channels/library';
import type { EngineLabelOf } from '../shared/profile';
import type { VisibilityDimension } from '../shared/visibility/types';
import { formatTable } from './core';
import { BY_NAME, bucketFields } from './visibility-filters';

// The `--by` output of `parallax visibility` and `parallax positioning`: the same bucket
// columns (a day, a run with its label, a country, an engine in the profile's label), one row a
// bucket and brand, then each command's own metric columns; and the same JSON envelope.

/** One row of a --by view: its bucket and brand. */
export interface BucketRow {
  brandId: string;
  bucket: Partial<Record<VisibilityDimension, string>>;
}

export interface BucketView<R extends BucketRow> {
  by: VisibilityDimension[];
  rows: R[];
  runLabels: Record<string, string>;
}

/** "day and engine": the dimensions as the heading says them. */
export const bucketHeading = (by: readonly VisibilityDimension[]): string =>
  by.map((d) => BY_NAME[d]).join(' and ');

/** A bucket's cells: the engine's label, a run id with its label, else the key. */
function bucketCells<R extends BucketRow>(view: BucketView<R>, row: R, labelOf: EngineLabelOf): string[] {
  return view.by.map((d) => {
    const key = row.bucket[d] ?? '';
    if (d === 'engine') return labelOf(key);
    return d === 'run' && view.runLabels[key] ? `${key} (${view.runLabels[key]})` : key;
  });
}

/** The table of `rows`: the bucket columns, Brand, then `metrics` (headers and a row's cells). */
export function bucketTable<R extends BucketRow>(
  view: BucketView<R>,
  rows: readonly R[],
  brands: Map<string, BrandView>,
  labelOf: EngineLabelOf,
  metrics: { headers: string[]; cells: (row: R) => Array<string | number> },
): string {
  return formatTable(
    [...view.by.map((d) => BY_NAME[d][0]?.toUpperCase() + BY_NAME[d].slice(1)), 'Brand', ...metrics.headers],
    rows.map((r) => [
      ...bucketCells(view, r, labelOf),
      brands.get(r.brandId)?.name ?? r.brandId,
      ...metrics.cells(r),
    ]),
  );
}

/**
 * The JSON of a --by view: the brand asked for (null: all), the dimensions by name, and one
 * object a row with its bucket fields, brand, brandId and `metrics`.
 */
export function bucketRowsJson<R extends BucketRow>(
  view: BucketView<R>,
  brands: Map<string, BrandView>,
  only: string | null,
  labelOf: EngineLabelOf | undefined,
  metrics: (row: R) => Record<string, unknown>,
) {
  return {
    brand: only === null ? null : (brands.get(only)?.name ?? null),
    by: view.by.map((d) => BY_NAME[d]),
    rows: view.rows
      .filter((r) => only === null || r.brandId === only)
      .map((r) => ({
        ...bucketFields(view.by, r.bucket, view.runLabels, labelOf),
        brand: brands.get(r.brandId)?.name ?? r.brandId,
        brandId: r.brandId,
        ...metrics(r),
      })),
  };
}
