// The facets column of answer_search: one token per filter value of a result, so the search
// filters (engine, country, US state, run, date) are FTS5 terms intersected inside the index.
//
// Values are hex-encoded (UTF-8) behind a one-letter kind, so every token is a single run of
// [0-9a-z] that the unicode61 tokenizer keeps whole (engine names and run ids hold hyphens) and
// two values never share a token. Dates are UTC: a day, its month and its year, so a date range
// needs at most a few dozen terms (whole years, then whole months, then the edge days).

export interface FacetSource {
  engine: string;
  country: string;
  state: string | null;
  runId: string;
  fetchedAt: number;
}

const hex = (value: string): string => Buffer.from(value, 'utf8').toString('hex');

export const engineFacet = (engine: string): string => `e${hex(engine)}`;
export const countryFacet = (country: string): string => `c${hex(country)}`;
export const stateFacet = (state: string): string => `s${hex(state)}`;
export const runFacet = (runId: string): string => `r${hex(runId)}`;

const DAY_MS = 86_400_000;
const pad = (n: number, width: number): string => String(n).padStart(width, '0');
const dayFacet = (d: Date): string =>
  `d${pad(d.getUTCFullYear(), 4)}${pad(d.getUTCMonth() + 1, 2)}${pad(d.getUTCDate(), 2)}`;
const monthFacet = (d: Date): string => `m${pad(d.getUTCFullYear(), 4)}${pad(d.getUTCMonth() + 1, 2)}`;
const yearFacet = (d: Date): string => `y${pad(d.getUTCFullYear(), 4)}`;

/** The facets text stored in results.facets (never empty: the engine token is always there). */
export function facetsOf(source: FacetSource): string {
  const day = new Date(source.fetchedAt);
  const tokens = [engineFacet(source.engine), countryFacet(source.country)];
  if (source.state !== null) tokens.push(stateFacet(source.state));
  tokens.push(runFacet(source.runId), dayFacet(day), monthFacet(day), yearFacet(day));
  return tokens.join(' ');
}

/**
 * The date tokens whose union is every UTC day touching [from, to] (inclusive, ms): whole years,
 * then whole months, then single days. A superset at the edges (a day counts whole), so the
 * caller still checks fetched_at exactly on the few candidates.
 */
export function dateRangeFacets(from: number, to: number): string[] {
  if (to < from) return [];
  const tokens: string[] = [];
  let day = Math.floor(from / DAY_MS);
  const lastDay = Math.floor(to / DAY_MS);
  while (day <= lastDay) {
    const d = new Date(day * DAY_MS);
    const y = d.getUTCFullYear();
    const m = d.getUTCMonth();
    const yearEnd = Date.UTC(y + 1, 0, 1) / DAY_MS - 1;
    const monthEnd = Date.UTC(y, m + 1, 1) / DAY_MS - 1;
    if (m === 0 && d.getUTCDate() === 1 && yearEnd <= lastDay) {
      tokens.push(yearFacet(d));
      day = yearEnd + 1;
    } else if (d.getUTCDate() === 1 && monthEnd <= lastDay) {
      tokens.push(monthFacet(d));
      day = monthEnd + 1;
    } else {
      tokens.push(dayFacet(d));
      day += 1;
    }
  }
  return tokens;
}
