import { jaccard } from '../../../shared/analytics/list-overlap';
import { buildSourceMatrix } from '../../../shared/analytics/source-matrix';
import { sourceSet } from '../../../shared/analytics/source-sets';
import { registrableDomain } from '../../../shared/analytics/url-normalize';
import type { NormalizedSource } from '../../../shared/domain/result';

// Source comparisons between compare columns, on registrable domains (shared analytics).

export interface ColumnSources {
  id: string;
  sources: readonly NormalizedSource[];
}

/** Registrable domain → number of columns citing it. */
export function domainColumnCounts(columns: readonly ColumnSources[]): Map<string, number> {
  const matrix = buildSourceMatrix(columns);
  return new Map(matrix.rows.map((r) => [r.key, r.columnCount]));
}

/** Pairwise Jaccard overlap of the columns' domain sets. */
export function overlapMatrix(columns: readonly ColumnSources[]): number[][] {
  const sets = columns.map((c) => sourceSet(c.sources).domains);
  return sets.map((a) => sets.map((b) => jaccard(a, b)));
}

/** The key a source is counted under in domainColumnCounts. */
export function sourceDomainKey(source: Pick<NormalizedSource, 'url' | 'domain'>): string {
  return registrableDomain(source.url) ?? source.domain;
}
