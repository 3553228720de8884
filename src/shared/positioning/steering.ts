import type { MentionRef } from './context';
import type { BrandSignals } from './signals';

// Which brand an answer steers the reader to, read from the order it names them rather than
// from its words: an answer that runs one brand down (a warning, or blame with no praise) and
// only then names other brands is leaving the first for them ("… outages, slipping support.
// Netlane uses the same fibre", "Depuis la rentrée … Netéa n'a pas connu d'incident"). The
// brands named after it are the alternatives it offers, unless the answer runs them down too.

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
 * The brands the answer turns to after running another down (each once, in text order); marks
 * the brands it leaves (`leftFor`). `mentions`: the answer's mentions in text order.
 */
export function steeredTo(signals: readonly (BrandSignals | null)[], mentions: readonly MentionRef[]): number[] {
  const out: number[] = [];
  // The end of the last mention of a run-down brand seen so far, and which brands it covers.
  let leftEnd = -1;
  const left: number[] = [];
  const seen = new Set<number>();
  for (const m of mentions) {
    const s = signals[m.brand];
    if (s === null || s === undefined) continue;
    if (!seen.has(m.brand)) {
      seen.add(m.brand);
      if (leftEnd >= 0 && m.start > leftEnd && offerable(s)) out.push(m.brand);
    }
    if (runDown(s) && !out.includes(m.brand)) {
      if (lastMention(mentions, m.brand) === m) {
        leftEnd = Math.max(leftEnd, m.end);
        left.push(m.brand);
      }
    }
  }
  if (out.length > 0) for (const b of left) (signals[b] as BrandSignals).leftFor = true;
  return out;
}

function lastMention(mentions: readonly MentionRef[], brand: number): MentionRef | undefined {
  for (let k = mentions.length - 1; k >= 0; k--) if ((mentions[k] as MentionRef).brand === brand) return mentions[k];
  return undefined;
}
