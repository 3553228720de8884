import { describe, expect, it } from 'vitest';
import {
  compileBrandMatcher,
  findBrandMentions,
  mentionTriples,
} from '../../../src/shared/analytics/brand-matcher';
import type { BrandDefinition } from '../../../src/shared/analytics/brand-types';
import { foldText, foldWithOffsets } from '../../../src/shared/analytics/text-fold';
import { checkFacts, parseFactSheet, type BrandFactSheet } from '../../../src/shared/facts';
import { judgePositioning, type JudgeInput } from '../../../src/shared/positioning';

// At ingest the positioning judge and the facts checker read the same answer one after the
// other: the answer's fold and its brand mentions are kept from one reader to the next. What is
// kept must be exactly what a fresh read gives, whatever was read in between.

const brand = (id: string, name: string, aliases: string[] = []): BrandDefinition => ({
  id,
  name,
  kind: 'brand',
  aliases,
  domains: [],
});
const BRANDS = [brand('keyfort', 'Keyfort'), brand('vaultico', 'Vaultico')];
const OTHER_BRANDS = [brand('keyfort', 'Keyfort'), brand('lockr', 'Lockr', ['Vaultico'])];

const ANSWER = [
  '## Die besten Passwort-Manager',
  '',
  '1. **Keyfort** – unsere Empfehlung: günstig (2,99 € im Monat), gegründet 2016 in Oslo.',
  '2. **Vaultico** – solide, aber die Synchronisierung fällt oft aus; wir raten eher ab.',
  '',
  'Fazit: Für die meisten Haushalte ist Keyfort die beste Wahl, Vaultico nur mit Vorsicht.',
].join('\n');

function sheet(brandId: string, yaml: string): BrandFactSheet {
  const { facts, errors } = parseFactSheet(`facts:\n${yaml}`, 'yaml');
  expect(errors).toEqual([]);
  return { brandId, facts };
}
const SHEETS = [
  sheet(
    'keyfort',
    '  - { key: founded, kind: year, value: 2014 }\n  - { key: hq, kind: place, value: Oslo }',
  ),
];

const judgeInput = (text: string, brands: readonly BrandDefinition[]): JudgeInput => ({
  text,
  format: 'markdown',
  language: 'de',
  brands,
});
const checkInput = (text: string, brands: readonly BrandDefinition[]) => ({
  text,
  format: 'markdown' as const,
  language: 'de',
  country: 'DE',
  brands,
  sheets: SHEETS,
});

/** The same characters in a new string (not the same object). */
const copyOf = (s: string): string => [...s].join('');

describe('an answer folded and scanned once for its readers', () => {
  it('keeps the last long answer fold, for an equal string too, and gives a new text its own fold', () => {
    const fold = foldWithOffsets(ANSWER);
    expect(foldWithOffsets(copyOf(ANSWER))).toBe(fold);
    const other = `${ANSWER}\nNoch ein Satz über Keyfort.`;
    const otherFold = foldWithOffsets(other);
    expect(otherFold).not.toBe(fold);
    expect(otherFold.folded).toBe(foldText(other));
    expect(foldWithOffsets(ANSWER).folded).toBe(foldText(ANSWER));
  });

  it('never lets a short text push the answer out, nor keeps one', () => {
    const fold = foldWithOffsets(ANSWER);
    const label = foldWithOffsets('Empfehlung');
    expect(label.folded).toBe('empfehlung');
    expect(foldWithOffsets('Empfehlung')).not.toBe(label);
    expect(foldWithOffsets(ANSWER)).toBe(fold);
  });

  it('keeps the mentions of one matcher and fold, and scans again for another matcher', () => {
    const matcher = compileBrandMatcher(BRANDS);
    const fold = foldWithOffsets(ANSWER);
    const found = mentionTriples(matcher, fold);
    expect(mentionTriples(matcher, fold)).toBe(found);
    const asObjects = findBrandMentions(matcher, ANSWER, fold).map((m) => [
      BRANDS.findIndex((b) => b.id === m.brandId),
      m.start,
      m.end,
    ]);
    expect(asObjects.length).toBe(4);
    expect(found).toEqual(asObjects.flat());
    const other = compileBrandMatcher(OTHER_BRANDS);
    const otherFound = mentionTriples(other, fold);
    expect(otherFound).not.toBe(found);
    // "Vaultico" is the second brand's alias in the other set: same places, found under it.
    expect(otherFound).toEqual(found);
    expect(mentionTriples(matcher, fold)).not.toBe(otherFound);
  });

  it('gives the judge and the checker the same output whether or not the other read the answer first', () => {
    const tail = `${ANSWER}\n\nVaultico wurde 2009 gegründet.`;
    const judgeFresh = judgePositioning(judgeInput(copyOf(tail), BRANDS));
    const checkFresh = checkFacts(checkInput(copyOf(ANSWER), BRANDS));
    // The reads interleaved with other answers and another brand set in between.
    expect(checkFacts(checkInput(tail, OTHER_BRANDS)).length).toBeGreaterThan(0);
    expect(judgePositioning(judgeInput(tail, BRANDS))).toEqual(judgeFresh);
    judgePositioning(judgeInput(ANSWER, OTHER_BRANDS));
    expect(checkFacts(checkInput(ANSWER, BRANDS))).toEqual(checkFresh);
    expect(judgeFresh.map((p) => [p.brandId, p.status])).toEqual([
      ['keyfort', 'top'],
      ['vaultico', 'cautioned'],
    ]);
    expect(checkFresh.map((c) => [c.key, c.verdict])).toEqual([
      ['founded', 'contradicted'],
      ['hq', 'supported'],
    ]);
  });
});
