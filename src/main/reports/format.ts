import type { AlertKind } from '../../shared/alerts/types';
import { ENGINES, isEngineName, US_STATES } from '../../shared/api/engines';
import type { MeanStat, RateStat, StatChange } from '../../shared/visibility/types';

// How a client report writes a number: a rate with its 95 % interval and n, a change in
// points with "not significant" when the intervals overlap (the same words as the app).

const DASH = '\u2013';
const pct = (v: number): string => (v * 100).toFixed(1);

/** "42.1 %", or "–" without data. */
export const rateText = (s: RateStat): string => (s.value === null ? DASH : `${pct(s.value)} %`);

/** "38.0–46.3 %", or '' without an interval. */
export const rateIntervalText = (s: Pick<RateStat, 'lower' | 'upper'>): string =>
  s.lower === null || s.upper === null ? '' : `${pct(s.lower)}${DASH}${pct(s.upper)} %`;

/** "1.8", or "–" without data. */
export const meanText = (s: MeanStat): string => (s.value === null ? DASH : s.value.toFixed(1));

/** "1.6–2.0", or '' when n < 2. */
export const meanIntervalText = (s: MeanStat): string =>
  s.lower === null || s.upper === null ? '' : `${s.lower.toFixed(1)}${DASH}${s.upper.toFixed(1)}`;

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

/** "+3.2 pts", "−1.0 pts, not significant", "no previous data". */
export function rateChangeText(c: StatChange): string {
  if (c.delta === null) return 'no previous data';
  return `${signed(c.delta, `${pct(c.delta)} pts`)}${c.significant ? '' : ', not significant'}`;
}

/** Position change (lower is better): "−0.3 (better)", "+0.1, not significant". */
export function meanChangeText(c: StatChange): string {
  if (c.delta === null) return 'no previous data';
  const moved = c.delta < 0 ? ' (better)' : c.delta > 0 ? ' (worse)' : '';
  return `${signed(c.delta, c.delta.toFixed(1))}${c.significant ? moved : ', not significant'}`;
}

const regions = new Intl.DisplayNames(['en'], { type: 'region' });
const STATES = new Map(US_STATES.map((s) => [s.code, s.name]));

/** 'DE' → 'Germany (DE)', 'US-CA' → 'California, US (US-CA)'. */
export function locationName(key: string): string {
  const [country, state] = key.split('-') as [string, string | undefined];
  if (state !== undefined) return `${STATES.get(state) ?? state}, US (${key})`;
  let name: string | undefined;
  try {
    name = regions.of(country);
  } catch {
    name = undefined;
  }
  return name && name !== country ? `${name} (${key})` : key;
}

const ALERT_KIND_NAMES: Record<AlertKind, string> = {
  'brand-entered': 'Brand entered the answers',
  'brand-dropped': 'Brand dropped out',
  'position-moved': 'First position moved',
  trend: 'Steady slide or rise',
  'competitor-appeared': 'Competitor appeared',
  'competitor-disappeared': 'Competitor disappeared',
  'sources-changed': 'Cited sources changed',
  'answer-changed': 'Answer changed',
};

export const alertKindName = (kind: AlertKind): string => ALERT_KIND_NAMES[kind] ?? kind;

export const engineName = (engine: string): string => (isEngineName(engine) ? ENGINES[engine].label : engine);

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
