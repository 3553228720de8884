import { clampPlace, clampRate, signedNet } from '../narrative/numbers';
import { ALERT_KIND_DEFS } from './registry';
import type { AlertKind, AlertSide } from './types';

// How an alert's raw figures read, the same in the CLI and the app (the statistics one click
// below the sentence). Figures are clamped to what the metric allows: a rate within 0–100 %, a
// place at least 1, a similarity within 0–1, a net sentiment within −1..1.

export const ALERT_KIND_LABELS: Record<AlertKind, string> = Object.fromEntries(
  Object.values(ALERT_KIND_DEFS).map((d) => [d.kind, d.label]),
) as Record<AlertKind, string>;

const RATE_KINDS: ReadonlySet<AlertKind> = new Set([
  'brand-entered',
  'brand-dropped',
  'competitor-appeared',
  'competitor-disappeared',
  'trend',
  'recommendation-lost',
]);

/** What the two sides measure, in words ("mention rate", "first position"…). */
export function alertMetric(kind: AlertKind): string {
  if (kind === 'recommendation-lost')
    return 'recommendation rate (top pick or recommended, of answers naming it)';
  if (kind === 'sentiment-shifted') return 'net sentiment (share positive − share negative)';
  if (RATE_KINDS.has(kind)) return kind === 'trend' ? 'mention rate (first → last runs)' : 'mention rate';
  if (kind === 'position-moved') return 'first position (mean)';
  if (kind === 'sources-changed') return 'cited-domain Jaccard (within a run → between runs)';
  return 'word similarity (within a run → between runs)';
}

/**
 * What the two sides are called: before / after for rates and positions; for Jaccard and
 * similarity the within-run baseline and the between-run value.
 */
export function alertSideLabels(kind: AlertKind): [string, string] {
  return kind === 'sources-changed' || kind === 'answer-changed'
    ? ['Within a run', 'between runs']
    : ['Before', 'after'];
}

/** A net sentiment clamped to −1..1 (NaN reads as 0). */
const clampNet = (value: number): number =>
  Number.isFinite(value) ? Math.min(1, Math.max(-1, value)) : value > 0 ? 1 : value < 0 ? -1 : 0;

/** A side clamped to what its metric allows. */
export function clampSide(kind: AlertKind, side: AlertSide): AlertSide {
  const clamp = kind === 'position-moved' ? clampPlace : kind === 'sentiment-shifted' ? clampNet : clampRate;
  return { value: clamp(side.value), n: side.n, low: clamp(side.low), high: clamp(side.high) };
}

/**
 * A side as the analyst reads it: 42 % [30–55 %] (n 24), 3.5 [2.1–4.9] (n 8) for a mean,
 * +0.35 [+0.10–+0.55] (n 20) for a net sentiment.
 */
export function formatAlertSide(kind: AlertKind, raw: AlertSide): string {
  const side = clampSide(kind, raw);
  const rate = RATE_KINDS.has(kind);
  const v = (x: number): string =>
    rate
      ? `${Math.round(x * 100)} %`
      : kind === 'sentiment-shifted'
        ? signedNet(x)
        : String(Math.round(x * 100) / 100);
  const interval = side.low !== side.high ? ` [${v(side.low)}–${v(side.high)}]` : '';
  return `${v(side.value)}${interval} (n ${side.n})`;
}
