import { MIN_ANSWERS_A_SIDE } from '../shared/analytics/evidence';
import type { MeanStat, RateStat, ReanalysisProgress, StatChange } from '../shared/visibility/types';

// How `parallax visibility` and `parallax sources` print a number: always with its 95 %
// interval, and a change always with "n.s." when it is not significant. The JSON shapes are
// flat objects, documented in each command's --help.

/** A rate in JSON: value and bounds as fractions (0–1, null without data), k of n. */
export interface RateJson {
  value: number | null;
  lower: number | null;
  upper: number | null;
  k: number;
  n: number;
}

/** A mean in JSON (average position): bounds are null when n < 2. */
export interface MeanJson {
  value: number | null;
  lower: number | null;
  upper: number | null;
  n: number;
}

export const rateJson = (s: RateStat): RateJson => ({
  value: s.value,
  lower: s.lower,
  upper: s.upper,
  k: s.k,
  n: s.n,
});

export const meanJson = (s: MeanStat): MeanJson => ({
  value: s.value,
  lower: s.lower,
  upper: s.upper,
  n: s.n,
});

/** A rate with the change against the previous period, for the overview's JSON. */
export const rateChangeJson = (s: RateStat, previous: RateStat, change: StatChange) => ({
  ...rateJson(s),
  previous: rateJson(previous),
  delta: change.delta,
  significant: change.significant,
});

export const meanChangeJson = (s: MeanStat, previous: MeanStat, change: StatChange) => ({
  ...meanJson(s),
  previous: meanJson(previous),
  delta: change.delta,
  significant: change.significant,
});

const NONE = '\u2013';
const pct = (v: number): string => (v * 100).toFixed(1);

/** "42.1 % [38.0–46.3]", or "– (n = 0)" without data. */
export function formatRate(s: RateStat): string {
  if (s.value === null) return `${NONE} (n = 0)`;
  const interval = s.lower !== null && s.upper !== null ? ` [${pct(s.lower)}${NONE}${pct(s.upper)}]` : '';
  return `${pct(s.value)} %${interval}`;
}

/** A rate with its n: value and bounds as fractions (null without data). */
export interface RateWithN {
  value: number | null;
  lower: number | null;
  upper: number | null;
  n: number;
}

const wholePct = (v: number): string => (v * 100).toFixed(v < 0.1 && v > 0 ? 1 : 0);

/** "42 % [38–46] n=200", "few answers" under the evidence rule's n, "– (n = 0)" without data. */
export function formatRateWithN(r: RateWithN): string {
  if (r.value === null || r.lower === null || r.upper === null) return `${NONE} (n = 0)`;
  const few = r.n < MIN_ANSWERS_A_SIDE ? ' few answers' : '';
  return `${wholePct(r.value)} % [${wholePct(r.lower)}${NONE}${wholePct(r.upper)}] n=${r.n}${few}`;
}

/** "1.8 [1.6–2.0]", "1.0 (n = 1)" when one answer cannot give an interval, "–" without data. */
export function formatMean(s: MeanStat): string {
  if (s.value === null) return NONE;
  if (s.lower === null || s.upper === null) return `${s.value.toFixed(1)} (n = ${s.n})`;
  return `${s.value.toFixed(1)} [${s.lower.toFixed(1)}${NONE}${s.upper.toFixed(1)}]`;
}

const signed = (text: string, v: number): string =>
  v > 0 ? `+${text}` : v < 0 ? text : text.replace('-', '');

/** A rate's change in percentage points: "+3.2 pts", "-1.0 pts n.s.", "–" when a side has no data. */
export function formatRateChange(c: StatChange): string {
  if (c.delta === null) return NONE;
  return `${signed(`${pct(c.delta)} pts`, c.delta)}${c.significant ? '' : ' n.s.'}`;
}

/** A position's change (lower is better): "-0.3", "+0.1 n.s.", "–". */
export function formatMeanChange(c: StatChange): string {
  if (c.delta === null) return NONE;
  return `${signed(c.delta.toFixed(2), c.delta)}${c.significant ? '' : ' n.s.'}`;
}

/** What the text tables' marks mean, printed under them. */
export const STATS_LEGEND =
  'Rates with their 95 % interval (Wilson); changes vs the previous period of the same length; ' +
  'n.s. = not significant (the intervals overlap); \u2013 = no data.';

/** Said above brand numbers while stored answers are re-analysed after a brand change. */
export function reanalysisNote(r: ReanalysisProgress | null | undefined): string | null {
  if (!r) return null;
  if (r.searchResults === true)
    return `Reading stored web and news search results by their results' titles and snippets (${r.done} of ${r.total}): their brand numbers are partial.`;
  return `Re-analysing stored answers after a brand change (${r.done} of ${r.total}): brand numbers are partial.`;
}
