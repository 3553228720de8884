import type { EngineName } from '../../../shared/api/engines';
import type {
  BrandMetrics,
  BrandMetricsWithChange,
  ReanalysisProgress,
  VisibilityDimension,
} from '../../../shared/visibility/types';
import { AppError } from '../../platform';
import type { HistoryStore, VisBrandRow, VisDim, VisFilter } from '../../history';
import { dayOf, isoDay } from './period';
import { REANALYSIS_BATCH } from './reanalysis';
import { createQueryContext, type Context } from './service-context';
import { promptsView, textsOfTopic } from './service-prompts';
import { createSiteKindQueries } from './service-site-kinds';
import { createSourceQueries } from './service-sources';
import type { VisibilityService } from './service-types';
import { meanStat, rateStat, statChange } from './stats';
import { foldBrandsByWeek, foldCellsByWeek } from './week-fold';

// The Visibility view's numbers over the store's roll-ups: the store sums, this file turns the
// sums into rates with intervals, changes with their significance, and words for empty views.

const DIM: Record<VisibilityDimension, VisDim> = {
  day: 'day',
  run: 'run',
  location: 'loc',
  engine: 'engine',
};

type Sums = Pick<VisBrandRow, 'mentioned' | 'cited' | 'ranked' | 'rankSum' | 'rankSq' | 'mentions'>;
const NO_SUMS: Sums = { mentioned: 0, cited: 0, ranked: 0, rankSum: 0, rankSq: 0, mentions: 0 };

function metrics(brandId: string, answers: number, sums: Sums, allMentions: number): BrandMetrics {
  return {
    brandId,
    answers,
    mentionRate: rateStat(sums.mentioned, answers),
    citationRate: rateStat(sums.cited, answers),
    avgPosition: meanStat(sums.ranked, sums.rankSum, sums.rankSq),
    shareOfVoice: rateStat(sums.mentions, allMentions),
  };
}

function withChange(current: BrandMetrics, previous: BrandMetrics): BrandMetricsWithChange {
  return {
    ...current,
    previous,
    change: {
      mentionRate: statChange(current.mentionRate, previous.mentionRate),
      citationRate: statChange(current.citationRate, previous.citationRate),
      avgPosition: statChange(current.avgPosition, previous.avgPosition),
      shareOfVoice: statChange(current.shareOfVoice, previous.shareOfVoice),
    },
  };
}

/** The filter narrowed to a drill's prompt or topic (a topic's prompts by their texts). */
function drillPrompts(
  store: HistoryStore,
  filter: VisFilter,
  drill: { prompt?: string; topic?: string },
): VisFilter {
  if (drill.prompt !== undefined) return { ...filter, promptTexts: [drill.prompt] };
  if (drill.topic !== undefined) return { ...filter, promptTexts: textsOfTopic(store, drill.topic) };
  return filter;
}

export function createVisibilityService(deps: {
  store: HistoryStore;
  now: () => number;
  /** The judge whose scores give the Prompts table's recommendation rate ('builtin' by default). */
  activeJudge?: () => string;
}): VisibilityService {
  const { store } = deps;
  const q = createQueryContext(deps);
  const { context, answersOf, emptyReason, rivalsOf } = q;

  function brandTable(
    filter: VisFilter,
    ctx: Context,
  ): { answers: number; byBrand: Map<string, BrandMetrics> } {
    const answers = answersOf(filter);
    const rows = store.visBrands(filter, []);
    const all = rows.reduce((s, r) => s + r.mentions, 0);
    const sums = new Map(rows.map((r) => [r.brandId, r]));
    return {
      answers,
      byBrand: new Map(ctx.brands.map((b) => [b.id, metrics(b.id, answers, sums.get(b.id) ?? NO_SUMS, all)])),
    };
  }

  return {
    ...createSourceQueries(store, q),
    ...createSiteKindQueries(store, q),
    overview(input) {
      const ctx = context(input);
      const cur = brandTable(ctx.current, ctx);
      const prev = brandTable(ctx.previous, ctx);
      const leaderboard = ctx.brands.map((b) =>
        withChange(cur.byBrand.get(b.id) as BrandMetrics, prev.byBrand.get(b.id) as BrandMetrics),
      );
      const focusId = ctx.focus?.id ?? null;
      leaderboard.sort(
        (a, b) =>
          Number(b.brandId === focusId) - Number(a.brandId === focusId) ||
          (b.mentionRate.value ?? -1) - (a.mentionRate.value ?? -1) ||
          a.brandId.localeCompare(b.brandId),
      );
      return {
        period: ctx.period.resolved,
        focusBrandId: focusId,
        brands: ctx.refs,
        answers: cur.answers,
        previousAnswers: prev.answers,
        kpis: leaderboard.find((m) => m.brandId === focusId) ?? null,
        leaderboard,
        empty:
          emptyReason(ctx, cur.answers) ??
          (ctx.brands.length === 0 ? 'No brands defined: add your brand and its competitors' : null),
        reanalysis: store.visReanalysis(),
      };
    },

    buckets(input) {
      const ctx = context(input);
      const dims = [...new Set(input.by)].map((d) => DIM[d]);
      const keyOf = (r: Partial<Record<VisDim, string | number>>) =>
        dims.map((d) => String(r[d])).join('\u0001');
      // A week grain folds the day roll-ups into weeks (a day bucket then names its Monday).
      const weekly = input.grain === 'week' && dims.includes('day');
      const cells = weekly
        ? foldCellsByWeek(store.visCells(ctx.current, dims))
        : store.visCells(ctx.current, dims);
      const brandRows = weekly
        ? foldBrandsByWeek(store.visBrands(ctx.current, dims))
        : store.visBrands(ctx.current, dims);
      const byKey = new Map<string, VisBrandRow[]>();
      for (const r of brandRows) {
        const k = keyOf(r);
        byKey.set(k, [...(byKey.get(k) ?? []), r]);
      }
      const label = (d: VisDim, v: string | number | undefined): string =>
        d === 'day' ? isoDay(v as number) : String(v);
      const bucketOf = (r: Partial<Record<VisDim, string | number>>) =>
        Object.fromEntries([...new Set(input.by)].map((d) => [d, label(DIM[d], r[DIM[d]])])) as Partial<
          Record<VisibilityDimension, string>
        >;
      const rows = cells
        .map((c) => ({ c, bucket: bucketOf(c) }))
        .sort((a, b) =>
          JSON.stringify(Object.values(a.bucket)).localeCompare(JSON.stringify(Object.values(b.bucket))),
        )
        .flatMap(({ c, bucket }) => {
          const list = byKey.get(keyOf(c)) ?? [];
          const all = list.reduce((s, r) => s + r.mentions, 0);
          const sums = new Map(list.map((r) => [r.brandId, r]));
          return ctx.brands.map((b) => ({
            ...metrics(b.id, c.answers, sums.get(b.id) ?? NO_SUMS, all),
            bucket,
          }));
        });
      const runIds = dims.includes('run') ? [...new Set(cells.map((c) => c.run as string))] : [];
      const answers = cells.reduce((s, c) => s + c.answers, 0);
      return {
        period: ctx.period.resolved,
        by: input.by,
        rows,
        runLabels: runIds.length ? store.visRunLabels(runIds) : {},
        empty: emptyReason(ctx, answers),
        reanalysis: store.visReanalysis(),
      };
    },

    prompts(input) {
      return promptsView(store, q, input, deps.activeJudge?.() ?? 'builtin');
    },

    results(input) {
      const ctx = context(input);
      const { drill } = input;
      for (const id of [drill.brandId, drill.gapFor]) {
        if (id !== undefined && !ctx.brands.some((b) => b.id === id))
          throw new AppError('BRAND_NOT_FOUND', `No brand with id ${id}`);
      }
      return store.visDrill(
        drillPrompts(store, ctx.current, drill),
        {
          ...(drill.brandId !== undefined ? { brandId: drill.brandId } : {}),
          ...(drill.mentioned !== undefined ? { mentioned: drill.mentioned } : {}),
          ...(drill.inText === true ? { inText: true } : {}),
          ...(drill.cited !== undefined ? { cited: drill.cited } : {}),
          ...(drill.day !== undefined ? { day: dayOf(drill.day) } : {}),
          ...(drill.runId !== undefined ? { runId: drill.runId } : {}),
          ...(drill.location !== undefined ? { location: drill.location } : {}),
          ...(drill.engine !== undefined ? { engine: drill.engine } : {}),
          ...(drill.domain !== undefined ? { domain: drill.domain } : {}),
          ...(drill.url !== undefined ? { url: drill.url } : {}),
          ...(drill.query !== undefined ? { query: drill.query } : {}),
          ...(drill.gapFor !== undefined
            ? { gap: { focusId: drill.gapFor, rivalIds: rivalsOf(ctx, drill.gapFor) } }
            : {}),
        },
        input.limit,
      );
    },

    reanalysis() {
      return store.visReanalysis();
    },

    reanalyseBatch() {
      return store.visReanalyseStep(REANALYSIS_BATCH);
    },

    finishReanalysis(onProgress) {
      let last: ReanalysisProgress | null = null;
      for (;;) {
        const step = store.visReanalyseStep(REANALYSIS_BATCH);
        if (step === null) return last;
        last = { done: step.done, total: step.total };
        onProgress?.(last);
        if (step.finished) return last;
      }
    },

    seriesKeys(input) {
      return store.visSeriesKeys(input.text, input.limit).map((r) => ({
        prompt: r.prompt,
        engine: r.engine as EngineName,
        country: r.country,
        state: r.state,
        answers: r.answers,
        firstAt: r.firstAt,
        lastAt: r.lastAt,
      }));
    },
  };
}
