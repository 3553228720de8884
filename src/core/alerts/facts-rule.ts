import { engineMark, labelled } from '../../shared/alerts/kinds/commerce';
import type { AlertKind, NewAlert } from '../../shared/alerts/types';
import { caveatWords, findFactsChanges } from '../../shared/analytics/findings';
import type { Finding, FindingKind } from '../../shared/analytics/findings/types';
import { factsSums } from '../analysis';
import type { AlertRuleModule, RuleContext } from './rule-module';
import { daySpan } from './positioning-rule';

// The facts alerts: the What changed engine's facts findings (src/shared/analytics/findings/facts.ts,
// the same tests and thin-data rule) over a monitor's run against its previous one, from the
// fact checks of each run's answers: a fact an engine now contradicts, a brand's discrepancy
// rate risen by the rules' threshold. Severity is the registry's: whom it is about, never above
// low on fewer than 30 answers a side.

const KIND_OF: Partial<Record<FindingKind, AlertKind>> = {
  'new-contradiction': 'fact-contradicted',
  'discrepancy-rate': 'discrepancy-rose',
};

function toAlert(f: Finding, kind: AlertKind, ctx: RuleContext): NewAlert {
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
    data: {
      sentence: f.text.slice(0, f.text.length - caveat.length - 1),
      p: f.pValue,
      q: f.qValue,
      fact: f.fact ?? null,
    },
    summary: labelled(f.text),
  };
}

function detect(ctx: RuleContext): NewAlert[] {
  const span = daySpan(ctx.store, [ctx.prevRunId, ctx.runId]);
  if (!span) return [];
  const focus = ctx.brands.find((b) => b.kind === 'brand') ?? null;
  const side = (runId: string) => ({
    cells: [],
    brands: [],
    positioning: [],
    attributes: [],
    domains: [],
    facts: factsSums(ctx.store, { ...span, runIds: [runId] }),
  });
  const findings = findFactsChanges({
    period: { from: '', to: '', previous: { from: '', to: '' } },
    focusBrandId: focus?.id ?? null,
    brands: ctx.brands.map((b) => ({ ...b, domains: [] })),
    previous: side(ctx.prevRunId),
    current: side(ctx.runId),
    // Marked, not labelled: the sentence is stored, and shown in the labels in use then.
    engineLabel: engineMark,
  });
  return findings.flatMap((f) => {
    const kind = KIND_OF[f.kind];
    if (kind === undefined) return [];
    if (f.kind === 'discrepancy-rate' && f.effect < ctx.rules.discrepancyMinChange - 1e-12) return [];
    return [toAlert(f, kind, ctx)];
  });
}

export const factsRule: AlertRuleModule = {
  name: 'facts',
  kinds: ['fact-contradicted', 'discrepancy-rose'],
  detect,
};
