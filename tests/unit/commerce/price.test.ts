import { describe, expect, it } from 'vitest';
import { parseCount, parsePrice, priceOfField } from '../../../src/shared/commerce';

// Prices as the engines print them in each market, read into an amount and an ISO currency;
// what cannot be read for sure keeps its text and no amount, and a currency is never guessed.

describe('parsePrice', () => {
  const cases: Array<[string, string | null, number | null, string | null]> = [
    ['$57.00', 'US', 57, 'USD'],
    ['$1,299.99', 'US', 1299.99, 'USD'],
    ['1.299,00 €', 'DE', 1299, 'EUR'],
    ['1 299,00 €', 'FR', 1299, 'EUR'],
    ['1\u202f299,00\u00a0€', 'FR', 1299, 'EUR'],
    ['€ 49,95', 'NL', 49.95, 'EUR'],
    ['¥12,800', 'JP', 12800, 'JPY'],
    ['¥12,800', 'CN', 12800, 'CNY'],
    ['R$ 1.299,90', 'BR', 1299.9, 'BRL'],
    ['£40.50', 'GB', 40.5, 'GBP'],
    ["CHF 1'299.00", 'CH', 1299, 'CHF'],
    ['1 299 kr', 'SE', 1299, 'SEK'],
    ['349,00 zł', 'PL', 349, 'PLN'],
    ['₹ 2,499', 'IN', 2499, 'INR'],
    ['₩39,000', 'KR', 39000, 'KRW'],
    ['USD 57', null, 57, 'USD'],
    ['57 EUR', null, 57, 'EUR'],
    ['C$89.99', 'US', 89.99, 'CAD'],
    ['A$129', 'GB', 129, 'AUD'],
  ];
  it.each(cases)('%s (asked from %s) reads %s %s', (raw, country, amount, currency) => {
    const p = parsePrice(raw, country);
    expect(p).toMatchObject({ amount, currency, raw, range: false, installment: false });
  });

  it('never guesses a currency a token shares between countries', () => {
    expect(parsePrice('$57.00', 'DE')).toMatchObject({ amount: 57, currency: null });
    expect(parsePrice('$57.00', null)).toMatchObject({ amount: 57, currency: null });
    expect(parsePrice('¥12,800', 'US')).toMatchObject({ amount: 12800, currency: null });
    expect(parsePrice('199 kr', 'DE')).toMatchObject({ amount: 199, currency: null });
    expect(parsePrice('$57.00', 'CA')).toMatchObject({ currency: 'CAD' });
    expect(parsePrice('$57.00', 'au')).toMatchObject({ currency: 'AUD' });
  });

  it('reads a range as its low end, flagged', () => {
    expect(parsePrice('£40–£60', 'GB')).toMatchObject({ amount: 40, currency: 'GBP', range: true });
    expect(parsePrice('$10 - $20', 'US')).toMatchObject({ amount: 10, range: true });
    expect(parsePrice('10,00 € bis 20,00 €', 'DE')).toMatchObject({
      amount: 10,
      currency: 'EUR',
      range: true,
    });
  });

  it('reads a starting price, flagged', () => {
    expect(parsePrice('from $99', 'US')).toMatchObject({ amount: 99, currency: 'USD', from: true });
    expect(parsePrice('ab 99,00 €', 'DE')).toMatchObject({ amount: 99, currency: 'EUR', from: true });
    expect(parsePrice('à partir de 1 299 €', 'FR')).toMatchObject({ amount: 1299, from: true });
  });

  it('keeps an instalment raw, with no amount', () => {
    for (const raw of [
      '$25/mo',
      '12x de R$ 99,90',
      '4 x 50,00 €',
      '$41.58/month for 24 months',
      '3 Raten à 33 €',
    ])
      expect(parsePrice(raw, 'US'), raw).toMatchObject({ amount: null, installment: true, raw });
  });

  it('keeps text with no number raw, with no amount', () => {
    expect(parsePrice('Free', 'US')).toMatchObject({ amount: null, currency: null, raw: 'Free' });
    expect(parsePrice('See price in cart', 'US')).toMatchObject({ amount: null });
  });

  it('does not read letters inside a word as a currency', () => {
    // "kr" in "Kräuter", "R" in "Rabatt": only a token standing alone names a currency.
    expect(parsePrice('Kräuter 12,50', 'SE').currency).toBeNull();
    expect(parsePrice('Rabatt 12,50', 'ZA').currency).toBeNull();
    expect(parsePrice('R 1 299,00', 'ZA')).toMatchObject({ amount: 1299, currency: 'ZAR' });
  });
});

describe('priceOfField', () => {
  it('reads each engine shape', () => {
    // The answer engine's cards: a string.
    expect(priceOfField('$140.00', 'US')).toMatchObject({ amount: 140, currency: 'USD' });
    // The search family: {value, currency, raw}, the currency a shown token.
    expect(priceOfField({ value: 129.95, currency: '$', raw: '$129.95' }, 'US')).toMatchObject({
      amount: 129.95,
      currency: 'USD',
      raw: '$129.95',
    });
    // search-ai inline products may use ISO codes.
    expect(priceOfField({ value: 89, currency: 'EUR', raw: '89,00 €' }, 'DE')).toMatchObject({
      amount: 89,
      currency: 'EUR',
    });
    // Unparseable by the service: raw only.
    expect(priceOfField({ raw: '$899.00' }, 'US')).toMatchObject({ amount: 899, currency: 'USD' });
    expect(priceOfField({ raw: '24 x $37.46' }, 'US')).toMatchObject({ amount: null, installment: true });
    // An assistant's cards: {amount, currency?, currencySymbol}.
    expect(priceOfField({ amount: 999, currencySymbol: '$' }, 'US')).toMatchObject({
      amount: 999,
      currency: 'USD',
    });
    expect(priceOfField({ amount: 999, currency: 'SEK', currencySymbol: 'kr' }, 'SE')).toMatchObject({
      amount: 999,
      currency: 'SEK',
    });
  });

  it('holds no price for nothing', () => {
    for (const value of [null, undefined, '', '  ', {}, [], true])
      expect(priceOfField(value, 'US')).toBeNull();
  });
});

describe('parseCount', () => {
  it.each([
    [1284, 1284],
    ['1.2K', 1200],
    ['26K', 26000],
    ['2.3k', 2300],
    ['1,284', 1284],
    ['(1,284)', 1284],
    ['1.5M', 1500000],
    ['11558', 11558],
    ['1,2K', 1200],
    ['2.4K+', 2400],
    ['310 reviews', 310],
  ])('%s reads %d', (value, count) => {
    expect(parseCount(value)).toBe(count);
  });

  it('holds no count for what is not one', () => {
    for (const value of ['many', '', null, -3, Number.NaN, {}]) expect(parseCount(value)).toBeNull();
  });
});
