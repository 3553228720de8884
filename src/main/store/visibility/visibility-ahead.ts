import { compileBrandMatcher, mentionSource, type BrandMatcher } from '../../../shared/analytics';
import type { BrandDefinition } from '../../../shared/analytics';
import type { NormalizedResult } from '../../../shared/domain/result';
import { brandHits, brandsKey, type BrandHit } from './visibility-brands';

// The Visibility index's brand matching made before an answer is stored. Matching an answer's
// text against the tracked brands is pure and is the index's largest piece of JavaScript, so a
// bulk writer (a sync's pull) can match a page's answers on another thread while this one writes
// the page before, and offer each answer's hits to its ingest (as positioning's verdicts and the
// packed documents are). Ingest takes them only for the very answer object they were made for
// and only when they were matched against the brand definitions its own matcher was compiled
// from (brandsKey); otherwise it matches the answer itself. The rows written are the same.

/** What the matching reads of an answer: its text and sources (mentionSource). */
export type MatchedContent = Pick<NormalizedResult, 'text' | 'sources'>;

/** Hits made ahead, with the brand set they were matched against. */
export interface HitsAhead {
  brandsKey: string;
  hits: BrandHit[];
}

// Keyed by the answer's normalized object, the one ingest is handed.
const offered = new WeakMap<object, HitsAhead>();

/** Hands hits made ahead to the ingest of this very answer object. */
export function offerBrandHits(answer: NormalizedResult, ahead: HitsAhead): void {
  offered.set(answer, ahead);
}

/** The hits made ahead for this answer against these brand definitions, if any. */
export function brandHitsAhead(answer: object, key: string): BrandHit[] | null {
  // Kept, not taken: a page applied again (a refused row) finds its hits again.
  const ahead = offered.get(answer);
  return ahead !== undefined && ahead.brandsKey === key ? ahead.hits : null;
}

let compiled: { key: string; matcher: BrandMatcher } | null = null;

/** Each answer's hits against these brands, as ingest's analyseBrands makes them (on a thread). */
export function matchBrandsAhead(
  brands: readonly BrandDefinition[],
  answers: readonly MatchedContent[],
): BrandHit[][] {
  if (brands.length === 0) return answers.map(() => []);
  const key = brandsKey(brands);
  if (compiled?.key !== key) compiled = { key, matcher: compileBrandMatcher(brands) };
  const { matcher } = compiled;
  return answers.map((answer) => {
    const mention = mentionSource(answer);
    return brandHits(matcher, mention.text, answer.sources, mention.lines);
  });
}
