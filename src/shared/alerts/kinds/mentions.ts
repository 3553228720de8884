import { mentionSentence } from '../../narrative/changes';
import type { AlertKindDef, AlertFacts } from '../kind-def';
import { alertPlace, coverage, overlapClause, rateEffect, rateSide } from './common';
import type { AlertKind } from '../types';

// A brand named in more or fewer of a cell's answers than in the previous run: the focus brand
// entering or dropping out, a competitor appearing or disappearing. before/after: the mention
// rate (0–1) with its Wilson interval and the answers behind it.

function title(a: AlertFacts, labels?: Parameters<AlertKindDef['title']>[1]): string {
  return mentionSentence({
    name: a.brandName ?? 'The brand',
    before: a.before.value,
    after: a.after.value,
    single: a.before.n <= 1 && a.after.n <= 1,
    where: alertPlace(a, labels),
  });
}

function details(a: AlertFacts): string {
  return `Named in ${rateSide(a.before)} in the previous run and ${rateSide(a.after)} in this run, over ${coverage(a)}; ${overlapClause(a.before, a.after)}.`;
}

const mentionKind = (kind: AlertKind, label: string): AlertKindDef => ({
  kind,
  label,
  defaultOn: true,
  collapsed: false,
  title,
  details,
  effect: rateEffect,
});

export const brandEntered = mentionKind('brand-entered', 'Focus brand named more');
export const brandDropped = mentionKind('brand-dropped', 'Focus brand named less');
export const competitorAppeared = mentionKind('competitor-appeared', 'Competitor named more');
export const competitorDisappeared = mentionKind('competitor-disappeared', 'Competitor named less');
