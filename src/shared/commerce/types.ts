import type { EngineName } from '../api/engines';
import type { VisibilityPeriod, VisibilityScope } from '../visibility/types';

// The commerce layer's read API: what `parallax commerce|products|ads`, the Commerce view, Compare,
// exports, MCP and alerts read. Rates carry their n and a 95 % interval; n is the answers (or
// slots, for a share) the rate is over, so a reader can say "few answers" below 30.

/** Where a product slot was shown. */
export const PRODUCT_SURFACES = [
  'shopping-card',
  'inline-product',
  'product-result',
  'search-shopping-card',
  'shopping-ad',
] as const;
export type ProductSurface = (typeof PRODUCT_SURFACES)[number];

/** Where an ad slot was shown. */
export const AD_BLOCKS = ['top', 'middle', 'bottom', 'side', 'inline'] as const;
export type AdBlock = (typeof AD_BLOCKS)[number];
export type AdType = 'text' | 'shopping';

/** A price read into amount + ISO 4217 currency; an unreadable one keeps its raw text only. */
export interface SlotPrice {
  amount: number | null;
  currency: string | null;
  raw: string;
  /** The amount is a range's low end ("£40–£60"). */
  range: boolean;
}

/** One product slot of an answer, as stored at ingest. */
export interface ProductSlot {
  surface: ProductSurface;
  /** The engine's own flat position (1-based), else the slot's order on its surface. */
  position: number;
  title: string;
  productId: string | null;
  /** The engine's explicit brand field, as written. */
  brandText: string | null;
  /** The tracked brand: the explicit brand field's, else the brand matcher on the title; null: none. */
  brandId: string | null;
  /** The merchant, seller or store shown on the card. */
  merchant: string | null;
  /** The offers' merchant names (no duplicates, the card's own merchant excluded). */
  offerMerchants: string[];
  price: SlotPrice | null;
  oldPrice: SlotPrice | null;
  rating: number | null;
  reviews: number | null;
  available: boolean | null;
}

/** One ad slot of an answer, as stored at ingest. */
export interface AdSlot {
  block: AdBlock;
  type: AdType;
  position: number;
  /** The tracked brand by name or by its domains; null when the advertiser is no tracked brand. */
  brandId: string | null;
  /** The brand's name when tracked, else the landing domain (else the advertiser's name). */
  advertiser: string;
  title: string;
  domain: string | null;
}

/** The filter every commerce query takes (the Visibility's, plus the US state). */
export interface CommerceQuery {
  scope: VisibilityScope;
  period: VisibilityPeriod;
  engines?: EngineName[];
  /** 'DE' (a country) or 'US-CA' (a US state); all when empty or absent. */
  locations?: string[];
  /** Only this brand's rows in the brand lists (by id); all brands when absent. */
  brandId?: string;
}

export type CommerceBy = 'engine' | 'country' | 'day' | 'merchant';

/** A rate with its 95 % interval; value/lower/upper null when n = 0. */
export interface CommerceRate {
  value: number | null;
  lower: number | null;
  upper: number | null;
  /** The answers (or, for a share, the slots) it is over. */
  n: number;
}

export interface CommerceSurfaces {
  /** Answers asked with shopping or ads on, on an engine that can show them. */
  answers: number;
  withShopping: number;
  withAds: number;
  productSlots: number;
  adSlots: number;
  /** withShopping over answers (Wilson). */
  shoppingRate: CommerceRate;
}

/** One engine's surfaces within the summary's filter. */
export interface EngineSurfaces extends CommerceSurfaces {
  engine: string;
}

export interface CommerceBrandRow {
  brand: string;
  brandId: string;
  kind: 'brand' | 'competitor';
  /** Answers with a shopping surface showing ≥ 1 product of the brand, over answers with one. */
  shelfPresence: CommerceRate;
  /** The brand's product slots over all product slots (ratio estimator, answers as clusters). */
  shelfShare: CommerceRate;
  /** Mean of the brand's best position per answer where it is on the shelf. */
  bestRank: number | null;
  /** The brand's median price over the median of all products in the same answers (main currency). */
  priceIndex: number | null;
  /** The currency the price index is in (the brand's most priced one); null with no price. */
  priceCurrency: string | null;
  /** Answers with an ad of the brand, over answers with ≥ 1 ad. */
  adPresence: CommerceRate;
  /** The brand's ad slots over all ad slots (ratio estimator, answers as clusters). */
  adShare: CommerceRate;
  /** Merchants carrying the brand's products, most slots first. */
  merchants: Array<{ merchant: string; slots: number }>;
  /** Words: "not significant" / "few answers" where the numbers cannot carry a claim, else null. */
  note: string | null;
}

/** Per brand and engine: organic mention rate next to shelf and ad presence in the same answers. */
export interface PaidOrganicRow {
  brand: string;
  brandId: string;
  engine: string;
  /** Answers asked with commerce on, on this engine. */
  answers: number;
  mentionRate: CommerceRate;
  shelfPresence: CommerceRate;
  adPresence: CommerceRate;
}

export interface CommerceBucket {
  /** engine name, 'DE' / 'US-CA', YYYY-MM-DD, or a merchant's name. */
  bucket: string;
  surfaces: CommerceSurfaces;
  brands: CommerceBrandRow[];
}

export interface CommerceSummary {
  period: { from: string; to: string; days: number };
  surfaces: CommerceSurfaces;
  /** The same surfaces per engine that was asked for them (whatever the engine, country or monitor filter), by engine. */
  engines: EngineSurfaces[];
  brands: CommerceBrandRow[];
  paidVsOrganic: PaidOrganicRow[];
  by: CommerceBy | null;
  buckets: CommerceBucket[];
  /** Why there is nothing to show, in words; null when there is. */
  empty: string | null;
}

export interface ProductPrice {
  location: string;
  currency: string;
  merchant: string | null;
  slots: number;
  /** Mean price over the slots with an amount. */
  mean: number | null;
  first: { day: string; mean: number } | null;
  last: { day: string; mean: number } | null;
  /** last.mean / first.mean - 1; null with one priced day. */
  change: number | null;
}

export interface ProductRow {
  title: string;
  brand: string | null;
  brandId: string | null;
  slots: number;
  /** Mean position of its slots. */
  avgPosition: number | null;
  prices: ProductPrice[];
}

export interface ProductList {
  period: { from: string; to: string; days: number };
  products: ProductRow[];
}

export interface AdvertiserRow {
  advertiser: string;
  brandId: string | null;
  kind: 'brand' | 'competitor' | null;
  answers: number;
  slots: number;
  /** Answers showing its ad over answers with ≥ 1 ad (Wilson). */
  presence: CommerceRate;
}

export interface ConquestRow {
  /** The tracked brand the prompt names. */
  brand: string;
  brandId: string;
  /** The competitor advertising on it. */
  advertiser: string;
  advertiserId: string;
  engine: string;
  answers: number;
  slots: number;
}

export interface AdList {
  period: { from: string; to: string; days: number };
  answers: number;
  withAds: number;
  adSlots: number;
  advertisers: AdvertiserRow[];
  /** Advertisers that are no tracked brand. */
  untracked: AdvertiserRow[];
  conquest: ConquestRow[];
}

/** Which answers a commerce number is about. */
export type CommerceDrillWhat =
  /** Answers that show a shopping surface (any product slot). */
  | { kind: 'shopping' }
  /** Answers that show at least one ad. */
  | { kind: 'ads' }
  /** Answers whose shelf shows a product of the brand. */
  | { kind: 'shelf'; brandId: string }
  /** Answers that show an ad of the brand. */
  | { kind: 'brand-ads'; brandId: string }
  /** Answers whose ads include this advertiser (its name or landing domain as stored). */
  | { kind: 'advertiser'; advertiser: string }
  /** Answers whose prompt names `brandId` and that show an ad of `advertiserId`. */
  | { kind: 'conquest'; brandId: string; advertiserId: string }
  /** Answers with a product sold by this merchant (the card's or an offer's). */
  | { kind: 'merchant'; merchant: string }
  /** Answers showing this product (by its title). */
  | { kind: 'product'; title: string };

/** The answers behind a commerce number: what, narrowed to one engine, location or day. */
export interface CommerceDrill {
  what: CommerceDrillWhat;
  engine?: string;
  /** 'DE' or 'US-CA'. */
  location?: string;
  /** YYYY-MM-DD. */
  day?: string;
}

/** The answers a commerce number stands for, newest first (capped), and how many there are. */
export interface CommerceAnswers {
  resultIds: string[];
  total: number;
}

/** core.services.commerce(): one way to compute every commerce number, for every front end. */
export interface CommerceService {
  summary(query: CommerceQuery, by?: CommerceBy): CommerceSummary;
  products(query: CommerceQuery, limit?: number): ProductList;
  ads(query: CommerceQuery): AdList;
  /** The answers stored before commerce rows existed, read into rows; done when none is left. */
  fill(batch?: number): { done: number; left: number };
  /** The answers behind a number (the Commerce view opens them in Compare). */
  answers(query: CommerceQuery, drill: CommerceDrill, limit?: number): CommerceAnswers;
}
