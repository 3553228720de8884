import { z } from 'zod';
import type { BrandDefinition } from '../analytics/brand-types';
import type { Fact } from './types';

// What the analyst's model judge is sent about brand facts and what it must answer: one answer,
// the facts the built-in checker left not addressed (or cannot read: free-form text), each with
// its brand; per fact a verdict and a quote copied from the answer. The quote is the model's only
// evidence and is looked for in the answer: one that is not there drops the verdict. Offsets
// are never asked of the model.

/** Bumped whenever the prompt or the schema changes (part of the facts judge's version). */
export const FACTS_PROMPT_VERSION = 'f1';

/** The Anthropic tool the model answers through (forced tool use is its structured output). */
export const FACTS_TOOL = 'record_fact_checks';

export const FACTS_SYSTEM_PROMPT = [
  'You check what an AI answer engine says about brands against facts the brands have approved.',
  'The user message is JSON: {"answer": the answer text (Markdown or plain), "facts": [{"id", "brand", "aliases", "kind", "fact", "words"}]}.',
  'For every fact, judge only what the answer says about THAT brand, in any language:',
  '- "supported": the answer states the fact, or something that agrees with it;',
  '- "contradicted": the answer states something about the brand that is incompatible with the fact (a different price, year, place, a denied feature, another policy);',
  '- "not-addressed": the answer says nothing about it, is unsure, or says it about another brand.',
  'evidence: for supported and contradicted, the shortest sentence or clause of the answer that makes the claim, copied EXACTLY, character for character; "" for not-addressed.',
  'Reply with one entry per fact id, the JSON only.',
].join('\n');

/** One fact as the model sees it. */
export interface FactPayloadItem {
  id: string;
  brand: string;
  aliases: string[];
  kind: Fact['kind'];
  fact: string;
  words: string[];
}

export interface FactsPayload {
  answer: string;
  format: 'markdown' | 'text';
  language: string | null;
  facts: FactPayloadItem[];
}

/** The fact as a sentence a model reads ("price of personal plan: 3 USD per month"). */
export function factStatement(fact: Fact): string {
  switch (fact.kind) {
    case 'price': {
      const { amount, currency, period } = fact.value;
      const what = fact.words[0] ?? fact.key;
      return `price of ${what}: ${amount} ${currency}${period && period !== 'once' ? ` per ${period}` : ''}`;
    }
    case 'yes-no':
      return `${fact.words[0] ?? fact.key.replace(/[-_]/gu, ' ')}: ${fact.value ? 'yes, it has it' : 'no, it does not have it'}`;
    case 'year':
      return `${fact.words[0] ?? 'founded'} in ${fact.value}`;
    case 'place':
      return `headquarters: ${fact.value}`;
    case 'number': {
      const { value, unit, tolerance } = fact.value;
      return `${fact.words[0] ?? fact.key}: ${value}${unit ? ` ${unit}` : ''}${tolerance !== undefined ? ` (±${tolerance})` : ''}`;
    }
    case 'list':
      return `${fact.words[0] ?? fact.key}: ${fact.value.join(', ')} (and no others)`;
    case 'person':
      return `${fact.words[0] ?? 'CEO'}: ${fact.value}`;
    case 'text':
      return fact.value;
  }
}

/** The id of a (brand, fact) pair in the payload and the reply. */
export const factItemId = (brandId: string, key: string): string => `${brandId}/${key}`;

export function factsPayload(
  answer: { text: string; format: 'markdown' | 'text'; language?: string | null },
  facts: readonly { brand: Pick<BrandDefinition, 'id' | 'name' | 'aliases'>; fact: Fact }[],
): string {
  const payload: FactsPayload = {
    answer: answer.text,
    format: answer.format,
    language: answer.language ?? null,
    facts: facts.map(({ brand, fact }) => ({
      id: factItemId(brand.id, fact.key),
      brand: brand.name,
      aliases: [...brand.aliases],
      kind: fact.kind,
      fact: factStatement(fact),
      words: [...fact.words],
    })),
  };
  return JSON.stringify(payload);
}

const verdictSchema = z.enum(['supported', 'contradicted', 'not-addressed']);

/** The model's reply, validated whatever the provider promised about its structured output. */
export const factsReplySchema = z.object({
  checks: z
    .array(
      z.object({
        id: z.string().min(1).max(400),
        verdict: verdictSchema,
        evidence: z.string().max(2000),
      }),
    )
    .max(2000),
});
export type FactsReply = z.infer<typeof factsReplySchema>;

/** The same shape as JSON Schema (OpenAI's strict json_schema; Anthropic's tool input_schema). */
export const FACTS_REPLY_JSON_SCHEMA: {
  type: 'object';
  additionalProperties: false;
  required: string[];
  properties: Record<string, unknown>;
} = {
  type: 'object',
  additionalProperties: false,
  required: ['checks'],
  properties: {
    checks: {
      type: 'array',
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['id', 'verdict', 'evidence'],
        properties: {
          id: { type: 'string', description: 'the id of a fact of the request' },
          verdict: { type: 'string', enum: ['supported', 'contradicted', 'not-addressed'] },
          evidence: { type: 'string', description: 'a quote copied exactly from the answer, or ""' },
        },
      },
    },
  },
};
