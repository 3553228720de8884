import type { AlertRules } from '../../shared/alerts/rules';
import type { AlertKind, NewAlert } from '../../shared/alerts/types';
import type { ChangeBrand } from '../../shared/analytics/change-alerts';
import type { HistoryStore } from '../history';

// What a rule module is and what it is given: the modules (positioning-rule.ts, trend-rule.ts)
// and the list that runs them (rule-modules.ts) both import it.

export interface RuleContext {
  runId: string;
  prevRunId: string;
  monitorId: string;
  rules: AlertRules;
  brands: readonly ChangeBrand[];
  store: HistoryStore;
  /** The active positioning judge (settings): whose rows the positioning rules read. */
  judge: string;
  /** What the run-to-run rules (and modules before this one) found in this check. */
  found: readonly NewAlert[];
}

export interface AlertRuleModule {
  name: string;
  /** The kinds it raises; it runs when any of them is on for the monitor. */
  kinds: readonly AlertKind[];
  detect(ctx: RuleContext): NewAlert[] | Promise<NewAlert[]>;
}
