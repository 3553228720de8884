import { fewAnswersWords, isThin } from '../analytics/evidence';
import type { EngineLabels } from '../narrative/places';
import type { AlertFacts, AlertKindDef } from './kind-def';
import { conquestBegan, newAdvertiser, priceMoved, productShelf, shelfMoved } from './kinds/commerce';
import { discrepancyRose, factContradicted } from './kinds/facts';
import { brandDropped, brandEntered, competitorAppeared, competitorDisappeared } from './kinds/mentions';
import { positionMoved } from './kinds/position';
import { recommendationLost } from './kinds/recommendation';
import { sentimentShifted } from './kinds/sentiment';
import { answerChanged, sourcesChanged } from './kinds/similarity';
import { trend } from './kinds/trend';
import type { AlertBrandKind, AlertKind, AlertScope, AlertSeverity, AlertView } from './types';

// Every kind of alert by name: how it reads, its default, whether a digest folds it. Severity
// is one rule for all kinds: whom the alert is about (the focus brand 'high', a competitor
// 'medium', nobody, i.e. sources and wording, 'low'), and never above 'low' on fewer than 30
// answers a side (evidence.ts): two repeats against two are worth a look, not a call to act.
// Such an alert's sentence says it rests on few answers.

export const ALERT_KIND_DEFS: Readonly<Record<AlertKind, AlertKindDef>> = {
  'brand-entered': brandEntered,
  'brand-dropped': brandDropped,
  'position-moved': positionMoved,
  trend,
  'recommendation-lost': recommendationLost,
  'sentiment-shifted': sentimentShifted,
  'competitor-appeared': competitorAppeared,
  'competitor-disappeared': competitorDisappeared,
  'sources-changed': sourcesChanged,
  'answer-changed': answerChanged,
  'shelf-moved': shelfMoved,
  'product-shelf': productShelf,
  'price-moved': priceMoved,
  'new-advertiser': newAdvertiser,
  'conquest-began': conquestBegan,
  'fact-contradicted': factContradicted,
  'discrepancy-rose': discrepancyRose,
};

export function kindDef(kind: AlertKind): AlertKindDef {
  return ALERT_KIND_DEFS[kind];
}

/** Whom the alert is about, as a severity, before the answers behind it are counted. */
function severityOfWhom(brandKind: AlertBrandKind): AlertSeverity {
  return brandKind === 'brand' ? 'high' : brandKind === 'competitor' ? 'medium' : 'low';
}

/** An alert about a brand on fewer than 30 answers a side (ranked answers for a position). */
export function onFewAnswers(a: Pick<AlertFacts, 'brandKind' | 'before' | 'after'>): boolean {
  return a.brandKind !== null && isThin(a.before.n, a.after.n);
}

/** The severity stored with an alert: whom it is about, at most 'low' on few answers. */
export function severityOf(a: Pick<AlertFacts, 'brandKind' | 'before' | 'after'>): AlertSeverity {
  return onFewAnswers(a) ? 'low' : severityOfWhom(a.brandKind);
}

/** The kind's sentence, ending ", on few answers (2 before, 2 after)." when it rests on few. */
function titleOf(a: AlertFacts, labels?: EngineLabels): string {
  const title = ALERT_KIND_DEFS[a.kind].title(a, labels);
  if (!onFewAnswers(a)) return title;
  return `${title.replace(/\.$/u, '')}, on ${fewAnswersWords(a.before.n, a.after.n)}.`;
}

/** The alert's sentence and statistics line, in these engine labels. */
export function describeAlert(a: AlertFacts, labels?: EngineLabels): { title: string; details: string } {
  return { title: titleOf(a, labels), details: ALERT_KIND_DEFS[a.kind].details(a) };
}

/** The alerts with their sentences in these engine labels (the profile in use). */
export function withLabels<A extends AlertView>(alerts: readonly A[], labels: EngineLabels): A[] {
  return alerts.map((a) => ({ ...a, ...describeAlert(a, labels) }));
}

const SEVERITY_RANK: Record<AlertSeverity, number> = { high: 0, medium: 1, low: 2 };
const SCOPE_RANK: Record<AlertScope, number> = { monitor: 0, slice: 1, cell: 2 };

/**
 * A digest's order: severity, then the wider figure first (the whole monitor, then a slice,
 * then one prompt), then the stronger change, then the kind's place in the registry.
 */
export function compareAlerts(a: AlertView, b: AlertView): number {
  const kinds = Object.keys(ALERT_KIND_DEFS);
  return (
    SEVERITY_RANK[a.severity] - SEVERITY_RANK[b.severity] ||
    SCOPE_RANK[a.scope] - SCOPE_RANK[b.scope] ||
    ALERT_KIND_DEFS[b.kind].effect(b) - ALERT_KIND_DEFS[a.kind].effect(a) ||
    kinds.indexOf(a.kind) - kinds.indexOf(b.kind)
  );
}

/** Whether a digest shows the alert folded. */
export const isCollapsed = (a: Pick<AlertView, 'kind'>): boolean => ALERT_KIND_DEFS[a.kind].collapsed;
