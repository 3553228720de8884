import type { NormalizedSource, SourceKind } from '../domain/result';
import { normalizeUrl, registrableDomain } from './url-normalize';

export interface SourceFilter {
  /** Source kinds to consider; all kinds when absent. */
  kinds?: readonly SourceKind[];
}

/** One distinct source of a result, in the result's order. */
export interface RankedSource {
  /** 1-based rank among the result's distinct (normalized) URLs, after the kind filter. */
  rank: number;
  url: string;
  /** Registrable domain, or null when the URL has no host. */
  domain: string | null;
  kind: SourceKind;
}

export interface SourceSet {
  /** Distinct normalized URLs, best rank first. */
  urls: string[];
  /** Distinct registrable domains, in the order of their best-ranked URL. */
  domains: string[];
}

/**
 * The distinct sources of a result in order: URLs normalized (normalizeUrl), duplicates (the
 * same page as a source and as a citation pill, or with tracking parameters) kept once, at
 * their first position. Kinds are in the order the result lists them.
 */
export function rankedSources(
  sources: readonly NormalizedSource[],
  filter: SourceFilter = {},
): RankedSource[] {
  const kinds = filter.kinds === undefined ? null : new Set(filter.kinds);
  const seen = new Set<string>();
  const out: RankedSource[] = [];
  for (const s of sources) {
    if (kinds !== null && !kinds.has(s.kind)) continue;
    const url = normalizeUrl(s.url);
    if (url === '' || seen.has(url)) continue;
    seen.add(url);
    const domain = registrableDomain(s.url) ?? (s.domain === '' ? null : registrableDomain(s.domain));
    out.push({ rank: out.length + 1, url, domain, kind: s.kind });
  }
  return out;
}

export function sourceSet(sources: readonly NormalizedSource[], filter: SourceFilter = {}): SourceSet {
  const ranked = rankedSources(sources, filter);
  const domains: string[] = [];
  const seen = new Set<string>();
  for (const r of ranked) {
    if (r.domain === null || seen.has(r.domain)) continue;
    seen.add(r.domain);
    domains.push(r.domain);
  }
  return { urls: ranked.map((r) => r.url), domains };
}
