import type { BrandMatcher } from './brand-matcher';
import type { NormalizedResult } from '../domain/result';
import { resultBrandVisibility } from './search-visibility';

// The repeats of one cell (the same prompt, engine and place asked several times in a run) in
// one line: how many answers, and which tracked brand most of them name first, e.g.
// "50 repeats: 48 name Veloxa first". The individual answers stay one click away. Brands are
// found as the Visibility index finds them (resultBrandVisibility): a web or news results page
// without text names a brand in its results' titles and snippets.

export interface RepeatSummary {
  answers: number;
  /** The brand named first in the most answers, and in how many; null when none names one. */
  leader: { brandId: string; name: string; answers: number } | null;
  /** The line itself. */
  text: string;
}

type Readable = Pick<NormalizedResult, 'text' | 'sources' | 'entities' | 'products' | 'ads'>;

/**
 * The tracked brand an answer names first, if any: the earliest first mention in its text, or
 * on a results page the brand its highest-ranked naming result names first (its lines are in
 * rank order). Ties go to the brand defined first.
 */
function firstNamed(matcher: BrandMatcher, answer: Readable): string | null {
  let first: { brandId: string; offset: number } | null = null;
  for (const b of resultBrandVisibility(matcher, answer).brands) {
    if (b.firstOffset !== null && (first === null || b.firstOffset < first.offset))
      first = { brandId: b.brandId, offset: b.firstOffset };
  }
  return first?.brandId ?? null;
}

export function summarizeRepeats(answers: readonly Readable[], matcher: BrandMatcher | null): RepeatSummary {
  const n = answers.length;
  const head = `${n} ${n === 1 ? 'repeat' : 'repeats'}`;
  if (!matcher || matcher.brands.length === 0) return { answers: n, leader: null, text: head };
  const counts = new Map<string, number>();
  for (const a of answers) {
    const id = firstNamed(matcher, a);
    if (id !== null) counts.set(id, (counts.get(id) ?? 0) + 1);
  }
  let leader: RepeatSummary['leader'] = null;
  // Ties go to the brand defined first (the matcher's order): the same answers, the same line.
  for (const brand of matcher.brands) {
    const k = counts.get(brand.id) ?? 0;
    if (k > 0 && (leader === null || k > leader.answers))
      leader = { brandId: brand.id, name: brand.name, answers: k };
  }
  if (leader === null) return { answers: n, leader, text: `${head}: none names a tracked brand` };
  const all = leader.answers === n;
  const who = all
    ? n === 1
      ? 'it names'
      : n === 2
        ? 'both name'
        : 'all name'
    : `${leader.answers} ${leader.answers === 1 ? 'names' : 'name'}`;
  return { answers: n, leader, text: `${head}: ${who} ${leader.name} first` };
}
