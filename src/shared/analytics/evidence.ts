import { count } from '../narrative/numbers';

// How much data a claim needs, one rule for the findings (What changed) and the change alerts.
// Below 30 answers a side, intervals and p-values lean on approximations that do not hold (a
// rate of 20 of 20 answers, two repeats that happen to agree): a change measured there is
// said, in plain words, as resting on few answers, never called significant, and an alert on it
// is never more than low severity. 30 is the usual floor for the normal approximation behind
// the two-proportion and t tests; a position counts the answers that rank the brand.

/** Fewest answers a side (ranked answers for a position) for a change to be called significant. */
export const MIN_ANSWERS_A_SIDE = 30;

/** Whether either side has fewer answers than a claim needs. */
export function isThin(before: number, after: number): boolean {
  return Math.min(before, after) < MIN_ANSWERS_A_SIDE;
}

/** 'few answers (20 before, 1,160 after)': what a thin change's sentence says. */
export function fewAnswersWords(before: number, after: number): string {
  return `few answers (${count(before)} before, ${count(after)} after)`;
}

/**
 * An earlier period with fewer than this share of the later one's days or cells (prompt × engine
 * × location) is not like for like: its numbers are a different mix of days and prompts.
 */
export const COMPARABLE_SHARE = 0.5;

/** What a period's answers cover. */
export interface Coverage {
  answers: number;
  /** Days with at least one answer. */
  days: number;
  /** Prompt × engine × location combinations with at least one answer. */
  cells: number;
}

/** Whether the earlier period covers far fewer days or cells than the later one. */
export function isShortOf(earlier: Coverage, later: Coverage): boolean {
  return earlier.days < COMPARABLE_SHARE * later.days || earlier.cells < COMPARABLE_SHARE * later.cells;
}

/** 'the earlier period holds only 320 answers over 1 day'. */
export function shortEarlierWords(earlier: Coverage): string {
  return `the earlier period holds only ${count(earlier.answers)} answer${earlier.answers === 1 ? '' : 's'} over ${count(earlier.days)} day${earlier.days === 1 ? '' : 's'}`;
}
