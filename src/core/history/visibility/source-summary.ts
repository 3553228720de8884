import type { NormalizedSource, SourceKind } from '../../../shared/domain/result';

// What the Visibility index counts of a result's sources: its distinct cited domains (the kinds
// and best position they are cited at) and URLs, those with a host only.

/** Bit i of vis_domains.kinds stands for SOURCE_KIND_BITS[i]. */
export const SOURCE_KIND_BITS: readonly SourceKind[] = [
  'cited',
  'citation-pill',
  'organic',
  'news',
  'aio-source',
  'aio-pill',
  'paa-source',
  'video',
  'place',
];

/** The registrable host as stored in sources.domain, lower case, without www. */
export function hostKey(source: Pick<NormalizedSource, 'domain'>): string {
  return source.domain.toLowerCase().replace(/^www\./u, '');
}

/** Distinct domains (best position, kinds) and URLs of a result's sources. */
export function sourceSummary(sources: readonly NormalizedSource[]) {
  const domains = new Map<string, { best: number; kinds: number }>();
  const urls = new Map<string, { best: number; domain: string; title: string | null }>();
  for (const s of sources) {
    const host = hostKey(s);
    if (host === '') continue;
    const bit = 1 << Math.max(0, SOURCE_KIND_BITS.indexOf(s.kind));
    const d = domains.get(host);
    if (!d) domains.set(host, { best: s.position, kinds: bit });
    else {
      d.best = Math.min(d.best, s.position);
      d.kinds |= bit;
    }
    const u = urls.get(s.url);
    if (!u) urls.set(s.url, { best: s.position, domain: host, title: s.title });
    else u.best = Math.min(u.best, s.position);
  }
  return { domains, urls };
}

export type SourceSummary = ReturnType<typeof sourceSummary>;

/** A cited URL as vis_urls stores it (its domain's id), with its best position in the result. */
export interface CitedUrl {
  url: string;
  domain: number;
  title: string | null;
  best: number;
}

/** A result's cited URLs as vis_urls stores them. */
export function citedOf(urls: SourceSummary['urls'], domainByHost: ReadonlyMap<string, number>): CitedUrl[] {
  return [...urls].map(([url, u]) => ({
    url,
    domain: domainByHost.get(u.domain) as number,
    title: u.title,
    best: u.best,
  }));
}
