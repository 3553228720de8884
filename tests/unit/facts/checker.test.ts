import { describe, expect, it } from 'vitest';
import type { BrandDefinition } from '../../../src/shared/analytics/brand-types';
import { checkFacts, parseFactSheet, type BrandFactSheet, type FactVerdict } from '../../../src/shared/facts';

const brand = (id: string, name: string): BrandDefinition => ({
  id,
  name,
  kind: 'brand',
  aliases: [],
  domains: [],
});
const BRANDS = [brand('keyfort', 'Keyfort'), brand('vaultico', 'Vaultico')];

function sheet(brandId: string, yaml: string): BrandFactSheet {
  const { facts, errors } = parseFactSheet(`facts:\n${yaml}`, 'yaml');
  expect(errors).toEqual([]);
  return { brandId, facts };
}

const SHEETS = [
  sheet(
    'keyfort',
    [
      '  - { key: price, kind: price, value: { amount: 2.99, currency: USD, period: month }, words: [Personal] }',
      '  - { key: free-plan, kind: yes-no, value: yes, words: [free plan, kostenlose Version, 無料プラン] }',
      '  - { key: founded, kind: year, value: 2014 }',
      '  - { key: hq, kind: place, value: Oslo }',
    ].join('\n'),
  ),
  sheet(
    'vaultico',
    [
      '  - { key: price, kind: price, value: { amount: 4.99, currency: USD, period: month }, words: [Premium] }',
      '  - { key: free-plan, kind: yes-no, value: no, words: [free plan] }',
      '  - { key: founded, kind: year, value: 2009 }',
    ].join('\n'),
  ),
];

function verdicts(text: string, country: string | null = 'US'): Record<string, FactVerdict> {
  const out: Record<string, FactVerdict> = {};
  for (const c of checkFacts({ text, format: 'markdown', country, brands: BRANDS, sheets: SHEETS }))
    out[`${c.brandId}/${c.key}`] = c.verdict;
  return out;
}

describe('the built-in facts checker', () => {
  it('gives every fact of every named brand a verdict, with the quote and its offsets', () => {
    const text = 'Keyfort was founded in 2016. It is based in Oslo.';
    const checks = checkFacts({ text, format: 'text', brands: BRANDS, sheets: SHEETS });
    expect(checks.map((c) => [c.key, c.verdict])).toEqual([
      ['price', 'not-addressed'],
      ['free-plan', 'not-addressed'],
      ['founded', 'contradicted'],
      ['hq', 'supported'],
    ]);
    const founded = checks[2];
    expect(founded?.evidence).toEqual({ text: 'Keyfort was founded in 2016.', start: 0, end: 28 });
    expect(text.slice(founded?.evidence?.start, founded?.evidence?.end)).toBe(founded?.evidence?.text);
    expect(checks.every((c) => c.checker === 'builtin')).toBe(true);
  });

  it('checks no brand the answer does not name, and nothing without a sheet', () => {
    expect(Object.keys(verdicts('Keyfort is a password manager.'))).toEqual([
      'keyfort/price',
      'keyfort/free-plan',
      'keyfort/founded',
      'keyfort/hq',
    ]);
    expect(checkFacts({ text: 'Keyfort', format: 'text', brands: BRANDS, sheets: [] })).toEqual([]);
  });

  it('two brands in one sentence: each claim counts for its own brand only', () => {
    const v = verdicts('Keyfort was founded in 2014, while Vaultico, founded in 2012, has a free plan.');
    expect(v['keyfort/founded']).toBe('supported');
    expect(v['vaultico/founded']).toBe('contradicted');
    expect(v['vaultico/free-plan']).toBe('contradicted');
    expect(v['keyfort/free-plan']).toBe('not-addressed');
  });

  it('prices: the plan must be named; another currency, another plan or a past price is no claim', () => {
    expect(verdicts('Keyfort Personal costs $2.99/month.')['keyfort/price']).toBe('supported');
    expect(verdicts('Keyfort Personal costs $3.49 per month.')['keyfort/price']).toBe('contradicted');
    expect(verdicts('Keyfort Personal costs about $3 a month.')['keyfort/price']).toBe('supported');
    expect(verdicts('Keyfort Personal costs €2.49 per month.')['keyfort/price']).toBe('not-addressed');
    expect(verdicts('Keyfort Family costs $5.99 per month.')['keyfort/price']).toBe('not-addressed');
    expect(verdicts('Keyfort Personal used to cost $1.99, now $2.99/month.')['keyfort/price']).toBe(
      'supported',
    );
    expect(verdicts('Keyfort Personal is $35.88 per year.')['keyfort/price']).toBe('supported');
    // "$" alone is a dollar of the country the answer was asked from.
    expect(verdicts('Keyfort Personal costs $2.99/month.', 'CA')['keyfort/price']).toBe('not-addressed');
  });

  it('features: affirmed, denied, and hedged wording', () => {
    expect(verdicts('Keyfort has no free plan.')['keyfort/free-plan']).toBe('contradicted');
    expect(verdicts('Keyfort offers a free plan.')['keyfort/free-plan']).toBe('supported');
    expect(verdicts('Keyfort: free plan, fast sync.')['keyfort/free-plan']).toBe('supported');
    expect(verdicts('Keyfort bietet keine kostenlose Version an.')['keyfort/free-plan']).toBe('contradicted');
    expect(verdicts('Keyfortには無料プランがありません。')['keyfort/free-plan']).toBe('contradicted');
    expect(verdicts("I'm not sure whether Keyfort still has a free plan.")['keyfort/free-plan']).toBe(
      'not-addressed',
    );
    expect(verdicts('Does Keyfort have a free plan?')['keyfort/free-plan']).toBe('not-addressed');
    // A negator before a comma denies nothing after it.
    expect(verdicts('Vaultico has no trial, but Keyfort offers a free plan.')['keyfort/free-plan']).toBe(
      'supported',
    );
  });

  it('tables: a row is about the brand it names, each cell read with its column header', () => {
    const text = [
      '| Tool | Free plan | Founded |',
      '|---|---|---|',
      '| Keyfort | No | 2014 |',
      '| Vaultico | No | 2010 |',
    ].join('\n');
    const v = verdicts(text);
    expect(v['keyfort/free-plan']).toBe('contradicted');
    expect(v['keyfort/founded']).toBe('supported');
    expect(v['vaultico/free-plan']).toBe('supported');
    expect(v['vaultico/founded']).toBe('contradicted');
  });

  it('a table whose header names the brands gives each column to its brand', () => {
    const text = [
      '| | Keyfort | Vaultico |',
      '|---|---|---|',
      '| Free plan | Yes | Yes |',
      '| Founded | 2014 | 2009 |',
    ].join('\n');
    const v = verdicts(text);
    expect(v['keyfort/free-plan']).toBe('supported');
    expect(v['vaultico/free-plan']).toBe('contradicted');
    expect(v['vaultico/founded']).toBe('supported');
  });

  it('places: another city after a seat phrase contradicts; the same city in another language does not', () => {
    expect(verdicts('Keyfort is headquartered in Bergen.')['keyfort/hq']).toBe('contradicted');
    expect(verdicts('Keyfort, con sede a Oslo, è norvegese.')['keyfort/hq']).toBe('supported');
    expect(verdicts('Keyfort is based in Europe.')['keyfort/hq']).toBe('not-addressed');
    expect(verdicts('Keyfort is an Oslo-based company.')['keyfort/hq']).toBe('supported');
  });

  it('a label and its value: the key facts listed under a brand', () => {
    const v = verdicts('### Keyfort\n- **Headquarters:** Bergen\n- **Founded:** 2014');
    expect(v['keyfort/hq']).toBe('contradicted');
    expect(v['keyfort/founded']).toBe('supported');
    expect(verdicts('Keyfort — Sitz: Oslo.')['keyfort/hq']).toBe('supported');
    expect(verdicts('Keyfort. Headquarters: not disclosed.')['keyfort/hq']).toBe('not-addressed');
    const ceo = [sheet('keyfort', '  - { key: ceo, kind: person, value: Ingrid Dahl }')];
    const of = (text: string): FactVerdict | undefined =>
      checkFacts({ text, format: 'markdown', brands: BRANDS, sheets: ceo })[0]?.verdict;
    expect(of('**Keyfort**\n- **CEO:** Lars Berg')).toBe('contradicted');
    expect(of('**Keyfort**\n- **CEO:** Ingrid Dahl')).toBe('supported');
  });

  it('"both" opening a clause is about every brand of the sentence before', () => {
    const both = verdicts('Keyfort is a password manager, while Vaultico is a vault. Both have a free plan.');
    expect(both['keyfort/free-plan']).toBe('supported');
    expect(both['vaultico/free-plan']).toBe('contradicted');
    const it = verdicts('Keyfort is a password manager, while Vaultico is a vault. It has a free plan.');
    expect(it['keyfort/free-plan']).toBe('not-addressed');
  });

  it('a sentence naming no brand is about the brand named before it', () => {
    const v = verdicts('Keyfort is a password manager. It was founded in 2013.\n\nVaultico is older.');
    expect(v['keyfort/founded']).toBe('contradicted');
    expect(v['vaultico/founded']).toBe('not-addressed');
  });
});
