import {
  MODEL_REPLY_JSON_SCHEMA,
  POSITIONING_TOOL,
  readJudgePayload,
} from '../../shared/positioning/model-contract';
import { recoverSandboxPositioning } from '../engines/positioning';
import type { SandboxCore } from '../core/sandbox-core';
import { parseJson, readBody, SINGLE_BODY_LIMIT } from '../http/body';
import { json, type Call, type Reply } from '../http/call';
import { ValidationFailure } from '../http/envelope';

// The sandbox as a language model: an OpenAI-compatible
// POST /v1/chat/completions and an Anthropic-shaped POST /v1/messages that answer a model
// judge's prompt (shared/positioning/model-contract.ts) deterministically from the positioning
// the sandbox wrote into its own answers, read back from the answer text alone
// (recoverSandboxPositioning). So the model judge is tested over real HTTP through the real
// SDKs, with the sandbox's faults plus two of a model's own: 'refusal' and 'invalid-json'.
// Token usage is counted at 4 characters a token (what the judge's estimate is checked against).

const REFUSAL = 'I can’t help with judging this text.';

interface ChatMessage {
  role: string;
  content: unknown;
}

function messagesOf(body: unknown): ChatMessage[] {
  const messages = (body as { messages?: unknown }).messages;
  if (!Array.isArray(messages) || messages.length === 0)
    throw new ValidationFailure(400, [{ field: 'messages', message: 'messages must be a non-empty array' }]);
  return messages as ChatMessage[];
}

/** The text of a message's content (a string, or text blocks). */
function textOf(content: unknown): string {
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) return '';
  return content
    .map((part) => (part as { type?: string; text?: unknown }).text)
    .filter((t): t is string => typeof t === 'string')
    .join('');
}

/** What the sandbox, as a model, judges the last user message to say: the contract's JSON object. */
function judged(messages: readonly ChatMessage[]): { brands: unknown[] } {
  const last = [...messages].reverse().find((m) => m.role === 'user');
  const payload = readJudgePayload(textOf(last?.content));
  if (payload === null) return { brands: [] };
  const found = recoverSandboxPositioning(payload.answer, payload.brands) ?? [];
  return {
    brands: found.map((p) => ({
      brandId: p.brandId,
      status: p.status,
      sentiment: p.sentiment,
      evidence: p.evidence.map((e) => e.text),
      attributes: p.attributes.map((a) => ({ text: a.text, polarity: a.polarity })),
    })),
  };
}

const tokens = (chars: number): number => Math.max(1, Math.ceil(chars / 4));

function promptChars(body: unknown, messages: readonly ChatMessage[]): number {
  const system = (body as { system?: unknown }).system;
  return messages.reduce((n, m) => n + textOf(m.content).length, textOf(system).length);
}

async function readCall(call: Call): Promise<{ body: unknown; messages: ChatMessage[]; model: string }> {
  const body = parseJson(await readBody(call.req, SINGLE_BODY_LIMIT));
  const model = (body as { model?: unknown }).model;
  return { body, messages: messagesOf(body), model: typeof model === 'string' ? model : 'sandbox' };
}

/** OpenAI's chat completion (response_format json_schema honoured: the content is the JSON). */
export async function chatCompletions(call: Call, core: SandboxCore): Promise<Reply> {
  const { body, messages, model } = await readCall(call);
  const fault = call.fault?.kind;
  const content =
    fault === 'refusal'
      ? null
      : fault === 'invalid-json'
        ? 'Sure! Here is the positioning: {brands: [top pick…'
        : JSON.stringify(judged(messages));
  const format = (body as { response_format?: { json_schema?: { schema?: unknown } } }).response_format;
  const input = tokens(
    promptChars(body, messages) + JSON.stringify(format?.json_schema?.schema ?? '').length,
  );
  const output = tokens(content?.length ?? REFUSAL.length);
  return json(200, {
    id: `chatcmpl-${call.requestId}`,
    object: 'chat.completion',
    created: Math.floor(core.clock() / 1000),
    model,
    choices: [
      {
        index: 0,
        message: { role: 'assistant', content, refusal: fault === 'refusal' ? REFUSAL : null },
        finish_reason: 'stop',
        logprobs: null,
      },
    ],
    usage: { prompt_tokens: input, completion_tokens: output, total_tokens: input + output },
  });
}

/** Anthropic's message, answering through the forced tool (its structured output). */
export async function messages(call: Call): Promise<Reply> {
  const { body, messages: list, model } = await readCall(call);
  const fault = call.fault?.kind;
  const tools = (body as { tools?: { name?: string; input_schema?: unknown }[] }).tools ?? [];
  const tool = tools.find((t) => t.name === POSITIONING_TOOL);
  const answer = judged(list);
  const content =
    fault === 'refusal'
      ? [{ type: 'text', text: REFUSAL }]
      : fault === 'invalid-json' || tool === undefined
        ? [{ type: 'text', text: 'Sure! Here is the positioning: {brands: [top pick…' }]
        : [{ type: 'tool_use', id: `toolu_${call.requestId}`, name: POSITIONING_TOOL, input: answer }];
  const stop = fault === 'refusal' ? 'refusal' : content[0]?.type === 'tool_use' ? 'tool_use' : 'end_turn';
  const input = tokens(
    promptChars(body, list) + JSON.stringify(tool?.input_schema ?? MODEL_REPLY_JSON_SCHEMA).length,
  );
  const output = tokens(JSON.stringify(content).length);
  return json(200, {
    id: `msg_${call.requestId}`,
    type: 'message',
    role: 'assistant',
    model,
    content,
    stop_reason: stop,
    stop_sequence: null,
    usage: { input_tokens: input, output_tokens: output },
  });
}
