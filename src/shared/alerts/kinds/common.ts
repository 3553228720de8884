import { clampRate, count, percent, percentRange, pValue } from '../../narrative/numbers';
import { whereWords, type EngineLabels } from '../../narrative/places';
import { quotePrompt } from '../../narrative/words';
import type { AlertFacts } from '../kind-def';
import type { AlertSide } from '../types';

// Pieces the kind modules share: where an alert applies in words, a side's figures.

/** " (“best running shoes”, Germany, Assistant A)"; '' for a whole-monitor alert. */
export function alertPlace(a: AlertFacts, labels?: EngineLabels): string {
  if (a.scope === 'monitor') return '';
  return whereWords(
    { prompt: a.scope === 'cell' ? a.prompt : null, engine: a.engine, loc: a.loc },
    labels,
    (p) => quotePrompt(p),
  );
}

/** Which answers the figures cover, for a details line. */
export function coverage(a: AlertFacts): string {
  return a.scope === 'monitor'
    ? 'all answers of the monitor'
    : a.scope === 'slice'
      ? 'every prompt'
      : 'this prompt';
}

/** "10 of 24 answers (42 %, 95 % interval 24–61 %)": a rate side, clamped to 0–100 %. */
export function rateSide(s: AlertSide): string {
  const k = Math.round(clampRate(s.value) * s.n);
  const interval = s.n >= 2 && s.low !== s.high ? `, 95 % interval ${percentRange(s.low, s.high)}` : '';
  return `${count(k)} of ${count(s.n)} answer${s.n === 1 ? '' : 's'} (${percent(s.value)}${interval})`;
}

/** The two runs' intervals, in a closing clause. */
export function overlapClause(before: AlertSide, after: AlertSide): string {
  if (before.n < 2 && after.n < 2) return 'one answer on each side, compared as they are';
  return before.high < after.low || after.high < before.low
    ? 'the two intervals do not overlap'
    : 'the change passed the rule’s threshold';
}

/** Absolute change of a rate, 0–1. */
export const rateEffect = (a: AlertFacts): number =>
  Math.abs(clampRate(a.after.value) - clampRate(a.before.value));

/** "; z-test p < 0.001, Holm-adjusted over 84 tests p = 0.004" from data p, pAdjusted, tested ('' without). */
export function holmClause(a: AlertFacts, test: string): string {
  const num = (key: string): number | null => {
    const v = a.data?.[key];
    return typeof v === 'number' ? v : null;
  };
  const p = num('p');
  const adjusted = num('pAdjusted');
  const tested = num('tested');
  if (p === null) return '';
  const holm =
    adjusted !== null && tested !== null
      ? `, Holm-adjusted over ${count(tested)} tests ${pValue(adjusted)}`
      : '';
  return `; ${test} ${pValue(p)}${holm}`;
}
