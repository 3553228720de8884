import { parsePrice } from '../../../shared/commerce';
import { USD_RATE, type Lang, type Locale } from '../locales';

// Prices as each country's shops print them: the country's currency, converted from US dollars,
// in its own format ("$57.00", "1.299,00 €", "1 299,00 €", "￥12,800", "R$ 1.299,90",
// "₹1,07,817.00"), sometimes as a starting price ("from $99", "ab 49,99 €"), a range
// ("£40.00–£60.00") or an instalment ("$8.25/mo", "12x de R$ 108,33"). Each printed price keeps
// what it means (amount and ISO currency, or none for an instalment), the ground truth the
// tests hold the shared price parser to.

export type PriceStyle = 'plain' | 'from' | 'range' | 'installment';

export interface Money {
  /** In the currency's units; whole units for currencies priced in hundreds per dollar. */
  value: number;
  /** ISO 4217. */
  currency: string;
}

export interface PrintedPrice extends Money {
  raw: string;
  style: PriceStyle;
  /** What the printed text means: the amount (a range's low end), null for an instalment. */
  amount: number | null;
}

const FROM: Partial<Record<Lang, string>> = {
  en: 'from',
  de: 'ab',
  fr: 'à partir de',
  es: 'desde',
  it: 'da',
  pt: 'a partir de',
};
const PER_MONTH: Partial<Record<Lang, string>> = {
  en: '/mo',
  de: '/Monat',
  fr: '/mois',
  es: '/mes',
  it: '/mese',
};
const INSTALLMENTS = 12;

const formatters = new Map<string, Intl.NumberFormat>();

function formatter(locale: Locale, display: 'symbol' | 'code'): Intl.NumberFormat {
  const key = `${locale.intl}|${locale.currency}|${display}`;
  let fmt = formatters.get(key);
  if (!fmt) {
    // Latin digits everywhere: shops in Arabic-speaking countries print them too.
    fmt = new Intl.NumberFormat(`${locale.intl}-u-nu-latn`, {
      style: 'currency',
      currency: locale.currency,
      currencyDisplay: display,
    });
    formatters.set(key, fmt);
  }
  return fmt;
}

/** The currency's display that names it unambiguously for the country (its symbol, else its ISO code). */
const displays = new Map<string, 'symbol' | 'code'>();
function displayFor(locale: Locale): 'symbol' | 'code' {
  const key = `${locale.intl}|${locale.currency}`;
  let display = displays.get(key);
  if (!display) {
    const sample = formatter(locale, 'symbol').format(1299);
    display = parsePrice(sample, locale.country).currency === locale.currency ? 'symbol' : 'code';
    displays.set(key, display);
  }
  return display;
}

/** One amount in the country's own format. */
export function formatMoney(locale: Locale, value: number): string {
  return formatter(locale, displayFor(locale)).format(value);
}

/** US dollars in the country's currency, rounded the way shops price (x.99, or whole units). */
export function moneyOf(locale: Locale, usd: number): Money {
  return shopRounded(locale.currency, usd * (USD_RATE[locale.currency] ?? 1));
}

/** Another shop's price for the same product: `factor` times, rounded the same way. */
export function scaleMoney(money: Money, factor: number): Money {
  return shopRounded(money.currency, money.value * factor);
}

function shopRounded(currency: string, local: number): Money {
  const whole = (USD_RATE[currency] ?? 1) >= 20;
  const value = whole ? Math.round(local / 10) * 10 : Math.max(0.99, Math.round(local) - 0.01);
  return { value: Math.round(value * 100) / 100, currency };
}

/** A price printed in `style` (styles a language has no words for are printed plain). */
export function printPrice(locale: Locale, money: Money, style: PriceStyle): PrintedPrice {
  const plain = formatMoney(locale, money.value);
  const base = { ...money, style, amount: money.value };
  const from = FROM[locale.lang];
  if (style === 'from' && from) return { ...base, raw: `${from} ${plain}` };
  if (style === 'range') {
    const high = Math.ceil(money.value * 1.5) - (money.value % 1 === 0 ? 0 : 0.01);
    return { ...base, raw: `${plain}–${formatMoney(locale, high)}` };
  }
  if (style === 'installment') {
    const part = Math.round((money.value / INSTALLMENTS) * 100) / 100;
    if (locale.currency === 'BRL')
      return { ...base, amount: null, raw: `${INSTALLMENTS}x de ${formatMoney(locale, part)}` };
    const perMonth = PER_MONTH[locale.lang];
    if (perMonth) return { ...base, amount: null, raw: `${formatMoney(locale, part)}${perMonth}` };
  }
  return { ...base, style: 'plain', raw: plain };
}

/** The currency's symbol as a card's `currencySymbol` shows it ("$", "€", "R$"). */
export function currencySymbol(locale: Locale): string {
  const part = formatter(locale, displayFor(locale))
    .formatToParts(1)
    .find((p) => p.type === 'currency');
  return part?.value ?? locale.currency;
}
