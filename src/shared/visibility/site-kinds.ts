import { getDomainWithoutSuffix, getPublicSuffix } from 'tldts';
import { domainLabelMatches } from '../analytics/discovery-propose';
import { hostBelongsTo } from '../analytics/url-normalize';
import { SITE_KIND_LIST } from './site-kind-list';
import type { ListedSiteKind, SiteKind, SiteKindOf } from './site-kind-names';

export * from './site-kind-names';

// The kind of site a cited domain is: the focus brand's own, a competitor's, a shop, a
// publisher... so an analyst sees which kinds of pages the engines lean on, and citation gaps
// leave out the sites no brand can get onto (a competitor's own). One classification for the
// app, the CLI and the report; where a kind comes from, in order (the first that says wins):
// the user's override, the tracked brands' domains, the shipped list, the public suffix of
// government and academic hosts, discovery's retailers (a shop named in answers whose name the
// domain spells), else "other".

/** What a classification reads besides the shipped list. */
export interface SiteKindRules {
  /** Tracked brands with their domains; the focus brand's are "own". */
  brands: ReadonlyArray<{ id: string; kind: 'brand' | 'competitor'; domains: readonly string[] }>;
  focusBrandId: string | null;
  /** The user's overrides by domain (lower case, without www.): a subdomain's wins over its parent's. */
  overrides: ReadonlyMap<string, SiteKind>;
  /** Discovery keys of the names discovery classed as retailers or marketplaces. */
  retailerKeys: readonly string[];
}

/** A host in the form stored and compared: lower case, no "www.", no trailing dot. */
export function siteHost(domain: string): string {
  return domain
    .trim()
    .toLowerCase()
    .replace(/\.$/u, '')
    .replace(/^www\./u, '');
}

interface ListIndex {
  exact: Map<string, ListedSiteKind>;
  /** "amazon.*" entries by their label. */
  labels: Map<string, ListedSiteKind>;
}

let listIndex: ListIndex | null = null;

function indexOfList(): ListIndex {
  if (listIndex) return listIndex;
  const exact = new Map<string, ListedSiteKind>();
  const labels = new Map<string, ListedSiteKind>();
  const list: Readonly<Record<ListedSiteKind, readonly string[]>> = SITE_KIND_LIST;
  for (const [kind, entries] of Object.entries(list) as Array<[ListedSiteKind, readonly string[]]>)
    for (const entry of entries)
      if (entry.endsWith('.*')) labels.set(entry.slice(0, -2), kind);
      else exact.set(entry, kind);
  listIndex = { exact, labels };
  return listIndex;
}

/** The host and each parent domain, most specific first ("a.b.c.com", "b.c.com", "c.com", "com"). */
function hostAndParents(host: string): string[] {
  const labels = host.split('.');
  return labels.map((_, i) => labels.slice(i).join('.'));
}

/** The most specific entry of a map that the host is or is under. */
function nearest<T>(map: ReadonlyMap<string, T>, host: string): T | undefined {
  for (const h of hostAndParents(host)) {
    const found = map.get(h);
    if (found !== undefined) return found;
  }
  return undefined;
}

/** The shipped list's kind of a host: its own or a parent's entry, else its label's ("amazon.*"). */
export function listedKindOf(host: string): ListedSiteKind | null {
  const index = indexOfList();
  const found = nearest(index.exact, host);
  if (found !== undefined) return found;
  const label = getDomainWithoutSuffix(host);
  return (label && index.labels.get(label)) || null;
}

/** Public-suffix labels that only governments, universities and public bodies register under. */
const PUBLIC_LABELS = new Set(['gov', 'govt', 'gob', 'gouv', 'gv', 'go', 'edu', 'ac', 'mil', 'int']);

/** Government, academic and international hosts by their suffix (cdc.gov, ox.ac.uk, gouv.fr). */
function isInstitutionalSuffix(host: string): boolean {
  const suffix = getPublicSuffix(host) ?? '';
  const labels = suffix.split('.');
  // A bare country code's own second level (gov.uk's "gov") counts; "go" alone is a real TLD.
  return labels.some((l, i) => PUBLIC_LABELS.has(l) && !(l === 'go' && labels.length === 1 && i === 0));
}

function brandKindOf(host: string, rules: SiteKindRules): 'own' | 'competitor' | null {
  // The focus brand first: a domain two brands share counts as one's own.
  const ordered = [...rules.brands].sort(
    (a, b) => Number(b.id === rules.focusBrandId) - Number(a.id === rules.focusBrandId),
  );
  for (const b of ordered)
    if (b.domains.some((d) => hostBelongsTo(host, siteHost(d))))
      return b.id === rules.focusBrandId || b.kind === 'brand' ? 'own' : 'competitor';
  return null;
}

/** The kind of a cited domain and where it came from (see the order above). */
export function classifySite(domain: string, rules: SiteKindRules): SiteKindOf {
  const host = siteHost(domain);
  const override = nearest(rules.overrides, host);
  if (override !== undefined) return { kind: override, source: 'override' };
  const brand = brandKindOf(host, rules);
  if (brand !== null) return { kind: brand, source: 'brand' };
  const listed = listedKindOf(host);
  if (listed !== null) return { kind: listed, source: 'list' };
  if (isInstitutionalSuffix(host)) return { kind: 'institutional', source: 'suffix' };
  if (rules.retailerKeys.some((k) => domainLabelMatches(host, k)))
    return { kind: 'retailer', source: 'discovery' };
  return { kind: 'other', source: 'none' };
}
