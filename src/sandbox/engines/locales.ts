// Country → language, currency, domain suffix and brand region. A handful of countries get
// their own language and local brands; every other country still gets its ccTLD, its
// currency where known, and English text.

export type Lang = 'en' | 'de' | 'fr' | 'es' | 'ja' | 'ru' | 'ar' | 'it' | 'pt';
export type Region =
  'NA' | 'UK' | 'DACH' | 'FR' | 'IBERIA' | 'LATAM' | 'JP' | 'RU' | 'MENA' | 'IT' | 'BR' | 'APAC' | 'OTHER';

export interface Locale {
  country: string;
  lang: Lang;
  /** BCP 47 tag for number and currency formatting. */
  intl: string;
  currency: string;
  /** Domain suffix with the dot, e.g. ".co.uk". */
  tld: string;
  region: Region;
  countryName: string;
  city: { name: string; lat: number; lng: number };
}

type Row = [
  lang: Lang,
  intl: string,
  currency: string,
  tld: string,
  region: Region,
  city: string,
  lat: number,
  lng: number,
];

// prettier-ignore
const ROWS: Record<string, Row> = {
  US: ['en', 'en-US', 'USD', '.com', 'NA', 'New York', 40.71, -74.0],
  CA: ['en', 'en-CA', 'CAD', '.ca', 'NA', 'Toronto', 43.65, -79.38],
  GB: ['en', 'en-GB', 'GBP', '.co.uk', 'UK', 'London', 51.5, -0.12],
  IE: ['en', 'en-IE', 'EUR', '.ie', 'UK', 'Dublin', 53.35, -6.26],
  AU: ['en', 'en-AU', 'AUD', '.com.au', 'APAC', 'Sydney', -33.87, 151.21],
  NZ: ['en', 'en-NZ', 'NZD', '.co.nz', 'APAC', 'Auckland', -36.85, 174.76],
  IN: ['en', 'en-IN', 'INR', '.in', 'APAC', 'Mumbai', 19.08, 72.88],
  SG: ['en', 'en-SG', 'SGD', '.sg', 'APAC', 'Singapore', 1.29, 103.85],
  ZA: ['en', 'en-ZA', 'ZAR', '.co.za', 'OTHER', 'Johannesburg', -26.2, 28.05],
  DE: ['de', 'de-DE', 'EUR', '.de', 'DACH', 'Berlin', 52.52, 13.4],
  AT: ['de', 'de-AT', 'EUR', '.at', 'DACH', 'Wien', 48.21, 16.37],
  CH: ['de', 'de-CH', 'CHF', '.ch', 'DACH', 'Zürich', 47.37, 8.54],
  FR: ['fr', 'fr-FR', 'EUR', '.fr', 'FR', 'Paris', 48.86, 2.35],
  BE: ['fr', 'fr-BE', 'EUR', '.be', 'FR', 'Bruxelles', 50.85, 4.35],
  ES: ['es', 'es-ES', 'EUR', '.es', 'IBERIA', 'Madrid', 40.42, -3.7],
  MX: ['es', 'es-MX', 'MXN', '.com.mx', 'LATAM', 'Ciudad de México', 19.43, -99.13],
  AR: ['es', 'es-AR', 'ARS', '.com.ar', 'LATAM', 'Buenos Aires', -34.6, -58.38],
  CO: ['es', 'es-CO', 'COP', '.com.co', 'LATAM', 'Bogotá', 4.71, -74.07],
  CL: ['es', 'es-CL', 'CLP', '.cl', 'LATAM', 'Santiago', -33.45, -70.67],
  IT: ['it', 'it-IT', 'EUR', '.it', 'IT', 'Milano', 45.46, 9.19],
  PT: ['pt', 'pt-PT', 'EUR', '.pt', 'IBERIA', 'Lisboa', 38.72, -9.14],
  BR: ['pt', 'pt-BR', 'BRL', '.com.br', 'BR', 'São Paulo', -23.55, -46.63],
  JP: ['ja', 'ja-JP', 'JPY', '.jp', 'JP', '東京', 35.68, 139.69],
  RU: ['ru', 'ru-RU', 'RUB', '.ru', 'RU', 'Москва', 55.76, 37.62],
  BY: ['ru', 'ru-BY', 'BYN', '.by', 'RU', 'Минск', 53.9, 27.57],
  KZ: ['ru', 'ru-KZ', 'KZT', '.kz', 'RU', 'Алматы', 43.24, 76.89],
  SA: ['ar', 'ar-SA', 'SAR', '.sa', 'MENA', 'الرياض', 24.71, 46.68],
  AE: ['ar', 'ar-AE', 'AED', '.ae', 'MENA', 'دبي', 25.2, 55.27],
  EG: ['ar', 'ar-EG', 'EGP', '.com.eg', 'MENA', 'القاهرة', 30.04, 31.24],
  MA: ['ar', 'ar-MA', 'MAD', '.ma', 'MENA', 'الدار البيضاء', 33.57, -7.59],
};

/** Approximate units of each currency per US dollar, for local prices. */
// prettier-ignore
export const USD_RATE: Record<string, number> = {
  USD: 1, CAD: 1.36, GBP: 0.79, EUR: 0.92, AUD: 1.52, NZD: 1.64, INR: 83, SGD: 1.34, ZAR: 18.5, CHF: 0.88,
  MXN: 17, ARS: 900, COP: 3900, CLP: 930, BRL: 5, JPY: 150, RUB: 92, BYN: 3.3, KZT: 450, SAR: 3.75,
  AED: 3.67, EGP: 48, MAD: 10, CNY: 7.2, KRW: 1350, SEK: 10.5, NOK: 10.6, DKK: 6.9, PLN: 4, TRY: 32,
};

// prettier-ignore
const OTHER_CURRENCY: Record<string, string> = {
  CN: 'CNY', KR: 'KRW', SE: 'SEK', NO: 'NOK', DK: 'DKK', PL: 'PLN', TR: 'TRY', NL: 'EUR', FI: 'EUR',
  GR: 'EUR', LU: 'EUR', SK: 'EUR', SI: 'EUR', EE: 'EUR', LV: 'EUR', LT: 'EUR', HR: 'EUR', CY: 'EUR', MT: 'EUR',
};

const cache = new Map<string, Locale>();

export function localeOf(country: string): Locale {
  const hit = cache.get(country);
  if (hit) return hit;
  const row = ROWS[country];
  const lang: Lang = row?.[0] ?? 'en';
  const locale: Locale = {
    country,
    lang,
    intl: row?.[1] ?? `en-${country}`,
    currency: row?.[2] ?? OTHER_CURRENCY[country] ?? 'USD',
    tld: row?.[3] ?? `.${country.toLowerCase()}`,
    region: row?.[4] ?? 'OTHER',
    countryName: regionName(lang, country),
    city: row ? { name: row[5], lat: row[6], lng: row[7] } : { name: 'City Centre', lat: 0, lng: 0 },
  };
  cache.set(country, locale);
  return locale;
}

function regionName(lang: Lang, country: string): string {
  try {
    return new Intl.DisplayNames([lang], { type: 'region' }).of(country) ?? country;
  } catch {
    return country;
  }
}

const formatters = new Map<string, Intl.NumberFormat>();

/** A price in the country's currency, converted from US dollars and formatted the local way. */
export function localPrice(locale: Locale, usd: number): { value: number; currency: string; raw: string } {
  const rate = USD_RATE[locale.currency] ?? 1;
  const value = rate >= 100 ? Math.round(usd * rate) : Math.round(usd * rate * 100) / 100;
  let fmt = formatters.get(locale.intl + locale.currency);
  if (!fmt) {
    fmt = new Intl.NumberFormat(locale.intl, { style: 'currency', currency: locale.currency });
    formatters.set(locale.intl + locale.currency, fmt);
  }
  return { value, currency: locale.currency, raw: fmt.format(value) };
}
