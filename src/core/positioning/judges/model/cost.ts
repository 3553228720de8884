import {
  judgePayload,
  MODEL_REPLY_JSON_SCHEMA,
  MODEL_SYSTEM_PROMPT,
} from '../../../../shared/positioning/model-contract';
import type { JudgeInput } from '../../../../shared/positioning/types';
import type { TokenUsage } from './caller';
import type { ModelJudgeConfig, ModelProvider } from '../../../../shared/positioning/model-judge-config';

// The cost of a re-score before it starts, and of what it spent. Input tokens are estimated
// from the characters sent (the system prompt, the schema and the payload) at a per-provider
// characters-per-token figure: no tokenizer package covers every model served through an
// OpenAI-compatible endpoint (a local Llama or Qwen tokenizes otherwise), and an estimate that
// errs a little high is what a budget needs. Output tokens: a fixed allowance per brand the
// answer names (status, tone, two quotes, a few attributes as JSON) plus the envelope.

/** Characters per token: ~4 for English on OpenAI's and Anthropic's tokenizers; 3.5 errs high. */
const CHARS_PER_TOKEN: Record<ModelProvider, number> = {
  openai: 3.5,
  'openai-compatible': 3.5,
  anthropic: 3.5,
};
/** Input tokens of `chars` characters sent, erring high. */
export const tokensOfChars = (provider: ModelProvider, chars: number): number =>
  Math.ceil(chars / CHARS_PER_TOKEN[provider]);

/** Output tokens per brand named, and per reply. */
export const OUTPUT_TOKENS_PER_BRAND = 90;
const OUTPUT_TOKENS_PER_REPLY = 10;

const FIXED_CHARS = MODEL_SYSTEM_PROMPT.length + JSON.stringify(MODEL_REPLY_JSON_SCHEMA).length;

export interface CostEstimate {
  answers: number;
  inputTokens: number;
  outputTokens: number;
  usd: number;
}

export function usdOf(config: Pick<ModelJudgeConfig, 'priceIn' | 'priceOut'>, usage: TokenUsage): number {
  return (usage.input * config.priceIn + usage.output * config.priceOut) / 1_000_000;
}

/** One answer's tokens; `named` is how many tracked brands it names (the matcher's count). */
export function estimateTokens(provider: ModelProvider, input: JudgeInput, named: number): TokenUsage {
  const chars = FIXED_CHARS + judgePayload(input).length;
  return {
    input: tokensOfChars(provider, chars),
    output: OUTPUT_TOKENS_PER_REPLY + named * OUTPUT_TOKENS_PER_BRAND,
  };
}

/** Adds answers to an estimate (the CLI and the app walk the job's answers in batches). */
export function addToEstimate(
  estimate: CostEstimate,
  config: ModelJudgeConfig,
  answers: readonly { input: JudgeInput; named: number }[],
): CostEstimate {
  let { inputTokens, outputTokens } = estimate;
  for (const a of answers) {
    const t = estimateTokens(config.provider, a.input, a.named);
    inputTokens += t.input;
    outputTokens += t.output;
  }
  const usd = usdOf(config, { input: inputTokens, output: outputTokens });
  return { answers: estimate.answers + answers.length, inputTokens, outputTokens, usd };
}

export const emptyEstimate = (): CostEstimate => ({ answers: 0, inputTokens: 0, outputTokens: 0, usd: 0 });

export function formatUsd(usd: number): string {
  return usd < 0.01 && usd > 0 ? `$${usd.toFixed(4)}` : `$${usd.toFixed(2)}`;
}
