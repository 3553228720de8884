import { clampSide } from '../alerts/format';
import { describeAlert } from '../alerts/registry';
import type { AlertRules } from '../alerts/rules';
import type { AlertData, AlertKind, AlertScope, NewAlert } from '../alerts/types';
import type { ChangeBrand } from './change-alerts';
import { rateInterval, rounded, separation, type IntervalValue } from './change-stats';
import { testNet, testRates } from './findings/significance';
import type { PositioningCellSums } from './findings/types';
import { netSentimentInterval } from './net-sentiment';
import { holm } from './trend-test';

// Positioning's change rules: a monitor run against its previous finished run, over how the
// answers naming each tracked brand present it (the active judge's rows):
//
// - recommendation-lost: the recommendation rate (top pick or recommended, of the answers naming
//   the brand) fell;
// - sentiment-shifted: the net sentiment (share positive − share negative of those answers)
//   moved, either way.
//
// Per engine × location over every prompt ('slice': a single prompt × cell has too few answers
// naming a brand to say anything of its tone) and pooled over the slices both runs asked
// ('monitor', when there are two or more). A change fires when both hold:
//
// 1. the run-to-run rules' test (change-alerts.ts): the two runs' 95 % intervals do not overlap,
//    Wilson's for the rate and Tango's score interval for the net sentiment (net-sentiment.ts,
//    which stays inside −1..1 and is never a point at small n);
// 2. the family of the check stays below POSITIONING_ALPHA: a brand × place × metric is tested
//    (the findings' pooled two-proportion z-test, and their z-test of net sentiment) and Holm's
//    adjustment runs over every test of the check (the trend rule's control). Six brands over six
//    places and the monitor make about 80 tests a check; without it, the day-to-day wander of
//    judgements raised more positioning alerts on a demo history than every other kind together.
//
// There is no plain rule for single answers: one answer's tone is no evidence of a change. A
// brand the answers of a side do not name has no rate there and raises nothing (its mentions
// are the mention rules' business).

/** The chance that a check raises any positioning alert where nothing changed (Holm, as the trend rule). */
export const POSITIONING_ALPHA = 0.01;

/** One brand's positioning counts in one engine × location of one run (the findings' cell sums). */
export interface PositioningSliceCounts extends PositioningCellSums {
  runId: string;
}

export interface PositioningChangeInput {
  before: readonly PositioningSliceCounts[];
  after: readonly PositioningSliceCounts[];
  brands: readonly ChangeBrand[];
  rules: Pick<AlertRules, 'kinds'>;
}

type Sums = Pick<PositioningSliceCounts, 'n' | 'top' | 'recommended' | 'positive' | 'negative'>;

interface Group {
  scope: AlertScope;
  engine: string | null;
  loc: string | null;
  /** Brand id → counts, on each side. */
  before: ReadonlyMap<string, Sums>;
  after: ReadonlyMap<string, Sums>;
}

const sliceKey = (r: Pick<PositioningSliceCounts, 'engine' | 'loc'>): string => `${r.engine}\u0000${r.loc}`;

function add(into: Map<string, Sums>, r: PositioningSliceCounts): void {
  const s = into.get(r.brandId) ?? { n: 0, top: 0, recommended: 0, positive: 0, negative: 0 };
  into.set(r.brandId, {
    n: s.n + r.n,
    top: s.top + r.top,
    recommended: s.recommended + r.recommended,
    positive: s.positive + r.positive,
    negative: s.negative + r.negative,
  });
}

function bySlice(rows: readonly PositioningSliceCounts[]): Map<string, PositioningSliceCounts[]> {
  const out = new Map<string, PositioningSliceCounts[]>();
  for (const r of rows) {
    const list = out.get(sliceKey(r));
    if (list) list.push(r);
    else out.set(sliceKey(r), [r]);
  }
  return out;
}

function sums(rows: readonly PositioningSliceCounts[]): Map<string, Sums> {
  const out = new Map<string, Sums>();
  for (const r of rows) add(out, r);
  return out;
}

/** The slices both runs have rows in, and (with two or more) the monitor pooled over them. */
function groups(input: PositioningChangeInput): Group[] {
  const before = bySlice(input.before);
  const after = bySlice(input.after);
  const out: Group[] = [];
  const pooledBefore: PositioningSliceCounts[] = [];
  const pooledAfter: PositioningSliceCounts[] = [];
  for (const [key, afterRows] of after) {
    const beforeRows = before.get(key);
    if (!beforeRows) continue;
    pooledBefore.push(...beforeRows);
    pooledAfter.push(...afterRows);
    const first = afterRows[0] as PositioningSliceCounts;
    out.push({
      scope: 'slice',
      engine: first.engine,
      loc: first.loc,
      before: sums(beforeRows),
      after: sums(afterRows),
    });
  }
  if (out.length > 1)
    out.push({
      scope: 'monitor',
      engine: null,
      loc: null,
      before: sums(pooledBefore),
      after: sums(pooledAfter),
    });
  return out;
}

/** A tested brand × place × metric: `shows` when its intervals separate the right way. */
interface Finding {
  group: Group;
  brand: ChangeBrand;
  kind: AlertKind;
  before: IntervalValue;
  after: IntervalValue;
  shows: boolean;
  p: number;
  data: AlertData;
}

type Tested = Omit<Finding, 'group' | 'brand'>;

function recommendationFinding(b: Sums, a: Sums): Tested {
  const before = rateInterval(b.top + b.recommended, b.n);
  const after = rateInterval(a.top + a.recommended, a.n);
  return {
    kind: 'recommendation-lost',
    before,
    after,
    shows: separation(before, after) === -1,
    p: testRates(b.top + b.recommended, b.n, a.top + a.recommended, a.n).pValue,
    data: { topBefore: b.top, topAfter: a.top },
  };
}

function netSide(s: Sums): IntervalValue {
  const net = netSentimentInterval(s.positive, s.negative, s.n);
  return { value: net.value ?? 0, n: s.n, low: net.lower ?? -1, high: net.upper ?? 1 };
}

function sentimentFinding(b: Sums, a: Sums): Tested {
  const before = netSide(b);
  const after = netSide(a);
  return {
    kind: 'sentiment-shifted',
    before,
    after,
    shows: separation(before, after) !== 0,
    p: testNet(b, a).pValue,
    data: {
      positiveBefore: b.positive,
      negativeBefore: b.negative,
      positiveAfter: a.positive,
      negativeAfter: a.negative,
    },
  };
}

function toAlert(f: Finding, pAdjusted: number, tested: number): NewAlert {
  const { group, brand } = f;
  const facts = {
    kind: f.kind,
    scope: group.scope,
    prompt: null,
    engine: group.engine,
    loc: group.loc,
    brandName: brand.name,
    brandKind: brand.kind,
    before: clampSide(f.kind, rounded(f.before)),
    after: clampSide(f.kind, rounded(f.after)),
    data: { ...f.data, p: roundP(f.p), pAdjusted: roundP(pAdjusted), tested },
  };
  // No single answer carries a slice's rate: the alert opens the runs, not one answer pair.
  return { ...facts, beforeSeq: null, afterSeq: null, summary: describeAlert(facts).title };
}

const roundP = (p: number): number => Number(p.toPrecision(3));

/** Every brand × place × metric both runs can speak to, tested. */
function testAll(input: PositioningChangeInput): Finding[] {
  const on = input.rules.kinds;
  const out: Finding[] = [];
  for (const group of groups(input)) {
    for (const brand of input.brands) {
      const b = group.before.get(brand.id);
      const a = group.after.get(brand.id);
      if (!b || !a || b.n === 0 || a.n === 0) continue;
      if (on['recommendation-lost']) out.push({ group, brand, ...recommendationFinding(b, a) });
      if (on['sentiment-shifted']) out.push({ group, brand, ...sentimentFinding(b, a) });
    }
  }
  return out;
}

/** Every recommendation-lost and sentiment-shifted alert of a run against its previous run. */
export function detectPositioningChanges(input: PositioningChangeInput): NewAlert[] {
  const tested = testAll(input);
  const adjusted = holm(tested.map((f) => f.p));
  return tested
    .map((f, i) => ({ f, q: adjusted[i] ?? 1 }))
    .filter(({ f, q }) => f.shows && q <= POSITIONING_ALPHA)
    .map(({ f, q }) => toAlert(f, q, tested.length));
}
