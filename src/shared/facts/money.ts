import { currencyOfToken, parseAmount } from '../commerce';
import { APPROX, NOW, PAST, PERIOD_WORDS } from './lexicon';
import type { PricePeriod } from './types';
import { foldPhrase, phraseSet, type Found, type Hits } from './words';

// Amounts of money in folded answer text ("$2.99/month", "2,99 € im Monat", "US$ 6,99 por mês",
// "月額4.99ドル"), each with its currency, its billing period when one is written next to it,
// and whether it is approximate or a past price ("used to cost $6", "kostete früher 3,99 €").

export interface Money {
  amount: number;
  /** ISO 4217; null when the token cannot be told (a sign several currencies share, the country not telling). */
  currency: string | null;
  period: PricePeriod | null;
  approx: boolean;
  past: boolean;
  start: number;
  end: number;
}

const NUMBER = String.raw`\d{1,3}(?:[.,\s]\d{3})+(?:[.,]\d{1,2})?|\d+(?:[.,]\d{1,2})?`;
const SYMBOL_BEFORE = String.raw`us\$|r\$|c\$|a\$|\$|€|£|¥|(?<![\p{L}])(?:usd|eur|gbp|chf|brl|jpy)(?![\p{L}])`;
/** Words for dollars in the languages without a "$" of their own ("4,99 доллара", "4.99달러", "8 دولارات"), folded. */
// prettier-ignore
const DOLLAR_WORDS = ['долларов', 'доллара', 'доллар', 'долл', 'dolarow', 'dolary', 'dolara', 'dolarlik', 'دولارات', 'دولار', '달러'].map(foldPhrase);

/** Currency words the commerce table does not read (it reads symbols and ISO codes), folded. */
const WORD_CURRENCY: Readonly<Record<string, string>> = {
  euro: 'EUR',
  euros: 'EUR',
  [foldPhrase('ユーロ')]: 'EUR',
  [foldPhrase('ドル')]: 'USD',
  円: 'JPY',
  yen: 'JPY',
  [foldPhrase('евро')]: 'EUR',
  [foldPhrase('يورو')]: 'EUR',
  [foldPhrase('유로')]: 'EUR',
  欧元: 'EUR',
  美元: 'USD',
  美金: 'USD',
};

/** Words after an amount besides the ISO codes and the Latin words of TOKEN_AFTER's last group. */
const WORDS_AFTER = [...DOLLAR_WORDS, ...Object.keys(WORD_CURRENCY).filter((w) => !/^[a-z]+$/u.test(w))]
  .sort((a, b) => b.length - a.length)
  .join('|');
const TOKEN_AFTER = String.raw`€|\$|£|${WORDS_AFTER}|(?:usd|eur|gbp|chf|brl|jpy|euros?|dollars?|dolares|dolar|dollari|yen)(?![\p{L}])`;
const MONEY = new RegExp(
  `(?<before>${SYMBOL_BEFORE})\\s?(?<n1>${NUMBER})|(?<![\\d.,])(?<n2>${NUMBER})\\s?(?<after>${TOKEN_AFTER})`,
  'gu',
);

/**
 * "$" and the words for dollars: the country's own dollar, else the US dollar, as readers where
 * no dollar is the currency take it ("$4.99" in Berlin, "4,99 доллара", "4.99달러", "8 دولارات").
 */
const DOLLARS = new Set(['$', 'dollar', 'dollars', 'dolares', 'dolar', 'dollari', ...DOLLAR_WORDS]);

function currencyOf(token: string, country: string | null): string | null {
  const word = WORD_CURRENCY[token];
  if (word !== undefined) return word;
  if (DOLLARS.has(token)) return currencyOfToken('$', country) ?? 'USD';
  return currencyOfToken(
    token.length === 3 && /^[a-z]+$/u.test(token) ? token.toUpperCase() : token,
    country,
  );
}

const PERIODS = (Object.keys(PERIOD_WORDS) as PricePeriod[]).map((p) => ({
  period: p,
  re: phraseSet(PERIOD_WORDS[p]),
}));
const PAST_WORDS = phraseSet(PAST);
const NOW_WORDS = phraseSet(NOW);
const APPROX_WORDS = phraseSet(APPROX);
/** How far after an amount its period is read ("$8 per user per month"). */
const PERIOD_SPAN = 28;
const MONTHLY_BEFORE = new RegExp(`(?:月額|月|${foldPhrase('월')}|aylik|ayda)\\s*$`, 'u');
const YEARLY_BEFORE = new RegExp(
  `(?:年額|年間|${foldPhrase('연간')}|${foldPhrase('매년')}|yillik)\\s*$`,
  'u',
);
/** How far before an amount its period is read ("月額", "월", "aylık"). */
const PERIOD_BEFORE = 7;

function periodNear(hits: Hits, start: number, end: number, to: number): PricePeriod | null {
  const f = hits.text;
  const before = f.slice(Math.max(0, start - PERIOD_BEFORE), start);
  if (MONTHLY_BEFORE.test(before)) return 'month';
  if (YEARLY_BEFORE.test(before)) return 'year';
  const limit = Math.min(to, end + PERIOD_SPAN);
  let best: { period: PricePeriod; at: number } | null = null;
  for (const { period, re } of PERIODS) {
    const hit = hits.find(re, end, limit)[0];
    if (hit !== undefined && (best === null || hit.start < best.at)) best = { period, at: hit.start };
  }
  return best?.period ?? null;
}

/** A past-price word shortly before the amount, with no "now" and no other amount in between. */
function isPast(hits: Hits, from: number, start: number, previousEnd: number): boolean {
  const window = Math.max(from, start - 30);
  const past = hits.find(PAST_WORDS, window, start);
  const last = past[past.length - 1];
  if (last === undefined || last.end < previousEnd) return false;
  return hits.find(NOW_WORDS, last.end, start).length === 0;
}

function isApprox(hits: Hits, from: number, start: number): boolean {
  const f = hits.text;
  const before = f.slice(Math.max(from, start - 3), start);
  if (before.includes('~') || before.includes('約')) return true;
  return hits.find(APPROX_WORDS, Math.max(from, start - 14), start).some((h: Found) => start - h.end <= 3);
}

/** The amounts of money of the regions read, in order (read once per answer). */
export function moneyIn(hits: Hits, country: string | null): Money[] {
  const out: Money[] = [];
  for (const r of hits.regions) moneyOf(hits, r.start, r.end, country, out);
  return out;
}

const DIGIT = /[0-9]/u;
/** The longest text an amount's match holds before its first digit ("us$ ", "usd "). */
const MAX_BEFORE_DIGIT = 4;

function moneyOf(hits: Hits, from: number, to: number, country: string | null, out: Money[]): void {
  // Every amount has a digit: a region without one (most prose) is not searched, and the
  // search starts just before the first (the expression cannot skip ahead to it by itself).
  // The digit is looked for in the region alone: a region without one must not read on to the
  // answer's next digit (a hostile answer has tens of thousands of regions).
  const first = hits.text.slice(from, to).search(DIGIT);
  if (first < 0) return;
  const part = hits.text.slice(0, to);
  MONEY.lastIndex = Math.max(from, from + first - MAX_BEFORE_DIGIT);
  let previousEnd = from;
  for (let m = MONEY.exec(part); m !== null; m = MONEY.exec(part)) {
    const g = m.groups ?? {};
    const number = g['n1'] ?? g['n2'] ?? '';
    const token = (g['before'] ?? g['after'] ?? '').trim();
    const amount = parseAmount(number.trim());
    const end = m.index + m[0].length;
    if (amount === null || end > to) continue;
    out.push({
      amount,
      currency: currencyOf(token, country),
      period: periodNear(hits, m.index, end, to),
      approx: isApprox(hits, from, m.index),
      past: isPast(hits, from, m.index, previousEnd),
      start: m.index,
      end,
    });
    previousEnd = end;
  }
}
