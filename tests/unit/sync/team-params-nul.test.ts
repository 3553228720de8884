import { describe, expect, it } from 'vitest';
import { toParam } from '../../../src/main/sync/team-sql';

// PostgreSQL's text and jsonb refuse U+0000; a push sends it as U+FFFD (team-sql.ts). Everything
// else, the text that merely spells the escape included, goes as it was.

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

  it('a list: each element as text', () => {
    expect(JSON.parse(toParam(['a\u0000', 'b'], 'text[]') as string)).toEqual(['a\uFFFD', 'b']);
  });
});
