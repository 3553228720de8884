import type { NormalizedResult, NormalizedSource, SourceKind } from '../../../src/shared/domain/result';

/** A source as the normalizer stores it (domain = host without www). */
export function src(url: string, position: number, kind: SourceKind = 'cited'): NormalizedSource {
  let domain: string;
  try {
    domain = new URL(url).hostname.replace(/^www\./u, '');
  } catch {
    domain = '';
  }
  return { position, kind, url, domain, title: null, snippet: null, redirectLink: null, datePublished: null };
}

/** Sources from a list of URLs, positions 1..n. */
export function srcs(...urls: string[]): NormalizedSource[] {
  return urls.map((u, i) => src(u, i + 1));
}

export function result(partial: Partial<NormalizedResult> = {}): NormalizedResult {
  return {
    engine: 'assistant-a',
    text: '',
    markdown: null,
    htmlUrls: [],
    model: null,
    searchQueries: [],
    sources: [],
    entities: [],
    products: [],
    ads: [],
    peopleAlsoAsk: [],
    aiOverview: null,
    relatedSearches: [],
    shape: null,
    ...partial,
  };
}
