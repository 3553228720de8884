import { MIN_ANSWERS_A_SIDE } from '../../../../shared/analytics/evidence';
import type { TrendRow } from '../../lib/trends';
import { formatN } from '../visibility/format';

// How a point of an Over time chart is said in words: in its tooltip and in the chart's table.

/** "n = 14 answers, few answers": a point's sample, said in words when it is thin. */
export function sampleText(n: number): string {
  if (n === 0) return 'no answers';
  return `${formatN(n)} answers${n < MIN_ANSWERS_A_SIDE ? ', few answers' : ''}`;
}

/** "42 % (30–55 %)", "2.1 (1.0–3.4)", or "—" without a value. */
export function valueText(
  value: TrendRow[string] | undefined,
  band: TrendRow[string] | undefined,
  percent: boolean,
): string {
  if (typeof value !== 'number') return '—';
  const main = percent ? `${Math.round(value * 100)} %` : value.toFixed(1);
  if (!Array.isArray(band)) return main;
  const [lo, hi] = band;
  return percent
    ? `${main} (${Math.round(lo * 100)}–${Math.round(hi * 100)} %)`
    : `${main} (${lo.toFixed(1)}–${hi.toFixed(1)})`;
}
