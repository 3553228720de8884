import { discoveryKind } from '../../../shared/analytics/discovery-kind';
import { originsOfMask } from '../../../shared/analytics/discovery-extract';
import {
  classifySite,
  SITE_KINDS,
  type SiteKind,
  type SiteKindOf,
  type SiteKindRules,
} from '../../../shared/visibility/site-kinds';
import type { CitationGap, CitationGapsView, SiteKindShare } from '../../../shared/visibility/types';
import type { HistoryStore } from '../../history';
import type { Context } from './service-context';
import { rateStat, statChange } from './stats';

// The kinds of the cited sites for one query (the focus brand decides "own"), the shares of
// citations by kind, and the one definition of a citation gap the app, the CLI and the report
// share.

/** A citation gap needs at least this many gap answers citing the domain (fewer is chance). */
export const MIN_GAP_ANSWERS = 3;

export type SiteClassifier = (domain: string) => SiteKindOf;

type KindStore = Pick<
  HistoryStore,
  'listSiteKindOverrides' | 'discoveryTotals' | 'discoveryNames' | 'listBrands'
>;

/** Keys of the names discovery classes as retailers or marketplaces over the query's period. */
function retailerKeys(store: KindStore, ctx: Pick<Context, 'period'>): string[] {
  const totals = store.discoveryTotals({
    fromDay: ctx.period.fromDay,
    toDay: ctx.period.toDay,
    engines: null,
    locations: null,
  });
  const ids = totals.filter((t) => discoveryKind(originsOfMask(t.origins)) === 'retailer').map((t) => t.name);
  return ids.length === 0 ? [] : store.discoveryNames(ids).map((n) => n.key);
}

/** What classifies a domain for this query: the brands, the focus, the overrides, discovery's retailers. */
export function siteKindRules(
  store: KindStore,
  ctx: Pick<Context, 'brands' | 'focus' | 'period'>,
): SiteKindRules {
  return {
    brands: ctx.brands.map((b) => ({ id: b.id, kind: b.kind, domains: b.domains })),
    focusBrandId: ctx.focus?.id ?? null,
    overrides: new Map(store.listSiteKindOverrides().map((o) => [o.domain, o.kind])),
    retailerKeys: retailerKeys(store, ctx),
  };
}

/** A classifier that reads each domain once. */
export function siteClassifier(rules: SiteKindRules): SiteClassifier {
  const seen = new Map<string, SiteKindOf>();
  return (domain) => {
    let found = seen.get(domain);
    if (!found) {
      found = classifySite(domain, rules);
      seen.set(domain, found);
    }
    return found;
  };
}

interface KindTotals {
  byKind: Map<SiteKind, { answers: number; domains: number }>;
  citations: number;
}

function totalsByKind(rows: ReadonlyArray<{ domain: string; answers: number }>, kindOf: SiteClassifier) {
  const totals: KindTotals = { byKind: new Map(), citations: 0 };
  for (const r of rows) {
    const kind = kindOf(r.domain).kind;
    const t = totals.byKind.get(kind) ?? { answers: 0, domains: 0 };
    t.answers += r.answers;
    t.domains += 1;
    totals.byKind.set(kind, t);
    totals.citations += r.answers;
  }
  return totals;
}

/**
 * Every kind's share of the citations (answer × cited domain pairs) now and before, largest
 * first; a kind never cited is listed at zero so the table always has the same rows.
 */
export function kindShares(
  current: ReadonlyArray<{ domain: string; answers: number }>,
  previous: ReadonlyArray<{ domain: string; answers: number }>,
  kindOf: SiteClassifier,
): { byKind: SiteKindShare[]; citations: number; previousCitations: number } {
  const now = totalsByKind(current, kindOf);
  const before = totalsByKind(previous, kindOf);
  const byKind = SITE_KINDS.map((kind) => {
    const share = rateStat(now.byKind.get(kind)?.answers ?? 0, now.citations);
    const previousShare = rateStat(before.byKind.get(kind)?.answers ?? 0, before.citations);
    return {
      kind,
      share,
      previousShare,
      change: statChange(share, previousShare),
      domains: now.byKind.get(kind)?.domains ?? 0,
    };
  }).sort((a, b) => b.share.k - a.share.k || SITE_KINDS.indexOf(a.kind) - SITE_KINDS.indexOf(b.kind));
  return { byKind, citations: now.citations, previousCitations: before.citations };
}

export type GapLists = Pick<
  CitationGapsView,
  'gaps' | 'partialGaps' | 'competitorSites' | 'thinGaps' | 'minAnswers'
>;

/**
 * The citation gaps, defined once: of the domains cited in answers that name a competitor and
 * not the focus brand (most cited first), a competitor's own site is listed apart, the focus
 * brand's own sites are left out, a domain cited in fewer than MIN_GAP_ANSWERS of them is chance (listed apart),
 * and one also cited in answers naming the focus brand is a partial gap. Each list keeps `limit`.
 */
export function citationGapLists(candidates: readonly CitationGap[], limit: number): GapLists {
  const lists: GapLists = {
    gaps: [],
    partialGaps: [],
    competitorSites: [],
    thinGaps: [],
    minAnswers: MIN_GAP_ANSWERS,
  };
  for (const g of candidates) {
    if (g.siteKind === 'own') continue;
    if (g.siteKind === 'competitor') lists.competitorSites.push(g);
    else if (g.gapAnswers.k < MIN_GAP_ANSWERS) lists.thinGaps.push(g);
    else (g.focusCitedElsewhere ? lists.partialGaps : lists.gaps).push(g);
  }
  return {
    ...lists,
    gaps: lists.gaps.slice(0, limit),
    partialGaps: lists.partialGaps.slice(0, limit),
    competitorSites: lists.competitorSites.slice(0, limit),
    thinGaps: lists.thinGaps.slice(0, limit),
  };
}
