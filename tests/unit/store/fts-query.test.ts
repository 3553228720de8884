import { describe, expect, it } from 'vitest';
import { toFtsQuery } from '../../../src/main/store/fts-query';

describe('toFtsQuery', () => {
  it('quotes every word so FTS5 operators and punctuation are plain text', () => {
    expect(toFtsQuery('best running shoes')).toBe('"best" "running" "shoes"');
    expect(toFtsQuery('NOT AND NEAR(')).toBe('"NOT" "AND" "NEAR("');
    expect(toFtsQuery('say "hi" there')).toBe('"say" "hi" "there"');
  });
  it('keeps phrases, prefixes and OR', () => {
    expect(toFtsQuery('"best laptop" mac*')).toBe('"best laptop" "mac"*');
    expect(toFtsQuery('nike OR hoka')).toBe('"nike" OR "hoka"');
    expect(toFtsQuery('OR nike OR')).toBe('"nike"');
  });
  it('escapes quotes inside words and drops input without letters or digits', () => {
    expect(toFtsQuery('a"b')).toBe('"a""b"');
    expect(toFtsQuery("it's")).toBe('"it\'s"');
    expect(toFtsQuery('*** --- ""')).toBeNull();
    expect(toFtsQuery('東京 café')).toBe('"東京" "café"');
  });
});
