import type { Clause } from './clauses';
import type { BrandSignals } from './signals';
import { COMMA, SEMICOLON } from './char-codes';

// Items listed together share their polarity: a sentence about one brand that lists several
// things ("the cold goods arrived warm, delivery slots were moved at short notice, and credit
// notes never showed up") and in which one item is read as blame and none as praise is a list of
// problems, each of them one, whatever words the others are told in. Coordinated items share
// their polarity far more often than not (the basis of reading a word's polarity from the
// words it is listed with), so the rest of the list counts as blame too, for rule 6 of
// signals.ts (two or more blaming words with a clearly negative tone are a warning).

/** The brand every clause of the unit is about, or -1 (none, or several). */
export function soleBrand(clauses: readonly Clause[]): number {
  let brand = -1;
  for (const c of clauses) {
    if (c.label !== null || c.brands.length !== 1) return -1;
    const b = c.brands[0] as number;
    if (brand >= 0 && b !== brand) return -1;
    brand = b;
  }
  return brand;
}

/** How many items the text lists: one more than its commas and semicolons. */
function itemsIn(text: string, start: number, end: number): number {
  let n = 1;
  for (let i = start; i < end; i++) {
    const c = text.charCodeAt(i);
    if (c === COMMA || c === SEMICOLON) n++;
  }
  return n;
}

/** What a brand's signals held before a unit was read. */
export interface Before {
  problems: number;
  failures: number;
  praise: number;
  cues: number;
}

export function before(s: BrandSignals): Before {
  return {
    problems: s.problems,
    failures: s.rootProblems,
    praise: s.praise,
    cues: s.top + s.rec + s.caution,
  };
}

/**
 * After a unit about one brand: when it told a failure (a root, an event, a wait, a reported
 * problem; a quality such as "narrow" is a trade-off, listed beside others that are not faults)
 * and added no praise or cue, each item it lists counts as a problem. Not for a brand something
 * was said for (merits and faults side by side are weighed, not a list of faults).
 */
export function readLitany(s: BrandSignals, was: Before, text: string, start: number, end: number): void {
  if (
    s.favoured ||
    s.rootProblems === was.failures ||
    s.praise !== was.praise ||
    s.top + s.rec + s.caution !== was.cues
  )
    return;
  const items = itemsIn(text, start, end);
  if (items > s.problems - was.problems) s.problems = was.problems + items;
}
