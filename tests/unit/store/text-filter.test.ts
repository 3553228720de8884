import { describe, expect, it } from 'vitest';
import { createLookupFilter } from '../../../src/core/history/codec';

// The Bloom filter a new history's text dictionaries tell new texts apart with: never "absent"
// for a value it was given (a text would be stored twice), and rarely "present" for one it was
// not (that text is only looked up in the table, as without the filter).

const url = (i: number) => `https://site${i % 400}.example/page/${i}`;

describe('lookup filter', () => {
  it('holds every value added, at its capacity, across sizes', () => {
    for (const log2Bits of [5, 12, 20]) {
      const filter = createLookupFilter(log2Bits);
      const values = Array.from({ length: filter.capacity }, (_, i) => url(i));
      for (const v of values) filter.add(v);
      expect(filter.size).toBe(values.length);
      expect(values.every((v) => filter.mayHold(v))).toBe(true);
    }
  });

  it('reads about 1 % of values it was not given as present, at its capacity', () => {
    const filter = createLookupFilter(20);
    for (let i = 0; i < filter.capacity; i++) filter.add(url(i));
    const others = 100_000;
    let present = 0;
    for (let i = 0; i < others; i++) if (filter.mayHold(url(filter.capacity + i))) present += 1;
    expect(present / others).toBeLessThan(0.03);
  });

  it('tells apart strings that differ only in a character outside Latin-1 or in their length', () => {
    const filter = createLookupFilter(16);
    filter.add('東京');
    filter.add('a');
    expect(filter.mayHold('東京')).toBe(true);
    expect(filter.mayHold('東')).toBe(false);
    expect(filter.mayHold('')).toBe(false);
  });
});
