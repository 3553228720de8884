import type { MeanStat, RateStat, StatChange, VisibilityPeriod } from '../../../../shared/visibility/types';
import { locationLabel } from '../../lib/countries';
import { formatNumber, formatPercent } from '../../lib/format';
import { engineLabel } from '../../lib/engine-label';

// Numbers as the Visibility view writes them: every rate with its 95 % interval and n, every
// change in points with its significance.

/** "42 %". */
export function rateValue(stat: RateStat): string {
  return formatPercent(stat.value);
}

/** "(38–46 %)", or '' when there is no interval. */
export function rateInterval(stat: Pick<RateStat, 'lower' | 'upper'>): string {
  if (stat.lower === null || stat.upper === null) return '';
  return `(${Math.round(stat.lower * 100)}–${Math.round(stat.upper * 100)} %)`;
}

/** "42 % (38–46 %)". */
export function formatRate(stat: RateStat): string {
  const interval = rateInterval(stat);
  return interval ? `${rateValue(stat)} ${interval}` : rateValue(stat);
}

/** "2.1". */
export function meanValue(stat: MeanStat): string {
  return stat.value === null ? '—' : stat.value.toFixed(1);
}

/** "(1.9–2.3)", or '' when there is no interval (n < 2). */
export function meanInterval(stat: MeanStat): string {
  if (stat.lower === null || stat.upper === null) return '';
  return `(${stat.lower.toFixed(1)}–${stat.upper.toFixed(1)})`;
}

/** "2.1 (1.9–2.3)". */
export function formatMean(stat: MeanStat): string {
  const interval = meanInterval(stat);
  return interval ? `${meanValue(stat)} ${interval}` : meanValue(stat);
}

/** "n = 1,234". */
export function formatN(n: number): string {
  return `n = ${formatNumber(n)}`;
}

/** The sample size every row of a column shares, or null when rows differ (or there are none). */
export function sharedN(ns: readonly number[]): number | null {
  const first = ns[0];
  return first !== undefined && ns.every((n) => n === first) ? first : null;
}

/** A number with at most one decimal and no trailing ".0": 3.5, 4, 0.3. */
function short(value: number): string {
  return String(Math.round(value * 10) / 10);
}

export interface ChangeText {
  /** ▲, ▼ or = (for sighted readers; the words carry the meaning). */
  arrow: string;
  /** "+4 pts", "−0.3", "no data". */
  text: string;
  /** "up 4 points", for the accessible name. */
  words: string;
  /** Whether the change is good for the brand (position: lower is better). */
  tone: 'good' | 'bad' | 'flat';
}

/** What a change is of: a rate (in points), a position (lower is better), a score (-1..1, two decimals). */
export type ChangeKind = 'rate' | 'position' | 'score';

/**
 * A change against the previous period. Rates change in percentage points; positions in
 * places, where a lower number is better; scores (net sentiment) in hundredths.
 */
export function changeText(change: StatChange, kind: ChangeKind): ChangeText {
  if (change.delta === null)
    return { arrow: '', text: 'no previous data', words: 'no previous data', tone: 'flat' };
  const amount = kind === 'rate' ? change.delta * 100 : change.delta;
  const size = kind === 'score' ? Math.abs(amount).toFixed(2) : short(Math.abs(amount));
  const unit = kind === 'rate' ? ' pts' : '';
  const unitWords = kind === 'rate' ? ' points' : '';
  if (Number(size) === 0)
    return { arrow: '=', text: kind === 'score' ? '0.00' : `0${unit}`, words: 'no change', tone: 'flat' };
  const up = amount > 0;
  const better = kind === 'position' ? !up : up;
  return {
    arrow: up ? '▲' : '▼',
    text: `${up ? '+' : '−'}${size}${unit}`,
    words: `${up ? 'up' : 'down'} ${size}${unitWords}`,
    tone: better ? 'good' : 'bad',
  };
}

/** "last 30 days" or "2025-01-01 – 2025-01-31". */
export function periodLabel(period: VisibilityPeriod): string {
  return 'days' in period ? `last ${period.days} days` : `${period.from} – ${period.to}`;
}

/** 'DE' → "🇩🇪 DE", 'US-CA' → "🇺🇸 US-CA". */
export function locationKeyLabel(key: string): string {
  const [country = key, state] = key.split('-');
  return locationLabel(country, state ?? null);
}

/** The engine as the service profile in use labels it. */
export { engineLabel };
