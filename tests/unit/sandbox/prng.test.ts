import { describe, expect, it } from 'vitest';
import { hash32, hashParts, hashPartsAfter, hashPrefix } from '../../../src/sandbox/core/prng';

// Every synthetic answer is drawn from these hashes: a change to their values changes every
// demo history and every sandbox answer, so they are pinned here.

describe('hashParts', () => {
  it('is hash32 of the parts joined by ␟, with null and undefined as empty parts', () => {
    const cases: Array<Array<string | number | boolean | undefined | null>> = [
      [],
      [''],
      ['', ''],
      ['ab', 'c'],
      ['a', 'bc'],
      [42, 'tone', 'running-shoes', 'Veloxa'],
      [1, 'local', 'running', 'assistant-a', 'US', undefined, 'Läuferwerk'],
      ['ランニングシューズ おすすめ', 20_500, true, null, -3.5],
    ];
    for (const parts of cases)
      expect(hashParts(...parts), JSON.stringify(parts)).toBe(
        hash32(parts.map((p) => String(p ?? '')).join('\u241f')),
      );
    expect(hashParts('ab', 'c')).not.toBe(hashParts('a', 'bc'));
  });

  it('keeps the values every demo history was drawn from', () => {
    expect(hash32('')).toBe(0x811c9dc5);
    expect(hashParts('edition', 'example.com')).toBe(1_901_805_327);
    expect(hashParts(1, 'shape', 'assistant-a', 'vpn vs proxy')).toBe(1_400_244_507);
    expect(hashParts(7, undefined, 'Läuferwerk', 20_500)).toBe(1_085_785_201);
  });
});

describe('hashPrefix and hashPartsAfter', () => {
  it('give hashParts of the prefix parts and one more, without hashing the prefix again', () => {
    const cases: Array<[Array<string | number | boolean | undefined | null>, string]> = [
      [[''], ''],
      [['ab'], 'c'],
      [[42, 'tone', 'running-shoes'], 'Veloxa'],
      [[1, 'tone-local', 'running', 'assistant-a', 'US', undefined], 'Läuferwerk'],
      [[3_141_592_653, 'brand'], 'ハヤテ'],
    ];
    for (const [prefix, last] of cases)
      expect(hashPartsAfter(hashPrefix(...prefix), last), JSON.stringify([...prefix, last])).toBe(
        hashParts(...prefix, last),
      );
  });
});
