import { describe, expect, it } from 'vitest';
import { pickFunnelSource } from '../../../src/core/outcomes';

// Whose figures a funnel reads: without a choice, this computer's when it imported anything,
// else the team's; `all` per figure, this computer's first.

const ANA = [{ name: 'ana', sharedAt: 1, pulledAt: 2 }];
const NONE = { logs: false, traffic: false };

describe('the funnel’s source', () => {
  it('defaults to this computer’s imports when it has any, else to the team’s totals', () => {
    expect(pickFunnelSource(undefined, { logs: true, traffic: false }, ANA).source).toBe('mine');
    expect(pickFunnelSource(undefined, { logs: false, traffic: true }, ANA).source).toBe('mine');
    expect(pickFunnelSource(undefined, NONE, ANA)).toEqual({
      source: 'team',
      crawledFrom: 'team',
      referredFrom: 'team',
    });
    // Nobody shares either: this computer's (empty) funnel says what to import.
    expect(pickFunnelSource(undefined, NONE, []).source).toBe('mine');
  });

  it('takes each figure from one source with all: this computer’s when it imported that kind', () => {
    expect(pickFunnelSource('all', { logs: true, traffic: false }, ANA)).toEqual({
      source: 'all',
      crawledFrom: 'mine',
      referredFrom: 'team',
    });
    expect(pickFunnelSource('all', { logs: false, traffic: true }, ANA)).toMatchObject({
      crawledFrom: 'team',
      referredFrom: 'mine',
    });
    expect(pickFunnelSource('all', { logs: true, traffic: true }, ANA)).toMatchObject({
      crawledFrom: 'mine',
      referredFrom: 'mine',
    });
  });

  it('keeps an explicit mine or team whatever is imported', () => {
    expect(pickFunnelSource('team', { logs: true, traffic: true }, [])).toMatchObject({
      crawledFrom: 'team',
      referredFrom: 'team',
    });
    expect(pickFunnelSource('mine', NONE, ANA)).toMatchObject({ crawledFrom: 'mine', referredFrom: 'mine' });
  });
});
