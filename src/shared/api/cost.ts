import { ENGINES, ENGINE_NAMES, type EngineName } from './engines';
import { normalizeSearchUrl, type MonitorRequestOf, type RequestRulesOptions } from './requests';

// The credit cost of a request before it is sent. The service admits a request only when the
// balance covers its MAXIMUM cost, so budgets, the admission check of the sandbox and the
// run estimate all use maxCreditCost. Add-ons come from the spec; base costs and the
// per-page and state add-ons from the service facts (§7), which the spec leaves "not shown".

export type CostTable = Partial<Record<EngineName, number>>;

/** +2 once on assistant-a for any of include.rawResponse/searchQueries/ads/shopping. */
export const ASSISTANT_A_SHARED_GROUP_ADDON = 2;
/** +2 once on search for include.aioverview and/or include.paaAioverview. */
export const AI_OVERVIEW_ADDON = 2;
/** +2 for each search or news page after the first. */
export const EXTRA_PAGE_ADDON = 2;
/** +1 per product cluster returned with search-ai include.expandProducts, at most 6. */
export const EXPAND_PRODUCTS_PER_CLUSTER = 1;
export const EXPAND_PRODUCTS_MAX_CLUSTERS = 6;
/** +2 when a US state is targeted. */
export const STATE_ADDON = 2;
/** The redirect resolver charges nothing. */
export const GOTO_COST = 0;

export function baseCostTable(overrides: CostTable = {}): Record<EngineName, number> {
  const table = {} as Record<EngineName, number>;
  for (const name of ENGINE_NAMES) table[name] = overrides[name] ?? ENGINES[name].baseCost;
  return table;
}

export interface CostRange {
  /** What the call costs when every optional add-on that depends on the answer adds nothing. */
  min: number;
  /** What the balance must cover for the service to admit the call. */
  max: number;
}

type LooseRequest = {
  state?: unknown;
  pages?: unknown;
  url?: unknown;
  include?: Record<string, unknown>;
};

function pagesOf(req: LooseRequest, opts: RequestRulesOptions): number {
  if (typeof req.url === 'string') {
    const normalized = normalizeSearchUrl(req.url, opts);
    return normalized.ok ? normalized.value.pages : 1;
  }
  return typeof req.pages === 'number' && Number.isInteger(req.pages)
    ? Math.min(10, Math.max(1, req.pages))
    : 1;
}

const on = (include: Record<string, unknown> | undefined, key: string): boolean => include?.[key] === true;

/** Credits the call may cost, from the cheapest to the dearest possible answer. */
export function chargedCostRange<E extends EngineName>(
  engine: E,
  request: MonitorRequestOf<E>,
  table: CostTable = {},
  opts: RequestRulesOptions = {},
): CostRange {
  const req = request as LooseRequest;
  const include = req.include;
  let fixed = baseCostTable(table)[engine];
  let variable = 0;
  if (typeof req.state === 'string') fixed += STATE_ADDON;
  switch (engine) {
    case 'assistant-a':
      if (['rawResponse', 'searchQueries', 'ads', 'shopping'].some((k) => on(include, k))) {
        fixed += ASSISTANT_A_SHARED_GROUP_ADDON;
      }
      break;
    case 'search': {
      fixed += EXTRA_PAGE_ADDON * (pagesOf(req, opts) - 1);
      const aio = include?.aioverview;
      if ((typeof aio === 'object' && aio !== null) || on(include, 'paaAioverview'))
        fixed += AI_OVERVIEW_ADDON;
      break;
    }
    case 'search-news':
      fixed += EXTRA_PAGE_ADDON * (pagesOf(req, opts) - 1);
      break;
    case 'search-ai':
      if (on(include, 'expandProducts'))
        variable = EXPAND_PRODUCTS_PER_CLUSTER * EXPAND_PRODUCTS_MAX_CLUSTERS;
      break;
    default:
      break;
  }
  return { min: fixed, max: fixed + variable };
}

/** The maximum credit cost of one call: what the balance must cover (else 403 INSUFFICIENT_CREDITS). */
export function maxCreditCost<E extends EngineName>(
  engine: E,
  request: MonitorRequestOf<E>,
  table: CostTable = {},
  opts: RequestRulesOptions = {},
): number {
  return chargedCostRange(engine, request, table, opts).max;
}

/** What a search-ai call with expandProducts is charged once the number of clusters is known. */
export function expandProductsCharge(clustersReturned: number): number {
  return (
    EXPAND_PRODUCTS_PER_CLUSTER *
    Math.min(EXPAND_PRODUCTS_MAX_CLUSTERS, Math.max(0, Math.floor(clustersReturned)))
  );
}
