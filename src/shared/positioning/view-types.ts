import type {
  MeanStat,
  RateStat,
  ResolvedPeriod,
  StatChange,
  VisibilityBrandRef,
  VisibilityDimension,
} from '../visibility/types';
import type { NetSentimentInterval } from '../analytics/net-sentiment';
import type { BrandAttribute, Evidence, JudgeRef, PositioningStatus, SentimentLabel } from './types';
import type { NotScoredCounts, RescoreUsageView } from './rescore-app';

// What the Positioning queries return (the positioning.* IPC channels, `parallax positioning`,
// the MCP tool brand_positioning and the findings engine): per brand over a scope and period,
// how the answers naming it present it, each number with its sample and 95 % interval.

export type StatusCounts = Record<PositioningStatus, number>;
export type SentimentCounts = Record<SentimentLabel, number>;

/** Share positive − share negative of the answers naming the brand, -1..1, with its interval. */
export type NetSentimentStat = NetSentimentInterval;

/** An attribute the answers attach to a brand, over the answers naming it. */
export interface AttributeStat {
  /** Normalised key ("expensive", "easy setup"). */
  text: string;
  /** Its usual polarity (the most frequent one among its answers). */
  polarity: BrandAttribute['polarity'];
  /** Answers where the brand carries it. */
  count: number;
  positive: number;
  negative: number;
  /** count of the answers naming the brand, with its 95 % Wilson interval. */
  share: RateStat;
}

/** One brand over one bucket of answers (the period, a day, a run, a location, an engine). */
export interface PositioningMetrics {
  brandId: string;
  /** Answers naming the brand that the active judge scored (every rate's n). */
  n: number;
  /** Top pick or recommended, of the answers naming the brand (Wilson interval). */
  recommendationRate: RateStat;
  /** Share positive − share negative (Tango's score interval, see docs/guides/positioning.md). */
  netSentiment: NetSentimentStat;
  statusCounts: StatusCounts;
  sentimentCounts: SentimentCounts;
  /** The mean tone score (-1..1) with its t interval. */
  meanScore: MeanStat;
  /** Most frequent attributes first (at most the query's attributeLimit). */
  topAttributes: AttributeStat[];
}

export interface PositioningMetricsWithChange extends PositioningMetrics {
  /** The previous period of the same length (its topAttributes empty: ask for that period to list them). */
  previous: PositioningMetrics;
  change: { recommendationRate: StatChange; netSentiment: StatChange };
}

/** The re-score under way (or paused), as the views show it. */
export interface RescoreProgress {
  reason: 'upgrade' | 'judge' | 'brands' | 'request';
  judge: JudgeRef;
  done: number;
  total: number;
  /** Stopped by the analyst: resumes only when started again. */
  paused: boolean;
  startedAt: number | null;
  /** Only answers from this day (YYYY-MM-DD), when the request said --since. */
  from: string | null;
  /** What moved so far. */
  moved: RescoreMoves;
}

/** Answers whose positioning of a brand moved from one status (or tone) to another. */
export interface StatusTransition {
  brandId: string;
  /** null: the brand was not named (or not judged) before / is not after. */
  from: PositioningStatus | null;
  to: PositioningStatus | null;
  answers: number;
}

export interface ToneTransition {
  brandId: string;
  from: SentimentLabel | null;
  to: SentimentLabel | null;
  answers: number;
}

export interface RescoreMoves {
  /** Answers judged again. */
  rescored: number;
  /** Answers where some brand's status or tone changed. */
  changed: number;
  /** Largest first. */
  status: StatusTransition[];
  tone: ToneTransition[];
}

/** The last finished (or stopped) re-score. */
export interface RescoreSummary extends RescoreMoves {
  reason: RescoreProgress['reason'];
  judge: JudgeRef;
  /** Answers visited (judged again or found already up to date). */
  answers: number;
  startedAt: number | null;
  finishedAt: number;
  from: string | null;
  /** Plain sentences: "14 answers went from recommended to mentioned for Veloxa". */
  lines: string[];
}

export interface RescoreStatus {
  /** The built-in re-score running in this process (the app's worker, the CLI's loop). */
  running: boolean;
  job: RescoreProgress | null;
  last: RescoreSummary | null;
  /** A model judge's re-score in this session: what it spent, and answers not scored per reason. */
  model?: { usage: RescoreUsageView; notScored: NotScoredCounts } | null;
}

/**
 * Answers of the scope and period naming a tracked brand that the judge did not read (the
 * built-in judge: a language it has no lists for). No number counts them.
 */
export interface NotJudgedView {
  answers: number;
  /** "412 answers in languages the built-in judge does not read: a model judge can score them"; null for none. */
  note: string | null;
}

/** The focus brand's positioning KPIs and every tracked brand's, over the period and the previous one. */
export interface PositioningSummary {
  period: ResolvedPeriod;
  /** The judge whose rows the numbers count (the active judge setting). */
  judge: { id: string };
  focusBrandId: string | null;
  brands: VisibilityBrandRef[];
  kpis: PositioningMetricsWithChange | null;
  /** Focus first, then by recommendation rate. */
  leaderboard: PositioningMetricsWithChange[];
  empty: string | null;
  /** Set while answers are being re-scored: numbers mix the old and new judgements until it ends. */
  rescore: RescoreProgress | null;
  notJudged: NotJudgedView;
}

export interface PositioningBuckets {
  period: ResolvedPeriod;
  judge: { id: string };
  by: VisibilityDimension[];
  rows: Array<PositioningMetrics & { bucket: Partial<Record<VisibilityDimension, string>> }>;
  runLabels: Record<string, string>;
  empty: string | null;
  rescore: RescoreProgress | null;
  notJudged: NotJudgedView;
}

/** An attribute frequent for competitors and absent or rare for the focus brand. */
export interface AttributeGap {
  text: string;
  polarity: BrandAttribute['polarity'];
  /** Of the answers naming the focus brand, those attaching it to the focus. */
  focus: RateStat;
  /** The competitors carrying it, highest share first. */
  competitors: Array<{ brandId: string; share: RateStat }>;
  /** The leading competitor's interval lies above the focus brand's. */
  significant: boolean;
}

export interface AttributeGapsView {
  period: ResolvedPeriod;
  judge: { id: string };
  focusBrandId: string;
  gaps: AttributeGap[];
  empty: string | null;
  rescore: RescoreProgress | null;
  notJudged: NotJudgedView;
}

/** One brand's positioning in one answer, as `parallax show --json` prints it and Compare shows it. */
export interface StoredPositioning {
  brand: string;
  brandId: string;
  status: PositioningStatus;
  sentiment: { label: SentimentLabel; score: number };
  evidence: Evidence[];
  attributes: Array<{ text: string; polarity: BrandAttribute['polarity'] }>;
  judge: JudgeRef;
}

/** An answer's positioning by one judge (the active one unless asked). */
export interface ResultPositioning {
  resultId: string;
  /** Which text the evidence offsets point into: the answer's Markdown or its plain text. */
  format: 'markdown' | 'text' | null;
  /** Not scored yet (null judge), or scored; notScored: why the judge could not (a model's refusal). */
  judge: JudgeRef | null;
  notScored: string | null;
  brands: StoredPositioning[];
}
