import type { NewAlert } from '../../shared/alerts/types';
import { commerceRule } from './commerce-rule';
import { factsRule } from './facts-rule';
import { positioningRule } from './positioning-rule';
import type { AlertRuleModule, RuleContext } from './rule-module';
import { trendRule } from './trend-rule';

// Rules beyond the run-to-run comparison, one module each: after the run-to-run rules found
// their alerts, every module whose kinds are on for the monitor adds its own (stored with them,
// in the same transaction). A new kind is its words (src/shared/alerts/kinds), its name in
// ALERT_KINDS, and a module here (positioning-rule.ts: recommendation-lost and sentiment-shifted
// over the two runs' positioning roll-ups; trend-rule.ts: slides over the last runs; commerce-rule.ts: shelf, products, prices and ads;
// facts-rule.ts: a fact an engine now contradicts, a discrepancy rate risen).

export const BUILT_IN_RULES: readonly AlertRuleModule[] = [
  positioningRule,
  trendRule,
  commerceRule,
  factsRule,
];

/** Every module's alerts, in order, each seeing what came before it; only kinds switched on are kept. */
export async function runRuleModules(
  modules: readonly AlertRuleModule[],
  ctx: Omit<RuleContext, 'found'>,
  found: readonly NewAlert[],
): Promise<NewAlert[]> {
  const all = [...found];
  for (const m of modules) {
    if (!m.kinds.some((k) => ctx.rules.kinds[k])) continue;
    const raised = await m.detect({ ...ctx, found: all });
    all.push(...raised.filter((a) => ctx.rules.kinds[a.kind]));
  }
  return all;
}
