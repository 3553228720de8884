// The kinds of site a cited domain can be, their names in words and where a kind comes from:
// apart from the classification (site-kinds.ts) so the IPC contract and the renderer name them
// without bundling the list of sites.

export const SITE_KINDS = [
  'own',
  'competitor',
  'retailer',
  'editorial',
  'forum',
  'reference',
  'video-social',
  'institutional',
  'other',
] as const;
export type SiteKind = (typeof SITE_KINDS)[number];
/** The kinds the shipped list holds (own and competitor come from the brands, other is the rest). */
export type ListedSiteKind = Exclude<SiteKind, 'own' | 'competitor' | 'other'>;

export const SITE_KIND_LABELS: Readonly<Record<SiteKind, string>> = {
  own: 'Own site',
  competitor: 'Competitor’s site',
  retailer: 'Retailer or marketplace',
  editorial: 'Editorial and reviews',
  forum: 'Forum and user content',
  reference: 'Reference',
  'video-social': 'Video and social',
  institutional: 'Institutional',
  other: 'Other',
};

export function isSiteKind(value: string): value is SiteKind {
  return (SITE_KINDS as readonly string[]).includes(value);
}

/** Where a domain's kind came from (what `parallax sources kinds` and the app show beside it). */
export type SiteKindSource = 'override' | 'brand' | 'list' | 'suffix' | 'discovery' | 'none';

export interface SiteKindOf {
  kind: SiteKind;
  source: SiteKindSource;
}
