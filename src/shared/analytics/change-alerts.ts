import { clampSide } from '../alerts/format';
import { describeAlert } from '../alerts/registry';
import type { AlertRules } from '../alerts/rules';
import type { AlertData, AlertKind, AlertScope, NewAlert } from '../alerts/types';
import {
  meanInterval,
  pooledMeanIntervals,
  rateInterval,
  rounded,
  separation,
  type IntervalValue,
} from './change-stats';
import { isThin } from './evidence';
import { jaccard } from './list-overlap';
import { siteShifts } from './site-shifts';

// The change rules: a monitor run against the monitor's previous finished run, per prompt ×
// engine × location cell and pooled over the monitor (the cells both runs asked).
//
// - focus brand entered / dropped out, competitor appeared / disappeared: the mention rate;
// - position moved: the focus brand's first position among the tracked brands named;
// - sources changed: Jaccard of the cited-domain sets of the two runs' answers;
// - answer changed: word similarity of the two runs' answers.
//
// Noise is not an alert. With one answer on each side (n = 1) the plain rule applies (named or
// not; a move of at least positionDelta; a value under the threshold). With repeats (n ≥ 2 on
// a side) a change fires only when the runs' 95 % intervals do not overlap: Wilson intervals
// for rates, mean ± t·sd/√n for positions. Jaccard and similarity have no "before value" of
// their own: the between-run values (every before × after pair) are compared with the
// within-run baseline (every pair of repeats inside one run), and fire when they are under the
// threshold and their interval lies wholly below the baseline's: answers that differ between
// runs no more than repeats of one run differ among themselves are noise. Pairs share answers,
// so an interval counts the answers behind its pairs, not the pairs. Mean intervals (positions,
// Jaccard, similarity) use the two sides' pooled spread, so a side whose few values happen to be
// equal is not a point that every other mean lies outside of, and positions whose ranks agree on
// both sides (no spread at all) fire only on at least 30 ranked answers a side. The intervals
// only ever hold back what the plain rule would raise; they never raise what it would not.

export interface ChangeAnswer {
  seq: number;
  prompt: string;
  engine: string;
  loc: string;
  /** Tracked brands named: brand id → first position among them (null when unranked). */
  brands: ReadonlyMap<string, number | null>;
  /** Domains cited. */
  domains: readonly string[];
}

export interface ChangeBrand {
  id: string;
  name: string;
  kind: 'brand' | 'competitor';
}

export interface ChangeInput {
  before: readonly ChangeAnswer[];
  after: readonly ChangeAnswer[];
  brands: readonly ChangeBrand[];
  rules: AlertRules;
  /** Word similarity (0–1) of two answers by seq; needed when the answer-changed rule is on. */
  similarity?: (seqA: number, seqB: number) => number;
}

interface Group {
  scope: AlertScope;
  prompt: string | null;
  engine: string | null;
  loc: string | null;
  before: readonly ChangeAnswer[];
  after: readonly ChangeAnswer[];
}

/** A rule's finding before it becomes an alert. strength orders cells for the pooled example. */
interface Finding {
  kind: AlertKind;
  brand: ChangeBrand | null;
  before: IntervalValue;
  after: IntervalValue;
  beforeSeq: number | null;
  afterSeq: number | null;
  /** Kind-specific figures (sources-changed: the sites dropped and added). */
  data?: AlertData;
}

const cellKey = (a: ChangeAnswer): string => `${a.prompt}\u0000${a.engine}\u0000${a.loc}`;

function groupByCell(answers: readonly ChangeAnswer[]): Map<string, ChangeAnswer[]> {
  const cells = new Map<string, ChangeAnswer[]>();
  for (const a of answers) {
    const key = cellKey(a);
    const list = cells.get(key);
    if (list) list.push(a);
    else cells.set(key, [a]);
  }
  return cells;
}

/** The plain rule with one answer on each side; the interval rule otherwise. */
const isPlain = (b: IntervalValue, a: IntervalValue): boolean => b.n <= 1 && a.n <= 1;

function mentionFinding(group: Group, brand: ChangeBrand): Finding | null {
  const named = (a: ChangeAnswer): boolean => a.brands.has(brand.id);
  const kB = group.before.filter(named).length;
  const kA = group.after.filter(named).length;
  const before = rateInterval(kB, group.before.length);
  const after = rateInterval(kA, group.after.length);
  const dir = isPlain(before, after) ? Math.sign(kA - kB) : separation(before, after);
  if (dir === 0) return null;
  const focus = brand.kind === 'brand';
  const up = dir > 0;
  const kind: AlertKind = focus
    ? up
      ? 'brand-entered'
      : 'brand-dropped'
    : up
      ? 'competitor-appeared'
      : 'competitor-disappeared';
  return {
    kind,
    brand,
    before,
    after,
    beforeSeq: group.before.find((a) => named(a) !== up)?.seq ?? null,
    afterSeq: group.after.find((a) => named(a) === up)?.seq ?? null,
  };
}

function ranked(answers: readonly ChangeAnswer[], brandId: string): Array<{ seq: number; rank: number }> {
  const out: Array<{ seq: number; rank: number }> = [];
  for (const a of answers) {
    const rank = a.brands.get(brandId);
    if (rank !== undefined && rank !== null) out.push({ seq: a.seq, rank });
  }
  return out;
}

/**
 * Whether position intervals can tell a move from chance: they have width (the ranks vary on
 * some side), or enough ranked answers a side. Repeats that all agree on both sides (1st, 1st
 * against 4th, 4th) give intervals of zero width that never overlap: two repeats are not that
 * certainty.
 */
function hasSpreadOrAnswers(before: IntervalValue, after: IntervalValue): boolean {
  const zeroWide = before.low === before.high && after.low === after.high;
  return !zeroWide || !isThin(before.n, after.n);
}

function positionFinding(group: Group, brand: ChangeBrand, delta: number): Finding | null {
  const rB = ranked(group.before, brand.id);
  const rA = ranked(group.after, brand.id);
  if (rB.length === 0 || rA.length === 0) return null;
  // Pooled spread: one run whose repeats all rank the brand alike is not a point of certainty.
  const [before, after] = pooledMeanIntervals(
    rB.map((r) => r.rank),
    rA.map((r) => r.rank),
  );
  const moved = Math.abs(after.value - before.value) >= delta - 1e-9;
  if (!moved) return null;
  if (!isPlain(before, after) && (separation(before, after) === 0 || !hasSpreadOrAnswers(before, after)))
    return null;
  // The example answers: the ones closest to each side's mean position.
  const closest = (list: typeof rB, mean: number): number =>
    list.reduce((best, r) => (Math.abs(r.rank - mean) < Math.abs(best.rank - mean) ? r : best)).seq;
  return {
    kind: 'position-moved',
    brand,
    before,
    after,
    beforeSeq: closest(rB, before.value),
    afterSeq: closest(rA, after.value),
  };
}

interface PairScores {
  between: Array<{ value: number; b: number; a: number }>;
  within: number[];
  /**
   * The independent observations behind the pairs (pairs share answers, so their count
   * overstates the evidence): min(answers before, answers after) between runs, and answers − 1
   * per run within; summed over cells when pooled.
   */
  betweenN: number;
  withinN: number;
}

function pairScores(group: Group, score: (x: ChangeAnswer, y: ChangeAnswer) => number): PairScores {
  const between: PairScores['between'] = [];
  for (const b of group.before)
    for (const a of group.after) between.push({ value: score(b, a), b: b.seq, a: a.seq });
  const within: number[] = [];
  for (const side of [group.before, group.after]) {
    for (let i = 0; i < side.length; i++) {
      for (let j = i + 1; j < side.length; j++)
        within.push(score(side[i] as ChangeAnswer, side[j] as ChangeAnswer));
    }
  }
  const sides = [group.before.length, group.after.length];
  return {
    between,
    within,
    betweenN: Math.min(...sides),
    withinN: sides.reduce((sum, n) => sum + Math.max(0, n - 1), 0),
  };
}

/**
 * Between-run values under the threshold and, with repeats, wholly below the within-run
 * baseline. The before side is the baseline (value 1, n 0 with no repeats: identical answers),
 * the after side the between-run value. Both intervals use the pooled spread of the two
 * samples (pooledMeanIntervals), so repeats that agree exactly do not make the baseline a point.
 */
function similarityFinding(
  kind: 'sources-changed' | 'answer-changed',
  group: Group,
  scores: PairScores,
  threshold: number,
): Finding | null {
  if (scores.between.length === 0) return null;
  const betweenValues = scores.between.map((s) => s.value);
  // The plain threshold first: the intervals only ever hold a change back, never add one.
  if (meanInterval(betweenValues).value >= threshold) return null;
  if (scores.within.length === 0) {
    const before: IntervalValue = { value: 1, n: 0, low: 1, high: 1 };
    return similarityAlert(kind, group, scores, before, meanInterval(betweenValues));
  }
  const [before, after] = pooledMeanIntervals(scores.within, betweenValues, {
    a: scores.withinN,
    b: scores.betweenN,
  });
  if (!(after.high < before.low)) return null;
  return similarityAlert(kind, group, scores, before, after);
}

function similarityAlert(
  kind: 'sources-changed' | 'answer-changed',
  group: Group,
  scores: PairScores,
  before: IntervalValue,
  after: IntervalValue,
): Finding {
  const example = scores.between.reduce((lo, s) => (s.value < lo.value ? s : lo));
  return {
    kind,
    brand: null,
    before,
    after,
    beforeSeq: example.b,
    afterSeq: example.a,
    ...(kind === 'sources-changed' ? { data: { ...siteShifts(group.before, group.after) } } : {}),
  };
}

interface GroupScores {
  sources: PairScores | null;
  answers: PairScores | null;
}

/** A cell's pair scores, computed once: the pooled rules reuse them (never pairs across cells). */
function cellScores(group: Group, input: ChangeInput): GroupScores {
  const on = input.rules.kinds;
  const similarity = input.similarity;
  return {
    sources: on['sources-changed'] ? pairScores(group, (x, y) => jaccard(x.domains, y.domains)) : null,
    answers:
      on['answer-changed'] && similarity ? pairScores(group, (x, y) => similarity(x.seq, y.seq)) : null,
  };
}

function poolScores(
  list: readonly GroupScores[],
  pick: (g: GroupScores) => PairScores | null,
): PairScores | null {
  const pooled: PairScores = { between: [], within: [], betweenN: 0, withinN: 0 };
  for (const g of list) {
    const s = pick(g);
    if (!s) return null;
    for (const x of s.between) pooled.between.push(x);
    for (const x of s.within) pooled.within.push(x);
    pooled.betweenN += s.betweenN;
    pooled.withinN += s.withinN;
  }
  return pooled;
}

function findingsOf(group: Group, input: ChangeInput, scores: GroupScores): Finding[] {
  const { rules } = input;
  const on = (kind: AlertKind): boolean => rules.kinds[kind];
  const found: Array<Finding | null> = [];
  for (const brand of input.brands) {
    const focus = brand.kind === 'brand';
    const kinds: AlertKind[] = focus
      ? ['brand-entered', 'brand-dropped']
      : ['competitor-appeared', 'competitor-disappeared'];
    if (kinds.some(on)) {
      const f = mentionFinding(group, brand);
      found.push(f && on(f.kind) ? f : null);
    }
    if (focus && on('position-moved')) found.push(positionFinding(group, brand, rules.positionDelta));
  }
  if (scores.sources)
    found.push(similarityFinding('sources-changed', group, scores.sources, rules.jaccardBelow));
  if (scores.answers)
    found.push(similarityFinding('answer-changed', group, scores.answers, rules.similarityBelow));
  return found.filter((f): f is Finding => f !== null);
}

function toAlert(group: Group, f: Finding): NewAlert {
  const facts = {
    kind: f.kind,
    scope: group.scope,
    prompt: group.prompt,
    engine: group.engine,
    loc: group.loc,
    brandName: f.brand?.name ?? null,
    brandKind: f.brand?.kind ?? null,
    // Within what the metric allows: a rank interval never below 1, a rate within 0–1.
    before: clampSide(f.kind, rounded(f.before)),
    after: clampSide(f.kind, rounded(f.after)),
    data: f.data ?? null,
  };
  return {
    ...facts,
    beforeSeq: f.beforeSeq,
    afterSeq: f.afterSeq,
    // The sentence as it read when raised (the app words it again in the profile's labels).
    summary: describeAlert(facts).title,
  };
}

/** How strongly a cell's finding shows the change (the pooled alert's example is the strongest). */
function strength(f: Finding): number {
  return Math.abs(f.after.value - f.before.value);
}

const findingKey = (f: Finding): string => `${f.kind}\u0000${f.brand?.id ?? ''}`;

/**
 * The answer pairs (by seq) whose similarity detectChanges asks for: within each cell both runs
 * asked, every before × after pair and every pair of repeats inside a run. Lets a caller
 * compute the costly word diffs ahead (in batches, without blocking) and answer from a table.
 */
export function similarityPairs(
  before: readonly ChangeAnswer[],
  after: readonly ChangeAnswer[],
): Array<[number, number]> {
  const b = groupByCell(before);
  const pairs: Array<[number, number]> = [];
  for (const [key, afterAnswers] of groupByCell(after)) {
    const beforeAnswers = b.get(key);
    if (!beforeAnswers) continue;
    for (const x of beforeAnswers) for (const y of afterAnswers) pairs.push([x.seq, y.seq]);
    for (const side of [beforeAnswers, afterAnswers]) {
      for (let i = 0; i < side.length; i++) {
        for (let j = i + 1; j < side.length; j++)
          pairs.push([(side[i] as ChangeAnswer).seq, (side[j] as ChangeAnswer).seq]);
      }
    }
  }
  return pairs;
}

/**
 * Every alert of a monitor run against its previous run: per cell asked by both runs, then
 * pooled over those cells. A pooled alert's example answers come from the cell that changed
 * most in the same way (or, when no single cell did, from the pooled comparison itself).
 */
export function detectChanges(input: ChangeInput): NewAlert[] {
  const before = groupByCell(input.before);
  const after = groupByCell(input.after);
  const alerts: NewAlert[] = [];
  const strongest = new Map<string, Finding>();
  const pooledBefore: ChangeAnswer[] = [];
  const pooledAfter: ChangeAnswer[] = [];
  const pooledScores: GroupScores[] = [];
  for (const [key, afterAnswers] of after) {
    const beforeAnswers = before.get(key);
    if (!beforeAnswers) continue;
    pooledBefore.push(...beforeAnswers);
    pooledAfter.push(...afterAnswers);
    const first = afterAnswers[0] as ChangeAnswer;
    const group: Group = {
      scope: 'cell',
      prompt: first.prompt,
      engine: first.engine,
      loc: first.loc,
      before: beforeAnswers,
      after: afterAnswers,
    };
    const scores = cellScores(group, input);
    pooledScores.push(scores);
    for (const f of findingsOf(group, input, scores)) {
      alerts.push(toAlert(group, f));
      const seen = strongest.get(findingKey(f));
      if (!seen || strength(f) > strength(seen)) strongest.set(findingKey(f), f);
    }
  }
  if (pooledScores.length > 1) {
    const group: Group = {
      scope: 'monitor',
      prompt: null,
      engine: null,
      loc: null,
      before: pooledBefore,
      after: pooledAfter,
    };
    const scores: GroupScores = {
      sources: poolScores(pooledScores, (g) => g.sources),
      answers: poolScores(pooledScores, (g) => g.answers),
    };
    for (const f of findingsOf(group, input, scores)) {
      const example = strongest.get(findingKey(f));
      alerts.push(
        toAlert(group, example ? { ...f, beforeSeq: example.beforeSeq, afterSeq: example.afterSeq } : f),
      );
    }
  }
  return alerts;
}
