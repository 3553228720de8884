import OpenAI, { AzureOpenAI } from 'openai';
import { MODEL_REPLY_JSON_SCHEMA } from '../../../../shared/positioning/model-contract';
import { classifyFailure, type ModelCaller, type ModelPrompt, type ModelReplyOutcome } from './caller';
import type { ModelJudgeConfig } from '../../../../shared/positioning/model-judge-config';

// Any OpenAI-compatible chat endpoint through the official `openai` SDK: OpenAI itself,
// OpenRouter, Ollama and LM Studio (their /v1), the sandbox, and Azure OpenAI (an api-version
// given: the SDK's AzureOpenAI client, the model being the deployment's name). Structured output
// through response_format json_schema (strict); the reply is validated again by the judge
// anyway. The SDK's own retries are off: the judge retries (one policy for every provider).

export interface CallerOptions {
  timeoutMs: number;
  /** Tests and proxies: another fetch. */
  fetch?: typeof globalThis.fetch;
}

const OPENAI_URL = 'https://api.openai.com/v1';

function clientOf(config: ModelJudgeConfig, key: string, options: CallerOptions): OpenAI {
  const common = {
    apiKey: key,
    timeout: options.timeoutMs,
    maxRetries: 0,
    ...(options.fetch ? { fetch: options.fetch } : {}),
  };
  if (config.apiVersion !== null && config.baseUrl !== null)
    return new AzureOpenAI({
      ...common,
      endpoint: config.baseUrl,
      apiVersion: config.apiVersion,
      deployment: config.model,
    });
  return new OpenAI({ ...common, baseURL: config.baseUrl ?? OPENAI_URL });
}

export function createOpenAiCaller(
  config: ModelJudgeConfig,
  key: string,
  options: CallerOptions,
): ModelCaller {
  const client = clientOf(config, key, options);
  const label = `${config.provider} (${config.baseUrl ?? OPENAI_URL})`;
  return {
    label,
    async call(prompt: ModelPrompt, signal: AbortSignal): Promise<ModelReplyOutcome> {
      let completion: OpenAI.Chat.Completions.ChatCompletion;
      try {
        completion = await client.chat.completions.create(
          {
            model: config.model,
            temperature: 0,
            messages: [
              { role: 'system', content: prompt.system },
              { role: 'user', content: prompt.user },
            ],
            response_format: {
              type: 'json_schema',
              json_schema: {
                name: prompt.reply?.name ?? 'brand_positioning',
                strict: true,
                schema: prompt.reply?.schema ?? MODEL_REPLY_JSON_SCHEMA,
              },
            },
          },
          { signal },
        );
      } catch (error) {
        throw classifyFailure(error, label);
      }
      const usage = {
        input: completion.usage?.prompt_tokens ?? 0,
        output: completion.usage?.completion_tokens ?? 0,
      };
      const message = completion.choices[0]?.message;
      if (message?.refusal) return { kind: 'refusal', reason: message.refusal, usage };
      if (completion.choices[0]?.finish_reason === 'content_filter')
        return { kind: 'refusal', reason: 'the provider’s content filter stopped the reply', usage };
      return { kind: 'reply', content: message?.content ?? '', usage };
    },
  };
}
