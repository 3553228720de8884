import { describe, expect, it } from 'vitest';
import { expandPrefixes, mergesPrefix, toFtsQuery } from '../../../src/core/history/search';

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

describe('expandPrefixes', () => {
  const index = ['runner', 'running', 'runnings', 'café', 'cafeteria'];
  const asked: string[] = [];
  const words = (prefix: string): string[] | null => {
    asked.push(prefix);
    const found = index.filter((w) => w.startsWith(prefix));
    return found.length > 2 ? null : found;
  };
  const expand = (input: string): string => expandPrefixes(toFtsQuery(input) ?? '', 3, words);
  it('replaces a long ASCII prefix by the OR of the words it starts, asked in lower case', () => {
    expect(expand('best Runni*')).toBe('"best" ("running" OR "runnings")');
    expect(expand('shoes OR runne*')).toBe('"shoes" OR ("runner")');
    expect(asked).toEqual(['runni', 'runne']);
  });
  it('leaves short, non-ASCII, multi-word and unknown prefixes, and those starting too many words', () => {
    asked.length = 0;
    expect(expand('run*')).toBe('"run"*');
    expect(expand('runn*')).toBe('"runn"*');
    expect(expand('cafét*')).toBe('"cafét"*');
    expect(expand('foo-runni*')).toBe('"foo-runni"*');
    expect(expand('zzzz*')).toBe('"zzzz"*');
    expect(expand('"runni shoes"')).toBe('"runni shoes"');
    expect(asked).toEqual(['runn', 'zzzz']);
  });
});
