import { describe, expect, test } from 'vitest';
import {
  findChanges,
  type BrandCellSums,
  type CellCoverage,
  type FindingsInput,
  type PeriodSums,
} from '../../../src/shared/analytics/findings';
import { isShortOf, isThin, MIN_ANSWERS_A_SIDE } from '../../../src/shared/analytics/evidence';
import { BRANDS, daysFrom, PERIOD } from './fixture';

// Numbers that never overclaim: no change is significant on fewer than 30 answers a side (it
// says "few answers"), an earlier period covering far fewer days or cells than the later one is
// said and ranks below comparable ones, and the focus brand's own significant changes lead.

/** One cell's answers, and how many of them name each brand (ranked 1st, for simplicity). */
interface CellSpec {
  engine: string;
  loc: string;
  answers: number;
  named: Record<string, number>;
  /** Days with answers (default 10) and prompts asked (default 10). */
  days?: number;
  prompts?: number;
}

function sums(cells: readonly CellSpec[], firstDay: string): PeriodSums {
  const brands: BrandCellSums[] = cells.flatMap((c) =>
    Object.entries(c.named).map(([brandId, k]) => ({
      engine: c.engine,
      loc: c.loc,
      brandId,
      mentioned: k,
      ranked: k,
      rankSum: k,
      rankSq: k,
      mentions: k,
    })),
  );
  const coverage: CellCoverage[] = cells.map((c) => ({
    engine: c.engine,
    loc: c.loc,
    days: daysFrom(firstDay, c.days ?? 10),
    prompts: c.prompts ?? 10,
  }));
  return {
    cells: cells.map((c) => ({ engine: c.engine, loc: c.loc, answers: c.answers })),
    coverage,
    brands,
    positioning: [],
    attributes: [],
    domains: [],
  };
}

function input(before: readonly CellSpec[], after: readonly CellSpec[]): FindingsInput {
  return {
    period: PERIOD,
    focusBrandId: 'veloxa',
    brands: BRANDS,
    previous: sums(before, PERIOD.previous.from),
    current: sums(after, PERIOD.from),
  };
}

const mentionOf = (view: ReturnType<typeof findChanges>, brandId: string) =>
  view.findings.find((f) => f.kind === 'mention-rate' && f.brandId === brandId);

describe('the thresholds', () => {
  test('30 answers a side; an earlier period under half the later one’s days or cells', () => {
    expect(MIN_ANSWERS_A_SIDE).toBe(30);
    expect([isThin(29, 500), isThin(30, 30), isThin(500, 2)]).toEqual([true, false, true]);
    const later = { answers: 9280, days: 29, cells: 160 };
    expect(isShortOf({ answers: 320, days: 1, cells: 160 }, later)).toBe(true);
    expect(isShortOf({ answers: 9000, days: 29, cells: 60 }, later)).toBe(true);
    expect(isShortOf({ answers: 5000, days: 15, cells: 80 }, later)).toBe(false);
  });
});

describe('few answers', () => {
  test('20 of 20 → 100 of 580 is not significant on 20 answers, and says so', () => {
    // Fleetfoot 100 % → 17 % (pooled z ≈ −9.4: "certain" before the rule). Veloxa steady at 50 %.
    const view = findChanges(
      input(
        [{ engine: 'assistant-a', loc: 'US', answers: 20, named: { fleetfoot: 20, veloxa: 10 } }],
        [{ engine: 'assistant-a', loc: 'US', answers: 580, named: { fleetfoot: 100, veloxa: 290 } }],
      ),
    );
    const f = mentionOf(view, 'fleetfoot');
    expect(f?.pValue).toBeLessThan(1e-6);
    expect(f?.significant).toBe(false);
    expect(f?.fewAnswers).toBe(true);
    expect(f?.text).toBe(
      "Fleetfoot's mention rate fell 83 points (100 % → 17 %), on few answers (20 before, 580 after): not significant, chance alone could explain it.",
    );
  });

  test('the same change on 40 answers before is significant, with no caveat', () => {
    const view = findChanges(
      input(
        [{ engine: 'assistant-a', loc: 'US', answers: 40, named: { fleetfoot: 40, veloxa: 20 } }],
        [{ engine: 'assistant-a', loc: 'US', answers: 580, named: { fleetfoot: 100, veloxa: 290 } }],
      ),
    );
    const f = mentionOf(view, 'fleetfoot');
    expect(f?.significant).toBe(true);
    expect(f?.fewAnswers).toBe(false);
    expect(f?.text).toBe("Fleetfoot's mention rate fell 83 points (100 % → 17 %).");
  });
});

describe('the focus brand first', () => {
  test('its significant change leads a competitor’s bigger one', () => {
    // Fleetfoot 50 % → 10 % (Cohen's h 0.93), Veloxa 50 % → 35 % (h 0.30, weighed 2: 0.61).
    const view = findChanges(
      input(
        [{ engine: 'assistant-a', loc: 'US', answers: 200, named: { fleetfoot: 100, veloxa: 100 } }],
        [{ engine: 'assistant-a', loc: 'US', answers: 200, named: { fleetfoot: 20, veloxa: 70 } }],
      ),
    );
    expect(view.findings[0]?.brandId).toBe('veloxa');
    expect(view.findings[0]?.significant).toBe(true);
    expect(mentionOf(view, 'fleetfoot')?.significant).toBe(true);
    expect(Math.abs(mentionOf(view, 'fleetfoot')?.effectSize ?? 0)).toBeGreaterThan(
      2 * Math.abs(mentionOf(view, 'veloxa')?.effectSize ?? 0),
    );
  });
});

describe('like with like', () => {
  // Germany's earlier period holds 1 day of answers against 10 later; the US and France 10 and 10.
  // Stridex falls in Germany only (90 % → 10 %, 40 answers a side: over every cell 52 % → 48 %,
  // not significant); Fleetfoot falls in the US only (50 % → 35 %: over every cell 50 % → 43 %).
  const before: CellSpec[] = [
    { engine: 'assistant-a', loc: 'US', answers: 400, named: { fleetfoot: 200, stridex: 200, veloxa: 200 } },
    { engine: 'assistant-a', loc: 'FR', answers: 400, named: { fleetfoot: 200, stridex: 200, veloxa: 200 } },
    {
      engine: 'assistant-a',
      loc: 'DE',
      answers: 40,
      named: { fleetfoot: 20, stridex: 36, veloxa: 20 },
      days: 1,
    },
  ];
  const after: CellSpec[] = [
    { engine: 'assistant-a', loc: 'US', answers: 400, named: { fleetfoot: 140, stridex: 200, veloxa: 200 } },
    { engine: 'assistant-a', loc: 'FR', answers: 400, named: { fleetfoot: 200, stridex: 200, veloxa: 200 } },
    { engine: 'assistant-a', loc: 'DE', answers: 40, named: { fleetfoot: 20, stridex: 4, veloxa: 20 } },
  ];
  const mentions = (view: ReturnType<typeof findChanges>) => ({
    stridex: mentionOf(view, 'stridex'),
    fleetfoot: mentionOf(view, 'fleetfoot'),
  });

  test('a change on a short earlier period says so and ranks below one on comparable periods', () => {
    const view = findChanges(input(before, after));
    const { stridex, fleetfoot } = mentions(view);
    expect(stridex?.scope).toEqual({ loc: 'DE' });
    expect(stridex?.significant).toBe(true);
    expect(fleetfoot?.significant).toBe(true);
    expect(Math.abs(stridex?.effectSize ?? 0)).toBeGreaterThan(Math.abs(fleetfoot?.effectSize ?? 0));
    expect(stridex?.shortEarlier).toEqual({ answers: 40, days: 1, cells: 10 });
    expect(stridex?.text).toBe(
      "Stridex's mention rate fell 80 points in Germany (90 % → 10 %); the earlier period holds only 40 answers over 1 day.",
    );
    expect(fleetfoot?.shortEarlier).toBeNull();
    expect(view.findings.indexOf(fleetfoot!)).toBeLessThan(view.findings.indexOf(stridex!));
  });

  test('without coverage the periods are taken as comparable (ranked by effect alone)', () => {
    const bare = input(before, after);
    const { coverage: _p, ...previous } = bare.previous;
    const { coverage: _c, ...current } = bare.current;
    const view = findChanges({ ...bare, previous, current });
    const { stridex, fleetfoot } = mentions(view);
    expect(view.findings.every((f) => f.shortEarlier === null)).toBe(true);
    expect(view.findings.indexOf(stridex!)).toBeLessThan(view.findings.indexOf(fleetfoot!));
  });
});
