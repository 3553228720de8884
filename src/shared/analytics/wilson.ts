// Proportions over a cell's repeats (the same prompt × engine × country asked n times).

/** z for a two-sided 95 % interval. */
export const Z_95 = 1.959963984540054;

export interface ProportionInterval {
  successes: number;
  n: number;
  /** successes / n (0 when n = 0). */
  rate: number;
  lower: number;
  upper: number;
}

/**
 * Wilson score interval for a proportion: with p̂ = k/n,
 *   centre = (p̂ + z²/2n) / (1 + z²/n),  half = z/(1 + z²/n) · √(p̂(1−p̂)/n + z²/4n²).
 * Unlike the normal approximation it stays inside [0, 1] and is not degenerate at k = 0 or
 * k = n, which matters with the 3-10 repeats of a cell. n = 0 gives [0, 1] (no information).
 */
export function wilsonInterval(successes: number, n: number, z: number = Z_95): ProportionInterval {
  if (n <= 0) return { successes: 0, n: 0, rate: 0, lower: 0, upper: 1 };
  const p = successes / n;
  const z2 = z * z;
  const denom = 1 + z2 / n;
  const centre = (p + z2 / (2 * n)) / denom;
  const half = (z / denom) * Math.sqrt((p * (1 - p)) / n + z2 / (4 * n * n));
  return { successes, n, rate: p, lower: Math.max(0, centre - half), upper: Math.min(1, centre + half) };
}

/**
 * What the repeats say about something being present (a brand mentioned, a domain cited):
 * - 'always' / 'never': every repeat agrees (k = n, or k = 0);
 * - 'mostly': repeats disagree, but the interval lies above 0.5 (present in most answers);
 * - 'rarely': repeats disagree, but the interval lies below 0.5;
 * - 'volatile': repeats disagree and the interval straddles 0.5, so at this confidence it is
 *   not even known whether it shows up in most answers or in few: a single answer says little;
 * - 'no-data': n = 0.
 * Agreement is never volatile however small n is: two repeats that agree are reported as such,
 * with their (wide) interval. The rule is "disagreement that the data cannot resolve".
 */
export type RepeatVerdict = 'always' | 'never' | 'mostly' | 'rarely' | 'volatile' | 'no-data';

export function repeatVerdict(interval: ProportionInterval): RepeatVerdict {
  const { successes: k, n } = interval;
  if (n === 0) return 'no-data';
  if (k === n) return 'always';
  if (k === 0) return 'never';
  if (interval.lower > 0.5) return 'mostly';
  if (interval.upper < 0.5) return 'rarely';
  return 'volatile';
}
