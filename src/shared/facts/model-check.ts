import type { JudgeRef } from '../positioning/types';

// The model judge's facts check as every front end sees it: the estimate before any call, what
// a run has spent, and where a run in the app stands. Never carries the judge's key.

export interface FactsCheckEstimate {
  judge: JudgeRef;
  /** Answers with a fact left for the model, and those with a fact still to pay for. */
  answers: number;
  answersToSend: number;
  /** Facts to send, and those the cache already holds (free). */
  facts: number;
  cachedFacts: number;
  inputTokens: number;
  outputTokens: number;
  usd: number;
  budget: number | null;
  /** Why the check is refused before any call (the estimate is above the budget), else null. */
  overBudget: string | null;
}

export interface FactsModelUsage {
  calls: number;
  /** Facts asked of the model, and those the cache answered for free. */
  judgedFacts: number;
  cachedFacts: number;
  /** Supported or contradicted verdicts dropped: their quote is not in the answer. */
  dropped: number;
  /** Answers given up on after the tries (asked again by the next run). */
  notJudged: number;
  inputTokens: number;
  outputTokens: number;
  usd: number;
}

/** The app's facts check with the model: running, or how the last one of this session ended. */
export interface FactsModelCheckStatus {
  phase: 'idle' | 'running' | 'finished' | 'canceled' | 'stopped';
  judge: string | null;
  done: number;
  total: number;
  usage: FactsModelUsage | null;
  /** Why it stopped (the budget, a key refused), else null. */
  message: string | null;
}
