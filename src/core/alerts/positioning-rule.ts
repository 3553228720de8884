import type { NewAlert } from '../../shared/alerts/types';
import {
  detectPositioningChanges,
  type PositioningSliceCounts,
} from '../../shared/analytics/positioning-alerts';
import type { HistoryStore } from '../history';
import { DAY_MS } from '../analysis';
import type { AlertRuleModule, RuleContext } from './rule-module';

// recommendation-lost and sentiment-shifted over the store: the two runs' positioning roll-ups
// (day × run × engine × location, the active judge's rows), per engine × location. The
// statistics are in src/shared/analytics/positioning-alerts.ts.

/** The UTC days the two runs' answers can fall on (a day either side for clocks at midnight). */
export function daySpan(
  store: HistoryStore,
  runIds: readonly string[],
): { fromDay: number; toDay: number } | null {
  const runs = runIds.map((id) => store.monitorRun(id));
  if (runs.some((r) => r === null)) return null;
  const starts = runs.map((r) => r?.createdAt ?? 0);
  const ends = runs.map((r) => r?.finishedAt ?? r?.createdAt ?? 0);
  return {
    fromDay: Math.floor(Math.min(...starts) / DAY_MS) - 1,
    toDay: Math.floor(Math.max(...ends) / DAY_MS) + 1,
  };
}

function sliceCounts(ctx: RuleContext): PositioningSliceCounts[] {
  const runIds = [ctx.prevRunId, ctx.runId];
  const span = daySpan(ctx.store, runIds);
  if (!span) return [];
  return ctx.store.posStatus({ ...span, runIds }, ctx.judge, ['run', 'engine', 'loc']).map((r) => ({
    runId: r.run ?? '',
    engine: r.engine ?? '',
    loc: r.loc ?? '',
    brandId: r.brandId,
    n: r.n,
    top: r.top,
    recommended: r.recommended,
    positive: r.positive,
    negative: r.negative,
  }));
}

function detect(ctx: RuleContext): NewAlert[] {
  const rows = sliceCounts(ctx);
  return detectPositioningChanges({
    before: rows.filter((r) => r.runId === ctx.prevRunId),
    after: rows.filter((r) => r.runId === ctx.runId),
    brands: ctx.brands,
    rules: ctx.rules,
  });
}

export const positioningRule: AlertRuleModule = {
  name: 'positioning',
  kinds: ['recommendation-lost', 'sentiment-shifted'],
  detect,
};
