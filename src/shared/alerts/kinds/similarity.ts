import { sourcesSentence, wordingSentence } from '../../narrative/changes';
import { clampRate, count, percent, percentRange } from '../../narrative/numbers';
import type { AlertKindDef, AlertFacts } from '../kind-def';
import type { AlertData, AlertSide } from '../types';
import { alertPlace, coverage } from './common';

// The sites the answers cite (sources-changed) or the answers' wording (answer-changed) differ
// between the two runs more than repeats of one run differ among themselves. before: the
// within-run baseline (n 0 without repeats), after: the between-run value, both 0–1 (Jaccard of
// the cited registrable domains; word similarity). sources-changed keeps in data the sites the
// answers stopped citing (dropped) and started citing (added), most cited first. Both are off
// for new monitors and folded in a digest: they are worth a look, rarely the story.

function sites(data: AlertData | null, key: 'dropped' | 'added'): readonly string[] {
  const value = data?.[key];
  return Array.isArray(value) ? (value as readonly string[]) : [];
}

function side(s: AlertSide): string {
  const interval = s.n >= 2 && s.low !== s.high ? `, 95 % interval ${percentRange(s.low, s.high)}` : '';
  return `${percent(s.value)}${interval}, ${count(s.n)} answer${s.n === 1 ? '' : 's'}`;
}

function baseline(a: AlertFacts, threshold: string): string {
  return a.before.n === 0
    ? `no repeats to compare with, so the threshold of ${threshold} applies`
    : `between repeats within a run: ${side(a.before)}`;
}

const effect = (a: AlertFacts): number => Math.max(0, clampRate(a.before.value) - clampRate(a.after.value));

export const sourcesChanged: AlertKindDef = {
  kind: 'sources-changed',
  label: 'Cited sites changed',
  defaultOn: false,
  collapsed: true,
  title: (a, labels) =>
    sourcesSentence({
      dropped: sites(a.data, 'dropped'),
      added: sites(a.data, 'added'),
      overlap: a.after.value,
      where: alertPlace(a, labels),
    }),
  details: (a) =>
    `Sites in common between the two runs’ answers (Jaccard index of the cited domains): ${side(a.after)}, over ${coverage(a)}; ${baseline(a, 'the rule')}.`,
  effect,
};

export const answerChanged: AlertKindDef = {
  kind: 'answer-changed',
  label: 'Answer reworded',
  defaultOn: false,
  collapsed: true,
  title: (a, labels) =>
    wordingSentence({ same: a.after.value, pooled: a.scope !== 'cell', where: alertPlace(a, labels) }),
  details: (a) =>
    `Word similarity between the two runs’ answers: ${side(a.after)}, over ${coverage(a)}; ${baseline(a, 'the rule')}.`,
  effect,
};
