import { pValue } from '../../narrative/numbers';
import { sentence } from '../../narrative/words';
import type { AlertFacts, AlertKindDef } from '../kind-def';
import type { AlertKind } from '../types';
import { labelled } from './commerce';
import { rateEffect, rateSide } from './common';

// The facts alerts: a monitor's run against its previous one on what the answers say about the
// tracked brands' fact sheets (src/core/alerts/facts-rule.ts raises them from the What changed
// engine's facts findings). fact-contradicted: an engine now contradicts a fact it did not in
// the previous run; before/after are the share of the engine's answers addressing the fact that
// contradict it, n those answers. discrepancy-rose: the brand's discrepancy rate (answers
// contradicting any of its facts, of those addressing any), n those answers. data: sentence
// (the finding's words, plain text, engines marked), p and q (Benjamini–Hochberg over the
// check's facts tests), fact (the fact's key; null for discrepancy-rose).

function num(a: AlertFacts, key: string): number | null {
  const v = a.data?.[key];
  return typeof v === 'number' ? v : null;
}

function details(a: AlertFacts): string {
  const p = num(a, 'p');
  const q = num(a, 'q');
  const stats =
    p !== null
      ? `; two-proportion z-test ${pValue(p)}${q !== null ? `, Benjamini–Hochberg q ${pValue(q).replace(/^p/u, '')}` : ''}`
      : '';
  const over =
    a.kind === 'fact-contradicted' ? 'answers addressing the fact' : "answers addressing the brand's facts";
  return `Contradicting, of the ${over}: previous run ${rateSide(a.before)}; this run ${rateSide(a.after)}${stats}.`;
}

function factsKind(kind: AlertKind, label: string): AlertKindDef {
  return {
    kind,
    label,
    defaultOn: true,
    collapsed: false,
    title: (a, labels) => {
      const words = a.data?.sentence;
      return sentence(labelled(typeof words === 'string' ? words : label, labels));
    },
    details,
    effect: rateEffect,
  };
}

export const factContradicted = factsKind('fact-contradicted', 'An engine contradicts a brand fact');
export const discrepancyRose = factsKind('discrepancy-rose', 'Discrepancy rate rose');
