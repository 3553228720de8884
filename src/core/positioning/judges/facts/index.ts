// The analyst's model judge on brand facts: the facts the built-in checker leaves not addressed
// (or cannot read) asked of the positioning judge's model, with its providers, key, budget and
// retries, and a cache of its own (docs/internals/facts.md#the-model-judge).
export {
  createFactsModelJudge,
  factCacheKey,
  factsBudgetMessage,
  factsJudgeRef,
  storeFactsJudgeCache,
  type FactsJudgeCache,
  type FactsModelJudge,
  type FactsModelUsage,
} from './facts-judge';
export {
  estimateFactsCheck,
  FACTS_BATCH,
  runFactsCheck,
  type FactsCheckEstimate,
  type FactsCheckOutcome,
  type FactsCheckProgress,
  type FactsRunStore,
} from './facts-run';
export { createFactsCheckDriver, type FactsCheckDriver, type FactsCheckDriverDeps } from './facts-driver';
