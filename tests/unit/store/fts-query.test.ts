import { describe, expect, it } from 'vitest';
import { mergesPrefix, toFtsQuery } from '../../../src/main/store/fts-query';

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

describe('mergesPrefix', () => {
  const merges = (input: string): boolean => mergesPrefix(toFtsQuery(input) ?? '', 3);
  it('is true for a prefix longer than the indexed ones, counted in characters of its last word', () => {
    expect(merges('runni*')).toBe(true);
    expect(merges('best runn*')).toBe(true);
    expect(merges('café*')).toBe(true);
    expect(merges('foo-barb*')).toBe(true);
  });
  it('is false for indexed prefixes, words and phrases without a star', () => {
    expect(merges('run*')).toBe(false);
    expect(merges('東京*')).toBe(false);
    expect(merges('running shoes')).toBe(false);
    expect(merges('"running shoes"')).toBe(false);
    expect(merges('running OR laufs')).toBe(false);
    expect(merges('longword-bar*')).toBe(false);
    expect(merges('a"bcd')).toBe(false);
  });
});
