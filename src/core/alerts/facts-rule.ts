import type { AlertKind, NewAlert } from '../../shared/alerts/types';
import { findFactsChanges } from '../../shared/analytics/findings';
import type { FindingKind } from '../../shared/analytics/findings/types';
import { factsSums } from '../analysis';
import { alertOfFinding, runPairInput } from './finding-alert';
import type { AlertRuleModule, RuleContext } from './rule-module';

// The facts alerts: the What changed engine's facts findings (src/shared/analytics/findings/facts.ts,
// the same tests and thin-data rule) over a monitor's run against its previous one, from the
// fact checks of each run's answers: a fact an engine now contradicts, a brand's discrepancy
// rate risen by the rules' threshold. Severity is the registry's: whom it is about, never above
// low on fewer than 30 answers a side.

const KIND_OF: Partial<Record<FindingKind, AlertKind>> = {
  'new-contradiction': 'fact-contradicted',
  'discrepancy-rate': 'discrepancy-rose',
};

function detect(ctx: RuleContext): NewAlert[] {
  const input = runPairInput(ctx, (filter) => ({ facts: factsSums(ctx.store, filter) }));
  if (input === null) return [];
  const findings = findFactsChanges(input);
  return findings.flatMap((f) => {
    const kind = KIND_OF[f.kind];
    if (kind === undefined) return [];
    if (f.kind === 'discrepancy-rate' && f.effect < ctx.rules.discrepancyMinChange - 1e-12) return [];
    return [alertOfFinding(f, kind, ctx, { fact: f.fact ?? null })];
  });
}

export const factsRule: AlertRuleModule = {
  name: 'facts',
  kinds: ['fact-contradicted', 'discrepancy-rose'],
  detect,
};
