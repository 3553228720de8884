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

/** 'US' → 🇺🇸 (regional indicator symbols A = U+1F1E6). */
export function flagEmoji(code: string): string {
  if (!/^[A-Z]{2}$/.test(code)) return '';
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

/** Matches the code exactly-prefix or any part of the name, case- and accent-insensitive. */
export function matchesCountry(option: { code: string; name: string }, query: string): boolean {
  const q = fold(query.trim());
  if (q === '') return true;
  return fold(option.code).startsWith(q) || fold(option.name).includes(q);
}

function fold(value: string): string {
  return value.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
}

/** "US" or "US-CA" style label of a location. */
export function locationLabel(country: string, state: string | null): string {
  return state ? `${flagEmoji(country)} ${country}-${state}` : `${flagEmoji(country)} ${country}`;
}
