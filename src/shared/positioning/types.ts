import type { BrandDefinition } from '../analytics/brand-types';

// The positioning contract: how an answer presents each brand it names. Every judge
// (built-in, a user's model, the sandbox as a model) produces these; the store, the views, the
// CLI and the findings engine read them. Names are fixed; fields may be added, never renamed.

/**
 * top: presented as the best or first choice; recommended: among the options the answer
 * recommends (conditionally too); mentioned: named without a recommendation (context, facts,
 * news, a how-to step, a citation); cautioned: a warning, a dominating drawback, advice to avoid.
 */
export type PositioningStatus = 'top' | 'recommended' | 'mentioned' | 'cautioned';

export type SentimentLabel = 'positive' | 'neutral' | 'negative';

export interface Sentiment {
  label: SentimentLabel;
  /** -1 (most negative) .. 1 (most positive). */
  score: number;
}

/** Offsets are UTF-16 offsets into the text the judge was given (JudgeInput.text): text.slice(start,end) === evidence.text. */
export interface Evidence {
  text: string;
  start: number;
  end: number;
}

export interface BrandAttribute {
  /** Normalised, lower-case: an English canonical key ("expensive") when the quality is known, else the phrase in the answer's language. */
  text: string;
  polarity: 'positive' | 'negative' | 'neutral';
  /** The words as the answer wrote them ("teuer", "価格が高い"), when they differ from `text`. Added field. */
  phrase?: string;
}

export interface JudgeRef {
  /** 'builtin' for the built-in judge. */
  id: string;
  /** Bumped whenever the judge's output for the same input can change. */
  version: string;
}

export interface BrandPositioning {
  brandId: string;
  status: PositioningStatus;
  sentiment: Sentiment;
  evidence: Evidence[];
  attributes: BrandAttribute[];
  judge: JudgeRef;
}

export interface JudgeInput {
  /** The answer as stored: Markdown when the result has it, else plain text. */
  text: string;
  format: 'markdown' | 'text';
  /** BCP 47 hint from the request's country/hl when known (e.g. 'de', 'ja'); the judge must also cope without it. */
  language?: string | null;
  brands: readonly BrandDefinition[];
}

/**
 * The built-in judge's verdict on an answer: its positionings, or not judged (`notScored`, a
 * note starting with NOT_JUDGED_PREFIX) when it names a brand in a language the judge does not read.
 */
export type BuiltinVerdict = BrandPositioning[] | { notScored: string };

export interface BuiltinJudge {
  readonly ref: JudgeRef;
  /** The positionings; none for an answer the judge does not read. */
  judge(input: JudgeInput): BrandPositioning[];
  verdict(input: JudgeInput): BuiltinVerdict;
}
