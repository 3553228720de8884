import { compileBrandMatcher, type BrandDefinition, type BrandMatcher } from '../../../shared/analytics';
import { brandKeysOf, isCoveredByBrands, originsOfMask } from '../../../shared/analytics/discovery-extract';
import { discoveryKind, type DiscoveryKind } from '../../../shared/analytics/discovery-kind';
import { discoveryKey } from '../../../shared/analytics/discovery-normalize';
import { rankCoDomains, snippetAround } from '../../../shared/analytics/discovery-propose';
import type {
  DiscoveryAcceptInput,
  DiscoveryCandidate,
  DiscoveryMergeInput,
  DiscoveryQuery,
  DiscoveryQueue,
} from '../../../shared/analytics/discovery-types';
import type { BrandView } from '../../../shared/ipc/channels/library';
import { AppError } from '../../platform';
import {
  HistoryStateError,
  type HistoryStore,
  type DiscoveryDayFilter,
  type DiscoveryExampleRow,
  type DiscoveryNameRow,
  type DiscoveryNameTotal,
} from '../../history';
import { isoDay, rateStat, resolvePeriod } from '../visibility';

// Competitor discovery over the store's discovery index: the queue of names answers put
// forward that no defined brand covers, with their figures, examples and proposals; and the
// analyst's decisions. Accept and merge go through the brand save path (store.saveBrand), which
// re-analyses the stored history, so the new competitor's numbers are there at once and the
// name leaves the queue (a defined brand now covers it).

export const DISCOVERY_ERROR_CODES = [
  'DISCOVERY_NAME_NOT_FOUND',
  'BRAND_NOT_FOUND',
  'BRAND_CONFLICT',
] as const;

const DEFAULT_LIMIT = 50;
const EXAMPLES = 3;
/** Answers naming a candidate read for its co-cited domains (newest first). */
const DOMAIN_SAMPLE = 200;
/** Period over which accept proposes domains when none are given. */
const PROPOSAL_DAYS = 90;

export interface DiscoveryService {
  queue(query: DiscoveryQuery): DiscoveryQueue;
  /** One candidate by key or written name, with its details, over a period (default the last 90 days); null when not named then. */
  candidate(
    nameOrKey: string,
    query?: Pick<DiscoveryQuery, 'engines' | 'locations'> & { period?: DiscoveryQuery['period'] },
  ): DiscoveryCandidate | null;
  accept(input: DiscoveryAcceptInput): BrandView;
  dismiss(nameOrKey: string): { key: string; changed: boolean };
  restore(nameOrKey: string): { key: string; changed: boolean };
  merge(input: DiscoveryMergeInput): BrandView;
}

type Aggregate = DiscoveryNameTotal;

interface NameExtras {
  examples: DiscoveryExampleRow[];
  co: { sampled: number; domains: Array<{ domain: string; answers: number }> };
}

interface PageExtras {
  perName: Map<number, NameExtras>;
  domainAnswers: Map<string, number>;
}

function toDefinitions(brands: readonly BrandView[]): BrandDefinition[] {
  return brands.map((b) => ({
    id: b.id,
    name: b.name,
    kind: b.kind,
    aliases: b.aliases,
    domains: b.domains,
  }));
}

function emptyAggregate(name: number): Aggregate {
  return { name, answers: 0, origins: 0, first: 0, last: 0 };
}

/** The listed names of one kind (all when no kind is asked), and how many there are of each. */
function splitByKind<T extends { a: Aggregate }>(
  listed: readonly T[],
  kind: DiscoveryKind | undefined,
): { kindCounts: Record<DiscoveryKind, number>; ofKind: T[] } {
  const kindCounts: Record<DiscoveryKind, number> = { candidate: 0, retailer: 0 };
  const ofKind: T[] = [];
  for (const l of listed) {
    const k = discoveryKind(originsOfMask(l.a.origins));
    kindCounts[k] += 1;
    if (kind === undefined || k === kind) ofKind.push(l);
  }
  return { kindCounts, ofKind };
}

export function createDiscoveryService(deps: { store: HistoryStore; now: () => number }): DiscoveryService {
  const { store } = deps;

  function brandsContext(): { brands: BrandView[]; keys: Set<string>; matcher: BrandMatcher | null } {
    const brands = store.listBrands();
    return {
      brands,
      keys: brandKeysOf(brands),
      matcher: brands.length > 0 ? compileBrandMatcher(toDefinitions(brands)) : null,
    };
  }

  function covered(name: DiscoveryNameRow, ctx: ReturnType<typeof brandsContext>): boolean {
    if (ctx.keys.has(name.key)) return true;
    return name.forms.some((f) => isCoveredByBrands(f.form, name.key, ctx.keys, ctx.matcher));
  }

  function filterOf(query: Pick<DiscoveryQuery, 'engines' | 'locations'>, fromDay: number, toDay: number) {
    return {
      fromDay,
      toDay,
      engines: query.engines && query.engines.length > 0 ? query.engines : null,
      locations: query.locations && query.locations.length > 0 ? query.locations : null,
    } satisfies DiscoveryDayFilter;
  }

  /**
   * Examples and co-cited domains of the names shown, and the answers citing each of those
   * domains in the period: read once for the union of the page's domains (a domain is
   * co-cited with many names), not once per name.
   */
  function pageExtras(ids: readonly number[], filter: DiscoveryDayFilter, detailed: boolean): PageExtras {
    const perName = new Map<number, NameExtras>();
    if (!detailed) return { perName, domainAnswers: new Map() };
    const domains = new Set<string>();
    for (const id of ids) {
      const co = store.discoveryCoDomains(id, filter, DOMAIN_SAMPLE);
      for (const d of co.domains) domains.add(d.domain);
      perName.set(id, { examples: store.discoveryExamples(id, filter, EXAMPLES), co });
    }
    return { perName, domainAnswers: store.discoveryDomainAnswers([...domains], filter) };
  }

  function details(
    name: DiscoveryNameRow,
    a: Aggregate,
    extras: PageExtras,
    totalAnswers: number,
    previous: { answers: number; total: number },
    places: { engines: string[]; locations: string[] },
    dismissed: boolean,
  ): DiscoveryCandidate {
    const forms = name.forms.map((f) => f.form);
    const display = forms[0] ?? name.key;
    const own = extras.perName.get(name.id);
    const examples = (own?.examples ?? []).map((e) => ({
      resultId: e.resultId,
      engine: e.engine,
      location: e.loc,
      day: isoDay(e.day),
      snippet: snippetAround(e.text, [e.form, ...forms]),
    }));
    const co = own?.co ?? { sampled: 0, domains: [] };
    const origins = originsOfMask(a.origins);
    return {
      key: name.key,
      name: display,
      kind: discoveryKind(origins),
      answers: a.answers,
      share: rateStat(a.answers, totalAnswers),
      previousAnswers: previous.answers,
      // Nothing is new against a previous period the history does not cover.
      isNew: a.answers > 0 && previous.total > 0 && previous.answers === 0,
      engines: places.engines,
      locations: places.locations,
      firstSeen: a.answers > 0 ? isoDay(a.first) : null,
      lastSeen: a.answers > 0 ? isoDay(a.last) : null,
      origins,
      examples,
      aliases: forms,
      domains: rankCoDomains(name.key, co.sampled, co.domains, extras.domainAnswers, totalAnswers),
      dismissed,
      detailed: own !== undefined,
    };
  }

  function queue(query: DiscoveryQuery): DiscoveryQueue {
    const period = resolvePeriod(query.period, deps.now());
    const current = filterOf(query, period.fromDay, period.toDay);
    const previous = filterOf(query, period.prevFromDay, period.prevToDay);
    const totalAnswers = store.discoveryTotalAnswers(current);
    const aggregates = new Map(store.discoveryTotals(current).map((t) => [t.name, t]));
    const names = store.discoveryNames([...aggregates.keys()]);
    const ctx = brandsContext();
    const dismissedKeys = new Set(store.listDismissedNames().map((d) => d.key));
    let coveredCount = 0;
    let dismissedCount = 0;
    const listed: Array<{ name: DiscoveryNameRow; a: Aggregate }> = [];
    for (const name of names) {
      if (covered(name, ctx)) {
        coveredCount += 1;
        continue;
      }
      const isDismissed = dismissedKeys.has(name.key);
      if (isDismissed) dismissedCount += 1;
      if (isDismissed === (query.dismissed ?? false))
        listed.push({ name, a: aggregates.get(name.id) as Aggregate });
    }
    if (query.dismissed) {
      // Dismissed names not named in this period are still listed, so they can be restored.
      const shown = new Set(listed.map((l) => l.name.key));
      for (const key of dismissedKeys) {
        const name = shown.has(key) ? null : store.discoveryNameOfKey(key);
        if (name && !covered(name, ctx)) listed.push({ name, a: emptyAggregate(name.id) });
      }
    }
    const { kindCounts, ofKind } = splitByKind(listed, query.kind);
    ofKind.sort(
      (x, y) =>
        y.a.answers - x.a.answers ||
        y.a.last - x.a.last ||
        (x.name.forms[0]?.form ?? x.name.key).localeCompare(y.name.forms[0]?.form ?? y.name.key),
    );
    const page = ofKind.slice(0, query.limit ?? DEFAULT_LIMIT);
    // Per-name figures only for the names returned (seeks on the name indexes).
    const ids = page.map((p) => p.name.id);
    const prevAnswers = store.discoveryAnswersOf(ids, previous);
    const places = store.discoveryPlaces(ids, current);
    const prevTotal = page.length > 0 ? store.discoveryTotalAnswers(previous) : 0;
    const extras = pageExtras(ids, current, query.details ?? true);
    return {
      period: period.resolved,
      totalAnswers,
      total: ofKind.length,
      dismissedCount,
      coveredCount,
      kindCounts,
      candidates: page.map(({ name, a }) =>
        details(
          name,
          a,
          extras,
          totalAnswers,
          { answers: prevAnswers.get(name.id) ?? 0, total: prevTotal },
          places.get(name.id) ?? { engines: [], locations: [] },
          dismissedKeys.has(name.key),
        ),
      ),
    };
  }

  /** The stored name a written name or key refers to. */
  function nameOf(nameOrKey: string): DiscoveryNameRow {
    const key = discoveryKey(nameOrKey);
    const name = key === '' ? null : store.discoveryNameOfKey(key);
    if (!name)
      throw new AppError('DISCOVERY_NAME_NOT_FOUND', `No answer in the history names "${nameOrKey}"`, {
        details: { key },
      });
    return name;
  }

  function candidate(
    nameOrKey: string,
    query: Parameters<DiscoveryService['candidate']>[1] = {},
  ): DiscoveryCandidate | null {
    const name = nameOf(nameOrKey);
    const period = resolvePeriod(query.period ?? { days: PROPOSAL_DAYS }, deps.now());
    const filter = filterOf(query, period.fromDay, period.toDay);
    const answers = store.discoveryAnswersOf([name.id], filter).get(name.id) ?? 0;
    if (answers === 0) return null;
    const a = store.discoveryTotals(filter, [name.id])[0] ?? {
      ...emptyAggregate(name.id),
      answers,
    };
    const prevFilter = filterOf(query, period.prevFromDay, period.prevToDay);
    const previous = {
      answers: store.discoveryAnswersOf([name.id], prevFilter).get(name.id) ?? 0,
      total: store.discoveryTotalAnswers(prevFilter),
    };
    const places = store.discoveryPlaces([name.id], filter).get(name.id) ?? { engines: [], locations: [] };
    const dismissed = store.listDismissedNames().some((d) => d.key === name.key);
    const extras = pageExtras([name.id], filter, true);
    return details(name, a, extras, store.discoveryTotalAnswers(filter), previous, places, dismissed);
  }

  function saveBrand(input: Parameters<HistoryStore['saveBrand']>[0]): BrandView {
    try {
      return store.saveBrand(input);
    } catch (error) {
      if (error instanceof HistoryStateError && error.code === 'conflict')
        throw new AppError('BRAND_CONFLICT', error.message);
      throw error;
    }
  }

  const unique = (values: readonly string[], except: readonly string[] = []): string[] => {
    const seen = new Set(except.map((v) => v.trim().toLowerCase()));
    const out: string[] = [];
    for (const v of values.map((s) => s.trim()).filter((s) => s !== '')) {
      if (seen.has(v.toLowerCase())) continue;
      seen.add(v.toLowerCase());
      out.push(v);
    }
    return out;
  };

  return {
    queue,
    candidate,
    accept(input) {
      const name = nameOf(input.key);
      const display = input.name?.trim() || (name.forms[0]?.form ?? name.key);
      const proposed = input.domains === undefined ? (candidate(input.key)?.domains ?? []) : [];
      const domains = input.domains ?? proposed.filter((d) => d.labelMatch).map((d) => d.domain);
      const aliases = input.aliases ?? name.forms.map((f) => f.form);
      // The display name's own spellings stay covered by the new brand through its aliases.
      return saveBrand({
        name: display,
        kind: input.kind ?? 'competitor',
        aliases: unique(aliases, [display]),
        domains: unique(domains),
      });
    },
    dismiss(nameOrKey) {
      const key = nameOf(nameOrKey).key;
      return { key, changed: store.setNameDismissed(key, true) };
    },
    restore(nameOrKey) {
      const key = discoveryKey(nameOrKey);
      return { key, changed: store.setNameDismissed(key, false) };
    },
    merge(input) {
      const name = nameOf(input.key);
      const brand = store.listBrands().find((b) => b.id === input.brandId);
      if (!brand) throw new AppError('BRAND_NOT_FOUND', `No brand with id ${input.brandId}`);
      const forms = name.forms.map((f) => f.form);
      return saveBrand({
        id: brand.id,
        name: brand.name,
        kind: brand.kind,
        aliases: [
          ...brand.aliases,
          ...unique(forms.length > 0 ? forms : [name.key], [brand.name, ...brand.aliases]),
        ],
        domains: brand.domains,
      });
    },
  };
}
