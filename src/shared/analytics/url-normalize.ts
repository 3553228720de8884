import { getDomain, parse } from 'tldts';

// URL and domain keys for comparing sources. The registrable domain ("example.co.uk" for
// "https://news.example.co.uk/x") comes from tldts and the Public Suffix List, never from a
// split on dots. Uses only the WHATWG URL global, so it runs in the renderer too.

/** Query parameters that identify a campaign or a click, not a page. */
const TRACKING_PARAMS = new Set([
  'gclid',
  'gclsrc',
  'dclid',
  'gbraid',
  'wbraid',
  'fbclid',
  'msclkid',
  'yclid',
  'twclid',
  'ttclid',
  'li_fat_id',
  'igshid',
  'mc_cid',
  'mc_eid',
  '_hsenc',
  '_hsmi',
  'mkt_tok',
  'srsltid',
  'ref_src',
  'spm',
]);
const TRACKING_PREFIXES = ['utm_', 'pk_', 'mtm_'];

function isTrackingParam(name: string): boolean {
  const n = name.toLowerCase();
  return TRACKING_PARAMS.has(n) || TRACKING_PREFIXES.some((p) => n.startsWith(p));
}

/**
 * The comparison key of a URL: host in lower case (WHATWG URL does that, and drops default
 * ports), no fragment, no trailing slash on the path (so "https://a.com/" and "https://a.com"
 * are one page), tracking parameters (utm_*, gclid, fbclid, srsltid…) removed, remaining query
 * kept in its order. Scheme and a leading "www." are kept: they can be different pages. A
 * string that is not an absolute URL comes back trimmed, unchanged, so it still compares equal
 * to itself.
 */
export function normalizeUrl(raw: string): string {
  const input = raw.trim();
  let url: URL;
  try {
    url = new URL(input);
  } catch {
    return input;
  }
  // The query is filtered as written (no decoding and re-encoding), which is also much faster
  // than URLSearchParams on thousands of sources.
  let search = '';
  if (url.search.length > 1) {
    const kept = url.search
      .slice(1)
      .split('&')
      .filter((pair) => pair !== '' && !isTrackingParam(pair.split('=', 1)[0] as string));
    if (kept.length > 0) search = `?${kept.join('&')}`;
  }
  if (url.host === '') return `${url.protocol}${url.pathname}${search}`; // mailto:, data: …
  const auth = url.username === '' ? '' : `${url.username}${url.password === '' ? '' : `:${url.password}`}@`;
  const path = url.pathname.replace(/\/+$/u, '');
  return `${url.protocol}//${auth}${url.host}${path}${search}`;
}

/**
 * Registrable domain ("eTLD+1") of a URL or host name: "https://m.shop.example.co.uk/a" →
 * "example.co.uk". IP addresses come back as the address ("127.0.0.1", "::1"), a host with no
 * public suffix (localhost, an intranet name) as the host itself; null when there is no host
 * at all (not a URL, empty string).
 */
export function registrableDomain(urlOrHost: string): string | null {
  const input = urlOrHost.trim();
  if (input === '') return null;
  const domain = getDomain(input);
  if (domain !== null) return domain;
  const info = parse(input);
  const host = info.hostname;
  if (host === null || host === '') return null;
  if (info.isIp === true) return host;
  // Only a single label (localhost, intranet) is a host without a suffix; anything with dots
  // and no known suffix is most likely not a host at all.
  return /^[\p{L}\p{N}-]+$/u.test(host) ? host.toLowerCase() : null;
}

/** Host name of a URL (lower case, without "www."), or null. */
export function hostnameOf(urlOrHost: string): string | null {
  const host = parse(urlOrHost.trim()).hostname;
  if (host === null || host === '') return null;
  const lower = host.toLowerCase();
  return lower.startsWith('www.') ? lower.slice(4) : lower;
}

/** True when `host` is `domain` or one of its subdomains ("support.apple.com" in "apple.com"). */
export function hostBelongsTo(host: string, domain: string): boolean {
  return (
    host === domain ||
    (host.length > domain.length && host.endsWith(domain) && host[host.length - domain.length - 1] === '.')
  );
}
