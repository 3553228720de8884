import type { NetSentimentInterval } from '../analytics/net-sentiment';
import type { MeanStat, RateStat, ReanalysisProgress, ResolvedPeriod, VisibilityBrandRef } from './types';

// Visibility per prompt or per topic (the prompts' tags in the library): the Visibility view's
// Prompts table, `parallax visibility --by prompt|topic` and `parallax positioning --by …`.
// Every number carries its n and 95 % interval; a change on fewer than 30 answers a side is
// never significant and says so (src/shared/analytics/evidence.ts).

export type PromptGrouping = 'prompt' | 'topic';

/** A change against the previous period, with the evidence rule applied. */
export interface PromptStatChange {
  /** current − previous; null when either side has no data. */
  delta: number | null;
  /** The intervals do not overlap and both sides have at least 30 answers (ranked ones for a position). */
  significant: boolean;
  /** Either side rests on fewer than 30 answers: "few answers", whatever the intervals say. */
  fewAnswers: boolean;
}

/** The focus brand over one prompt's (or topic's) answers. */
export interface PromptMetrics {
  answers: number;
  mentionRate: RateStat;
  /** Over the answers naming the focus brand among the tracked brands (1 = named first). */
  avgPosition: MeanStat;
  /** Top pick or recommended, of the scored answers naming the focus brand (active judge). */
  recommendationRate: RateStat;
  /** Share positive − share negative of the same scored answers (-1..1). */
  netSentiment: NetSentimentInterval;
  /** The focus brand's mentions over all tracked brands' mentions. */
  shareOfVoice: RateStat;
}

export interface PromptRow {
  /** The prompt's text (by prompt) or the topic's name (by topic; '' for prompts without one). */
  key: string;
  /** The topics of the prompt (its tags in the library), or the topic itself. */
  topics: string[];
  /** Distinct prompts behind the row. */
  prompts: number;
  /** By prompt: the prompt names a tracked brand. By topic: every prompt of the topic does. */
  branded: boolean;
  /** The tracked brands the prompt names (by topic: any of its prompts). */
  brandedBy: string[];
  /** By topic: how many of its prompts are branded. */
  brandedPrompts: number;
  current: PromptMetrics;
  previous: PromptMetrics;
  change: {
    mentionRate: PromptStatChange;
    avgPosition: PromptStatChange;
    recommendationRate: PromptStatChange;
    netSentiment: PromptStatChange;
    shareOfVoice: PromptStatChange;
  };
}

export interface PromptsView {
  period: ResolvedPeriod;
  by: PromptGrouping;
  /** Branded prompts left out of every row (and of the share of voice). */
  unbranded: boolean;
  focusBrandId: string | null;
  brands: VisibilityBrandRef[];
  /** The judge whose scores give the recommendation rate. */
  judge: string;
  /** Answers in scope in the period (every row's answers sum to at least this; a topic may share prompts). */
  answers: number;
  /** Most answers first. */
  rows: PromptRow[];
  /** Every topic in the library, for the filter. */
  topics: string[];
  empty: string | null;
  reanalysis?: ReanalysisProgress | null;
}
