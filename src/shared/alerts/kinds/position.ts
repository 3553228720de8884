import { placeSentence } from '../../narrative/changes';
import { clampPlace, count } from '../../narrative/numbers';
import type { AlertKindDef } from '../kind-def';
import type { AlertSide } from '../types';
import { alertPlace, coverage, overlapClause } from './common';

// The focus brand's first position (1 = named first among the tracked brands an answer names)
// moved by at least the rule's number of places. before/after: the mean position with its
// t interval and the answers ranking the brand. A place is at least 1: intervals are clamped.

const fmt = (x: number): string => clampPlace(x).toFixed(1);

function side(s: AlertSide): string {
  const interval = s.n >= 2 && s.low !== s.high ? `, 95 % interval ${fmt(s.low)}–${fmt(s.high)}` : '';
  return `${fmt(s.value)} (${count(s.n)} answer${s.n === 1 ? '' : 's'} ranking it${interval})`;
}

export const positionMoved: AlertKindDef = {
  kind: 'position-moved',
  label: 'Focus brand’s position moved',
  defaultOn: true,
  collapsed: false,
  title: (a, labels) =>
    placeSentence({
      name: a.brandName ?? 'The brand',
      before: a.before.value,
      after: a.after.value,
      single: a.before.n <= 1 && a.after.n <= 1,
      where: alertPlace(a, labels),
    }),
  details: (a) =>
    `Average place ${side(a.before)} in the previous run and ${side(a.after)} in this run, over ${coverage(a)}; ${overlapClause(a.before, a.after)}.`,
  effect: (a) => Math.min(1, Math.abs(clampPlace(a.after.value) - clampPlace(a.before.value)) / 5),
};
