import type {
  CommercePeriodSums,
  DayCitations,
  DrillSpec,
  FactsPeriodSums,
  PeriodSums,
} from '../../../shared/analytics/findings/types';
import type { HistoryStore, VisFilter } from '../../history';
import { dayOf, isoDay, type Context } from '../visibility';

// The findings engine's inputs, read from the history's roll-ups only (no answer text): per
// engine × location cell, the answers and the days and prompts they cover, the brands' sums, the positioning sums of the active
// judge and the citations of the domains worth scanning; per day, a domain's citations (only
// for the few citation findings kept); and the answers behind a finding.

/** The most cited domains over both periods that are scanned (the brands' own domains besides). */
export const SCANNED_DOMAINS = 100;

type DomainIds = readonly number[];

/** One period's sums for the engine. */
export function periodSums(
  store: HistoryStore,
  filter: VisFilter,
  judge: string,
  domainIds: DomainIds,
): PeriodSums {
  const cell = (r: { engine?: string; loc?: string }) => ({ engine: String(r.engine), loc: String(r.loc) });
  return {
    cells: store.visCells(filter, ['engine', 'loc']).map((r) => ({ ...cell(r), answers: r.answers })),
    coverage: store.visCoverage(filter).map((r) => ({
      ...cell(r),
      days: r.days.map(isoDay),
      prompts: r.prompts,
    })),
    brands: store.visBrands(filter, ['engine', 'loc']).map((r) => ({
      ...cell(r),
      brandId: r.brandId,
      mentioned: r.mentioned,
      ranked: r.ranked,
      rankSum: r.rankSum,
      rankSq: r.rankSq,
      mentions: r.mentions,
    })),
    positioning: store.posStatus(filter, judge, ['engine', 'loc']).map((r) => ({
      ...cell(r),
      brandId: r.brandId,
      n: r.n,
      top: r.top,
      recommended: r.recommended,
      positive: r.positive,
      negative: r.negative,
    })),
    attributes: store.posAttrs(filter, judge, []).map((r) => ({ brandId: r.brandId, attr: r.attr, n: r.n })),
    domains: store.visDomainCells(filter, domainIds),
  };
}

/** The domains scanned: the most cited over both periods, and every tracked brand's own. */
export function scannedDomains(store: HistoryStore, ctx: Context): number[] {
  const both: VisFilter = { ...ctx.current, fromDay: ctx.previous.fromDay };
  const top = store.visDomains(both, { limit: SCANNED_DOMAINS }).map((d) => d.domainId);
  const own = store.visDomainIds(ctx.brands.flatMap((b) => b.domains)).map((d) => d.id);
  return [...new Set([...top, ...own])].sort((a, b) => a - b);
}

/** A filter narrowed to one engine and/or location; null when the filter leaves that out. */
function narrowed(
  filter: VisFilter,
  scope: { engine?: string | undefined; loc?: string | undefined },
): VisFilter | null {
  const narrow = (list: readonly string[] | undefined, value: string | undefined) =>
    value === undefined ? list : list?.length ? list.filter((v) => v === value) : [value];
  const engines = narrow(filter.engines, scope.engine);
  const locations = narrow(filter.locations, scope.loc);
  if (engines?.length === 0 || locations?.length === 0) return null;
  return { ...filter, ...(engines ? { engines } : {}), ...(locations ? { locations } : {}) };
}

/** A domain's citations day by day over both periods, in a scope. */
export function citationDays(
  store: HistoryStore,
  ctx: Context,
  domain: string,
  scope: { engine?: string; loc?: string },
): DayCitations[] {
  const filter = narrowed({ ...ctx.current, fromDay: ctx.previous.fromDay }, scope);
  if (filter === null) return [];
  const id = store.visDomainIds([domain]).find((d) => d.domain === domain)?.id;
  const cited = new Map<number, number>();
  if (id !== undefined)
    for (const r of store.visDomains(filter, { domainIds: [id], byDay: true }))
      cited.set(r.day as number, (cited.get(r.day as number) ?? 0) + r.answers);
  return store.visCells(filter, ['day']).map((c) => ({
    day: isoDay(c.day as number),
    answers: c.answers,
    cited: cited.get(c.day as number) ?? 0,
  }));
}

/** The answers behind a finding, newest first. */
export function drillIds(store: HistoryStore, ctx: Context, spec: DrillSpec, limit: number): string[] {
  if (limit === 0) return [];
  const base = spec.period === 'current' ? ctx.current : ctx.previous;
  const filter =
    spec.fromDay === undefined ? base : { ...base, fromDay: Math.max(base.fromDay, dayOf(spec.fromDay)) };
  if (spec.facts !== undefined)
    return store.factsDrill(
      filter,
      {
        ...spec.facts,
        ...(spec.engine !== undefined ? { engine: spec.engine } : {}),
        ...(spec.loc !== undefined ? { loc: spec.loc } : {}),
      },
      limit,
    );
  if (spec.commerce !== undefined)
    return store.comDrill(
      filter,
      spec.commerce,
      {
        ...(spec.engine !== undefined ? { engine: spec.engine } : {}),
        ...(spec.loc !== undefined ? { location: spec.loc } : {}),
      },
      limit,
    ).resultIds;
  return store.visDrill(
    filter,
    {
      ...(spec.brandId !== undefined ? { brandId: spec.brandId } : {}),
      ...(spec.mentioned !== undefined ? { mentioned: spec.mentioned } : {}),
      ...(spec.domain !== undefined ? { domain: spec.domain } : {}),
      ...(spec.engine !== undefined ? { engine: spec.engine } : {}),
      ...(spec.loc !== undefined ? { location: spec.loc } : {}),
    },
    limit,
  ).resultIds;
}

/** One side's commerce sums: the shelf per cell, products by day, advertisers and conquest. */
export function commerceSums(store: HistoryStore, filter: VisFilter): CommercePeriodSums {
  return {
    shopping: store.comShelfCells(filter, false),
    shelf: store.comShelfCells(filter, true),
    withAds: store.comCells(filter).reduce((sum, c) => sum + c.ads, 0),
    products: store.comProductDays(filter).map((r) => ({
      title: r.title,
      brandId: r.brandId,
      loc: r.loc,
      currency: r.currency,
      day: isoDay(r.day),
      slots: r.slots,
      priced: r.priced,
      priceSum: r.priceSum,
    })),
    advertisers: store.comAdvertisers(filter),
    conquest: store.comConquest(filter),
  };
}

/** One side's fact checks: per brand × fact and per brand, in each engine × location cell. */
export function factsSums(store: HistoryStore, filter: VisFilter): FactsPeriodSums {
  return store.factsPeriod(filter);
}
