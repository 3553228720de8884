// Country names come from the browser's own CLDR data (Intl.DisplayNames) and flags from
// the two regional-indicator symbols of the code, so no country table ships in the renderer.

let displayNames: Intl.DisplayNames | null = null;

function names(): Intl.DisplayNames | null {
  if (displayNames) return displayNames;
  try {
    displayNames = new Intl.DisplayNames(['en'], { type: 'region', fallback: 'code' });
  } catch {
    displayNames = null;
  }
  return displayNames;
}

export function countryName(code: string): string {
  if (code === 'XK') return 'Kosovo';
  try {
    return names()?.of(code) ?? code;
  } catch {
    return code;
  }
}

/** A complete two-letter upper-case code ('US'); a half-typed filter is not one yet. */
export function isCountryCode(code: string): boolean {
  return /^[A-Z]{2}$/.test(code);
}

/** 'US' → 🇺🇸 (regional indicator symbols A = U+1F1E6). */
export function flagEmoji(code: string): string {
  if (!isCountryCode(code)) return '';
  return String.fromCodePoint(...[...code].map((c) => 0x1f1e6 + c.charCodeAt(0) - 65));
}

export interface CountryOption {
  code: string;
  name: string;
  flag: string;
}

export function countryOptions(codes: readonly string[]): CountryOption[] {
  return codes
    .map((code) => ({ code, name: countryName(code), flag: flagEmoji(code) }))
    .sort((a, b) => a.name.localeCompare(b.name));
}

/**
 * How well an option matches a search: 0 exact code, 1 name starts with it, 2 a word of the
 * name starts with it, 3 the name contains it, 4 the code starts with it; -1 no match.
 * Case- and accent-insensitive ("cote" finds Côte d’Ivoire).
 */
export function countryMatchRank(option: { code: string; name: string }, query: string): number {
  const q = fold(query.trim());
  if (q === '') return 0;
  const name = fold(option.name);
  const code = fold(option.code);
  if (code === q) return 0;
  if (name.startsWith(q)) return 1;
  if (name.split(/[\s\-’',.()]+/).some((w) => w.startsWith(q))) return 2;
  if (name.includes(q)) return 3;
  if (code.startsWith(q)) return 4;
  return -1;
}

/** The options matching a search, best matches first (stable within a rank). */
export function searchOptions<T extends { code: string; name: string }>(
  options: readonly T[],
  query: string,
): T[] {
  return options
    .map((o, i) => ({ o, i, r: countryMatchRank(o, query) }))
    .filter((x) => x.r >= 0)
    .sort((a, b) => a.r - b.r || a.i - b.i)
    .map((x) => x.o);
}

function fold(value: string): string {
  return value.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
}

/** "US" or "US-CA" style label of a location. */
export function locationLabel(country: string, state: string | null): string {
  return state ? `${flagEmoji(country)} ${country}-${state}` : `${flagEmoji(country)} ${country}`;
}
