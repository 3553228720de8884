import type { BrandDefinition } from '../analytics/brand-types';

export type PositioningStatus = 'top' | 'recommended' | 'mentioned' | 'cautioned';
export type SentimentLabel = 'positive' | 'neutral' | 'negative';
export interface Sentiment {
  label: SentimentLabel;
  score: number; /* -1..1 */
}
export interface Evidence {
  text: string;
  start: number;
  end: number;
}
export interface BrandAttribute {
  text: string;
  polarity: 'positive' | 'negative' | 'neutral';
}
export interface JudgeRef {
  id: string;
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
  text: string;
  format: 'markdown' | 'text';
  language?: string | null;
  brands: readonly BrandDefinition[];
}
export interface BuiltinJudge {
  readonly ref: JudgeRef;
  judge(input: JudgeInput): BrandPositioning[];
}
