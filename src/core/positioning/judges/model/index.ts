// The model judge: a language model as a positioning judge,
// through the official OpenAI and Anthropic SDKs, for the archive's re-score only (never at
// ingest). See docs/guides/positioning-model-judge.md.

export {
  classifyFailure,
  ModelCallError,
  retryAfterMs,
  type ModelCaller,
  type ReplyFormat,
  type TokenUsage,
} from './caller';
export { askModel, copySpend, emptyAskState, type AskDeps, type AskOutcome, type AskState } from './ask';
export {
  DEFAULT_CONCURRENCY,
  MODEL_PROVIDERS,
  modelJudgeConfigSchema,
  modelJudgeRef,
  type ModelJudgeConfig,
  type ModelProvider,
} from '../../../../shared/positioning/model-judge-config';
export {
  addToEstimate,
  emptyEstimate,
  estimateTokens,
  formatUsd,
  tokensOfChars,
  usdOf,
  type CostEstimate,
} from './cost';
export {
  budgetMessage,
  cacheKeyOf,
  createModelJudge,
  mapLimited,
  ModelJudgeStopped,
  type JudgeCache,
  type ModelJudge,
  type ModelJudgeUsage,
} from './model-judge';
export { createAnthropicCaller } from './anthropic-caller';
export { createOpenAiCaller, type CallerOptions } from './openai-caller';
export { InvalidReply, locateQuote, parseReply, parseWith, toPositionings } from './verdict';
export { DEFAULT_RETRY, type RetryPolicy } from './retry';
export { createModelCaller } from './create-caller';
