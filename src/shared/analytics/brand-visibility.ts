import type { NormalizedResult, NormalizedSource } from '../domain/result';
import { brandsOfHost, findBrandMentions, type BrandMatcher } from './brand-matcher';
import type { BrandDefinition, BrandMention } from './brand-types';
import type { SourceFilter } from './source-sets';
import { hostnameOf } from './url-normalize';

/** How one brand shows in one result. Plain data: the store caches it per result. */
export interface BrandVisibility {
  brandId: string;
  kind: BrandDefinition['kind'];
  mentioned: boolean;
  mentionCount: number;
  /** Character offset of the first mention in result.text, or null. */
  firstOffset: number | null;
  /**
   * Rank of this brand among the brands mentioned, by first mention (1 = mentioned first);
   * brands first mentioned at the same offset share a rank. Null when not mentioned.
   */
  firstRank: number | null;
  /** Hosts of cited sources that belong to the brand's domains, in source order. */
  citedDomains: string[];
  /** Distinct source URLs on the brand's domains. */
  citationCount: number;
  /** Best rank of such a source among the result's distinct source URLs (1-based), or null. */
  bestCitationRank: number | null;
  /** Names of the result's entities that name the brand. */
  entityNames: string[];
  /** Positions of products whose title, brand, merchant or URL point to the brand. */
  productPositions: number[];
  /** Positions of ads whose title, body, advertiser or landing domain point to the brand. */
  adPositions: number[];
  /** Mentioned, cited, or present in entities, products or ads. */
  visible: boolean;
}

export interface ResultBrandVisibility {
  /** One entry per brand, in the matcher's brand order. */
  brands: BrandVisibility[];
  /** Mentions of all tracked brands in the text (the share-of-voice denominator). */
  totalMentions: number;
}

export type BrandVisibilityInput = Pick<
  NormalizedResult,
  'text' | 'sources' | 'entities' | 'products' | 'ads'
>;

function mentionsAny(matcher: BrandMatcher, text: string | null): Set<string> {
  const out = new Set<string>();
  if (text === null || text === '') return out;
  for (const m of findBrandMentions(matcher, text)) out.add(m.brandId);
  return out;
}

function hostOf(source: Pick<NormalizedSource, 'url' | 'domain'>): string | null {
  if (source.domain !== '') return source.domain.toLowerCase().replace(/^www\./u, '');
  return hostnameOf(source.url);
}

/**
 * Brand visibility of one result. Sources use their stored host (NormalizedSource.domain) so
 * scanning thousands of stored results parses no URL; ranks count distinct URLs as written.
 */
export function brandVisibility(
  matcher: BrandMatcher,
  result: BrandVisibilityInput,
  filter: SourceFilter = {},
): ResultBrandVisibility {
  const brands = matcher.brands;
  const index = new Map(brands.map((b, i) => [b.id, i]));
  const counts = new Array<number>(brands.length).fill(0);
  const firsts = new Array<number | null>(brands.length).fill(null);
  const mentions: BrandMention[] = findBrandMentions(matcher, result.text);
  for (const m of mentions) {
    const i = index.get(m.brandId) as number;
    counts[i] = (counts[i] as number) + 1;
    if (firsts[i] === null) firsts[i] = m.start;
  }

  const vis: BrandVisibility[] = brands.map((b, i) => ({
    brandId: b.id,
    kind: b.kind,
    mentioned: (counts[i] as number) > 0,
    mentionCount: counts[i] as number,
    firstOffset: firsts[i] as number | null,
    firstRank: null,
    citedDomains: [],
    citationCount: 0,
    bestCitationRank: null,
    entityNames: [],
    productPositions: [],
    adPositions: [],
    visible: false,
  }));

  // Competition ranking by first offset: 1 + number of brands mentioned strictly earlier.
  for (const v of vis) {
    if (v.firstOffset === null) continue;
    const offset = v.firstOffset;
    v.firstRank = 1 + vis.filter((w) => w.firstOffset !== null && w.firstOffset < offset).length;
  }

  // Citations.
  const kinds = filter.kinds === undefined ? null : new Set(filter.kinds);
  const seenUrls = new Set<string>();
  const brandUrls = brands.map(() => new Set<string>());
  for (const s of result.sources) {
    if (kinds !== null && !kinds.has(s.kind)) continue;
    if (seenUrls.has(s.url)) continue;
    seenUrls.add(s.url);
    const rank = seenUrls.size;
    const host = hostOf(s);
    for (const i of brandsOfHost(matcher, host)) {
      const v = vis[i] as BrandVisibility;
      (brandUrls[i] as Set<string>).add(s.url);
      if (host !== null && !v.citedDomains.includes(host)) v.citedDomains.push(host);
      if (v.bestCitationRank === null) v.bestCitationRank = rank;
    }
  }
  brandUrls.forEach((urls, i) => ((vis[i] as BrandVisibility).citationCount = urls.size));

  // Entities, products and ads feed the same matrix.
  for (const e of result.entities) {
    for (const id of mentionsAny(matcher, e.name)) {
      const v = vis[index.get(id) as number] as BrandVisibility;
      if (!v.entityNames.includes(e.name)) v.entityNames.push(e.name);
    }
  }
  for (const p of result.products) {
    const hits = mentionsAny(matcher, [p.title, p.brand, p.merchant].filter((x) => x !== null).join('\n'));
    const owners = new Set(brandsOfHost(matcher, p.url === null ? null : hostnameOf(p.url)));
    vis.forEach((v, i) => {
      if ((hits.has(v.brandId) || owners.has(i)) && !v.productPositions.includes(p.position)) {
        v.productPositions.push(p.position);
      }
    });
  }
  for (const ad of result.ads) {
    const hits = mentionsAny(
      matcher,
      [ad.title, ad.body, ad.advertiser].filter((x) => x !== null).join('\n'),
    );
    const host =
      ad.domain !== null && ad.domain !== ''
        ? hostnameOf(ad.domain)
        : ad.url === null
          ? null
          : hostnameOf(ad.url);
    const owners = new Set(brandsOfHost(matcher, host));
    vis.forEach((v, i) => {
      if ((hits.has(v.brandId) || owners.has(i)) && !v.adPositions.includes(ad.position)) {
        v.adPositions.push(ad.position);
      }
    });
  }

  for (const v of vis) {
    v.visible =
      v.mentioned ||
      v.citationCount > 0 ||
      v.entityNames.length > 0 ||
      v.productPositions.length > 0 ||
      v.adPositions.length > 0;
  }
  return { brands: vis, totalMentions: mentions.length };
}
