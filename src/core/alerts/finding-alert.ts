import { engineMark, labelled } from '../../shared/alerts/kinds/commerce';
import type { AlertData, AlertKind, NewAlert } from '../../shared/alerts/types';
import { caveatWords } from '../../shared/analytics/findings';
import type { Finding, FindingsInput, PeriodSums } from '../../shared/analytics/findings/types';
import type { VisFilter } from '../history';
import { daySpan } from './positioning-rule';
import type { RuleContext } from './rule-module';

// What the rules built on the What changed engine share (commerce-rule.ts, facts-rule.ts): the
// engine's input for a monitor's run against its previous one, and a finding as an alert.

/**
 * The findings engine's input over the two runs' answers, with only the sums `sums` reads; null
 * when a run is gone. Engines are marked, not labelled: the sentence is stored, and shown in
 * the labels in use then.
 */
export function runPairInput(
  ctx: RuleContext,
  sums: (filter: VisFilter) => Partial<PeriodSums>,
): FindingsInput | null {
  const span = daySpan(ctx.store, [ctx.prevRunId, ctx.runId]);
  if (!span) return null;
  const focus = ctx.brands.find((b) => b.kind === 'brand') ?? null;
  const side = (runId: string): PeriodSums => ({
    cells: [],
    brands: [],
    positioning: [],
    attributes: [],
    domains: [],
    ...sums({ ...span, runIds: [runId] }),
  });
  return {
    period: { from: '', to: '', previous: { from: '', to: '' } },
    focusBrandId: focus?.id ?? null,
    brands: ctx.brands.map((b) => ({ ...b, domains: [] })),
    previous: side(ctx.prevRunId),
    current: side(ctx.runId),
    engineLabel: engineMark,
  };
}

/** A finding as an alert: its sentence without the caveat (the registry adds its own), p and q, and `data`. */
export function alertOfFinding(f: Finding, kind: AlertKind, ctx: RuleContext, data: AlertData): NewAlert {
  const brand = ctx.brands.find((b) => b.id === f.brandId);
  const caveat = caveatWords(f);
  const side = (e: Finding['before']) => ({ value: e.value, n: e.n, low: e.lower, high: e.upper });
  return {
    kind,
    scope: f.scope.engine !== undefined && f.scope.loc !== undefined ? 'slice' : 'monitor',
    prompt: null,
    engine: f.scope.engine ?? null,
    loc: f.scope.loc ?? null,
    brandName: brand?.name ?? null,
    brandKind: brand?.kind ?? null,
    before: side(f.before),
    after: side(f.after),
    beforeSeq: null,
    afterSeq: null,
    data: { sentence: f.text.slice(0, f.text.length - caveat.length - 1), p: f.pValue, q: f.qValue, ...data },
    summary: labelled(f.text),
  };
}
