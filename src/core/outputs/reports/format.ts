import { ALERT_KIND_LABELS } from '../../../shared/alerts/format';
import type { AlertKind } from '../../../shared/alerts/types';
import { engineLabel, placeName, type EngineLabels } from '../../../shared/narrative/places';
import type { MeanStat, RateStat, StatChange } from '../../../shared/visibility/types';

// How a client report writes a number: a rate with its likely (95 %) range, a change in points
// with "no clear change" when the two ranges overlap; places and engines by name.

const DASH = '\u2013';
const pct = (v: number): string => (v * 100).toFixed(1);

/** "42.1 %", or "–" without data. */
export const rateText = (s: Pick<RateStat, 'value'>): string =>
  s.value === null ? DASH : `${pct(s.value)} %`;

/** "38.0–46.3 %", or '' without an interval. */
export const rateIntervalText = (s: Pick<RateStat, 'lower' | 'upper'>): string =>
  s.lower === null || s.upper === null ? '' : `${pct(s.lower)}${DASH}${pct(s.upper)} %`;

/** "1.8", or "–" without data. */
export const meanText = (s: MeanStat): string => (s.value === null ? DASH : s.value.toFixed(1));

/** "1.6–2.0", or '' when n < 2; a place is at least 1, so the range starts there at the lowest. */
export const meanIntervalText = (s: MeanStat): string =>
  s.lower === null || s.upper === null
    ? ''
    : `${Math.max(1, s.lower).toFixed(1)}${DASH}${Math.max(1, s.upper).toFixed(1)}`;

/** A stat with its interval on one line: "42.1 % (38.0–46.3 %)". */
export function rateWithInterval(s: RateStat): string {
  const i = rateIntervalText(s);
  return i ? `${rateText(s)} (${i})` : rateText(s);
}

export function meanWithInterval(s: MeanStat): string {
  const i = meanIntervalText(s);
  return i ? `${meanText(s)} (${i})` : meanText(s);
}

const signed = (v: number, text: string): string => (v > 0 ? `+${text}` : text);

/** "+3.2 points", "−1.0 points (no clear change)", "no previous data". */
export function rateChangeText(c: StatChange): string {
  if (c.delta === null) return 'no previous data';
  return `${signed(c.delta, `${pct(c.delta)} points`)}${c.significant ? '' : ' (no clear change)'}`;
}

/** Position change (lower is better): "−0.3 (better)", "+0.1 (no clear change)". */
export function meanChangeText(c: StatChange): string {
  if (c.delta === null) return 'no previous data';
  const moved = c.delta < 0 ? ' (better)' : c.delta > 0 ? ' (worse)' : '';
  return `${signed(c.delta, c.delta.toFixed(1))}${c.significant ? moved : ' (no clear change)'}`;
}

/** 'DE' → 'Germany', 'US-CA' → 'California (US)'. */
export const locationName = (key: string): string => placeName(key);

export const alertKindName = (kind: AlertKind): string => ALERT_KIND_LABELS[kind] ?? kind;

/** An engine by the label of the service profile in use. */
export const engineName = (engine: string, labels?: EngineLabels): string => engineLabel(engine, labels);

/** "1 November 2026" (UTC), from an ISO date or a time. */
export function longDate(value: string | number): string {
  const date = typeof value === 'number' ? new Date(value) : new Date(`${value}T00:00:00Z`);
  return date.toLocaleDateString('en-GB', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });
}

export const isoDateTime = (ms: number): string => new Date(ms).toISOString().slice(0, 16).replace('T', ' ');

/** A file-name-safe slug of a monitor name: "Demo · Buying guides" → "demo-buying-guides". */
export function slugOf(name: string): string {
  const slug = name
    // Accents of Latin letters only: stripping the marks of kana would change the word (グ is not ク).
    .normalize('NFKD')
    .replace(/(\p{Script=Latin})\p{M}+/gu, '$1')
    .normalize('NFC')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80)
    .replace(/-+$/g, '');
  return slug === '' ? 'monitor' : slug;
}
