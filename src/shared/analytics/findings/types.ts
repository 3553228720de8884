import type { CommerceDrillWhat } from '../../commerce/types';
import type { Coverage } from '../evidence';

// The findings engine's input (sums read from the history's roll-ups, one period and the
// previous one) and output (at most 7 ranked findings in plain words, each with its numbers).

/** An engine × location cell: the unit a change is decomposed into. */
export interface CellKey {
  engine: string;
  /** A country code or a US state ('DE', 'US-CA'). */
  loc: string;
}

export interface CellAnswers extends CellKey {
  answers: number;
}

/** Brand sums of one cell (the Visibility roll-ups' columns). */
export interface BrandCellSums extends CellKey {
  brandId: string;
  /** Answers naming the brand. */
  mentioned: number;
  /** Answers where the brand has a first-mention rank, with the ranks' sum and sum of squares. */
  ranked: number;
  rankSum: number;
  rankSq: number;
  /** Mentions of the brand (share of voice counts these against every brand's). */
  mentions: number;
}

/** Positioning sums of one cell (the positioning roll-ups' columns). */
export interface PositioningCellSums extends CellKey {
  brandId: string;
  /** Answers naming the brand that the judge scored. */
  n: number;
  top: number;
  recommended: number;
  positive: number;
  negative: number;
}

export interface AttributeSums {
  brandId: string;
  attr: string;
  /** Answers attaching the attribute to the brand. */
  n: number;
}

/** Answers of one cell citing a domain. */
export interface DomainCellSums extends CellKey {
  domain: string;
  answers: number;
}

/** What one engine × location cell's answers of a period cover (see PeriodSums.coverage). */
export interface CellCoverage extends CellKey {
  /** The days (YYYY-MM-DD) with at least one answer. */
  days: readonly string[];
  /** Prompts with at least one answer (each a prompt × engine × location combination). */
  prompts: number;
}

/** One period's sums. */
export interface PeriodSums {
  cells: readonly CellAnswers[];
  /**
   * The days and prompts each cell's answers cover, to tell whether the two periods compare like
   * with like; absent, the periods are taken as comparable.
   */
  coverage?: readonly CellCoverage[];
  brands: readonly BrandCellSums[];
  positioning: readonly PositioningCellSums[];
  attributes: readonly AttributeSums[];
  domains: readonly DomainCellSums[];
  /** The commerce roll-ups' sums (absent: no commerce findings). */
  commerce?: CommercePeriodSums;
  /** The fact checks' sums (absent: no facts findings). */
  facts?: FactsPeriodSums;
}

/** One period's fact checks of the tracked brands with a fact sheet, per engine × location cell. */
export interface FactsPeriodSums {
  /** Per brand and fact: answers addressing the fact, those contradicting it, and one contradicting quote. */
  facts: ReadonlyArray<
    CellKey & {
      brandId: string;
      key: string;
      addressing: number;
      contradicted: number;
      evidence: string | null;
    }
  >;
  /** Per brand: answers addressing any of its facts, and those contradicting at least one. */
  brands: ReadonlyArray<CellKey & { brandId: string; addressing: number; contradicting: number }>;
}

/** One period's commerce sums: the shelf per cell, and what the event findings compare. */
export interface CommercePeriodSums {
  /** Answers with a shopping surface, per cell. */
  shopping: readonly CellAnswers[];
  /** Answers whose shelf shows ≥ 1 product of the brand, per cell. */
  shelf: ReadonlyArray<CellKey & { brandId: string; answers: number }>;
  /** Answers with ≥ 1 ad. */
  withAds: number;
  /** Per product title, location and currency: its slots and, per day, its priced slots and their sum. */
  products: readonly ProductDaySums[];
  /** Answers showing each advertiser's ad (tracked brands carry their id). */
  advertisers: ReadonlyArray<{ advertiser: string; brandId: string | null; answers: number }>;
  /** Answers whose prompt names `victimId` that show an ad of `brandId`. */
  conquest: ReadonlyArray<{ victimId: string; brandId: string; answers: number }>;
}

export interface ProductDaySums {
  title: string;
  brandId: string | null;
  loc: string;
  currency: string;
  /** YYYY-MM-DD. */
  day: string;
  slots: number;
  priced: number;
  priceSum: number;
}

export interface FindingsBrand {
  id: string;
  name: string;
  kind: 'brand' | 'competitor';
  domains: readonly string[];
}

/** A day's answers in a scope and how many of them cite a domain (a citation's day series). */
export interface DayCitations {
  /** YYYY-MM-DD. */
  day: string;
  answers: number;
  cited: number;
}

/** Which answers are behind a finding: the reader turns this into result ids. */
export interface DrillSpec {
  period: 'current' | 'previous';
  brandId?: string;
  mentioned?: boolean;
  domain?: string;
  engine?: string;
  loc?: string;
  /** From this day (YYYY-MM-DD) on, within the period. */
  fromDay?: string;
  /** A commerce finding's answers (the commerce slot rows'), instead of the brand or domain's. */
  commerce?: CommerceDrillWhat;
  /** A facts finding's answers: those contradicting the brand's fact (any of its facts without a key). */
  facts?: { brandId: string; key?: string };
}

export interface FindingsInput {
  period: { from: string; to: string; previous: { from: string; to: string } };
  /** The brand the findings are about first (null: none defined). */
  focusBrandId: string | null;
  brands: readonly FindingsBrand[];
  current: PeriodSums;
  previous: PeriodSums;
  /**
   * A domain's citations day by day over both periods in a scope (engine and/or location), for
   * the day a citation started or stopped. Called only for the few citation findings kept.
   */
  citationDays?: (domain: string, scope: Partial<CellKey>) => DayCitations[];
  /** The answers behind a finding (newest first); called only for the findings kept. */
  drill?: (spec: DrillSpec) => string[];
  /** Engine labels (the service profile's); default: the built-in names, else the id. */
  engineLabel?: (engine: string) => string;
  /** False-discovery rate across every test the scan makes (default 0.05). */
  fdr?: number;
  /** At most this many findings (default and maximum 7). */
  limit?: number;
  /** A tracked brand's price change this big (either way, 0–1) is a finding (default 0.1). */
  priceMove?: number;
}

export type FindingKind =
  | 'mention-rate'
  | 'position'
  | 'share-of-voice'
  | 'recommendation-rate'
  | 'net-sentiment'
  | 'attribute'
  | 'citation'
  | 'shelf-presence'
  | 'product-shelf'
  | 'price'
  | 'advertiser'
  | 'conquest'
  | 'new-contradiction'
  | 'discrepancy-rate';

/** The commerce findings that are events (a product, price, advertiser or conquest), not a brand's rate. */
export const COMMERCE_EVENT_KINDS = ['product-shelf', 'price', 'advertiser', 'conquest'] as const;

/** A number with its sample size and 95 % interval. */
export interface Estimate {
  value: number;
  n: number;
  lower: number;
  upper: number;
}

/** One cell's part of a change. */
export interface Contribution extends CellKey {
  /** Points of the whole change this cell carries (same unit as the effect). */
  contribution: number;
  /** Its part of the whole change, 0..1 (above 1 when other cells moved the other way). */
  share: number;
  before: Estimate;
  after: Estimate;
}

export interface Finding {
  kind: FindingKind;
  /** One sentence in plain words. */
  text: string;
  /**
   * The change, signed, in the metric's unit: a rate as a fraction (−0.18 = 18 points down),
   * a position in places (lower is better), net sentiment in −1..1.
   */
  effect: number;
  /** Standardised effect (Cohen's h for rates, d for means): what the ranking weighs. */
  effectSize: number;
  /**
   * Significant after the false-discovery-rate control across every cell scanned, and on at
   * least 30 answers a side (MIN_ANSWERS_A_SIDE).
   */
  significant: boolean;
  /** Fewer than 30 answers on a side (ranked answers for a position): said as "few answers". */
  fewAnswers: boolean;
  /**
   * The earlier period covers far fewer days or cells (prompt × engine × location) in the
   * finding's scope than the later one: its coverage, else null (like for like, or unknown).
   */
  shortEarlier: Coverage | null;
  /** The test's p-value and its Benjamini–Hochberg adjusted value (q). */
  pValue: number;
  qValue: number;
  /** What the ranking sorted by (effect size × significance × subject weight). */
  score: number;
  brandId: string | null;
  domain: string | null;
  attribute: string | null;
  /** The scope the numbers are measured in (all engines and locations when both absent). */
  scope: Partial<CellKey>;
  before: Estimate;
  after: Estimate;
  /** The engine × location cells carrying most of the change, biggest first. */
  concentration: Contribution[];
  /** The competitor who gained most where the focus lost (same metric and cells). */
  competitor: {
    brandId: string;
    name: string;
    effect: number;
    before: Estimate;
    after: Estimate;
    pValue: number;
  } | null;
  /** The first day of the new state, when a citation clearly started or stopped. */
  changeDay: string | null;
  /** The answers behind the finding (the current period's, newest first). */
  resultIds: string[];
  /** A product finding's product (its price's location and currency). */
  product?: { title: string; loc: string; currency: string | null };
  /** An advertiser or conquest finding's advertiser, as stored. */
  advertiser?: string;
  /** A facts finding's fact (its key in the brand's sheet). */
  fact?: string;
}

export interface FindingsView {
  period: FindingsInput['period'];
  focusBrandId: string | null;
  /** Tests made across cells (what the false-discovery control counts). */
  tests: number;
  findings: Finding[];
}
