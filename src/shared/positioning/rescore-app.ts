import type { JudgeRef } from './types';

// The app's "Re-score history…" dialog: what a re-score will cost before it
// starts, and what it spends while it runs. Shared by main (positioning.rescore.* channels and
// the 'positioning.rescore' event) and the renderer; never carries the judge's key.

/** Which judge re-scores: the built-in one (free, offline) or the analyst's model judge. */
export type RescoreJudgeKind = 'builtin' | 'model';

/** Before Confirm: the answers a re-score will judge and, for a model, its tokens and price. */
export interface RescoreEstimateView {
  kind: RescoreJudgeKind;
  judge: JudgeRef;
  /** A stopped re-score of this judge carried on (the dialog says Resume), not a new one. */
  resuming: boolean;
  /** The job's answers judged so far and in all. */
  done: number;
  total: number;
  /** Only answers from this day (YYYY-MM-DD), when the dialog asked for a period. */
  from: string | null;
  /** Answers that will be judged (for a model: those its cache does not hold). */
  answers: number;
  /** Answers the model judge's cache already holds (free); 0 for the built-in judge. */
  cached: number;
  inputTokens: number;
  outputTokens: number;
  usd: number;
  /** The model judge's budget in USD (null: none set, or the built-in judge). */
  budget: number | null;
  /** Why the re-score is refused before any call (the estimate is above the budget), else null. */
  overBudget: string | null;
}

/** What a model judge's re-score has spent so far in this session. */
export interface RescoreUsageView {
  calls: number;
  inputTokens: number;
  outputTokens: number;
  usd: number;
  cachedAnswers: number;
}

/** Answers left "not scored", per reason: { refusal: 3, 'invalid reply': 1 }. */
export type NotScoredCounts = Record<string, number>;

/** The short reason of a model's "not scored" message (the dialog counts them per reason). */
export function notScoredReason(message: string): string {
  if (/the model refused/i.test(message)) return 'refusal';
  if (/not JSON|does not follow the schema|quotes? for/i.test(message)) return 'invalid reply';
  if (/rate limit|HTTP 429/i.test(message)) return 'rate limited';
  if (/did not answer in time|timed? ?out/i.test(message)) return 'timeout';
  if (/HTTP 5\d\d/.test(message)) return 'server error';
  if (/could not be reached/i.test(message)) return 'unreachable';
  if (/budget/i.test(message)) return 'budget spent';
  return 'other';
}
