import { describe, expect, it } from 'vitest';
import { detectTrends, TREND_ALPHA, type TrendRun } from '../../../src/shared/analytics/trend-alerts';
import { defaultAlertRules } from '../../../src/shared/alerts/rules';
import { detectChanges, type ChangeAnswer } from '../../../src/shared/analytics/change-alerts';
import {
  cochranArmitage,
  holm,
  twoSidedNormalP,
  twoSidedStudentP,
} from '../../../src/shared/analytics/trend-test';
import { binomial, drawRuns, FOCUS, mulberry32, RIVAL, SLICES } from './trend-fixtures';

/** A run's answers as the run-to-run rules read them: per slice, the first k name the brand. */
function answersOf(run: TrendRun): ChangeAnswer[] {
  let seq = 0;
  return run.slices.flatMap((s) =>
    Array.from({ length: s.answers }, (_, i) => ({
      seq: ++seq,
      prompt: `prompt ${i % 6}`,
      engine: s.engine,
      loc: s.loc,
      brands: new Map(i < (s.mentioned.get('v') ?? 0) ? [['v', 1]] : []),
      domains: [],
    })),
  );
}

const rules = { trendMinChange: 0.1 };

describe('the trend rule on fixture histories', () => {
  it('a steady slide fires once, on the whole monitor, in plain words', () => {
    // Veloxa from 42 % to 24 % over 30 runs of 96 answers: each step is 0.6 points.
    const runs = drawRuns({
      runs: 30,
      slices: SLICES,
      brands: [FOCUS, RIVAL],
      rate: (b, run) => (b === 'v' ? 0.42 - (0.18 * run) / 29 : 0.3),
      seed: 7,
    });
    const alerts = detectTrends({ runs, brands: [FOCUS, RIVAL], rules });
    expect(alerts.map((a) => [a.kind, a.scope, a.brandName])).toEqual([['trend', 'monitor', 'Veloxa']]);
    const a = alerts[0];
    expect(a?.before.value).toBeGreaterThan(0.35);
    expect(a?.after.value).toBeLessThan(0.3);
    expect(a?.summary).toMatch(
      /^Veloxa is named in \d+ % of answers, down steadily from \d+ % over 30 runs\.$/,
    );
    expect(a?.data?.pAdjusted).toBeLessThanOrEqual(TREND_ALPHA);
  });

  it('stationary noise raises a false trend alert in at most 1 % of checks', () => {
    // 2,000 monitors of 30 runs, two brands over four slices at fixed rates between 5 % and 80 %
    // (10 series a check). Measured: 0.45 %.
    let checks = 0;
    let alarms = 0;
    for (let m = 0; m < 2000; m++) {
      const base = [0.05, 0.2, 0.5, 0.8][m % 4] as number;
      const runs = drawRuns({
        runs: 30,
        slices: SLICES,
        brands: [FOCUS, RIVAL],
        rate: (b, _run, slice) => (b === 'v' ? base : 0.3 + 0.1 * slice),
        seed: 1000 + m,
      });
      checks++;
      if (detectTrends({ runs, brands: [FOCUS, RIVAL], rules: { trendMinChange: 0 } }).length > 0) alarms++;
    }
    expect(alarms / checks).toBeLessThanOrEqual(TREND_ALPHA);
  });

  it('checked after every run of a long stationary history, at most 1 % of checks raise one', () => {
    let checks = 0;
    let alarms = 0;
    for (let m = 0; m < 40; m++) {
      const all = drawRuns({
        runs: 60,
        slices: SLICES.map((s) => ({ ...s, answers: 4 })),
        brands: [FOCUS, RIVAL],
        rate: (b) => (b === 'v' ? 0.4 : 0.25),
        seed: 5000 + m,
      });
      for (let end = 8; end <= all.length; end++) {
        checks++;
        const runs = all.slice(Math.max(0, end - 30), end);
        if (detectTrends({ runs, brands: [FOCUS, RIVAL], rules: { trendMinChange: 0 } }).length > 0) alarms++;
      }
    }
    expect(checks).toBeGreaterThan(2000);
    expect(alarms / checks).toBeLessThanOrEqual(TREND_ALPHA);
  });

  it('runs that vary more than binomial sampling (day effects) do not read as trends', () => {
    // Scaled by the runs' dispersion and read with Student's t, about 1 % (1.0 % here, 1.1 % over
    // 10,000 monitors); the bound allows the sampling error of 1,000 draws (one-sided 99 %).
    // Without the scaling the same histories raise one about one check in ten.
    let alarms = 0;
    const monitors = 1000;
    for (let m = 0; m < monitors; m++) {
      const random = mulberry32(9000 + m);
      // Each run's rate wanders ±10 points around 35 % (an engine's day), independently.
      const day = Array.from({ length: 30 }, () => 0.35 + (random() - 0.5) * 0.2);
      const runs = drawRuns({
        runs: 30,
        slices: SLICES,
        brands: [FOCUS],
        rate: (_b, run) => day[run] as number,
        seed: 20_000 + m,
      });
      if (detectTrends({ runs, brands: [FOCUS], rules: { trendMinChange: 0 } }).length > 0) alarms++;
    }
    const margin = 2.33 * Math.sqrt((TREND_ALPHA * (1 - TREND_ALPHA)) / monitors);
    expect(alarms / monitors).toBeLessThanOrEqual(TREND_ALPHA + margin);
  });

  it('a single jump is left to the run-to-run rules', () => {
    const runs = drawRuns({
      runs: 30,
      slices: SLICES,
      brands: [FOCUS],
      rate: (_b, run) => (run < 20 ? 0.45 : 0.15),
      seed: 11,
    });
    // The run-to-run rules see the jump: run 20 against run 19, over all answers of the monitor.
    const jump = detectChanges({
      before: answersOf(runs[19] as TrendRun),
      after: answersOf(runs[20] as TrendRun),
      brands: [FOCUS],
      rules: defaultAlertRules(),
    }).filter((a) => a.scope === 'monitor');
    expect(jump.map((a) => a.kind)).toEqual(['brand-dropped']);
    // Reported there, the change is not a trend in any later check while run 20 is in the window.
    const quiet = [
      { scope: 'monitor' as const, engine: null, loc: null, brandName: 'Veloxa', direction: -1 as const },
    ];
    for (let end = 21; end <= 30; end++)
      expect(detectTrends({ runs: runs.slice(0, end), brands: [FOCUS], rules, quiet })).toEqual([]);
    // Without that report the same counts would read as a slide: the quiet rule is what holds it.
    expect(detectTrends({ runs, brands: [FOCUS], rules }).map((a) => a.scope)).toEqual(['monitor']);
  });

  it('a slide of one engine × location is reported there, with its place', () => {
    const runs = drawRuns({
      runs: 30,
      slices: SLICES,
      brands: [FOCUS],
      rate: (_b, run, slice) => (slice === 0 ? 0.6 - (0.45 * run) / 29 : 0.4),
      seed: 3,
    });
    const alerts = detectTrends({ runs, brands: [FOCUS], rules });
    expect(alerts.map((a) => [a.scope, a.engine, a.loc])).toEqual([['slice', 'assistant-a', 'DE']]);
    expect(alerts[0]?.summary).toMatch(/\(Germany, Assistant A\)\.$/);
  });

  it('stays quiet for a series that already raised one in the window, and below the material change', () => {
    const runs = drawRuns({
      runs: 30,
      slices: SLICES,
      brands: [FOCUS],
      rate: (_b, run) => 0.42 - (0.18 * run) / 29,
      seed: 7,
    });
    const quiet = [
      { scope: 'monitor' as const, engine: null, loc: null, brandName: 'Veloxa', direction: -1 as const },
    ];
    expect(detectTrends({ runs, brands: [FOCUS], rules, quiet })).toEqual([]);
    expect(detectTrends({ runs, brands: [FOCUS], rules: { trendMinChange: 0.3 } })).toEqual([]);
  });

  it('needs at least 8 runs', () => {
    const runs: TrendRun[] = drawRuns({
      runs: 7,
      slices: SLICES,
      brands: [FOCUS],
      rate: (_b, run) => 0.9 - run * 0.12,
      seed: 1,
    });
    expect(detectTrends({ runs, brands: [FOCUS], rules })).toEqual([]);
  });
});

describe('trend statistics', () => {
  it("Student's t and the normal tails match tables", () => {
    expect(twoSidedStudentP(2.048, 28)).toBeCloseTo(0.05, 4);
    expect(twoSidedStudentP(12.706, 1)).toBeCloseTo(0.05, 4);
    expect(twoSidedStudentP(3.408, 28)).toBeCloseTo(0.002, 4);
    expect(twoSidedNormalP(1.96)).toBeCloseTo(0.05, 4);
    expect(twoSidedNormalP(3.2905)).toBeCloseTo(0.001, 5);
  });

  it('Cochran–Armitage matches a hand computation', () => {
    // k = 8, 6, 4 of n = 10: p̄ = 0.6, t̄ = 1, U = −4, Var U = 0.24 × 20 = 4.8, z = −1.826.
    // Around the fitted line (0.8, 0.6, 0.4) the runs do not spread: dispersion stays 1.
    const t = cochranArmitage([
      { k: 8, n: 10 },
      { k: 6, n: 10 },
      { k: 4, n: 10 },
    ]);
    expect(t?.z).toBeCloseTo(-1.8257, 3);
    expect(t?.p).toBeCloseTo(0.0679, 3);
    expect(t?.dispersion).toBe(1);
    expect(t?.slope).toBeCloseTo(-0.2);
  });

  it('scales the variance by the dispersion when runs spread more than binomial', () => {
    const spread = cochranArmitage([
      { k: 9, n: 10 },
      { k: 1, n: 10 },
      { k: 9, n: 10 },
      { k: 1, n: 10 },
      { k: 8, n: 10 },
    ]);
    expect(spread?.dispersion).toBeGreaterThan(5);
  });

  it('Holm adjusts step-down and keeps the order', () => {
    expect(holm([0.01, 0.04, 0.03, 0.005])).toEqual([0.03, 0.06, 0.06, 0.02]);
  });

  it('binomial draws are seeded', () => {
    expect(binomial(mulberry32(1), 100, 0.5)).toBe(binomial(mulberry32(1), 100, 0.5));
  });
});
