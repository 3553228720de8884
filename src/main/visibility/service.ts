import type { BrandView } from '../../shared/ipc/channels/library';
import { brandsOfHost, compileBrandMatcher } from '../../shared/analytics';
import type { EngineName } from '../../shared/api/engines';
import type {
  BrandMetrics,
  BrandMetricsWithChange,
  ReanalysisProgress,
  VisibilityBrandRef,
  VisibilityDimension,
  VisibilityScope,
} from '../../shared/visibility/types';
import { AppError } from '../errors/app-error';
import type { HistoryStore } from '../store';
import type { VisBrandRow, VisDim, VisFilter } from '../store/visibility-read';
import { SOURCE_KIND_BITS } from '../store/visibility-index';
import { dayOf, isoDay, resolvePeriod, type DayPeriod } from './period';
import type { VisibilityQueryInput, VisibilityService } from './service-types';
import { REANALYSIS_BATCH } from './reanalysis';
import { meanStat, rateStat, statChange } from './stats';

// The Visibility view's numbers over the store's roll-ups: the store sums, this file turns the
// sums into rates with intervals, changes with their significance, and words for empty views.

const DIM: Record<VisibilityDimension, VisDim> = {
  day: 'day',
  run: 'run',
  location: 'loc',
  engine: 'engine',
};

interface Context {
  period: DayPeriod;
  brands: BrandView[];
  refs: VisibilityBrandRef[];
  focus: BrandView | null;
  scope: Pick<VisFilter, 'runIds' | 'promptIds'>;
  current: VisFilter;
  previous: VisFilter;
  input: VisibilityQueryInput;
}

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

export function createVisibilityService(deps: { store: HistoryStore; now: () => number }): VisibilityService {
  const { store } = deps;

  function resolveScope(scope: VisibilityScope): Pick<VisFilter, 'runIds' | 'promptIds'> {
    switch (scope.kind) {
      case 'all':
        return {};
      case 'run':
        if (!store.getRun(scope.id))
          throw new AppError('SCOPE_NOT_FOUND', `No run ${scope.id} in the history`);
        return { runIds: [scope.id] };
      case 'monitor': {
        const runIds = store.visMonitorRuns(scope.id);
        if (runIds === null) throw new AppError('SCOPE_NOT_FOUND', `No monitor ${scope.id}`);
        return { runIds };
      }
      case 'promptSet': {
        const set = store.listPromptSets().find((s) => s.id === scope.id);
        if (!set) throw new AppError('SCOPE_NOT_FOUND', `No prompt set ${scope.id}`);
        return { promptIds: set.promptIds };
      }
      case 'tag': {
        const tagged = store.visTagged(scope.name);
        if (tagged === null) throw new AppError('SCOPE_NOT_FOUND', `No tag named ${scope.name}`);
        return tagged.promptIds.length > 0 ? tagged : { runIds: tagged.runIds };
      }
    }
  }

  function context(input: VisibilityQueryInput): Context {
    const period = resolvePeriod(input.period, deps.now());
    const brands = store.listBrands();
    let focus: BrandView | null;
    if (input.brandId !== undefined) {
      focus = brands.find((b) => b.id === input.brandId) ?? null;
      if (!focus) throw new AppError('BRAND_NOT_FOUND', `No brand with id ${input.brandId}`);
    } else {
      focus =
        brands.filter((b) => b.kind === 'brand').sort((a, b) => a.name.localeCompare(b.name))[0] ?? null;
    }
    const scope = resolveScope(input.scope);
    const base = {
      ...scope,
      ...(input.engines?.length ? { engines: input.engines } : {}),
      ...(input.locations?.length ? { locations: input.locations } : {}),
    };
    return {
      period,
      brands,
      refs: brands.map((b) => ({ id: b.id, name: b.name, kind: b.kind, domains: b.domains })),
      focus,
      scope,
      current: { ...base, fromDay: period.fromDay, toDay: period.toDay },
      previous: { ...base, fromDay: period.prevFromDay, toDay: period.prevToDay },
      input,
    };
  }

  function answersOf(filter: VisFilter): number {
    return store.visCells(filter, []).reduce((s, r) => s + r.answers, 0);
  }

  /** Why a view has nothing to show, in words (null when it has answers). */
  function emptyReason(ctx: Context, answers: number): string | null {
    if (answers > 0) return null;
    if (store.visDayRange() === null)
      return 'No answers in the history yet: run prompts or load a demo history';
    if (ctx.input.scope.kind !== 'all' && answersOf({ ...ctx.scope, fromDay: 0, toDay: 1e7 }) === 0)
      return 'No answers for this scope';
    if (ctx.input.engines?.length || ctx.input.locations?.length)
      return 'No answers for these engines and locations in this period';
    return 'No answers in this period';
  }

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

  function rivalsOf(ctx: Context, focusId: string): string[] {
    return ctx.brands.filter((b) => b.kind === 'competitor' && b.id !== focusId).map((b) => b.id);
  }

  function requireFocus(ctx: Context): BrandView {
    if (!ctx.focus)
      throw new AppError('BRAND_NOT_FOUND', 'No focus brand: add a brand of kind "brand" or choose one');
    return ctx.focus;
  }

  return {
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
      const cells = store.visCells(ctx.current, dims);
      const brandRows = store.visBrands(ctx.current, dims);
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

    sources(input) {
      const ctx = context(input);
      const answers = answersOf(ctx.current);
      const prevAnswers = answersOf(ctx.previous);
      const top = store.visDomains(ctx.current, { limit: input.limit });
      const ids = top.map((d) => d.domainId);
      const prev = new Map(
        store.visDomains(ctx.previous, { domainIds: ids }).map((d) => [d.domainId, d.answers]),
      );
      const perDay = new Map(store.visCells(ctx.current, ['day']).map((c) => [c.day as number, c.answers]));
      const trend = new Map<number, Array<{ day: string; share: number; answers: number }>>();
      for (const d of store.visDomains(ctx.current, { domainIds: ids, byDay: true })) {
        const dayAnswers = perDay.get(d.day as number) ?? 0;
        if (dayAnswers === 0) continue;
        const list = trend.get(d.domainId) ?? [];
        list.push({ day: isoDay(d.day as number), share: d.answers / dayAnswers, answers: d.answers });
        trend.set(d.domainId, list);
      }
      const matcher = compileBrandMatcher(ctx.brands);
      return {
        period: ctx.period.resolved,
        answers,
        domains: top.map((d) => {
          const share = rateStat(d.answers, answers);
          const previousShare = rateStat(prev.get(d.domainId) ?? 0, prevAnswers);
          const owner = brandsOfHost(matcher, d.domain)[0];
          return {
            domain: d.domain,
            share,
            previousShare,
            change: statChange(share, previousShare),
            trend: (trend.get(d.domainId) ?? []).sort((a, b) => a.day.localeCompare(b.day)),
            brandId: owner === undefined ? null : (ctx.brands[owner]?.id ?? null),
            kinds: SOURCE_KIND_BITS.filter((_, i) => (d.kinds & (1 << i)) !== 0),
          };
        }),
        empty: emptyReason(ctx, answers),
      };
    },

    gaps(input) {
      const ctx = context(input);
      const focus = requireFocus(ctx);
      const answers = answersOf(ctx.current);
      const g = store.visGaps(ctx.current, focus.id, rivalsOf(ctx, focus.id), input.limit);
      const empty =
        emptyReason(ctx, answers) ??
        (g.gapAnswers === 0 ? `No answers name a competitor without ${focus.name} in this period` : null);
      return {
        period: ctx.period.resolved,
        focusBrandId: focus.id,
        gapAnswers: g.gapAnswers,
        gaps: g.domains.map((d) => ({
          domain: d.domain,
          gapAnswers: rateStat(d.gap, g.gapAnswers),
          competitors: g.competitors
            .filter((c) => c.domainId === d.domainId)
            .map((c) => ({ brandId: c.brandId, answers: c.answers })),
          focusCitedElsewhere: d.withFocus > 0,
        })),
        empty,
        reanalysis: store.visReanalysis(),
      };
    },

    urls(input) {
      const ctx = context(input);
      let domain: string | null = null;
      let domainIds: number[];
      if (input.domain !== undefined) {
        domain = input.domain.toLowerCase().replace(/^www\./u, '');
        domainIds = store
          .visDomainIds([domain])
          .filter((d) => d.domain === domain)
          .map((d) => d.id);
      } else {
        const focus = requireFocus(ctx);
        domainIds = store.visDomainIds(focus.domains).map((d) => d.id);
      }
      const answers = answersOf(ctx.current);
      const urls = store.visUrls(ctx.current, domainIds, input.limit).map((u) => ({
        url: u.url,
        title: u.title,
        answers: u.answers,
        bestPosition: u.best,
      }));
      const what = domain ?? `${ctx.focus?.name ?? 'the brand'}'s domains`;
      return {
        period: ctx.period.resolved,
        domain,
        urls,
        empty:
          emptyReason(ctx, answers) ??
          (input.domain === undefined && ctx.focus?.domains.length === 0
            ? `${ctx.focus.name} has no domains: add them to see its cited pages`
            : urls.length === 0
              ? `No answer cites ${what} in this period`
              : null),
      };
    },

    queries(input) {
      const ctx = context(input);
      const answers = answersOf(ctx.current);
      const top = store.visQueries(ctx.current, { limit: input.limit });
      const ids = top.map((q) => q.queryId);
      const seenBefore = new Set(store.visQueries(ctx.previous, { queryIds: ids }).map((q) => q.queryId));
      const details = store.visQueryDetails(ctx.current, ids);
      return {
        period: ctx.period.resolved,
        answers,
        queries: top.map((q) => {
          const mine = details.filter((d) => d.queryId === q.queryId);
          const first = Math.min(...mine.map((d) => d.firstDay), ctx.period.toDay);
          return {
            query: q.query,
            answers: q.answers,
            engines: [...new Set(mine.map((d) => d.engine as EngineName))].sort(),
            isNew: !seenBefore.has(q.queryId),
            firstSeen: isoDay(first),
          };
        }),
        empty:
          emptyReason(ctx, answers) ??
          (top.length === 0 ? 'No engine reported search queries in this period' : null),
      };
    },

    results(input) {
      const ctx = context(input);
      const { drill } = input;
      for (const id of [drill.brandId, drill.gapFor]) {
        if (id !== undefined && !ctx.brands.some((b) => b.id === id))
          throw new AppError('BRAND_NOT_FOUND', `No brand with id ${id}`);
      }
      return store.visDrill(
        ctx.current,
        {
          ...(drill.brandId !== undefined ? { brandId: drill.brandId } : {}),
          ...(drill.mentioned !== undefined ? { mentioned: drill.mentioned } : {}),
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
