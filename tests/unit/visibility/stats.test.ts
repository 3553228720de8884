import { describe, expect, it } from 'vitest';
import { meanStat, rateStat, resolvePeriod, statChange } from '../../../src/core/analysis/visibility';

describe('visibility stats', () => {
  it('gives a rate with its Wilson interval, and nulls (never NaN) without data', () => {
    // 1 of 4: centre = (0.25 + 0.48015)/1.96030 = 0.37247, half = (1.96/1.9603)·√(0.046875 + 0.060025) = 0.32683.
    const r = rateStat(1, 4);
    expect(r.value).toBe(0.25);
    expect(r.lower).toBeCloseTo(0.0456, 3);
    expect(r.upper).toBeCloseTo(0.6994, 3);
    expect(rateStat(0, 0)).toEqual({ value: null, k: 0, n: 0, lower: null, upper: null });
  });

  it("gives a mean ± t·sd/√n (Student's t), without bounds below two values", () => {
    // 1, 2, 3: mean 2, sd 1, df 2, t 4.303, half 4.303/√3 = 2.48434.
    const m = meanStat(3, 6, 14);
    expect(m.value).toBe(2);
    expect(m.lower).toBeCloseTo(-0.48434, 4);
    expect(m.upper).toBeCloseTo(4.48434, 4);
    expect(meanStat(1, 4, 16)).toEqual({ value: 4, n: 1, lower: null, upper: null });
    expect(meanStat(0, 0, 0).value).toBeNull();
  });

  it('calls a change significant only when the intervals do not overlap', () => {
    expect(statChange(rateStat(4, 8), rateStat(20, 20)).significant).toBe(true);
    expect(statChange(rateStat(2, 8), rateStat(1, 20)).significant).toBe(false);
    expect(statChange(rateStat(2, 8), rateStat(0, 0))).toEqual({ delta: null, significant: false });
  });

  it('resolves { days } back from the clock’s UTC day, and the previous period of the same length', () => {
    const p = resolvePeriod({ days: 7 }, Date.UTC(2026, 2, 10, 23, 59));
    expect(p.resolved).toEqual({
      from: '2026-03-04',
      to: '2026-03-10',
      days: 7,
      previous: { from: '2026-02-25', to: '2026-03-03' },
    });
    expect(resolvePeriod({ from: '2026-02-27', to: '2026-03-01' }, 0).resolved.previous).toEqual({
      from: '2026-02-24',
      to: '2026-02-26',
    });
  });
});
