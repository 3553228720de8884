import type { EngineLabels } from '../narrative/places';
import type { AlertFacts, AlertKindDef } from './kind-def';
import { brandDropped, brandEntered, competitorAppeared, competitorDisappeared } from './kinds/mentions';
import { positionMoved } from './kinds/position';
import { recommendationLost } from './kinds/recommendation';
import { sentimentShifted } from './kinds/sentiment';
import { answerChanged, sourcesChanged } from './kinds/similarity';
import { trend } from './kinds/trend';
import type { AlertBrandKind, AlertKind, AlertScope, AlertSeverity, AlertView } from './types';

// Every kind of alert by name: how it reads, its default, whether a digest folds it. Severity
// is one rule for all kinds: whom the alert is about (the focus brand 'high', a competitor
// 'medium', nobody, i.e. sources and wording, 'low').

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
};

export function kindDef(kind: AlertKind): AlertKindDef {
  return ALERT_KIND_DEFS[kind];
}

export function severityOf(brandKind: AlertBrandKind): AlertSeverity {
  return brandKind === 'brand' ? 'high' : brandKind === 'competitor' ? 'medium' : 'low';
}

/** The alert's sentence and statistics line, in these engine labels. */
export function describeAlert(a: AlertFacts, labels?: EngineLabels): { title: string; details: string } {
  const def = ALERT_KIND_DEFS[a.kind];
  return { title: def.title(a, labels), details: def.details(a) };
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
