import { isCountryCode } from './countries';

/** Hosts of the engine's web search; `url` on /search and /search/goto must be on one of them. */
export const SEARCH_ENGINE_HOSTS: readonly string[] = ['www.search.example', 'search.example'];

export interface RequestRulesOptions {
  /** Overrides SEARCH_ENGINE_HOSTS (a deployment whose engine lives elsewhere). */
  searchHosts?: readonly string[];
}

/** Parameters of a search url the service applies; every other parameter is dropped. */
export const SEARCH_URL_KEPT_PARAMS = ['q', 'gl', 'hl', 'uule', 'num', 'start', 'tbs', 'safe'] as const;

// ---------------------------------------------------------------------------------------
// Search url: what the service applies from it

export interface NormalizedSearchUrl {
  /** The url with only the applied parameters, in the order of SEARCH_URL_KEPT_PARAMS. */
  url: string;
  query: string;
  /** Upper-cased gl of the url, when it has one. */
  gl?: string;
  hl?: string;
  uule?: string;
  /** Result depth: `num` rounded up to whole pages of 10, capped at 10; 1 without num. */
  pages: number;
  start?: number;
  tbs?: string;
  safe?: string;
}

export type SearchUrlOutcome = { ok: true; value: NormalizedSearchUrl } | { ok: false; message: string };

export function hostsOf(opts: RequestRulesOptions): readonly string[] {
  return (opts.searchHosts ?? SEARCH_ENGINE_HOSTS).map((h) => h.toLowerCase());
}

export function parseAbsoluteHttpUrl(value: string): URL | null {
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url : null;
  } catch {
    return null;
  }
}

export function normalizeSearchUrl(value: string, opts: RequestRulesOptions = {}): SearchUrlOutcome {
  const url = parseAbsoluteHttpUrl(value);
  if (!url) return { ok: false, message: 'url must be a complete absolute http(s) URL' };
  const hosts = hostsOf(opts);
  if (!hosts.includes(url.hostname.toLowerCase())) {
    return { ok: false, message: `url must be on the search engine's host (${hosts.join(' or ')})` };
  }
  if (url.pathname !== '/search') return { ok: false, message: 'url path must be /search' };
  const params = url.searchParams;
  if (params.has('tbm')) {
    return { ok: false, message: 'url must not carry tbm (news has its own endpoint and pricing)' };
  }
  const q = params.get('q');
  if (q === null || q.trim().length === 0)
    return { ok: false, message: 'url must carry a non-empty q parameter' };
  const gl = params.get('gl');
  if (gl !== null && !isCountryCode(gl.toUpperCase())) {
    return { ok: false, message: 'the gl parameter of url must be an ISO 3166-1 alpha-2 code' };
  }
  const num = params.get('num');
  let pages = 1;
  if (num !== null) {
    const n = Number(num);
    if (!Number.isFinite(n) || n < 0)
      return { ok: false, message: 'the num parameter of url must be a number' };
    pages = Math.min(10, Math.max(1, Math.ceil(n / 10)));
  }
  const start = params.get('start');
  if (start !== null && !/^\d+$/.test(start)) {
    return { ok: false, message: 'the start parameter of url must be a whole number' };
  }

  const kept = new URL(`${url.protocol}//${url.host}${url.pathname}`);
  for (const key of SEARCH_URL_KEPT_PARAMS) {
    const v = params.get(key);
    if (v !== null) kept.searchParams.set(key, v);
  }
  const result: NormalizedSearchUrl = { url: kept.toString(), query: q, pages };
  if (gl !== null) result.gl = gl.toUpperCase();
  const hl = params.get('hl');
  if (hl !== null) result.hl = hl;
  const uule = params.get('uule');
  if (uule !== null) result.uule = uule;
  if (start !== null) result.start = Number(start);
  const tbs = params.get('tbs');
  if (tbs !== null) result.tbs = tbs;
  const safe = params.get('safe');
  if (safe !== null) result.safe = safe;
  return { ok: true, value: result };
}
