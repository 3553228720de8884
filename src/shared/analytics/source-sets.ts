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
  /** Host → registrable domain, shared by callers that rank many results. */
  domainCache: Map<string, string | null> = new Map(),
): RankedSource[] {
  const kinds = filter.kinds === undefined ? null : new Set(filter.kinds);
  const seen = new Set<string>();
  const out: RankedSource[] = [];
  for (const s of sources) {
    if (kinds !== null && !kinds.has(s.kind)) continue;
    const url = normalizeUrl(s.url);
    if (url === '' || seen.has(url)) continue;
    seen.add(url);
    const domain = domainOf(s, domainCache);
    out.push({ rank: out.length + 1, url, domain, kind: s.kind });
  }
  return out;
}

/**
 * Registrable domain of a source: from its stored host when there is one (hosts repeat across
 * results, so callers that rank many results share one cache), else from the URL.
 */
function domainOf(s: NormalizedSource, cache: Map<string, string | null>): string | null {
  const key = s.domain !== '' ? s.domain : s.url;
  let d = cache.get(key);
  if (d === undefined) {
    d = registrableDomain(key);
    cache.set(key, d);
  }
  return d;
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
