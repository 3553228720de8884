import { describe, expect, it } from 'vitest';
import { buildJobGrid } from '../../../src/core/history/runs';

describe('buildJobGrid', () => {
  it('makes prompt × engine × location × repeat jobs, states asked from US', () => {
    const jobs = buildJobGrid({
      prompts: ['a', 'b'],
      engines: ['assistant-a', 'search'],
      countries: ['DE'],
      states: ['CA', 'NY'],
      repeats: 2,
    });
    expect(jobs).toHaveLength(2 * 2 * 3 * 2);
    expect(jobs.slice(0, 3)).toEqual([
      { promptIndex: 0, engine: 'assistant-a', country: 'DE', state: null, repeat: 1 },
      { promptIndex: 0, engine: 'assistant-a', country: 'DE', state: null, repeat: 2 },
      { promptIndex: 0, engine: 'assistant-a', country: 'US', state: 'CA', repeat: 1 },
    ]);
    expect(jobs.at(-1)).toEqual({ promptIndex: 1, engine: 'search', country: 'US', state: 'NY', repeat: 2 });
  });
});
