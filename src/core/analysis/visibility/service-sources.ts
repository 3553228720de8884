import { brandsOfHost, compileBrandMatcher } from '../../../shared/analytics';
import type { EngineName } from '../../../shared/api/engines';
import { SOURCE_KIND_BITS, type HistoryStore } from '../../history';
import { isoDay } from './period';
import type { Context, QueryContext } from './service-context';
import { citationGapLists, kindShares, siteClassifier, siteKindRules } from './site-kinds';
import type { VisibilityService } from './service-types';
import { rateStat, statChange } from './stats';

// Why a brand is (not) seen: the domains answers cite and their kinds of site, citation gaps,
// the brand's own cited pages and the engines' fan-out queries.

/** Gap domains read before the lists are split and cut (competitors' sites and thin ones drop out). */
const GAP_CANDIDATES = 500;

export function createSourceQueries(
  store: HistoryStore,
  q: QueryContext,
): Pick<VisibilityService, 'sources' | 'gaps' | 'urls' | 'urlsByEngine' | 'queries'> {
  const { context, answersOf, emptyReason, rivalsOf, requireFocus } = q;
  const classifierOf = (ctx: Context) => siteClassifier(siteKindRules(store, ctx));
  return {
    sources(input) {
      const ctx = context(input);
      const answers = answersOf(ctx.current);
      const prevAnswers = answersOf(ctx.previous);
      const every = store.visDomains(ctx.current, {});
      const top = every.slice(0, input.limit);
      const ids = top.map((d) => d.domainId);
      const kindOf = classifierOf(ctx);
      const shares = kindShares(every, store.visDomains(ctx.previous, {}), kindOf);
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
            siteKind: kindOf(d.domain).kind,
            siteKindSource: kindOf(d.domain).source,
          };
        }),
        ...shares,
        empty: emptyReason(ctx, answers),
      };
    },

    gaps(input) {
      const ctx = context(input);
      const focus = requireFocus(ctx);
      const answers = answersOf(ctx.current);
      const g = store.visGaps(ctx.current, focus.id, rivalsOf(ctx, focus.id), GAP_CANDIDATES);
      const kindOf = classifierOf(ctx);
      const lists = citationGapLists(
        g.domains.map((d) => ({
          domain: d.domain,
          gapAnswers: rateStat(d.gap, g.gapAnswers),
          competitors: g.competitors
            .filter((c) => c.domainId === d.domainId)
            .map((c) => ({ brandId: c.brandId, answers: c.answers })),
          focusCitedElsewhere: d.withFocus > 0,
          siteKind: kindOf(d.domain).kind,
        })),
        input.limit,
      );
      const empty =
        emptyReason(ctx, answers) ??
        (g.gapAnswers === 0
          ? `No answers name a competitor without ${focus.name} in this period`
          : lists.gaps.length === 0 && lists.partialGaps.length === 0
            ? `No citation gaps in this period (no other site is cited in ${lists.minAnswers} or more of those answers without ${focus.name})`
            : null);
      return {
        period: ctx.period.resolved,
        focusBrandId: focus.id,
        gapAnswers: g.gapAnswers,
        ...lists,
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

    urlsByEngine(input) {
      const ctx = context(input);
      const domainIds = store.visDomainIds(requireFocus(ctx).domains).map((d) => d.id);
      return store.visUrlsByEngine(ctx.current, domainIds, input.limit).map((u) => ({
        engine: u.engine as EngineName,
        url: u.url,
        answers: u.answers,
      }));
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
  };
}
