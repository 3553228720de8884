import type { NewAlert } from '../../shared/alerts/types';
import {
  detectTrends,
  MIN_TREND_RUNS,
  type RaisedTrendKey,
  type TrendRun,
} from '../../shared/analytics/trend-alerts';
import type { RunSliceCounts } from '../history';
import type { AlertRuleModule, RuleContext } from './rule-module';

// The trend rule over the store: the monitor's last `trendRuns` completed runs as per-run
// engine × location counts (the Visibility roll-ups), and the moves already reported over
// them (earlier trend alerts, and run-to-run mention alerts, this check's included) as the
// series' quiet period. The statistics are in src/shared/analytics/trend-alerts.ts.

const MENTION_KINDS = new Set([
  'brand-entered',
  'brand-dropped',
  'competitor-appeared',
  'competitor-disappeared',
]);

function toRuns(runIds: readonly string[], counts: readonly RunSliceCounts[]): TrendRun[] {
  return runIds.map((runId) => ({ runId, slices: counts.filter((c) => c.runId === runId) }));
}

/** This check's own run-to-run mention alerts, as quiet keys. */
function foundMoves(found: readonly NewAlert[]): RaisedTrendKey[] {
  return found
    .filter((a) => MENTION_KINDS.has(a.kind))
    .map((a) => ({
      scope: a.scope === 'monitor' ? 'monitor' : 'slice',
      engine: a.scope === 'monitor' ? null : a.engine,
      loc: a.scope === 'monitor' ? null : a.loc,
      brandName: a.brandName,
      direction: a.after.value < a.before.value ? -1 : 1,
    }));
}

function detect(ctx: RuleContext): NewAlert[] {
  const window = ctx.store.recentMonitorRuns(ctx.runId, ctx.rules.trendRuns);
  if (window.length < MIN_TREND_RUNS) return [];
  const runIds = window.map((r) => r.runId);
  const earlier = runIds.filter((id) => id !== ctx.runId);
  return detectTrends({
    runs: toRuns(runIds, ctx.store.runSliceCounts(runIds)),
    brands: ctx.brands,
    rules: ctx.rules,
    quiet: [...ctx.store.reportedMoves(ctx.monitorId, earlier), ...foundMoves(ctx.found)],
  });
}

export const trendRule: AlertRuleModule = { name: 'trend', kinds: ['trend'], detect };
