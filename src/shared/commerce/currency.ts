// Which ISO 4217 currency a price's token names. A token that names one currency wherever it is
// shown ("€", "R$", "US$", "zł", an ISO code) resolves alone; one that several countries use
// ("$", "¥", "kr") resolves only by the country the answer was asked from, and stays unknown
// elsewhere: a price is never given a guessed currency.

/** Tokens that name one currency wherever they appear (compared case-insensitively). */
const UNAMBIGUOUS: Readonly<Record<string, string>> = {
  '€': 'EUR',
  '£': 'GBP',
  '₹': 'INR',
  '₩': 'KRW',
  '₺': 'TRY',
  '₽': 'RUB',
  '₴': 'UAH',
  '₱': 'PHP',
  '₫': 'VND',
  '฿': 'THB',
  '₪': 'ILS',
  '₦': 'NGN',
  r$: 'BRL',
  us$: 'USD',
  usd$: 'USD',
  c$: 'CAD',
  ca$: 'CAD',
  cad$: 'CAD',
  a$: 'AUD',
  au$: 'AUD',
  nz$: 'NZD',
  mx$: 'MXN',
  s$: 'SGD',
  hk$: 'HKD',
  nt$: 'TWD',
  zł: 'PLN',
  kč: 'CZK',
  ft: 'HUF',
  lei: 'RON',
  chf: 'CHF',
  'fr.': 'CHF',
  rp: 'IDR',
  rm: 'MYR',
  'د.إ': 'AED',
  'ر.س': 'SAR',
  'руб.': 'RUB',
  руб: 'RUB',
  円: 'JPY',
  元: 'CNY',
  원: 'KRW',
};

/** Tokens several currencies share, resolved by the country (ISO 3166 alpha-2) the answer was asked from. */
const BY_COUNTRY: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  $: {
    US: 'USD',
    CA: 'CAD',
    AU: 'AUD',
    NZ: 'NZD',
    MX: 'MXN',
    SG: 'SGD',
    HK: 'HKD',
    TW: 'TWD',
    AR: 'ARS',
    CL: 'CLP',
    CO: 'COP',
    EC: 'USD',
    PR: 'USD',
    SV: 'USD',
    PA: 'USD',
  },
  '¥': { JP: 'JPY', CN: 'CNY' },
  '￥': { JP: 'JPY', CN: 'CNY' },
  kr: { SE: 'SEK', NO: 'NOK', DK: 'DKK', IS: 'ISK' },
  'kr.': { SE: 'SEK', NO: 'NOK', DK: 'DKK', IS: 'ISK' },
  r: { ZA: 'ZAR' },
};

/** ISO 4217 codes the engines print as they are ("USD 57", "57 EUR"). */
const ISO_CODE = /^[A-Z]{3}$/;
const KNOWN_ISO = new Set([
  ...Object.values(UNAMBIGUOUS),
  ...Object.values(BY_COUNTRY).flatMap((byCountry) => Object.values(byCountry)),
  'SEK',
  'NOK',
  'DKK',
  'ZAR',
]);

/** The ISO 4217 code a currency token names for an answer asked from `country`; null when it cannot be told. */
export function currencyOfToken(token: string, country: string | null): string | null {
  const trimmed = token.trim();
  if (trimmed === '') return null;
  if (ISO_CODE.test(trimmed)) return KNOWN_ISO.has(trimmed) ? trimmed : null;
  const key = trimmed.toLowerCase();
  const single = UNAMBIGUOUS[key];
  if (single) return single;
  const shared = BY_COUNTRY[key];
  if (!shared || country === null) return null;
  return shared[country.toUpperCase()] ?? null;
}

/** Every token currencyOfToken may read, longest first (so "R$" is read before "$"). */
export const CURRENCY_TOKENS: readonly string[] = [
  ...Object.keys(UNAMBIGUOUS),
  ...Object.keys(BY_COUNTRY),
].sort((a, b) => b.length - a.length);
