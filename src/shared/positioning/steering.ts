import type { MentionRef } from './context';
import type { BrandSignals } from './signals';

// Which brand an answer steers the reader to, read from the order it names them rather than
// from its words: an answer that runs one brand down (a warning, or more blame than praise) and
// only then names other brands is leaving the first for them ("… outages, slipping support.
// Tradewerk hatte keine gemeldeten Störungen"). A brand named after it with something said for
// it and nothing against it is the alternative the answer offers.

/** Whether what the answer says about a brand runs it down: a warning, or more blame than praise. */
function runDown(s: BrandSignals): boolean {
  return s.caution > 0 || (s.problems > s.praise && s.senti < 0);
}

/**
 * Whether a brand named later is the alternative offered: something said for it and nothing
 * against it (a bare fact, "Northwind flies the same route", offers nothing).
 */
function offerable(s: BrandSignals): boolean {
  return s.caution === 0 && !s.deniedTop && s.problems === 0 && s.senti > 0;
}

/**
 * The brands first named after the last mention of a brand the answer runs down, that it
 * offers instead (each once, in text order). `mentions`: the answer's mentions in text order.
 */
export function steeredTo(signals: readonly (BrandSignals | null)[], mentions: readonly MentionRef[]): number[] {
  const last = new Map<number, number>();
  for (const m of mentions) last.set(m.brand, m.end);
  const out: number[] = [];
  const seen = new Set<number>();
  // The end of the last mention of a brand run down, among the brands named so far.
  let leftEnd = -1;
  for (const m of mentions) {
    const s = signals[m.brand];
    if (s === null || s === undefined || seen.has(m.brand)) continue;
    seen.add(m.brand);
    if (leftEnd >= 0 && m.start > leftEnd && offerable(s)) out.push(m.brand);
    else if (runDown(s)) leftEnd = Math.max(leftEnd, last.get(m.brand) as number);
  }
  return out;
}
