import {
  compileBrandMatcher,
  mentionSource,
  type BrandDefinition,
  type BrandMatcher,
} from '../../../shared/analytics';
import { listItemLeads } from '../../../shared/analytics/discovery-extract';
import type { NormalizedResult } from '../../../shared/domain/result';
import { brandHits, brandsKey, type BrandHit } from './visibility-brands';

// The pure parts of an answer's indexing made before it is stored: the Visibility index's
// matching of its text against the tracked brands, and the discovery index's list leads (the
// names its list items start with). They are the indexes' largest pieces of JavaScript, so a
// bulk writer (a sync's pull) can make them for a page's answers on another thread while this
// one writes the page before, and offer them to the ingest of each answer (as positioning's
// verdicts and the packed documents are). Ingest takes them only for the very answer object
// they were made for (an answer is not changed once pulled), and hits only when they were
// matched against the brand definitions its own matcher was compiled from (brandsKey);
// otherwise it makes them itself. The rows written are the same.

/** What is read of an answer: its text and sources (mentionSource), its Markdown (list leads). */
export type AnalysedContent = Pick<NormalizedResult, 'text' | 'sources' | 'markdown'>;

/** One answer's analysis made ahead: its brand hits, and its list leads (discovery). */
export interface AnalysedAhead {
  hits: BrandHit[];
  leads: string[];
}

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

const offeredLeads = new WeakMap<object, readonly string[]>();

/** Hands list leads found ahead to the discovery index's ingest of this very answer object. */
export function offerLeads(answer: NormalizedResult, leads: readonly string[]): void {
  offeredLeads.set(answer, leads);
}

/** The list leads found ahead in this answer (listItemLeads of its Markdown, else its text), if any. */
export const leadsAhead = (answer: object): readonly string[] | undefined => offeredLeads.get(answer);

let compiled: { key: string; matcher: BrandMatcher } | null = null;

/** Each answer's hits against these brands (as ingest's analyseBrands) and list leads; on a thread. */
export function analyseAnswersAhead(
  brands: readonly BrandDefinition[],
  answers: readonly AnalysedContent[],
): AnalysedAhead[] {
  const key = brandsKey(brands);
  if (brands.length > 0 && compiled?.key !== key) compiled = { key, matcher: compileBrandMatcher(brands) };
  const matcher = brands.length > 0 ? compiled?.matcher : undefined;
  return answers.map((answer) => {
    const leads = listItemLeads(answer.markdown ?? answer.text);
    if (matcher === undefined) return { hits: [], leads };
    const mention = mentionSource(answer);
    return { hits: brandHits(matcher, mention.text, answer.sources, mention.lines), leads };
  });
}
