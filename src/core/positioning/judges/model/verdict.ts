import type { z } from 'zod';
import { compileBrandMatcher, findBrandMentions } from '../../../../shared/analytics/brand-matcher';
import { modelReplySchema, type ModelReply } from '../../../../shared/positioning/model-contract';
import type { BrandPositioning, Evidence, JudgeInput, JudgeRef } from '../../../../shared/positioning/types';

// A model's reply made into the positioning contract, trusting nothing: the JSON is validated
// with zod whatever the provider promised; a brand the answer does not name (the brand matcher
// is the judge of that, not the model) or that is not tracked is dropped; each evidence quote
// is located in the answer (offsets are computed here, never taken from the model) and a quote
// that is not in the text is rejected. What cannot be read is an InvalidReply (retried, then
// "not scored" with its reason): never a guessed label.

export class InvalidReply extends Error {
  override readonly name = 'InvalidReply';
}

/** A reply's JSON validated by `schema`; throws InvalidReply saying what was wrong. */
export function parseWith<T>(content: unknown, schema: z.ZodType<T>): T {
  let raw = content;
  if (typeof content === 'string') {
    try {
      raw = JSON.parse(stripFence(content));
    } catch {
      throw new InvalidReply(`the model's reply is not JSON (${preview(content)})`);
    }
  }
  const parsed = schema.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new InvalidReply(
      `the model's JSON does not follow the schema (${issue?.path.join('.') || 'reply'}: ${issue?.message ?? 'invalid'})`,
    );
  }
  return parsed.data;
}

/** The positioning reply's JSON, validated. */
export const parseReply = (content: unknown): ModelReply => parseWith(content, modelReplySchema);

/** Local models often wrap JSON in a Markdown fence despite the instructions. */
function stripFence(text: string): string {
  const m = /^\s*```(?:json)?\s*([\s\S]*?)\s*```\s*$/i.exec(text);
  return m ? (m[1] ?? '') : text;
}

const preview = (text: string): string => {
  const t = text.replace(/\s+/g, ' ').trim();
  return t.length > 60 ? `“${t.slice(0, 60)}…”` : `“${t}”`;
};

const escapeRe = (s: string): string => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Where a quote sits in the text: exactly, else ignoring case, else with any run of spaces or
 * Markdown emphasis between its words (models re-flow whitespace and drop ** marks). Null when
 * it is not there.
 */
export function locateQuote(text: string, quote: string): Evidence | null {
  const q = quote.trim();
  if (q === '') return null;
  const exact = text.indexOf(q);
  if (exact >= 0) return { text: q, start: exact, end: exact + q.length };
  const words = q.split(/[\s*_]+/).filter((w) => w !== '');
  if (words.length === 0) return null;
  const re = new RegExp(words.map(escapeRe).join('[\\s*_]+'), 'iu');
  const m = re.exec(text);
  if (m === null) return null;
  return { text: m[0], start: m.index, end: m.index + m[0].length };
}

/** The reply's positionings for the brands the answer names, in the input's brand order. */
export function toPositionings(reply: ModelReply, input: JudgeInput, judge: JudgeRef): BrandPositioning[] {
  const matcher = compileBrandMatcher(input.brands);
  const named = new Set(findBrandMentions(matcher, input.text).map((m) => m.brandId));
  const byId = new Map(reply.brands.map((b) => [b.brandId, b]));
  const out: BrandPositioning[] = [];
  for (const brand of input.brands) {
    const said = byId.get(brand.id);
    if (said === undefined || !named.has(brand.id)) continue;
    const evidence = said.evidence
      .map((quote) => locateQuote(input.text, quote))
      .filter((e): e is Evidence => e !== null)
      .filter((e, i, all) => all.findIndex((o) => o.start === e.start) === i);
    // Quotes that are all invented say the label is too.
    if (said.evidence.length > 0 && evidence.length === 0)
      throw new InvalidReply(`none of the model's quotes for ${brand.name} is in the answer`);
    out.push({
      brandId: brand.id,
      status: said.status,
      sentiment: { label: said.sentiment.label, score: Math.round(said.sentiment.score * 1000) / 1000 },
      evidence,
      attributes: said.attributes.map((a) => ({ text: a.text.trim().toLowerCase(), polarity: a.polarity })),
      judge,
    });
  }
  return out;
}
