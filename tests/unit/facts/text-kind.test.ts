import { describe, expect, it } from 'vitest';
import { checkFacts, parseFactSheet } from '../../../src/shared/facts';
import { factsPayload, factStatement } from '../../../src/shared/facts/model-contract';

// A free-form fact (kind text): read from YAML and CSV, left not addressed by the built-in
// checker (only a model judge reads it), and sent to the model as the sheet states it.

const BRAND = { id: 'kf', name: 'Keyfort', kind: 'brand' as const, aliases: ['KF'], domains: [] };

describe('free-form text facts', () => {
  it('are read from YAML and CSV, and a missing claim is named', () => {
    const yaml = parseFactSheet(
      'facts:\n  - { key: refund-policy, kind: text, value: "30-day money-back guarantee", words: [refund] }\n  - { key: support, kind: text }\n',
      'yaml',
    );
    expect(yaml.facts).toEqual([
      { key: 'refund-policy', kind: 'text', value: '30-day money-back guarantee', words: ['refund'] },
    ]);
    expect(yaml.errors).toEqual([
      expect.objectContaining({ field: 'facts[1].value', message: 'the claim as text' }),
    ]);
    const csv = parseFactSheet(
      'key,kind,value,words\nrefund-policy,text,30 days money back,refund;money back\n',
      'csv',
    );
    expect(csv.facts[0]).toMatchObject({
      kind: 'text',
      value: '30 days money back',
      words: ['refund', 'money back'],
    });
  });

  it('are left not addressed by the built-in checker, whatever the answer says', () => {
    const { facts } = parseFactSheet(
      'facts:\n  - { key: refund-policy, kind: text, value: "30-day money-back guarantee" }\n',
      'yaml',
    );
    const checks = checkFacts({
      text: 'Keyfort has a 30-day money-back guarantee.',
      format: 'text',
      brands: [BRAND],
      sheets: [{ brandId: 'kf', facts }],
    });
    expect(checks).toEqual([
      {
        brandId: 'kf',
        key: 'refund-policy',
        verdict: 'not-addressed',
        evidence: null,
        checker: 'builtin',
        language: 'en',
      },
    ]);
  });

  it('go to the model as the sheet states them, with the brand’s names', () => {
    const fact = {
      key: 'refund-policy',
      kind: 'text' as const,
      value: '30-day money-back guarantee',
      words: [],
    };
    expect(factStatement(fact)).toBe('30-day money-back guarantee');
    const payload = JSON.parse(factsPayload({ text: 'x', format: 'text' }, [{ brand: BRAND, fact }])) as {
      facts: unknown[];
    };
    expect(payload.facts).toEqual([
      {
        id: 'kf/refund-policy',
        brand: 'Keyfort',
        aliases: ['KF'],
        kind: 'text',
        fact: '30-day money-back guarantee',
        words: [],
      },
    ]);
  });
});
