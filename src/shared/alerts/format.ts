import type { AlertKind, AlertSide } from './types';

// How an alert reads, the same in the CLI and the app.

export const ALERT_KIND_LABELS: Record<AlertKind, string> = {
  'brand-entered': 'Brand entered',
  'brand-dropped': 'Brand dropped out',
  'position-moved': 'Position moved',
  'competitor-appeared': 'Competitor appeared',
  'competitor-disappeared': 'Competitor disappeared',
  'sources-changed': 'Cited domains changed',
  'answer-changed': 'Answer changed',
};

const RATE_KINDS: ReadonlySet<AlertKind> = new Set([
  'brand-entered',
  'brand-dropped',
  'competitor-appeared',
  'competitor-disappeared',
]);

/** What the two sides measure, in words ("mention rate", "first position"…). */
export function alertMetric(kind: AlertKind): string {
  if (RATE_KINDS.has(kind)) return 'mention rate';
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

/** A side as the analyst reads it: 42 % [30–55 %] (n 24), or 3.5 [2.1–4.9] (n 8) for a mean. */
export function formatAlertSide(kind: AlertKind, side: AlertSide): string {
  const rate = RATE_KINDS.has(kind);
  const v = (x: number): string => (rate ? `${Math.round(x * 100)} %` : String(Math.round(x * 100) / 100));
  const interval = side.low !== side.high ? ` [${v(side.low)}–${v(side.high)}]` : '';
  return `${v(side.value)}${interval} (n ${side.n})`;
}
