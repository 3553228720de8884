import { count, signedNet } from '../../narrative/numbers';
import { sentence } from '../../narrative/words';
import type { AlertFacts, AlertKindDef } from '../kind-def';
import type { AlertSide } from '../types';
import { alertPlace, coverage, holmClause, overlapClause } from './common';

// The tone of the answers naming a brand moved significantly since the previous run, per engine
// × location over every prompt ('slice') and over the whole monitor, from the active judge's
// positioning (src/shared/analytics/positioning-alerts.ts detects it). before/after: the net
// sentiment (share positive − share negative, −1..1) with Tango's score interval, n the answers
// naming the brand. data: positiveBefore, negativeBefore, positiveAfter, negativeAfter (answers),
// p (z-test of the net sentiment), pAdjusted (Holm, over the `tested` tests of the check).

const num = (a: AlertFacts, key: string): number => {
  const v = a.data?.[key];
  return typeof v === 'number' ? v : 0;
};

const clampNet = (x: number): number => Math.min(1, Math.max(-1, x));

/** "The tone about Veloxa soured: net sentiment −0.40, down from +0.35 (Germany, Assistant A)." */
export function sentimentTitle(a: AlertFacts, labels?: Parameters<AlertKindDef['title']>[1]): string {
  const before = clampNet(a.before.value);
  const after = clampNet(a.after.value);
  const worse = after < before;
  return sentence(
    `The tone about ${a.brandName ?? 'the brand'} ${worse ? 'soured' : 'warmed'}: net sentiment ${signedNet(after)}, ${worse ? 'down' : 'up'} from ${signedNet(before)}${alertPlace(a, labels)}`,
  );
}

function side(s: AlertSide, positive: number, negative: number): string {
  const interval =
    s.n >= 2 && s.low !== s.high
      ? `, 95 % interval ${signedNet(clampNet(s.low))} to ${signedNet(clampNet(s.high))}`
      : '';
  return `${signedNet(clampNet(s.value))} (${count(positive)} positive and ${count(negative)} negative of ${count(s.n)} answer${s.n === 1 ? '' : 's'} naming it${interval})`;
}

function details(a: AlertFacts): string {
  return `Net sentiment (share positive − share negative) ${side(a.before, num(a, 'positiveBefore'), num(a, 'negativeBefore'))} in the previous run and ${side(a.after, num(a, 'positiveAfter'), num(a, 'negativeAfter'))} in this run, over ${coverage(a)}; ${overlapClause(a.before, a.after)} (Tango's score interval)${holmClause(a, 'z-test of the net sentiment')}.`;
}

export const sentimentShifted: AlertKindDef = {
  kind: 'sentiment-shifted',
  label: 'Tone about a brand shifted',
  defaultOn: true,
  collapsed: false,
  title: sentimentTitle,
  details,
  // Net sentiment spans −1..1: half its move is on the 0–1 scale the other kinds rank by.
  effect: (a) => Math.min(1, Math.abs(clampNet(a.after.value) - clampNet(a.before.value)) / 2),
};
