import { describe, expect, it } from 'vitest';
import { parseFactSheet } from '../../../src/shared/facts';

describe('fact sheet files', () => {
  it('reads the YAML of the issue, each kind typed', () => {
    const yaml = [
      'facts:',
      '  - { key: price-personal, kind: price, value: { amount: 3, currency: USD, period: month }, words: [personal plan, individual plan] }',
      '  - { key: free-plan, kind: yes-no, value: yes, words: [free plan, free tier, free version] }',
      '  - { key: founded, kind: year, value: 2014 }',
      '  - { key: headquarters, kind: place, value: Oslo }',
      '  - { key: staff, kind: number, value: 120 employees ±10, words: [employees] }',
      '  - { key: platforms, kind: list, value: [Windows, macOS] }',
      '  - { key: ceo, kind: person, value: Ingrid Dahl }',
      '  - { key: price-team, kind: price, value: 8 EUR/month, plan: [Team plan] }',
    ].join('\n');
    const { facts, errors } = parseFactSheet(yaml, 'yaml');
    expect(errors).toEqual([]);
    expect(facts).toEqual([
      {
        key: 'price-personal',
        kind: 'price',
        value: { amount: 3, currency: 'USD', period: 'month' },
        words: ['personal plan', 'individual plan'],
      },
      { key: 'free-plan', kind: 'yes-no', value: true, words: ['free plan', 'free tier', 'free version'] },
      { key: 'founded', kind: 'year', value: 2014, words: [] },
      { key: 'headquarters', kind: 'place', value: 'Oslo', words: [] },
      {
        key: 'staff',
        kind: 'number',
        value: { value: 120, unit: 'employees', tolerance: 10 },
        words: ['employees'],
      },
      { key: 'platforms', kind: 'list', value: ['Windows', 'macOS'], words: [] },
      { key: 'ceo', kind: 'person', value: 'Ingrid Dahl', words: [] },
      {
        key: 'price-team',
        kind: 'price',
        value: { amount: 8, currency: 'EUR', period: 'month' },
        words: ['Team plan'],
      },
    ]);
  });

  it('reads CSV with values as text and words separated by ";"', () => {
    const csv = [
      'key,kind,value,words',
      'price-premium,price,4.99 USD/month,Premium;Premium plan',
      'free-plan,yes-no,no,free plan;free tier',
      'platforms,list,Windows;macOS;iOS,available on',
      'users,number,2000000,users',
      '"hq",place,"São Paulo",',
    ].join('\r\n');
    const { facts, errors } = parseFactSheet(csv, 'csv');
    expect(errors).toEqual([]);
    expect(facts.map((f) => [f.key, f.value])).toEqual([
      ['price-premium', { amount: 4.99, currency: 'USD', period: 'month' }],
      ['free-plan', false],
      ['platforms', ['Windows', 'macOS', 'iOS']],
      ['users', { value: 2000000 }],
      ['hq', 'São Paulo'],
    ]);
    expect(facts[0]?.words).toEqual(['Premium', 'Premium plan']);
  });

  it('names each bad field with its line, skips only that fact and keeps the others', () => {
    const yaml = [
      'facts:',
      '  - { key: founded, kind: year, value: 2014 }',
      '  - { key: price, kind: price, value: { amount: 3, currency: dollars } }',
      '  - { key: "bad key!", kind: colour, value: red }',
      '  - { key: free, kind: yes-no, value: maybe }',
      '  - { key: founded, kind: year, value: 2015 }',
      '  - { key: hq, kind: place, value: Oslo }',
    ].join('\n');
    const { facts, errors } = parseFactSheet(yaml, 'yaml');
    expect(facts.map((f) => f.key)).toEqual(['founded', 'hq']);
    expect(errors).toEqual([
      { line: 3, field: 'facts[1].value', message: 'currency must be an ISO 4217 code such as USD or EUR' },
      { line: 4, field: 'facts[2].key', message: expect.stringContaining('a key of letters') },
      { line: 4, field: 'facts[2].kind', message: expect.stringContaining('one of price, yes-no') },
      { line: 5, field: 'facts[3].value', message: 'yes or no' },
      { line: 6, field: 'facts[4].key', message: '"founded" is given twice: the first is kept' },
    ]);
  });

  it('a CSV row with a bad value is named by its row and line; a missing column is named once', () => {
    const csv = 'key,kind,value,words\nfounded,year,soon,\nhq,place,Oslo,\n';
    const { facts, errors } = parseFactSheet(csv, 'csv');
    expect(facts.map((f) => f.key)).toEqual(['hq']);
    expect(errors).toEqual([{ line: 2, field: 'row 1.value', message: 'a year such as 2014' }]);
    expect(parseFactSheet('key,value\nfounded,2014\n', 'csv').errors).toEqual([
      { line: 1, field: 'header', message: 'the header needs key,kind,value,words (missing kind)' },
    ]);
  });

  it('a file that is not YAML, or has no facts list, is one clear error, not a throw', () => {
    expect(parseFactSheet('facts: [ { key: a', 'yaml').errors).toEqual([
      { line: expect.any(Number), field: 'file', message: expect.any(String) },
    ]);
    expect(parseFactSheet('brands: []', 'yaml')).toEqual({
      facts: [],
      errors: [{ field: 'facts', message: 'the file needs a list named facts' }],
    });
  });
});
