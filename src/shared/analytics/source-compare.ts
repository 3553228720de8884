import type { NormalizedSource } from '../domain/result';
import { compareLists, type ListComparison, type OverlapOptions } from './list-overlap';
import { sourceSet, type SourceFilter } from './source-sets';

export interface SourceComparison {
  /** By normalized URL. added = only in b, removed = only in a. */
  urls: ListComparison;
  /** By registrable domain. */
  domains: ListComparison;
}

/** Sources of result a ("old", left) against result b ("new", right). */
export function compareSources(
  a: readonly NormalizedSource[],
  b: readonly NormalizedSource[],
  options: SourceFilter & OverlapOptions = {},
): SourceComparison {
  const sa = sourceSet(a, options);
  const sb = sourceSet(b, options);
  return {
    urls: compareLists(sa.urls, sb.urls, options),
    domains: compareLists(sa.domains, sb.domains, options),
  };
}
