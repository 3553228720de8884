import { SEARCH_ENGINE_HOSTS } from '../../shared/api/requests';

// Redirect links of the synthetic search engine: every resolved link of search, news and
// search-ai results ships with one, and POST /v1/monitor/search/goto resolves it.

const REDIRECT_HOST = SEARCH_ENGINE_HOSTS[0] ?? 'www.search.example';

export function redirectLink(destination: string): string {
  return `https://${REDIRECT_HOST}/goto?url=${encodeURIComponent(destination)}&ved=${destination.length.toString(16)}`;
}

/** The search page URL of a query (related searches and similar links). */
export function searchPageUrl(query: string, country: string): string {
  return `https://${REDIRECT_HOST}/search?q=${encodeURIComponent(query)}&gl=${country.toLowerCase()}`;
}

/** The destination of a redirect link (already checked for host and path), or null when it carries none. */
export function resolveRedirect(link: string): string | null {
  const url = new URL(link);
  const dest = url.searchParams.get('url') ?? (url.pathname === '/url' ? url.searchParams.get('q') : null);
  if (dest === null) return null;
  try {
    const parsed = new URL(dest);
    return parsed.protocol === 'http:' || parsed.protocol === 'https:' ? parsed.toString() : null;
  } catch {
    return null;
  }
}
