import { describe, expect, it } from 'vitest';
import { toParam } from '../../../src/core/team/sync/team-sql';

// PostgreSQL's text and jsonb refuse U+0000, and jsonb a surrogate without its pair; a push sends
// either as U+FFFD (team-sql.ts). Everything else, the text that merely spells an escape
// included, goes as it was.

describe('a value sent to the team', () => {
  it('text: U+0000 becomes U+FFFD, nothing else changes', () => {
    expect(toParam('Best\u0000shoes', 'text')).toBe('Best\uFFFDshoes');
    expect(toParam('Best shoes', 'text')).toBe('Best shoes');
  });

  it('JSON: the \\u0000 escapes of strings and keys are replaced, the JSON otherwise the same', () => {
    const json = JSON.stringify({ text: 'a\u0000b', sources: [{ title: '\u0000' }], ['k\u0000']: 1 });
    expect(JSON.parse(toParam(json, 'json') as string)).toEqual({
      text: 'a\uFFFDb',
      sources: [{ title: '\uFFFD' }],
      ['k\uFFFD']: 1,
    });
    const spelled = JSON.stringify({ text: 'a \\u0000 in a code sample' });
    expect(JSON.parse(toParam(spelled, 'json') as string)).toEqual({ text: 'a \\u0000 in a code sample' });
    const plain = '{"text":"no nul", "n": 1.50}';
    expect(toParam(plain, 'json')).toBe(plain);
  });

  it('a surrogate without its pair becomes U+FFFD in text and JSON; a pair stays', () => {
    expect(toParam('Velo\uD800x', 'text')).toBe('Velo\uFFFDx');
    const json = JSON.stringify({ related: ['shoes \uDC00', 'run \uD83D\uDE00'] });
    expect(JSON.parse(toParam(json, 'json') as string)).toEqual({
      related: ['shoes \uFFFD', 'run \uD83D\uDE00'],
    });
    const escapedPair = '{"emoji":"\\ud83d\\ude00"}';
    expect(JSON.parse(toParam(escapedPair, 'json') as string)).toEqual({ emoji: '\uD83D\uDE00' });
  });

  it('a list: each element as text', () => {
    expect(JSON.parse(toParam(['a\u0000', 'b'], 'text[]') as string)).toEqual(['a\uFFFD', 'b']);
  });
});
