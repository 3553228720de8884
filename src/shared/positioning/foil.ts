import type { BrandSignals } from './signals';
import type { PositioningStatus } from './types';

// What the other brands of an answer got says what a brand left without a verdict is: in an
// answer that recommends one brand, a brand it says something against and nothing for is the
// foil the recommendation is set against, not a neutral mention. One failure is enough
// there, where an answer that recommends nothing needs two (signals.ts rule 6): the contrast
// with the brand it recommends carries the rest of the judgement, whatever words the problems
// are told in.

/** Tone at or below which a foil's blame is clear (as for problems reported without a verdict). */
const FOIL_TONE_AT = -0.5;

/** Whether the answer recommends a brand other than `self` (a place, a pick, a case, a cue). */
function recommendsAnother(statuses: readonly (PositioningStatus | null)[], self: number): boolean {
  for (let i = 0; i < statuses.length; i++) {
    if (i === self) continue;
    const st = statuses[i];
    if (st === 'top' || st === 'recommended') return true;
  }
  return false;
}

/**
 * A mentioned brand with a failure told of it (a root, an event or a wait: something that goes
 * wrong, not a quality such as "narrow" or "loud", which is a trade-off) and nothing in its
 * favour, beside one the answer recommends: the foil.
 */
function isFoil(s: BrandSignals, tone: number): boolean {
  return (
    !s.urlOnly && !s.left && !s.favoured && s.rootProblems >= 1 && s.praise === 0 && tone <= FOIL_TONE_AT
  );
}

/** The statuses with every foil cautioned (a new array only when one is). */
export function withFoils(
  statuses: (PositioningStatus | null)[],
  signals: readonly (BrandSignals | null)[],
  tones: readonly number[],
): (PositioningStatus | null)[] {
  let out = statuses;
  for (let i = 0; i < signals.length; i++) {
    const s = signals[i];
    if (s === null || s === undefined || statuses[i] !== 'mentioned') continue;
    if (!isFoil(s, tones[i] as number) || !recommendsAnother(statuses, i)) continue;
    if (out === statuses) out = statuses.slice();
    out[i] = 'cautioned';
  }
  return out;
}
