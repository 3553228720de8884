import { describe, expect, test } from 'vitest';
import {
  benjaminiHochberg,
  findChanges,
  MAX_FINDINGS,
  ordinal,
  placeName,
  testMeans,
  testRates,
  tTwoSided,
} from '../../../src/shared/analytics/findings';
import { driftHistory } from './drift-fixture';
import { rng as seeded } from '../../bench/bench-random';
import { BRANDS, daysFrom, inputOf, PERIOD, type FixtureAnswer } from './fixture';

// The findings engine on small histories whose numbers are computed by hand (the comments give
// the arithmetic): which changes are significant, the ranking, where a change is concentrated,
// the competitor who gained, the day a citation stopped; and on noise, nothing significant.

describe('the statistics, by hand', () => {
  test('two proportions: 30 of 40 → 12 of 40 (pooled z = −0.45 / 0.11166 = −4.030, p ≈ 5.6e-5)', () => {
    const r = testRates(30, 40, 12, 40);
    expect(r.delta).toBeCloseTo(-0.45, 10);
    expect(r.pValue).toBeCloseTo(5.58e-5, 6);
    // Cohen's h = 2·asin(√0.3) − 2·asin(√0.75) = 1.1593 − 2.0944.
    expect(r.size).toBeCloseTo(-0.9351, 4);
    expect(r.after.lower).toBeLessThan(0.3);
    expect(r.after.upper).toBeGreaterThan(0.3);
  });

  test('Student t: two-sided p of t = 2.228 with 10 df is 0.05; of 1.96 with ∞ df about 0.05', () => {
    expect(tTwoSided(2.228, 10)).toBeCloseTo(0.05, 3);
    expect(tTwoSided(1.96, 1e6)).toBeCloseTo(0.05, 3);
  });

  test('means from sums: always 1st then always 3rd is a sure change; equal means are not', () => {
    expect(testMeans({ n: 10, sum: 10, sumSq: 10 }, { n: 10, sum: 30, sumSq: 90 }).pValue).toBe(0);
    expect(testMeans({ n: 10, sum: 20, sumSq: 50 }, { n: 10, sum: 20, sumSq: 50 }).pValue).toBeCloseTo(1, 10);
  });

  test('Benjamini–Hochberg: q = min over the tail of p·m/rank', () => {
    // p sorted: 0.01 (·4/1 = 0.04), 0.02 (·4/2 = 0.04), 0.03 (·4/3 = 0.04), 0.5 (·4/4 = 0.5).
    expect(benjaminiHochberg([0.5, 0.03, 0.01, 0.02])).toEqual(
      [0.5, 0.04, 0.04, 0.04].map((v) => expect.closeTo(v, 10)),
    );
  });

  test('plain words: ordinals and country names', () => {
    expect([1, 2, 3, 4, 11, 12, 13, 21, 22, 101].map(ordinal)).toEqual([
      '1st',
      '2nd',
      '3rd',
      '4th',
      '11th',
      '12th',
      '13th',
      '21st',
      '22nd',
      '101st',
    ]);
    expect(placeName('DE')).toBe('Germany');
    expect(placeName('US')).toBe('the United States');
    expect(placeName('US-CA')).toBe('California');
  });
});

describe('the drift fixture', () => {
  const view = findChanges(inputOf(driftHistory()));
  const kinds = view.findings.map((f) => `${f.kind} ${f.brandId ?? f.domain}`);

  test('the ranking: the focus first, by effect size × significance × whose it is', () => {
    // Scores: Veloxa mention |h| 0.935 × 2 = 1.870; recommendation 0.917 × 2 = 1.835; share of
    // voice 0.660 × 2 = 1.319; Fleetfoot mention 1.047 × 1; its share of voice 0.697 × 1;
    // veloxa.de (the focus's domain) 0.333 × 1.5 = 0.499.
    expect(kinds).toEqual([
      'mention-rate veloxa',
      'recommendation-rate veloxa',
      'share-of-voice veloxa',
      'mention-rate fleetfoot',
      'share-of-voice fleetfoot',
      'citation veloxa.de',
    ]);
    expect(view.findings.map((f) => f.score)).toEqual(
      [...view.findings.map((f) => f.score)].sort((a, b) => b - a),
    );
    expect(view.findings.every((f) => f.significant)).toBe(true);
  });

  test("the focus's mention rate: significant only in Germany on Assistant A, with the competitor who gained", () => {
    const f = view.findings[0];
    // Over all cells 120 of 160 → 102 of 160: p = 0.029, not significant among 103 tests; the
    // cell's 30 of 40 → 12 of 40 (p = 5.6e-5) is, at q = p·103/rank ≤ 0.05.
    expect(f?.scope).toEqual({ engine: 'assistant-a', loc: 'DE' });
    expect(f?.effect).toBeCloseTo(-0.45, 10);
    expect(f?.before).toMatchObject({ value: 0.75, n: 40 });
    expect(f?.after).toMatchObject({ value: 0.3, n: 40 });
    expect(f?.qValue).toBeLessThan(0.05);
    // Fleetfoot in the same cell: 10 of 40 → 30 of 40, +50 points (p = 7.7e-6).
    expect(f?.competitor).toMatchObject({ brandId: 'fleetfoot', effect: 0.5 });
    expect(f?.text).toBe(
      "Veloxa's mention rate fell 45 points in Germany on Assistant A (75 % → 30 %), while Fleetfoot rose 50 points.",
    );
    // The answers behind it: that cell's answers of the period that do not name Veloxa (40 − 12).
    expect(f?.resultIds).toHaveLength(28);
    expect(f?.resultIds[0]).toBe('2026-11-10-assistant-a-DE-1');
  });

  test('a change over all cells names the cell that carries it (the concentration)', () => {
    const f = view.findings[1];
    // Recommended: 120 of 120 → 82 of 102 (Germany/A names Veloxa 12 times instead of 30; in
    // the US on B, 10 of its 30 are recommended). The US/B cell's part of the change:
    // 10/102 − 30/120 = −0.152 of −0.196, i.e. 77.5 % (the cells' parts add up to the change).
    expect(f?.scope).toEqual({});
    expect(f?.effect).toBeCloseTo(82 / 102 - 1, 10);
    expect(f?.concentration[0]).toMatchObject({ engine: 'assistant-b', loc: 'US' });
    expect(f?.concentration[0]?.share).toBeCloseTo((10 / 102 - 30 / 120) / (82 / 102 - 1), 10);
    expect(f?.text).toContain('mostly in the United States on Assistant B');
  });

  test('a citation stop with its day', () => {
    const f = view.findings.find((x) => x.kind === 'citation');
    // veloxa.de: 20 of 160 answers → 6 of 160 (p = 0.0042), all of it in Germany on Assistant A,
    // where it is last cited on Nov 3: 26 of 52 answers before Nov 4, 0 of 28 since (p = 5e-6).
    expect(f?.domain).toBe('veloxa.de');
    expect(f?.pValue).toBeCloseTo(0.00418, 4);
    expect(f?.concentration).toHaveLength(1);
    expect(f?.concentration[0]?.share).toBeCloseTo(1, 10);
    expect(f?.changeDay).toBe('2026-11-04');
    expect(f?.text).toBe(
      'Assistant A stopped citing veloxa.de in Germany on Nov 4 (in 50 % of answers before, 0 % since).',
    );
    // The answers since that day in that cell: 7 days × 4.
    expect(f?.resultIds).toHaveLength(28);
  });

  test('unchanged things make no finding (Stridex, wiki.example.org, positions)', () => {
    expect(view.findings.some((f) => f.brandId === 'stridex' || f.domain === 'wiki.example.org')).toBe(false);
    expect(view.findings.some((f) => f.kind === 'position')).toBe(false);
  });

  test('deterministic: the same history in another order gives the same findings', () => {
    const shuffled = [...driftHistory()].reverse();
    expect(findChanges(inputOf(shuffled))).toEqual(view);
  });

  test('a limit below 7 keeps the best', () => {
    const two = findChanges({ ...inputOf(driftHistory()), limit: 2 });
    expect(two.findings.map((f) => f.kind)).toEqual(['mention-rate', 'recommendation-rate']);
  });
});

/** A history where every cell has the same chances before and after: only noise moves. */
function noiseHistory(seed: number): FixtureAnswer[] {
  const random = seeded(seed);
  const answers: FixtureAnswer[] = [];
  const cells = ['assistant-a', 'assistant-b'].flatMap((engine) =>
    ['US', 'DE', 'FR'].map((loc) => ({ engine, loc })),
  );
  for (const day of [...daysFrom(PERIOD.previous.from), ...daysFrom(PERIOD.from)]) {
    for (const cell of cells) {
      for (let j = 0; j < 3; j++) {
        const named: FixtureAnswer['named'] = [];
        const ranks = [1, 2, 3].sort(() => random() - 0.5);
        BRANDS.forEach((b, i) => {
          if (random() < [0.6, 0.4, 0.3][i]!)
            named.push({
              brandId: b.id,
              rank: ranks[i]!,
              status: random() < 0.5 ? 'recommended' : 'mentioned',
              tone: random() < 0.3 ? 1 : random() < 0.2 ? -1 : 0,
              attrs: random() < 0.3 ? ['fast'] : [],
            });
        });
        const cited = ['veloxa.com', 'fleetfoot.com', 'wiki.example.org', 'reviews.example.com'].filter(
          () => random() < 0.35,
        );
        answers.push({ id: `${day}-${cell.engine}-${cell.loc}-${j}`, day, ...cell, named, cited });
      }
    }
  }
  return answers;
}

describe('noise', () => {
  test('no significant finding (false discoveries stay within the 5 % rate across 20 histories)', () => {
    let withFalse = 0;
    for (let seed = 1; seed <= 20; seed++) {
      const view = findChanges(inputOf(noiseHistory(seed)));
      expect(view.findings.length).toBeLessThanOrEqual(MAX_FINDINGS);
      // A noise finding that is said at all is said as not significant.
      for (const f of view.findings.filter((x) => !x.significant))
        expect(f.text).toContain('not significant');
      if (view.findings.some((f) => f.significant)) withFalse += 1;
    }
    // Under "nothing changed" the control bounds the chance of any false finding near 5 %: one
    // history in 20 expected; three would already be unusual (binomial p ≈ 0.08).
    expect(withFalse).toBeLessThanOrEqual(2);
  });

  test('the first noise history has nothing significant', () => {
    expect(findChanges(inputOf(noiseHistory(1))).findings.filter((f) => f.significant)).toEqual([]);
  });
});

describe('at most 7', () => {
  test('ten domains that start being cited and the drift give 7 findings, the focus first', () => {
    const more = driftHistory().map((a) => ({
      ...a,
      cited:
        a.day >= PERIOD.from
          ? [...a.cited, ...Array.from({ length: 10 }, (_, i) => `new${i}.example`)]
          : a.cited,
    }));
    const all = findChanges({ ...inputOf(more), limit: 50 });
    expect(all.findings).toHaveLength(MAX_FINDINGS);
    expect(all.findings[0]?.brandId).toBe('veloxa');
    expect(all.findings.filter((f) => f.kind === 'citation').length).toBeGreaterThan(0);
  });
});

describe('positions, tone and attributes', () => {
  // The drift history, and from Nov 1 in the US on Assistant A: Veloxa named 3rd instead of 1st,
  // its tone negative instead of positive, and called "expensive" in every answer naming it.
  const history = driftHistory().map((a) => {
    const later = a.day >= PERIOD.from && a.engine === 'assistant-a' && a.loc === 'US';
    return {
      ...a,
      named: a.named.map((b) =>
        b.brandId !== 'veloxa'
          ? b
          : later
            ? { ...b, rank: 3, tone: -1 as const, attrs: ['expensive'] }
            : { ...b, tone: 1 as const },
      ),
    };
  });
  const view = findChanges({ ...inputOf(history), limit: 7 });
  const of = (kind: string) => view.findings.find((f) => f.kind === kind);

  test('a position that always moved from 1st to 3rd in one cell is a sure change, worded in places', () => {
    const f = of('position');
    // Every rank 1 before and 3 after in the cell: no spread, p = 0; over all cells the mean moves
    // from 1 to (30·3 + 72·1)/102 = 1.588 with spread, and the total is significant.
    expect(f?.significant).toBe(true);
    expect(f?.effect).toBeGreaterThan(0);
    expect(f?.before.value).toBe(1);
    expect(f?.text).toMatch(/^Veloxa moved down \d\.\d places on average/);
    // Over all cells, +0.588 places with a spread under one place: size 0.588 × 2 (the focus).
    expect(f?.scope).toEqual({});
    expect(f?.effect).toBeCloseTo(60 / 102, 10);
    expect(f?.score).toBeCloseTo((2 * 60) / 102, 10);
  });

  test('the tone that soured and the attribute gained', () => {
    const net = of('net-sentiment');
    expect(net?.significant).toBe(true);
    expect(net?.text).toMatch(/^The tone about Veloxa soured/);
    // Net sentiment: +1 in all 120 answers naming Veloxa before; after, −1 in the US/A cell's 30
    // of 102: (72 − 30)/102 = +0.41.
    expect(net?.after.value).toBeCloseTo(42 / 102, 10);
    // Ranked first: Cohen's h of (net + 1) / 2, 1 → 0.706, is −1.146, × 2 for the focus brand.
    expect(view.findings[0]).toBe(net);
    expect(net?.score).toBeCloseTo(2 * (Math.PI - 2 * Math.asin(Math.sqrt(72 / 102))), 10);
    const attr = of('attribute');
    // "expensive": 0 of 120 answers naming Veloxa before, 30 of 102 after.
    expect(attr?.attribute).toBe('expensive');
    expect(attr?.significant).toBe(true);
    expect(attr?.after.value).toBeCloseTo(30 / 102, 10);
    expect(attr?.text).toBe('Veloxa is called "expensive" more often: 0 % → 29 % of the answers naming it.');
    expect(view.findings.length).toBeLessThanOrEqual(MAX_FINDINGS);
  });
});
