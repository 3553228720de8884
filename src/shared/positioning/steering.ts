import type { MentionRef } from './context';
import type { BrandSignals } from './signals';
import { twoBrands } from './silent-alternative';

// Which brand an answer steers the reader to, read from the order it names them rather than
// from its words: an answer that runs one brand down (a warning, or more blame than praise) and
// only then names other brands is leaving the first for them ("… outages, slipping support.
// Tradewerk hatte keine gemeldeten Störungen"). A brand named after it with more said for it
// than against it is the alternative the answer offers.

/** Whether what the answer says about a brand runs it down: a warning, or more blame than praise. */
function runDown(s: BrandSignals): boolean {
  return s.caution > 0 || (s.problems > s.praise && s.senti < 0);
}

/**
 * Whether a brand named later is the alternative offered: more said for it than against it (a
 * bare fact, "Northwind flies the same route", offers nothing; "offers come within two days,
 * paid out only after the work is accepted" does).
 */
function offerable(s: BrandSignals): boolean {
  return s.caution === 0 && !s.deniedTop && s.problems <= s.praise && s.senti > 0;
}

/** Nothing said for or against it. */
function silent(s: BrandSignals): boolean {
  return s.caution === 0 && !s.deniedTop && s.problems === 0 && s.senti >= 0;
}

/**
 * The brands first named after the last mention of a brand the answer runs down, that it
 * offers instead (each once, in text order). `mentions`: the answer's mentions in text order.
 */
export function steeredTo(
  signals: readonly (BrandSignals | null)[],
  mentions: readonly MentionRef[],
  describes: (k: number) => boolean = () => false,
): number[] {
  const last = new Map<number, number>();
  for (const m of mentions) last.set(m.brand, m.end);
  const out: number[] = [];
  const seen = new Set<number>();
  const pair = twoBrands(mentions);
  // The end of the last mention of a brand run down, among the brands named so far.
  let leftEnd = -1;
  mentions.forEach((m, k) => {
    const s = signals[m.brand];
    if (s === null || s === undefined || seen.has(m.brand)) return;
    seen.add(m.brand);
    const after = leftEnd >= 0 && m.start > leftEnd;
    if (after && (offerable(s) || (pair && silent(s) && describes(k)))) out.push(m.brand);
    else if (runDown(s)) leftEnd = Math.max(leftEnd, last.get(m.brand) as number);
  });
  return out;
}

/** Advised by its place, a case, the verdict or a cue. */
function advised(s: BrandSignals): boolean {
  return s.placed || s.pick || s.cond > 0 || s.rec > 0 || s.top > 0;
}

/** Framed as advice of its own: a place in a list, a case's advice, the verdict's pick. */
function framed(s: BrandSignals): boolean {
  return s.placed || s.pick || s.cond > 0;
}

/**
 * Marks the brands an answer weighs and passes over: praised, then turned on a contrast
 * ("Taskhive is fine for a two-person team, but …"), never named again once the answer goes on
 * to advise other brands ("… you'll likely be happier on Planwise or Boardly"). Their praise
 * was the concession before the advice, not a recommendation.
 */
export function markLeftBehind(
  signals: readonly (BrandSignals | null)[],
  mentions: readonly MentionRef[],
): void {
  const last = new Map<number, number>();
  for (const m of mentions) last.set(m.brand, m.start);
  // Once per brand, not per mention: a huge answer names a brand thousands of times.
  for (const [brand, end] of last) {
    const s = signals[brand];
    if (s === null || s === undefined || !s.turned || framed(s) || s.caution > 0) continue;
    if (passedOver(signals, mentions, brand, end)) s.left = true;
  }
}

/** Another brand is advised after the brand's last mention `end`, or placed before it. */
function passedOver(
  signals: readonly (BrandSignals | null)[],
  mentions: readonly MentionRef[],
  brand: number,
  end: number,
): boolean {
  for (const o of mentions) {
    if (o.brand === brand) continue;
    if (o.start > end ? advisedBrand(signals, o.brand) : placedBrand(signals, o.brand)) return true;
  }
  return false;
}

function advisedBrand(signals: readonly (BrandSignals | null)[], b: number): boolean {
  const s = signals[b];
  return s !== null && s !== undefined && advised(s);
}

function placedBrand(signals: readonly (BrandSignals | null)[], b: number): boolean {
  return signals[b]?.placed === true;
}
