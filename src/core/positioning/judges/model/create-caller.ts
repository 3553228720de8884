import { createAnthropicCaller } from './anthropic-caller';
import type { ModelCaller } from './caller';
import type { ModelJudgeConfig } from '../../../../shared/positioning/model-judge-config';
import { createOpenAiCaller, type CallerOptions } from './openai-caller';

/** The caller for the configured provider. */
export function createModelCaller(
  config: ModelJudgeConfig,
  key: string,
  options: CallerOptions,
): ModelCaller {
  return config.provider === 'anthropic'
    ? createAnthropicCaller(config, key, options)
    : createOpenAiCaller(config, key, options);
}
