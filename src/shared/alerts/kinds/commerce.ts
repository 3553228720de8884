import { count, percent, percentRange, pValue } from '../../narrative/numbers';
import { engineLabel, type EngineLabels } from '../../narrative/places';
import { sentence } from '../../narrative/words';
import type { AlertFacts, AlertKindDef } from '../kind-def';
import type { AlertKind, AlertSide } from '../types';
import { rateEffect } from './common';

// The commerce alerts: a monitor's run against its previous one on the shopping and ads of the
// same answers (src/core/alerts/commerce-rule.ts raises them from the What changed engine's
// commerce findings). before/after: a rate (shelf presence; a product's, an advertiser's or a
// conquest's share of the answers with a shelf or with ads) with its interval and n the answers
// it is over, or a price (its mean, n the priced product slots). data: sentence (the finding's
// words, plain text), p and q (Benjamini–Hochberg over the check's commerce tests), product,
// currency, advertiser.

const text = (a: AlertFacts, key: string): string | null => {
  const v = a.data?.[key];
  return typeof v === 'string' ? v : null;
};
const num = (a: AlertFacts, key: string): number | null => {
  const v = a.data?.[key];
  return typeof v === 'number' ? v : null;
};

/** An engine as the stored sentence names it: replaced by its label when the alert is shown. */
export const engineMark = (engine: string): string => `{engine:${engine}}`;

/** The stored sentence with each engine named as the profile in use names it. */
export function labelled(words: string, labels?: EngineLabels): string {
  return words.replace(/\{engine:([a-z0-9-]+)\}/gu, (_m, engine: string) => engineLabel(engine, labels));
}

function rateSideWords(s: AlertSide): string {
  const interval = s.n >= 2 && s.low !== s.high ? `, 95 % interval ${percentRange(s.low, s.high)}` : '';
  return `${percent(s.value)} of ${count(s.n)} answers${interval}`;
}

function priceSideWords(s: AlertSide, currency: string | null): string {
  return `${s.value.toFixed(2)}${currency ? ` ${currency}` : ''} over ${count(s.n)} priced product slots`;
}

function details(a: AlertFacts): string {
  const price = a.kind === 'price-moved';
  const currency = text(a, 'currency');
  const side = (s: AlertSide) => (price ? priceSideWords(s, currency) : rateSideWords(s));
  const p = num(a, 'p');
  const q = num(a, 'q');
  const test = price ? "Welch's t-test on daily mean prices" : 'two-proportion z-test';
  const stats =
    p !== null
      ? `; ${test} ${pValue(p)}${q !== null ? `, Benjamini–Hochberg q ${pValue(q).replace(/^p/u, '')}` : ''}`
      : '';
  return `Previous run: ${side(a.before)}; this run: ${side(a.after)}${stats}.`;
}

function commerceKind(kind: AlertKind, label: string): AlertKindDef {
  return {
    kind,
    label,
    defaultOn: true,
    collapsed: false,
    title: (a, labels) => sentence(labelled(text(a, 'sentence') ?? label, labels)),
    details,
    effect: (a) =>
      kind === 'price-moved'
        ? Math.min(1, Math.abs(a.after.value / (a.before.value || 1) - 1))
        : rateEffect(a),
  };
}

export const shelfMoved = commerceKind('shelf-moved', 'Shelf presence moved');
export const productShelf = commerceKind('product-shelf', 'Product left or entered the shelf');
export const priceMoved = commerceKind('price-moved', 'Price moved');
export const newAdvertiser = commerceKind('new-advertiser', 'New advertiser');
export const conquestBegan = commerceKind('conquest-began', 'Conquesting began');
