import type { BrandDefinition } from '../../src/shared/analytics/brand-types';
import { judgePositioning, type PositioningStatus, type SentimentLabel } from '../../src/shared/positioning';

// Short answers written for the status tests, each with the status and tone every brand it
// names should get, and the judge's verdicts read in the same shape.

export type StatusesById = Record<string, [PositioningStatus, SentimentLabel]>;

export interface StatusCase {
  name: string;
  language: string;
  text: string;
  brands: BrandDefinition[];
  expect: StatusesById;
}

/** The built-in judge's status and sentiment label per brand id, for a Markdown answer. */
export function statusesOf(c: Pick<StatusCase, 'text' | 'language' | 'brands'>): StatusesById {
  const got = judgePositioning({ text: c.text, format: 'markdown', language: c.language, brands: c.brands });
  return Object.fromEntries(got.map((p) => [p.brandId, [p.status, p.sentiment.label]]));
}

/** "status label" per brand id for a Markdown answer naming brands defined by their names alone. */
export function judgeNamed(text: string, names: readonly string[], language = 'en'): Record<string, string> {
  const brands = names.map((name) => ({
    id: name.toLowerCase(),
    name,
    kind: 'competitor' as const,
    aliases: [],
    domains: [],
  }));
  return Object.fromEntries(
    judgePositioning({ text, format: 'markdown', language, brands }).map((p) => [
      p.brandId,
      `${p.status} ${p.sentiment.label}`,
    ]),
  );
}
