import { describe, expect, it } from 'vitest';
import { formatAlertSide } from '../../../src/shared/alerts/format';
import { describeAlert, severityOf } from '../../../src/shared/alerts/registry';
import { defaultAlertRules, parseAlertRules } from '../../../src/shared/alerts/rules';
import type { ChangeBrand } from '../../../src/shared/analytics/change-alerts';
import { tangoScore } from '../../../src/shared/analytics/net-sentiment';
import {
  detectPositioningChanges,
  type PositioningSliceCounts,
} from '../../../src/shared/analytics/positioning-alerts';

// recommendation-lost and sentiment-shifted on hand-made counts. The Wilson bounds below are
// worked by hand: centre (p + z²/2n) / (1 + z²/n), half-width z·√(p(1−p)/n + z²/4n²) / (1 + z²/n),
// z = 1.96.

const BRANDS: ChangeBrand[] = [
  { id: 'v', name: 'Veloxa', kind: 'brand' },
  { id: 'f', name: 'Fleetfoot', kind: 'competitor' },
];

function row(
  runId: string,
  brandId: string,
  counts: Partial<Omit<PositioningSliceCounts, 'runId' | 'brandId'>>,
): PositioningSliceCounts {
  return {
    runId,
    brandId,
    engine: 'assistant-a',
    loc: 'DE',
    n: 0,
    top: 0,
    recommended: 0,
    positive: 0,
    negative: 0,
    ...counts,
  };
}

const detect = (
  before: PositioningSliceCounts[],
  after: PositioningSliceCounts[],
  rules = defaultAlertRules(),
) => detectPositioningChanges({ before, after, brands: BRANDS, rules });

describe('recommendation-lost', () => {
  it('fires when the two runs’ Wilson intervals do not overlap: 20 of 24 → 4 of 24', () => {
    const alerts = detect(
      [row('r1', 'v', { n: 24, top: 12, recommended: 8 })],
      [row('r2', 'v', { n: 24, top: 1, recommended: 3 })],
    );
    const lost = alerts.filter((a) => a.kind === 'recommendation-lost');
    expect(lost).toHaveLength(1);
    const a = lost[0]!;
    expect(a.scope).toBe('slice');
    expect(a.brandKind).toBe('brand');
    // 20/24: centre 0.7873, half 0.1459 → [0.641, 0.933]; 4/24 mirrors it → [0.067, 0.359].
    expect(a.before.value).toBeCloseTo(0.8333, 4);
    expect(a.before.low).toBeCloseTo(0.6415, 3);
    expect(a.before.high).toBeCloseTo(0.9332, 3);
    expect(a.after.low).toBeCloseTo(0.0668, 3);
    expect(a.after.high).toBeCloseTo(0.3585, 3);
    expect(a.before.n).toBe(24);
    // Pooled z-test: p̂ = 24/48, se = √(0.25 · 2/24) = 0.1443, z = −0.6667 / 0.1443 = −4.619,
    // p = 3.86e-6; Holm over the check's 2 tests (the net sentiment, all neutral, has p = 1).
    expect(a.data).toMatchObject({ topBefore: 12, topAfter: 1, tested: 2 });
    expect(a.data?.p).toBeCloseTo(3.86e-6, 7);
    expect(a.data?.pAdjusted).toBeCloseTo(7.72e-6, 7);
    expect(a.summary).toBe(
      'Veloxa is recommended in 17 % of answers that name it, down from 83 % (Germany, Assistant A), on few answers (24 before, 24 after).',
    );
    const { details } = describeAlert(a);
    expect(details).toContain('20 of 24 answers naming it (83 %, 95 % interval 64–93 %, the top pick in 12)');
    expect(details).toContain('the two intervals do not overlap');
    expect(formatAlertSide('recommendation-lost', a.after)).toBe('17 % [7 %–36 %] (n 24)');
  });

  it('stays quiet when the intervals overlap: 14 of 24 → 8 of 26 ([0.388, 0.755] and [0.165, 0.500])', () => {
    const alerts = detect(
      [row('r1', 'v', { n: 24, top: 6, recommended: 8 })],
      [row('r2', 'v', { n: 26, top: 2, recommended: 6 })],
    );
    expect(alerts.filter((a) => a.kind === 'recommendation-lost')).toEqual([]);
  });

  it('raises nothing for a rise, nor for a brand not named on a side', () => {
    expect(
      detect(
        [row('r1', 'v', { n: 24, recommended: 4 })],
        [row('r2', 'v', { n: 24, recommended: 20 })],
      ).filter((a) => a.kind === 'recommendation-lost'),
    ).toEqual([]);
    // Fleetfoot named only before, Veloxa only after: no positioning to compare for either.
    expect(
      detect([row('r1', 'f', { n: 24, top: 24, positive: 24 })], [row('r2', 'v', { n: 24, negative: 24 })]),
    ).toEqual([]);
    // A row with n = 0 (judged nothing) is the same as none.
    expect(detect([row('r1', 'v', { n: 0 })], [row('r2', 'v', { n: 0 })])).toEqual([]);
  });

  it('says "no longer recommended" when no answer naming it recommends it', () => {
    const [a] = detect([row('r1', 'f', { n: 10, recommended: 9 })], [row('r2', 'f', { n: 10 })]);
    expect(a?.kind).toBe('recommendation-lost');
    expect(a?.brandKind).toBe('competitor');
    expect(severityOf(a!)).toBe('low');
    expect(a?.summary).toBe(
      'Fleetfoot is no longer recommended in any answer that names it, down from 90 % (Germany, Assistant A), on few answers (10 before, 10 after).',
    );
  });
});

describe('sentiment-shifted', () => {
  it('fires when the net sentiment’s Tango intervals do not overlap: +0.70 → −0.45', () => {
    const alerts = detect(
      [row('r1', 'v', { n: 20, positive: 15, negative: 1 })],
      [row('r2', 'v', { n: 20, positive: 3, negative: 12 })],
    );
    const [a] = alerts.filter((x) => x.kind === 'sentiment-shifted');
    expect(a).toBeDefined();
    // (15 − 1) / 20 and (3 − 12) / 20.
    expect(a!.before.value).toBeCloseTo(0.7, 6);
    expect(a!.after.value).toBeCloseTo(-0.45, 6);
    // Each bound is where Tango's score is ±1.96 (rounded to 4 decimals for storage).
    expect(tangoScore(15, 1, 20, a!.before.low)).toBeCloseTo(1.96, 1);
    expect(tangoScore(3, 12, 20, a!.after.high)).toBeCloseTo(-1.96, 1);
    expect(a!.after.high).toBeLessThan(a!.before.low);
    expect(a!.data).toMatchObject({
      positiveBefore: 15,
      negativeBefore: 1,
      positiveAfter: 3,
      negativeAfter: 12,
    });
    expect(a!.summary).toBe(
      'The tone about Veloxa soured: net sentiment −0.45, down from +0.70 (Germany, Assistant A), on few answers (20 before, 20 after).',
    );
    expect(describeAlert(a!).details).toContain('+0.70 (15 positive and 1 negative of 20 answers naming it');
    expect(formatAlertSide('sentiment-shifted', a!.after)).toMatch(/^−0\.45 \[−0\.\d\d–−0\.\d\d\] \(n 20\)$/);
  });

  it('says the tone warmed for a move up', () => {
    const [a] = detect(
      [row('r1', 'f', { n: 20, positive: 2, negative: 10 })],
      [row('r2', 'f', { n: 20, positive: 16, negative: 0 })],
    ).filter((x) => x.kind === 'sentiment-shifted');
    expect(a?.summary).toBe(
      'The tone about Fleetfoot warmed: net sentiment +0.80, up from −0.40 (Germany, Assistant A), on few answers (20 before, 20 after).',
    );
  });

  it('stays quiet within the noise: +0.20 → 0.00 over 20 answers each', () => {
    expect(
      detect(
        [row('r1', 'v', { n: 20, positive: 8, negative: 4 })],
        [row('r2', 'v', { n: 20, positive: 6, negative: 6 })],
      ),
    ).toEqual([]);
  });
});

describe('scopes and rules', () => {
  it('pools the slices both runs have into a whole-monitor alert, and skips a slice one run lacks', () => {
    const slice = (runId: string, engine: string, loc: string, n: number, rec: number) =>
      row(runId, 'v', { engine, loc, n, recommended: rec });
    const alerts = detect(
      [
        slice('r1', 'assistant-a', 'DE', 6, 5),
        slice('r1', 'assistant-b', 'FR', 6, 5),
        slice('r1', 'search-ai', 'US', 30, 30),
      ],
      [slice('r2', 'assistant-a', 'DE', 6, 1), slice('r2', 'assistant-b', 'FR', 6, 1)],
    );
    // Per slice, 5/6 → 1/6 overlaps ([0.44, 0.97] and [0.03, 0.56]); pooled, 10/12 → 2/12 does not.
    expect(alerts.map((a) => `${a.scope}:${a.kind}:${a.loc ?? ''}`)).toEqual([
      'monitor:recommendation-lost:',
    ]);
    expect(alerts[0]!.before.n).toBe(12);
    expect(alerts[0]!.summary).toBe(
      'Veloxa is recommended in 17 % of answers that name it, down from 83 %, on few answers (12 before, 12 after).',
    );
  });

  it('holds back a change its intervals show when the check’s family of tests does not (Holm at 1 %)', () => {
    // 10 of 10 → 4 of 10: Wilson [0.722, 1] and [0.168, 0.687] do not overlap; z = 0.6 / √(0.21 · 0.2)
    // = 2.928, p = 0.0034. Alone (2 tests: the rate and the all-neutral net) Holm gives 0.0068: an alert.
    const v = (runId: string, rec: number) => row(runId, 'v', { n: 10, recommended: rec });
    expect(detect([v('r1', 10)], [v('r2', 4)]).map((a) => a.kind)).toEqual(['recommendation-lost']);
    // Beside Fleetfoot in five more places (12 tests), 12 × 0.0034 = 0.041 > 1 %: held back.
    const others = (runId: string) =>
      ['GB', 'FR', 'JP', 'US', 'US-CA'].map((loc) => row(runId, 'f', { loc, n: 10, recommended: 5 }));
    expect(detect([v('r1', 10), ...others('r1')], [v('r2', 4), ...others('r2')])).toEqual([]);
  });

  it('follows the monitor’s rules: both kinds on by default, each can be switched off', () => {
    expect(defaultAlertRules().kinds['recommendation-lost']).toBe(true);
    expect(defaultAlertRules().kinds['sentiment-shifted']).toBe(true);
    // A monitor that saved its rules before the kinds existed gets their default.
    expect(parseAlertRules({ kinds: { trend: false } }).kinds['sentiment-shifted']).toBe(true);
    const before = [row('r1', 'v', { n: 20, recommended: 18, positive: 18 })];
    const after = [row('r2', 'v', { n: 20, recommended: 2, negative: 18 })];
    expect(detect(before, after).map((a) => a.kind)).toEqual(['recommendation-lost', 'sentiment-shifted']);
    const rules = parseAlertRules({ kinds: { 'sentiment-shifted': false } });
    expect(detect(before, after, rules).map((a) => a.kind)).toEqual(['recommendation-lost']);
  });
});
