import type { EngineName } from '../api/engines';
import type { SiteKind, SiteKindSource } from './site-kind-names';

// Brand visibility over time: the shapes the Visibility view, `parallax visibility` and
// `parallax sources` share. Every rate carries its sample (n) and a 95 % interval, and every
// period-over-period change says whether it is significant (the two intervals do not overlap).

/** What the metrics are computed over. Runs belong to a monitor; prompts to sets and tags. */
export type VisibilityScope =
  | { kind: 'all' }
  | { kind: 'monitor'; id: string }
  | { kind: 'promptSet'; id: string }
  /** Results whose run carries the tag, or whose prompt (from the library) does. */
  | { kind: 'tag'; name: string }
  | { kind: 'run'; id: string };

/**
 * Calendar days in UTC, both ends included. `days` counts back from today (the core's clock):
 * { days: 30 } is today and the 29 days before it.
 */
export type VisibilityPeriod = { days: number } | { from: string; to: string };

/** The filter every visibility query takes. */
export interface VisibilityQuery {
  scope: VisibilityScope;
  period: VisibilityPeriod;
  /** Only these engines (all when empty or absent). */
  engines?: EngineName[];
  /** Only these locations: 'DE' (a country) or 'US-CA' (a US state). All when empty or absent. */
  locations?: string[];
  /** The focus brand; default: the first brand of kind 'brand' (by name). */
  brandId?: string;
  /** Leave out the prompts that name a tracked brand (branded prompts). */
  unbranded?: boolean;
}

/** The period a query resolved to, and the previous period of the same length. */
export interface ResolvedPeriod {
  /** ISO dates (YYYY-MM-DD, UTC), inclusive. */
  from: string;
  to: string;
  days: number;
  previous: { from: string; to: string };
}

/** A proportion with its 95 % Wilson interval. value is null when n = 0 (never NaN). */
export interface RateStat {
  value: number | null;
  /** Successes and trials behind it. */
  k: number;
  n: number;
  lower: number | null;
  upper: number | null;
}

/** A mean with its 95 % interval (Student's t; null bounds when n < 2). */
export interface MeanStat {
  value: number | null;
  n: number;
  lower: number | null;
  upper: number | null;
}

/** The change of a stat against the previous period. */
export interface StatChange {
  /** current.value - previous.value; null when either side has no data. */
  delta: number | null;
  /** False when the two intervals overlap (or either side has no data): "not significant". */
  significant: boolean;
}

/** One brand over one bucket of answers (a period, a day, a run, a location, an engine…). */
export interface BrandMetrics {
  brandId: string;
  /** Answers in the bucket (the denominator of the rates). */
  answers: number;
  /** Answers whose text names the brand (a search result without text: its results' titles and snippets). */
  mentionRate: RateStat;
  /** Answers citing a source on one of the brand's domains. */
  citationRate: RateStat;
  /**
   * First position of the brand among the tracked brands named, over the answers naming it (1 = first);
   * for a search result without text, the rank of the first result naming it.
   */
  avgPosition: MeanStat;
  /** The brand's mentions over all tracked brands' mentions in the bucket. */
  shareOfVoice: RateStat;
}

export interface BrandMetricsWithChange extends BrandMetrics {
  previous: BrandMetrics;
  change: {
    mentionRate: StatChange;
    citationRate: StatChange;
    avgPosition: StatChange;
    shareOfVoice: StatChange;
  };
}

export interface VisibilityBrandRef {
  id: string;
  name: string;
  kind: 'brand' | 'competitor';
  domains: string[];
}

/**
 * Stored answers being analysed again after a brand change (aliases, domains, kind, a brand
 * added or deleted). Until it ends, brand numbers (mention, citation, position, share of voice,
 * citation gaps) count only the `done` answers analysed so far: show them as "re-analysing".
 * After the upgrade that reads search results without text by their results (migration
 * serp-mentions), only those answers are analysed again (`total` of them); the others keep
 * their numbers meanwhile.
 */
export interface ReanalysisProgress {
  /** Answers analysed with the current brands so far, of `total` stored when it started. */
  done: number;
  total: number;
  /** The upgrade's re-analysis of the search results without text, not a brand change's. */
  searchResults?: boolean;
}

/** KPIs of the focus brand and the competitor leaderboard, over the period and the previous one. */
export interface VisibilityOverview {
  period: ResolvedPeriod;
  /** Null when no brand of kind 'brand' is defined (the view then asks for one). */
  focusBrandId: string | null;
  brands: VisibilityBrandRef[];
  /** Answers in scope in the period and in the previous period. */
  answers: number;
  previousAnswers: number;
  /** The focus brand's metrics; null without a focus brand. */
  kpis: BrandMetricsWithChange | null;
  /** Every tracked brand (focus first, then by mention rate). */
  leaderboard: BrandMetricsWithChange[];
  /** Set when there is nothing to show, with the reason in words (never a blank chart). */
  empty: string | null;
  /** Set while a re-analysis after a brand change runs: brand numbers are partial until it ends. */
  reanalysis?: ReanalysisProgress | null;
}

export type VisibilityDimension = 'day' | 'run' | 'location' | 'engine';

/** Metrics per bucket: a day (ISO date), a run id, a location ('DE', 'US-CA') or an engine. */
export interface VisibilityBuckets {
  period: ResolvedPeriod;
  by: VisibilityDimension[];
  /** One row per bucket and brand; `bucket` holds one key per dimension of `by`. */
  rows: Array<BrandMetrics & { bucket: Partial<Record<VisibilityDimension, string>> }>;
  /** Labels for run buckets (run name or date) so charts need no second call. */
  runLabels: Record<string, string>;
  empty: string | null;
  /** As VisibilityOverview.reanalysis. */
  reanalysis?: ReanalysisProgress | null;
}

/** One cited domain over the scope. */
export interface DomainStat {
  domain: string;
  /** Answers citing the domain, of all answers in scope. */
  share: RateStat;
  previousShare: RateStat;
  change: StatChange;
  /** Share per day of the period (ISO date → share; days without answers are left out). */
  trend: Array<{ day: string; share: number; answers: number }>;
  /** The tracked brand whose domain it is, if any. */
  brandId: string | null;
  /** Source kinds seen for it (citation, reference, organic…). */
  kinds: string[];
  /** The kind of site it is (own, competitor, retailer…: site-kinds.ts) and where that came from. */
  siteKind: SiteKind;
  siteKindSource: SiteKindSource;
}

/**
 * One kind of site's share of the citations in scope: of every (answer, cited domain) pair,
 * those whose domain is of this kind, against the previous period.
 */
export interface SiteKindShare {
  kind: SiteKind;
  share: RateStat;
  previousShare: RateStat;
  change: StatChange;
  /** Distinct domains of this kind cited in the period. */
  domains: number;
}

export interface SourcesView {
  period: ResolvedPeriod;
  answers: number;
  domains: DomainStat[];
  /** Shares of the citations by kind of site, every kind (zero shares included), largest first. */
  byKind: SiteKindShare[];
  /** (answer, cited domain) pairs in the period and the previous one: the byKind shares' n. */
  citations: number;
  previousCitations: number;
  empty: string | null;
}

/** A domain cited where competitors are named and the focus brand is not. */
export interface CitationGap {
  domain: string;
  /** Of the answers that name a competitor but not the focus brand, how many cite the domain. */
  gapAnswers: RateStat;
  /** The competitors named in those answers, most frequent first. */
  competitors: Array<{ brandId: string; answers: number }>;
  /** Whether the focus brand is ever cited on this domain's pages in scope (a partial gap). */
  focusCitedElsewhere: boolean;
  siteKind: SiteKind;
}

export interface CitationGapsView {
  period: ResolvedPeriod;
  focusBrandId: string;
  /** Answers naming a competitor but not the focus brand (the gaps' denominator). */
  gapAnswers: number;
  /**
   * The citation gaps (citationGapLists in src/core/analysis): domains cited in at least
   * `minAnswers` of those answers, never in an answer naming the focus brand, and not a tracked
   * brand's own site. Most cited first.
   */
  gaps: CitationGap[];
  /** As gaps, but also cited in answers naming the focus brand: it is there already, not everywhere. */
  partialGaps: CitationGap[];
  /** Competitors' own sites cited in those answers: listed apart, no page to get onto. */
  competitorSites: CitationGap[];
  /** Cited in fewer than `minAnswers` gap answers (few answers: chance), listed apart, most cited first. */
  thinGaps: CitationGap[];
  minAnswers: number;
  empty: string | null;
  /** As VisibilityOverview.reanalysis. */
  reanalysis?: ReanalysisProgress | null;
}

export interface UrlStat {
  url: string;
  title: string | null;
  /** Answers citing the URL. */
  answers: number;
  /** Best (lowest) position among the answer's sources. */
  bestPosition: number;
}

export interface UrlsView {
  period: ResolvedPeriod;
  /** The domain drilled into, or the focus brand's domains for its own URLs. */
  domain: string | null;
  urls: UrlStat[];
  empty: string | null;
}

/** A search query an engine ran to answer (fan-out). */
export interface FanOutQuery {
  query: string;
  /** Answers whose engine ran it. */
  answers: number;
  engines: EngineName[];
  /** Not seen in the previous period. */
  isNew: boolean;
  firstSeen: string;
}

export interface FanOutView {
  period: ResolvedPeriod;
  answers: number;
  queries: FanOutQuery[];
  empty: string | null;
}

/**
 * Which answers a number stands for, so the view can open exactly those in Compare. All
 * fields narrow the query's answers; none means every answer in scope.
 */
export interface VisibilityDrill {
  /** Alone: answers that name the brand or cite its domains. */
  brandId?: string;
  /** With brandId: answers that name it (true) or do not (false). */
  mentioned?: boolean;
  /**
   * With mentioned: true, only the answers naming it in their own text, as positioning reads
   * them (a results page without text, naming it only in its results' titles, is left out).
   */
  inText?: boolean;
  /** With brandId: answers that cite its domains. */
  cited?: boolean;
  day?: string;
  runId?: string;
  location?: string;
  engine?: EngineName;
  /** Answers citing this domain (or, with url, this URL). */
  domain?: string;
  url?: string;
  /** Answers naming a competitor but not the focus brand (a citation gap). */
  gapFor?: string;
  /** Answers whose engine ran this search query. */
  query?: string;
  /** Answers to this prompt (its text as asked). */
  prompt?: string;
  /** Answers to the prompts carrying this topic ('' : prompts without a topic). */
  topic?: string;
}

export interface DrillResults {
  /** Newest first, capped at the requested limit. */
  resultIds: string[];
  total: number;
}

/** A prompt × engine × location asked more than once, for Over time's picker. */
export interface SeriesKeyView {
  prompt: string;
  engine: EngineName;
  country: string;
  state: string | null;
  answers: number;
  firstAt: number;
  lastAt: number;
}

/** The kinds of cited sites: the shipped list's date, the user's overrides, and asked domains classed. */
export interface SiteKindsView {
  /** When the shipped list of well-known sites was reviewed (ISO date), and how many entries it has. */
  listDate: string;
  listSize: number;
  /** The focus brand whose domains count as "own" (null without one). */
  focusBrandId: string | null;
  overrides: Array<{ domain: string; kind: SiteKind; updatedAt: number }>;
  /** The domains asked about, each with its kind and where it came from. */
  domains: Array<{ domain: string; kind: SiteKind; source: SiteKindSource }>;
}
