import { CURRENCY_TOKENS, currencyOfToken } from './currency';

// A product's price as the engines print it ("$57.00", "1.299,00 €", "¥12,800", "R$ 1.299,90",
// "£40–£60", "from $99", "4x R$ 50,00") or send it ({value, currency, raw}, {amount, currency,
// currencySymbol}), read into an amount and an ISO 4217 currency. What cannot be read for sure
// keeps its raw text and no amount: an instalment is not the product's price, and a currency
// token several countries share is read only by the country the answer was asked from.

export interface ParsedPrice {
  /** In the currency's units; the low end of a range; null when unreadable or an instalment. */
  amount: number | null;
  /** ISO 4217; null when the price names none, or one that cannot be told ("$" outside a dollar country). */
  currency: string | null;
  raw: string;
  /** "£40–£60": the amount is the range's low end. */
  range: boolean;
  /** "from $99": a starting price. */
  from: boolean;
  /** "$25/mo", "12x R$ 99,90": a payment in parts, kept raw with no amount. */
  installment: boolean;
}

const SPACES = /[\u00a0\u202f\u2009\u2007]/g;
const INSTALLMENT =
  /\/\s*(mo|mth|month|mes|mês|monat|mois|mese|maand|miesiąc)\b|\bper (month|mo)\b|\bmonthly\b|\b\d+\s*[x×]\s*(de\s+)?\D{0,4}\d|\binstal(l)?ments?\b|\bparcelas?\b|\bcuotas\b|\brat(e|en|enzahlung)\b|\bmensualit[ée]s?\b/i;
const FROM =
  /^(from|starting at|starts at|ab|à partir de|a partir de|desde|da|vanaf|od|från|fra|alkaen)\b:?/i;
/** A number as prices write it: digit groups with `.`, `,`, `'` or a space between them. */
const NUMBER = /\d(?:[\d.,']|\s(?=\d{3}\b))*/g;
const RANGE_DASH = /\s*(?:[–—-]|\bto\b|\bbis\b|\bà\b)\s*/i;

/** "1.299,00", "1,299.00", "12,800", "1 299,00", "1'299.00" as a number. */
export function parseAmount(text: string): number | null {
  const digits = text.replace(/[\s']/g, '');
  if (!/^\d[\d.,]*$/.test(digits)) return null;
  const lastDot = digits.lastIndexOf('.');
  const lastComma = digits.lastIndexOf(',');
  const last = Math.max(lastDot, lastComma);
  if (last === -1) return Number(digits);
  const mark = digits[last] as '.' | ',';
  const other = mark === '.' ? ',' : '.';
  const decimals = digits.length - last - 1;
  const marks = digits.split(mark).length - 1;
  // One mark followed by three digits, or the same mark more than once, groups thousands:
  // "12,800", "1.299", "1.299.000". Otherwise the last mark (of two kinds, the later) is the decimal one.
  const thousandsOnly = !digits.includes(other) && (marks > 1 || decimals === 3);
  const whole = thousandsOnly ? digits : digits.slice(0, last);
  const fraction = thousandsOnly ? '' : digits.slice(last + 1);
  const value = Number(`${whole.replace(/[.,]/g, '')}${fraction === '' ? '' : `.${fraction}`}`);
  return Number.isFinite(value) ? value : null;
}

const escape = (s: string): string => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const LETTERS = /\p{L}/u;
/** A currency token in a price: an ISO code, or a known token (words of letters stand alone). */
const TOKEN = new RegExp(
  [
    '\\b[A-Z]{3}\\b',
    ...CURRENCY_TOKENS.map((t) =>
      LETTERS.test(t[0] ?? '') && LETTERS.test(t[t.length - 1] ?? '')
        ? `(?<!\\p{L})${escape(t)}(?!\\p{L})`
        : escape(t),
    ),
  ].join('|'),
  'giu',
);

/** The first currency token of `text` that names a currency for `country`, and the token. */
function currencyIn(text: string, country: string | null): { currency: string | null; token: string | null } {
  let firstToken: string | null = null;
  for (const m of text.matchAll(TOKEN)) {
    firstToken ??= m[0];
    const currency = currencyOfToken(m[0], country);
    if (currency) return { currency, token: m[0] };
  }
  return { currency: null, token: firstToken };
}

// The same printed prices come back answer after answer (a shelf's products on every engine,
// repeat and day, and normalize reads each again): each text is read once per country. Bounded,
// so a long pull cannot grow it without end; callers get a copy they may change.
const READ = new Map<string, ParsedPrice>();
const READ_MAX = 20_000;

/** Reads a price as the engines print it, for an answer asked from `country` (ISO 3166 alpha-2). */
export function parsePrice(raw: string, country: string | null): ParsedPrice {
  const key = `${country ?? ''}\u0000${raw}`;
  let read = READ.get(key);
  if (!read) {
    if (READ.size >= READ_MAX) READ.clear();
    read = readPrice(raw, country);
    READ.set(key, read);
  }
  return { ...read };
}

function readPrice(raw: string, country: string | null): ParsedPrice {
  const text = raw.replace(SPACES, ' ').trim();
  const from = FROM.test(text);
  const installment = INSTALLMENT.test(text);
  const { currency } = currencyIn(text, country);
  const numbers = [...text.matchAll(NUMBER)].map((m) => m[0].trim()).filter((n) => n !== '');
  const range = numbers.length >= 2 && RANGE_DASH.test(text.slice(text.indexOf(numbers[0] as string)));
  const amount = installment || numbers.length === 0 ? null : parseAmount(numbers[0] as string);
  return { amount, currency, raw, range, from, installment };
}

const empty = (raw: string): ParsedPrice => ({
  amount: null,
  currency: null,
  raw,
  range: false,
  from: false,
  installment: false,
});

/**
 * A price field of any engine's shape: a string, `{value, currency, raw}` (the search family;
 * value omitted when the service could not read it) or `{amount, currency, currencySymbol}`
 * (the answer engine's cards). Null when the field holds no price.
 */
export function priceOfField(value: unknown, country: string | null): ParsedPrice | null {
  if (typeof value === 'string') return value.trim() === '' ? null : parsePrice(value, country);
  if (typeof value === 'number')
    return Number.isFinite(value) ? { ...empty(String(value)), amount: value } : null;
  if (value === null || typeof value !== 'object') return null;
  const o = value as Record<string, unknown>;
  const rawText = typeof o['raw'] === 'string' ? o['raw'] : null;
  const number =
    typeof o['value'] === 'number' ? o['value'] : typeof o['amount'] === 'number' ? o['amount'] : null;
  const token = [o['currency'], o['currencySymbol']].find(
    (t): t is string => typeof t === 'string' && t !== '',
  );
  const fromRaw = rawText === null ? null : parsePrice(rawText, country);
  if (number === null) return fromRaw;
  const currency = (token ? currencyOfToken(token, country) : null) ?? fromRaw?.currency ?? null;
  const raw = rawText ?? `${token ?? ''}${number}`;
  return {
    ...(fromRaw ?? empty(raw)),
    amount: fromRaw?.installment ? null : number,
    currency,
    raw,
  };
}
