import Anthropic from '@anthropic-ai/sdk';
import { MODEL_REPLY_JSON_SCHEMA, POSITIONING_TOOL } from '../../../../shared/positioning/model-contract';
import {
  classifyFailure,
  type ModelCaller,
  type ModelPrompt,
  type ModelReplyOutcome,
  type ReplyFormat,
} from './caller';
import type { ModelJudgeConfig } from '../../../../shared/positioning/model-judge-config';
import type { CallerOptions } from './openai-caller';

// Anthropic's Messages API through the official `@anthropic-ai/sdk`. Its structured output is
// forced tool use: the model must call the reply's tool (record_positioning, or the facts
// judge's record_fact_checks), whose input_schema is the contract's JSON Schema; the tool
// call's input is the reply (validated again by the judge). A reply without the tool call is an
// invalid reply; stop_reason 'refusal' is a refusal.

const ANTHROPIC_URL = 'https://api.anthropic.com';
/** Room for a long brand list's JSON; a reply cut short is invalid and retried. */
const MAX_TOKENS = 4096;

const POSITIONING_REPLY: ReplyFormat = {
  name: POSITIONING_TOOL,
  description: 'Record how the answer presents each tracked brand it names.',
  schema: MODEL_REPLY_JSON_SCHEMA,
};

export function createAnthropicCaller(
  config: ModelJudgeConfig,
  key: string,
  options: CallerOptions,
): ModelCaller {
  const client = new Anthropic({
    apiKey: key,
    baseURL: config.baseUrl ?? ANTHROPIC_URL,
    timeout: options.timeoutMs,
    maxRetries: 0,
    ...(options.fetch ? { fetch: options.fetch } : {}),
  });
  const label = `anthropic (${config.baseUrl ?? ANTHROPIC_URL})`;
  return {
    label,
    async call(prompt: ModelPrompt, signal: AbortSignal): Promise<ModelReplyOutcome> {
      const reply = prompt.reply ?? POSITIONING_REPLY;
      let message: Anthropic.Message;
      try {
        message = await client.messages.create(
          {
            model: config.model,
            max_tokens: MAX_TOKENS,
            system: prompt.system,
            messages: [{ role: 'user', content: prompt.user }],
            tools: [
              {
                name: reply.name,
                description: reply.description,
                input_schema: reply.schema,
              },
            ],
            tool_choice: { type: 'tool', name: reply.name },
          },
          { signal },
        );
      } catch (error) {
        throw classifyFailure(error, label);
      }
      const usage = { input: message.usage.input_tokens, output: message.usage.output_tokens };
      const text = message.content
        .map((block) => (block.type === 'text' ? block.text : ''))
        .join(' ')
        .trim();
      if ((message.stop_reason as string) === 'refusal')
        return { kind: 'refusal', reason: text || 'the model refused', usage };
      const tool = message.content.find((block) => block.type === 'tool_use' && block.name === reply.name);
      if (tool?.type === 'tool_use') return { kind: 'reply', content: tool.input, usage };
      if (message.stop_reason === 'max_tokens')
        return { kind: 'reply', content: text || '(cut short)', usage };
      return { kind: 'reply', content: text, usage };
    },
  };
}
