import { z } from 'zod';
import { MODEL_PROMPT_VERSION } from './model-contract';
import type { JudgeRef } from './types';

// A model judge's settings (kept in the settings file; its key never is: the OS keychain holds
// it under its own account, see src/core/positioning/judges/model/judge-key.ts). Shared: the settings file,
// the CLI and the app's Settings form validate it the same way. 'openai' is api.openai.com; 'openai-compatible'
// any endpoint speaking OpenAI's chat completions (Azure OpenAI, OpenRouter, Ollama, LM Studio,
// the sandbox) at its base URL; 'anthropic' is Anthropic's Messages API.

export const MODEL_PROVIDERS = ['openai', 'anthropic', 'openai-compatible'] as const;
export type ModelProvider = (typeof MODEL_PROVIDERS)[number];

const usdPerMTok = z.number().min(0).max(10_000);

export const modelJudgeConfigSchema = z
  .object({
    provider: z.enum(MODEL_PROVIDERS),
    model: z
      .string()
      .trim()
      .min(1, 'the model is required')
      .max(200)
      .regex(/^[^\s:]+$/, 'a model name has no spaces or colons'),
    /** Required for openai-compatible; optional for the others (a proxy, the sandbox). */
    baseUrl: z.url({ protocol: /^https?$/, error: 'the base URL must be an http(s) URL' }).nullable(),
    /** Azure OpenAI's api-version query parameter (openai-compatible only). */
    apiVersion: z.string().trim().min(1).max(40).nullable(),
    /** US dollars per million input and output tokens, for the estimate and the budget. */
    priceIn: usdPerMTok,
    priceOut: usdPerMTok,
    /** Refuse a re-score estimated above this many US dollars, stop one that spends it; null: no cap. */
    budget: z.number().positive().max(100_000).nullable(),
    /** Calls at once. */
    concurrency: z.number().int().min(1).max(32),
  })
  .strict()
  .refine((c) => c.provider !== 'openai-compatible' || c.baseUrl !== null, {
    path: ['baseUrl'],
    message: 'an openai-compatible endpoint needs its base URL',
  });
export type ModelJudgeConfig = z.infer<typeof modelJudgeConfigSchema>;

export const DEFAULT_CONCURRENCY = 4;

/** The judge's name and version: a new prompt or another model is another scoring. */
export function modelJudgeRef(config: Pick<ModelJudgeConfig, 'provider' | 'model'>): JudgeRef {
  return {
    id: `model:${config.provider}:${config.model}`,
    version: `${MODEL_PROMPT_VERSION}+${config.model}`,
  };
}
