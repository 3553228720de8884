import { z } from 'zod';
import type { BrandDefinition } from '../analytics/brand-types';
import type { JudgeInput } from './types';

// What a model judge sends a language model and what it must answer: one
// answer and the tracked brands in, the positioning contract's JSON out. Shared by
// the model judge (src/core/positioning/judges/model) and the sandbox's chat endpoints, which read the same
// payload back and answer from their ground truth. The model quotes its evidence; offsets are
// never asked of it (models count characters badly): the judge locates each quote itself.

/** Bumped whenever the prompt or the schema changes (part of every model judge's version). */
export const MODEL_PROMPT_VERSION = 'p1';

/** The Anthropic tool the model answers through (forced tool use is its structured output). */
export const POSITIONING_TOOL = 'record_positioning';

export const MODEL_SYSTEM_PROMPT = [
  'You judge how an AI answer engine presents brands in one of its answers.',
  'The user message is JSON: {"answer": the answer text (Markdown or plain), "brands": the tracked brands with their aliases}.',
  'For each tracked brand the answer NAMES (by its name or an alias), report:',
  '- status: "top" (presented as the best or first choice), "recommended" (among the options the answer recommends, conditionally too),',
  '  "mentioned" (named without a recommendation: context, facts, news, a how-to step, a citation), or "cautioned" (a warning, a dominating drawback, advice to avoid);',
  '- sentiment: label positive, neutral or negative, and a score from -1 (most negative) to 1 (most positive);',
  '- evidence: 1 to 3 short quotes copied EXACTLY, character for character, from the answer, that support the status;',
  '- attributes: qualities the answer gives the brand, lower-case, in English when the quality has a common English name, each with its polarity.',
  'Leave out every brand the answer does not name. Judge only what the answer says, in any language. Reply with the JSON only.',
].join('\n');

const statusSchema = z.enum(['top', 'recommended', 'mentioned', 'cautioned']);
const polaritySchema = z.enum(['positive', 'neutral', 'negative']);

/** The model's reply, validated whatever the provider promised about its structured output. */
export const modelReplySchema = z.object({
  brands: z
    .array(
      z.object({
        brandId: z.string().min(1).max(200),
        status: statusSchema,
        sentiment: z.object({ label: polaritySchema, score: z.number().min(-1).max(1) }),
        evidence: z.array(z.string().min(1).max(2000)).max(10),
        attributes: z.array(z.object({ text: z.string().min(1).max(200), polarity: polaritySchema })).max(30),
      }),
    )
    .max(500),
});
export type ModelReply = z.infer<typeof modelReplySchema>;

/** The same shape as JSON Schema (OpenAI's strict json_schema; Anthropic's tool input_schema). */
export const MODEL_REPLY_JSON_SCHEMA: {
  type: 'object';
  additionalProperties: false;
  required: string[];
  properties: Record<string, unknown>;
} = {
  type: 'object',
  additionalProperties: false,
  required: ['brands'],
  properties: {
    brands: {
      type: 'array',
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['brandId', 'status', 'sentiment', 'evidence', 'attributes'],
        properties: {
          brandId: { type: 'string', description: 'the id of a tracked brand the answer names' },
          status: { type: 'string', enum: ['top', 'recommended', 'mentioned', 'cautioned'] },
          sentiment: {
            type: 'object',
            additionalProperties: false,
            required: ['label', 'score'],
            properties: {
              label: { type: 'string', enum: ['positive', 'neutral', 'negative'] },
              score: { type: 'number', description: '-1 (most negative) to 1 (most positive)' },
            },
          },
          evidence: {
            type: 'array',
            items: { type: 'string', description: 'a quote copied exactly from the answer' },
          },
          attributes: {
            type: 'array',
            items: {
              type: 'object',
              additionalProperties: false,
              required: ['text', 'polarity'],
              properties: {
                text: { type: 'string' },
                polarity: { type: 'string', enum: ['positive', 'neutral', 'negative'] },
              },
            },
          },
        },
      },
    },
  },
};

/** The user message's payload: the answer and the brands (only what identifies them). */
export interface JudgePayload {
  answer: string;
  format: 'markdown' | 'text';
  language: string | null;
  brands: { id: string; name: string; aliases: string[] }[];
}

export function judgePayload(input: JudgeInput): string {
  const payload: JudgePayload = {
    answer: input.text,
    format: input.format,
    language: input.language ?? null,
    brands: input.brands.map((b) => ({ id: b.id, name: b.name, aliases: b.aliases })),
  };
  return JSON.stringify(payload);
}

const payloadSchema = z.object({
  answer: z.string(),
  format: z.enum(['markdown', 'text']).default('text'),
  language: z.string().nullable().default(null),
  brands: z.array(z.object({ id: z.string(), name: z.string(), aliases: z.array(z.string()).default([]) })),
});

/** The payload read back from a user message (the sandbox's side); null when it is not one. */
export function readJudgePayload(text: string): { answer: string; brands: BrandDefinition[] } | null {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    return null;
  }
  const parsed = payloadSchema.safeParse(raw);
  if (!parsed.success) return null;
  return {
    answer: parsed.data.answer,
    brands: parsed.data.brands.map((b) => ({ ...b, kind: 'brand', domains: [] })),
  };
}
