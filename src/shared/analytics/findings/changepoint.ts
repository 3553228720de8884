import { testRates } from './significance';
import type { DayCitations } from './types';

// The day a citation stopped (or started): the first day after the last day it was cited (or
// the first day it was cited), kept only when the change at that day is clear: answers on both
// sides of it, at least MIN_SIDE_DAYS days with answers after it, and the rates before and
// after differ at p < CLEAR_P (far stricter than the scan's level: a day is a strong claim).

const CLEAR_P = 0.001;
const MIN_SIDE_DAYS = 2;

export interface CitationChange {
  direction: 'stopped' | 'started';
  /** The first day of the new state (YYYY-MM-DD). */
  day: string;
  /** Citing share of answers before and from that day. */
  before: number;
  after: number;
}

function split(
  days: readonly DayCitations[],
  at: number,
): { before: [number, number]; after: [number, number] } {
  let k0 = 0;
  let n0 = 0;
  let k1 = 0;
  let n1 = 0;
  days.forEach((d, i) => {
    if (i < at) {
      k0 += d.cited;
      n0 += d.answers;
    } else {
      k1 += d.cited;
      n1 += d.answers;
    }
  });
  return { before: [k0, n0], after: [k1, n1] };
}

/** The clear day a domain stopped or started being cited in a day series, or null. */
export function citationChangeDay(series: readonly DayCitations[]): CitationChange | null {
  const days = series
    .filter((d) => d.answers > 0)
    .sort((a, b) => (a.day < b.day ? -1 : a.day > b.day ? 1 : 0));
  const cited = days.map((d, i) => (d.cited > 0 ? i : -1)).filter((i) => i >= 0);
  if (cited.length === 0) return null;
  const candidates: Array<{ direction: CitationChange['direction']; at: number }> = [
    { direction: 'stopped', at: (cited.at(-1) as number) + 1 },
    { direction: 'started', at: cited[0] as number },
  ];
  for (const { direction, at } of candidates) {
    if (at < 1 || days.length - at < MIN_SIDE_DAYS) continue;
    const { before, after } = split(days, at);
    const r = testRates(before[0], before[1], after[0], after[1]);
    if (r.pValue < CLEAR_P)
      return { direction, day: (days[at] as DayCitations).day, before: r.before.value, after: r.after.value };
  }
  return null;
}
