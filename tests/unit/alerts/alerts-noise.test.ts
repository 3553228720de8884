import { describe, expect, it } from 'vitest';
import { alertRulesSchema, allKindsOn } from '../../../src/shared/alerts/rules';
import { detectChanges, type ChangeAnswer } from '../../../src/shared/analytics/change-alerts';
import { pooledMeanIntervals } from '../../../src/shared/analytics/change-stats';

// The similarity rules (answer-changed, sources-changed) with repeats compare the between-run
// values with the within-run baseline. Two ways that comparison used to call noise a change:
// a baseline of a few equal values (repeats that happen to agree exactly) taken as a point of
// certainty, and every pair of answers counted as an independent observation although pairs
// share answers (4 answers a side give 16 between-run pairs). These tests pin both, and that the
// intervals only ever hold back what the plain threshold would raise.

let seq = 0;
const answers = (n: number): ChangeAnswer[] =>
  Array.from({ length: n }, () => ({
    seq: ++seq,
    prompt: 'best shoes',
    engine: 'assistant-a',
    loc: 'DE',
    brands: new Map(),
    domains: ['a.com'],
  }));

/** Word similarity by pair: `within(i)` for the i-th pair inside a run, `between(i)` across. */
function similarity(
  before: ChangeAnswer[],
  after: ChangeAnswer[],
  within: (i: number) => number,
  between: (i: number) => number,
): (x: number, y: number) => number {
  const side = new Map<number, 'b' | 'a'>([
    ...before.map((a) => [a.seq, 'b'] as const),
    ...after.map((a) => [a.seq, 'a'] as const),
  ]);
  const seen = new Map<string, number>();
  let w = 0;
  let b = 0;
  return (x, y) => {
    const key = `${x}:${y}`;
    const known = seen.get(key);
    if (known !== undefined) return known;
    const value = side.get(x) === side.get(y) ? within(w++) : between(b++);
    seen.set(key, value);
    return value;
  };
}

function answerChanged(n: number, within: (i: number) => number, between: (i: number) => number) {
  const before = answers(n);
  const after = answers(n);
  return detectChanges({
    before,
    after,
    brands: [],
    rules: alertRulesSchema.parse({ kinds: allKindsOn() }),
    similarity: similarity(before, after, within, between),
  });
}

describe('similarity rules with repeats: noise is not an alert', () => {
  it('two repeats that agree exactly are not a point: a modest drop stays quiet', () => {
    // Within: 0.6 in each run (no spread of its own). Between: 0.40-0.48, mean 0.445 < 0.5.
    const between = [0.4, 0.48, 0.44, 0.46];
    expect(
      answerChanged(
        2,
        () => 0.6,
        (i) => between[i] as number,
      ),
    ).toEqual([]);
  });

  it('pairs count as the answers behind them, not as independent observations', () => {
    // 4 answers a side: 12 within pairs around 0.65, 16 between pairs around 0.475.
    const alerts = answerChanged(
      4,
      (i) => (i % 2 === 0 ? 0.55 : 0.75),
      (i) => (i % 2 === 0 ? 0.4 : 0.55),
    );
    expect(alerts).toEqual([]);
  });

  it('a real change still fires, with the answers behind it as n', () => {
    const alerts = answerChanged(
      4,
      (i) => (i % 2 === 0 ? 0.85 : 0.95),
      (i) => (i % 2 === 0 ? 0.15 : 0.3),
    );
    expect(alerts.map((a) => a.kind)).toEqual(['answer-changed']);
    expect(alerts[0]?.before.n).toBe(6);
    expect(alerts[0]?.after.n).toBe(4);
    expect(alerts[0]?.after.high).toBeLessThan(alerts[0]?.before.low as number);
  });

  it('the intervals never raise what the plain threshold would not', () => {
    // Repeats identical (baseline 1, no spread) and every between value 0.55: above 0.5, quiet.
    expect(
      answerChanged(
        3,
        () => 1,
        () => 0.55,
      ),
    ).toEqual([]);
    // The same at 0.45: the threshold fires, and nothing in the data says it is noise.
    expect(
      answerChanged(
        3,
        () => 1,
        () => 0.45,
      ).map((a) => a.kind),
    ).toEqual(['answer-changed']);
  });
});

describe('pooledMeanIntervals', () => {
  it('gives a sample without spread the pooled spread, and keeps two single values as points', () => {
    const [flat, spread] = pooledMeanIntervals([0.6, 0.6], [0.4, 0.5, 0.45, 0.45]);
    expect(flat.value).toBeCloseTo(0.6);
    expect(flat.high - flat.low).toBeGreaterThan(0.05);
    expect(spread.value).toBeCloseTo(0.45);
    const [x, y] = pooledMeanIntervals([0.3], [0.7]);
    expect(x).toEqual({ value: 0.3, n: 1, low: 0.3, high: 0.3 });
    expect(y).toEqual({ value: 0.7, n: 1, low: 0.7, high: 0.7 });
  });
});
