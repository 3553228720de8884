import { findChanges } from '../../../shared/analytics/findings';
import type { FindingsListView } from '../../../shared/ipc/channels/findings';
import type { InvokeParsedInput } from '../../../shared/ipc/contract';
import { engineLabel, type EngineLabels } from '../../../shared/narrative/places';
import type { HistoryStore } from '../../history';
import { createQueryContext } from '../visibility';
import { citationDays, commerceSums, drillIds, factsSums, periodSums, scannedDomains } from './reads';

// What changed: the findings of a period against the previous one of the same
// length, over the same scopes and filters as the Visibility view (its query context), from the
// roll-ups. The engine (src/shared/analytics/findings) does the statistics and the words.

export type FindingsQueryInput = InvokeParsedInput<'findings.list'>;

export interface FindingsService {
  list(input: FindingsQueryInput): FindingsListView;
}

export interface FindingsDeps {
  store: HistoryStore;
  now: () => number;
  /** The judge whose positioning counts (settings; 'builtin' by default). */
  activeJudge: () => string;
  /** The engine labels of the service profile in use, read per query (default: the spec's). */
  labels?: () => EngineLabels;
}

export function createFindingsService(deps: FindingsDeps): FindingsService {
  const { store } = deps;
  const q = createQueryContext(deps);

  return {
    list(input) {
      const ctx = q.context(input);
      const judge = deps.activeJudge();
      const period = ctx.period.resolved;
      const base = { period: { from: period.from, to: period.to, previous: period.previous }, judge };
      const answers = q.answersOf(ctx.current);
      const before = q.answersOf(ctx.previous);
      const empty =
        q.emptyReason(ctx, answers) ??
        (before === 0
          ? `No answers in the previous period (${period.previous.from} to ${period.previous.to}) to compare with`
          : ctx.brands.length === 0
            ? 'No brands defined: add your brand and its competitors'
            : null);
      if (empty !== null)
        return { ...base, focusBrandId: ctx.focus?.id ?? null, tests: 0, findings: [], empty };
      const domains = scannedDomains(store, ctx);
      const labels = deps.labels?.();
      const view = findChanges({
        period: base.period,
        focusBrandId: ctx.focus?.id ?? null,
        brands: ctx.brands.map((b) => ({ id: b.id, name: b.name, kind: b.kind, domains: b.domains })),
        current: {
          ...periodSums(store, ctx.current, judge, domains),
          commerce: commerceSums(store, ctx.current),
          facts: factsSums(store, ctx.current),
        },
        previous: {
          ...periodSums(store, ctx.previous, judge, domains),
          commerce: commerceSums(store, ctx.previous),
          facts: factsSums(store, ctx.previous),
        },
        citationDays: (domain, scope) => citationDays(store, ctx, domain, scope),
        drill: (spec) => drillIds(store, ctx, spec, input.resultLimit),
        limit: input.limit,
        engineLabel: (engine) => engineLabel(engine, labels),
      });
      return { ...view, judge, empty: null };
    },
  };
}
