import { describe, expect, it } from 'vitest';
import { netSentimentInterval, tangoScore } from '../../../src/shared/analytics/net-sentiment';

// Net sentiment's interval (Tango's score interval for a difference of two shares of one
// trinomial). Checked against values worked out by hand in closed form, against an independent
// computation (the constrained likelihood maximised numerically instead of by the quadratic's
// root), and for the properties an analyst relies on.

const Z = 1.959963984540054;

/**
 * The constrained maximum likelihood of p⁻ at Δ, found by ternary search on the log-likelihood:
 * 60 steps narrow the range (at most ½ wide) by (2/3)⁶⁰, to under 10⁻¹⁰, far below the grid's
 * step and the 10⁻³ the interval is compared to (200 steps made this file 3.5 s of CPU).
 */
function numericQ(pos: number, neg: number, n: number, delta: number): number {
  const ll = (q: number) => {
    const p1 = q + delta;
    const p0 = 1 - 2 * q - delta;
    const term = (k: number, p: number) => (k === 0 ? 0 : k * Math.log(Math.max(p, 1e-300)));
    return term(pos, p1) + term(neg, q) + term(n - pos - neg, p0);
  };
  let lo = Math.max(0, -delta);
  let hi = (1 - delta) / 2;
  for (let i = 0; i < 60; i++) {
    const a = lo + (hi - lo) / 3;
    const b = hi - (hi - lo) / 3;
    if (ll(a) < ll(b)) lo = a;
    else hi = b;
  }
  return (lo + hi) / 2;
}

/** The interval by scanning Δ on a fine grid with the numeric MLE (independent of the code's quadratic). */
function scanned(pos: number, neg: number, n: number): [number, number] {
  const inside: number[] = [];
  for (let i = -20000; i <= 20000; i++) {
    const d = i / 20000;
    if (d <= -1 || d >= 1) continue;
    const q = numericQ(pos, neg, n, d);
    const z = (pos - neg - n * d) / Math.sqrt(n * (2 * q + d * (1 - d)));
    if (Math.abs(z) <= Z) inside.push(d);
  }
  return [inside[0] as number, inside.at(-1) as number];
}

describe('net sentiment interval', () => {
  it('is ±z²/(n + z²) when every answer is neutral (worked by hand: 0.27753 at n = 10)', () => {
    const s = netSentimentInterval(0, 0, 10);
    expect(s.value).toBe(0);
    expect(s.upper).toBeCloseTo(3.841459 / 13.841459, 6);
    expect(s.upper).toBeCloseTo(0.27753, 5);
    expect(s.lower).toBeCloseTo(-0.27753, 5);
  });

  it('is [(n − z²)/(n + z²), 1] when every answer is positive (worked by hand: 0.44493 at n = 10)', () => {
    const s = netSentimentInterval(10, 0, 10);
    expect(s.value).toBe(1);
    expect(s.upper).toBe(1);
    expect(s.lower).toBeCloseTo((10 - 3.841459) / 13.841459, 6);
    expect(s.lower).toBeCloseTo(0.44493, 5);
    const neg = netSentimentInterval(0, 10, 10);
    expect(neg.lower).toBe(-1);
    expect(neg.upper).toBeCloseTo(-0.44493, 5);
  });

  it('matches the interval found by maximising the likelihood numerically', () => {
    for (const [pos, neg, n] of [
      [30, 10, 100],
      [3, 1, 12],
      [7, 0, 9],
      [45, 40, 120],
      [1, 5, 6],
    ] as const) {
      const s = netSentimentInterval(pos, neg, n);
      const [lower, upper] = scanned(pos, neg, n);
      expect(s.lower).toBeCloseTo(lower, 3);
      expect(s.upper).toBeCloseTo(upper, 3);
    }
  });

  it('has Z = 0 at the observed difference and ±z at its bounds', () => {
    expect(tangoScore(30, 10, 100, 0.2)).toBeCloseTo(0, 10);
    const s = netSentimentInterval(30, 10, 100);
    expect(tangoScore(30, 10, 100, s.upper as number)).toBeCloseTo(-Z, 6);
    expect(tangoScore(30, 10, 100, s.lower as number)).toBeCloseTo(Z, 6);
    // 30 positive, 10 negative of 100: +0.20 [0.079, 0.317], a little closer to 0 than Wald's
    // 0.20 ± 1.96·√((0.3 + 0.1 − 0.2²)/100) = [0.082, 0.318].
    expect(s.value).toBeCloseTo(0.2, 10);
    expect(s.lower).toBeCloseTo(0.0795, 3);
    expect(s.upper).toBeCloseTo(0.317, 3);
  });

  it('is symmetric, inside [-1, 1], around the estimate, and narrows as n grows', () => {
    const a = netSentimentInterval(12, 4, 40);
    const b = netSentimentInterval(4, 12, 40);
    expect(b.lower).toBeCloseTo(-(a.upper as number), 9);
    expect(b.upper).toBeCloseTo(-(a.lower as number), 9);
    for (const [pos, neg, n] of [
      [0, 1, 1],
      [1, 0, 1],
      [1, 1, 2],
      [50, 49, 100],
      [2, 0, 3],
    ] as const) {
      const s = netSentimentInterval(pos, neg, n);
      expect(s.lower as number).toBeGreaterThanOrEqual(-1);
      expect(s.upper as number).toBeLessThanOrEqual(1);
      expect(s.lower as number).toBeLessThanOrEqual(s.value as number);
      expect(s.upper as number).toBeGreaterThanOrEqual(s.value as number);
    }
    const small = netSentimentInterval(3, 1, 10);
    const large = netSentimentInterval(300, 100, 1000);
    expect((large.upper as number) - (large.lower as number)).toBeLessThan(
      (small.upper as number) - (small.lower as number),
    );
  });

  it('has no value without answers, and refuses counts that do not fit', () => {
    expect(netSentimentInterval(0, 0, 0)).toEqual({
      value: null,
      lower: null,
      upper: null,
      n: 0,
      positive: 0,
      negative: 0,
    });
    expect(netSentimentInterval(6, 6, 10).value).toBeNull();
    expect(netSentimentInterval(-1, 0, 10).value).toBeNull();
  });
});
