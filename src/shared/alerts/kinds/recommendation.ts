import { clampRate, count, percent, percentRange } from '../../narrative/numbers';
import { sentence } from '../../narrative/words';
import type { AlertFacts, AlertKindDef } from '../kind-def';
import type { AlertSide } from '../types';
import { alertPlace, coverage, holmClause, overlapClause, rateEffect } from './common';

// A brand recommended (the top pick or among the recommended options) in significantly fewer of
// the answers that name it than in the previous run, per engine × location over every prompt
// ('slice') and over the whole monitor, from the active judge's positioning
// (src/shared/analytics/positioning-alerts.ts detects it). before/after: the recommendation rate
// (0–1) with its Wilson interval, n the answers naming the brand. data: topBefore, topAfter
// (answers where it was the top pick), p (two-proportion z-test), pAdjusted (Holm, over the
// `tested` brand × place × metric tests of the check).

const num = (a: AlertFacts, key: string): number | null => {
  const v = a.data?.[key];
  return typeof v === 'number' ? v : null;
};

/** "Veloxa is recommended in 31 % of answers that name it, down from 58 % (Germany, Assistant A)." */
export function recommendationTitle(a: AlertFacts, labels?: Parameters<AlertKindDef['title']>[1]): string {
  const name = a.brandName ?? 'The brand';
  const before = clampRate(a.before.value);
  const after = clampRate(a.after.value);
  const where = alertPlace(a, labels);
  const trend = after < before ? 'down' : 'up';
  if (after === 0 && before > 0)
    return sentence(
      `${name} is no longer recommended in any answer that names it, down from ${percent(before)}${where}`,
    );
  return sentence(
    `${name} is recommended in ${percent(after)} of answers that name it, ${trend} from ${percent(before)}${where}`,
  );
}

function side(s: AlertSide, top: number | null): string {
  const k = Math.round(clampRate(s.value) * s.n);
  const interval = s.n >= 2 && s.low !== s.high ? `, 95 % interval ${percentRange(s.low, s.high)}` : '';
  const topPick = top !== null ? `, the top pick in ${count(top)}` : '';
  return `${count(k)} of ${count(s.n)} answer${s.n === 1 ? '' : 's'} naming it (${percent(s.value)}${interval}${topPick})`;
}

function details(a: AlertFacts): string {
  return `Top pick or recommended in ${side(a.before, num(a, 'topBefore'))} in the previous run and ${side(a.after, num(a, 'topAfter'))} in this run, over ${coverage(a)}; ${overlapClause(a.before, a.after)} (Wilson)${holmClause(a, 'two-proportion z-test')}.`;
}

export const recommendationLost: AlertKindDef = {
  kind: 'recommendation-lost',
  label: 'Recommended less often',
  defaultOn: true,
  collapsed: false,
  title: recommendationTitle,
  details,
  effect: rateEffect,
};
