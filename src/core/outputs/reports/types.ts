import type { FactsFigures } from '../../../shared/facts';
import type { AlertDigest, AlertKind, AlertView } from '../../../shared/alerts/types';
import type { EngineLabels } from '../../../shared/narrative/places';
import type { Finding } from './findings';
import type { EngineName } from '../../../shared/api/engines';
import type { AttributeGapsView, PositioningSummary } from '../../../shared/positioning/view-types';
import type { AdList, CommerceBucket, CommerceRate, CommerceSummary } from '../../../shared/commerce';
import type {
  BrandMetricsWithChange,
  CitationGapsView,
  ResolvedPeriod,
  SourcesView,
  UrlsView,
  VisibilityBrandRef,
  VisibilityBuckets,
  VisibilityPeriod,
  VisibilityScope,
} from '../../../shared/visibility/types';

// What a client report holds: everything is read first (collect.ts), then rendered to HTML or
// XLSX from this one object, so both formats say the same thing and tests can compare them.

export { REPORT_FORMATS, type ReportFormat } from '../../../shared/ipc/channels/reports';

/** What to report on: one monitor over one period (and optionally another focus brand). */
export interface ReportRequest {
  monitorId: string;
  period: VisibilityPeriod;
  /** The focus brand; default: the first brand of kind 'brand' (as the Visibility view picks it). */
  brandId?: string;
}

/** A tracked question as the monitor asks it; topic null until prompts carry one. */
export interface ReportQuestion {
  text: string;
  topic: string | null;
}

/** Tracked questions under one heading: a topic, or null for the monitor's questions without one. */
export interface QuestionGroup {
  topic: string | null;
  questions: string[];
}

export interface ReportMonitor {
  id: string;
  name: string;
  cadence: string;
  engines: EngineName[];
  /** 'DE', 'US-CA'. */
  locations: string[];
  prompts: number;
  repeats: number;
  /** The questions the monitor asks, in its order. */
  questions: ReportQuestion[];
}

/** How the answers present each brand: the positioning summary and the attributes the focus lacks. */
export interface ReportPositioning {
  summary: PositioningSummary;
  /** Null without a focus brand. */
  attributeGaps: AttributeGapsView | null;
}

/** The positioning numbers for the report's scope and period (given by a room that may read them). */
export type PositioningSource = (query: {
  scope: VisibilityScope;
  period: VisibilityPeriod;
  brandId?: string;
}) => ReportPositioning;

/** A retailer of the period's shelves: its product slots and the focus brand's share of them. */
export interface ReportMerchant {
  merchant: string;
  slots: number;
  /** The focus brand's share of the merchant's slots (slots, not answers); null without a focus brand. */
  focusShare: CommerceRate | null;
}

/** The products and ads of the period's answers: shelf and ads per brand, retailers, advertisers. */
export interface ReportCommerce {
  /** Surfaces, every brand's shelf and ads (focus brand first), and paid vs organic per engine. */
  summary: Omit<CommerceSummary, 'buckets' | 'by'>;
  /** The same per engine: every brand's shelf, price index and ads on each engine. */
  byEngine: CommerceBucket[];
  /** The retailers with the most product slots, most first. */
  merchants: ReportMerchant[];
  /** Advertisers (tracked and not), and competitors' ads on questions naming a tracked brand. */
  ads: AdList;
}

/**
 * The commerce numbers for the report's scope and period, or null when no answer of the period
 * shows a product or an ad (the report then leaves the section out).
 */
export type CommerceSource = (
  query: { scope: VisibilityScope; period: VisibilityPeriod },
  focusBrandId: string | null,
) => ReportCommerce | null;

/** An answer behind a finding, as the report shows it: plain text, escaped when rendered. */
export interface ReportAnswer {
  resultId: string;
  runId: string;
  prompt: string;
  engine: EngineName;
  /** 'DE' or 'US-CA'. */
  location: string;
  /** ISO date (UTC) the answer was fetched. */
  date: string;
  /** A window of the answer text around the first competitor it names (plain text). */
  excerpt: string;
  /** Tracked brands the answer names, in text order. */
  brandsNamed: string[];
  sources: Array<{ url: string; title: string | null; domain: string }>;
  sandbox: boolean;
}

/** A group of answers behind one finding, with the sentence that says what they show. */
export interface ReportEvidence {
  /** 'missing' (a competitor named, the focus brand not) or 'gap-domain' (they cite a gap domain). */
  kind: 'missing' | 'gap-domain';
  title: string;
  /** The gap domain, for 'gap-domain'. */
  domain: string | null;
  /** Answers matching the finding in the period (the list holds the latest few). */
  total: number;
  answers: ReportAnswer[];
}

/** The report's title and look: set per monitor, with defaults a client can read. */
export interface ReportLook {
  /** The client's name (default: the focus brand's). */
  clientName: string;
  /** The report's subject (default: "Visibility in AI answers"). */
  subject: string;
  /** A sanitised data: URI, or null. */
  logo: string | null;
  /** #rgb or #rrggbb. */
  accent: string;
  /** Which of the client's name and logo the monitor's options leave unset (the defaults stand in). */
  unset: Array<'clientName' | 'logo'>;
}

export interface ClientReport {
  /** "Veloxa GmbH · Running shoes in AI answers": the client's name and the report's subject. */
  title: string;
  look: ReportLook;
  /** Engine labels of the service profile in use. */
  labels: EngineLabels;
  /** The period's findings, strongest first (at most 7): the executive summary. */
  findings: Finding[];
  generatedAt: number;
  monitor: ReportMonitor;
  period: ResolvedPeriod;
  /** Some answers in the period come from the sandbox (synthetic, never real engine output). */
  synthetic: boolean;
  /** Runs of the monitor created in the period. */
  runs: number;
  answers: number;
  previousAnswers: number;
  focus: VisibilityBrandRef | null;
  brands: VisibilityBrandRef[];
  /** The focus brand's KPIs with their change; null without a focus brand. */
  kpis: BrandMetricsWithChange | null;
  leaderboard: BrandMetricsWithChange[];
  /** Per day, every brand (the trend charts use the focus brand's rows). */
  trend: VisibilityBuckets;
  /**
   * Per week (each day bucket names the week's Monday), when a typical day holds too few answers
   * to read day by day: the charts then draw weekly points. Absent otherwise.
   */
  trendByWeek?: VisibilityBuckets;
  /** Per location × engine, every brand (the heatmap uses the focus brand's rows). */
  heatmap: VisibilityBuckets;
  /** The tracked questions, grouped by topic (one group while prompts carry none). */
  questions: QuestionGroup[];
  /** How the answers present each brand; null when no positioning source was given. */
  positioning: ReportPositioning | null;
  /** Products and ads of the period's answers; null (or absent) when none shows any, or no source was given. */
  commerce?: ReportCommerce | null;
  /** Each brand's facts against the answers since the period began (all questions); absent when not read. */
  facts?: FactsFigures | null;
  /** Per engine, every brand (the brands by AI engine table); absent in reports built before it. */
  byEngine?: VisibilityBuckets;
  sources: SourcesView;
  /**
   * The citation gaps as the app and `parallax sources --gaps` list them (citationGapLists in
   * src/core/analysis), the top REPORT_TOP of each list; null without a focus brand.
   */
  gaps: CitationGapsView | null;
  ownUrls: UrlsView | null;
  /**
   * The monitor's change alerts raised in the period (at most REPORT_ALERTS): whole-monitor
   * (pooled) ones first, then per cell, newest first.
   */
  alerts: AlertView[];
  /** Alerts raised in the period per kind (kinds with none left out). */
  alertKinds: Array<{ kind: AlertKind; count: number }>;
  /** Alerts raised in the period (may exceed the list). */
  alertsTotal: number;
  /** The newest runs' digests in the period (their alerts in plain sentences). */
  digests: AlertDigest[];
  evidence: ReportEvidence[];
  /** Why there is nothing to show, in words (null when there are answers). */
  empty: string | null;
  /** Set while brand numbers are partial (a brand change is being re-analysed). */
  partial: { done: number; total: number } | null;
}
