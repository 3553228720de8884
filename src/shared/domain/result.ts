import type { EngineName } from '../api/engines';

// The engine-independent view of one monitor result. The raw JSON is always stored beside
// it; this view is what the store indexes, the analytics read and the compare view shows.
// Every field is filled defensively: an engine that lacks a part yields an empty list or null.

export type SourceKind =
  | 'cited' // result.sources of an AI answer
  | 'citation-pill' // result.citationPills (one per pill and source)
  | 'organic' // web search organic results
  | 'news' // news search results
  | 'aio-source' // sources of a search AI overview
  | 'aio-pill' // citation pills of a search AI overview
  | 'paa-source' // sources of hydrated People Also Ask items
  | 'video'
  | 'place';

export interface NormalizedSource {
  /** 1-based order within its kind, as the engine gave it. */
  position: number;
  kind: SourceKind;
  url: string;
  /** Host name of url, lower case, without a leading www. (registrable domain is computed by analytics). */
  domain: string;
  title: string | null;
  snippet: string | null;
  redirectLink: string | null;
  datePublished: string | null;
}

export interface NormalizedEntity {
  type: string;
  name: string;
}

export interface NormalizedOffer {
  merchant: string | null;
  title: string | null;
  url: string | null;
  price: string | null;
  priceValue: number | null;
  currency: string | null;
  available: boolean | null;
}

export interface NormalizedProduct {
  /** 1-based, flat across cards. */
  position: number;
  origin: 'shopping-card' | 'inline-product' | 'product-result';
  title: string;
  url: string | null;
  brand: string | null;
  merchant: string | null;
  price: string | null;
  priceValue: number | null;
  currency: string | null;
  rating: number | null;
  reviews: number | null;
  offers: NormalizedOffer[];
}

export interface NormalizedAd {
  position: number;
  title: string;
  body: string | null;
  url: string | null;
  domain: string | null;
  advertiser: string | null;
  /** top / bottom / rhs / inline… where the engine says. */
  placement: string | null;
}

export interface NormalizedPeopleAlsoAsk {
  position: number;
  question: string;
  snippet: string | null;
  url: string | null;
  type: string | null;
}

export interface NormalizedAiOverview {
  text: string;
  markdown: string | null;
}

export interface NormalizedResult {
  engine: EngineName;
  /** Plain answer text (for search: the AI overview text, or '' when there is none). */
  text: string;
  markdown: string | null;
  /** URL(s) of stored HTML, when asked for. */
  htmlUrls: string[];
  model: string | null;
  /** The engine's query fan-out. */
  searchQueries: string[];
  /** All sources of every kind, each kind in the engine's order. */
  sources: NormalizedSource[];
  entities: NormalizedEntity[];
  products: NormalizedProduct[];
  ads: NormalizedAd[];
  peopleAlsoAsk: NormalizedPeopleAlsoAsk[];
  aiOverview: NormalizedAiOverview | null;
  relatedSearches: string[];
  /** assistant-a: which interface shape was served, as far as it can be told. */
  shape: 'legacy' | 'mobile-web' | null;
}
