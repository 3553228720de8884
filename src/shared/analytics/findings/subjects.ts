import type { CellKey, FindingKind, FindingsInput, PeriodSums } from './types';
import { testMeans, testNet, testRates, type TestResult } from './significance';

// What the scan measures: each subject (a brand's metric, a brand's attribute, a domain's
// citations) as sums per engine × location cell in both periods. Every metric is a ratio of
// summed columns, so any set of cells sums to the same metric and a change decomposes exactly
// into its cells' contributions (decompose.ts).

/** A cell's sums of one subject: the metric's columns in order (see METRICS). */
export type Vec = number[];

export interface SideSums {
  before: Vec;
  after: Vec;
}

export interface Subject {
  kind: FindingKind;
  brandId: string | null;
  domain: string | null;
  attribute: string | null;
  /** Sums by cell id ("engine\u0001loc"); attributes have one pseudo-cell (no cells kept). */
  cells: Map<string, SideSums>;
}

export interface MetricDef {
  width: number;
  /** The metric as numerator / denominator of summed columns (what decomposes over cells). */
  ratio(v: Vec): [number, number];
  test(before: Vec, after: Vec): TestResult;
  /** The events a side holds (hits of a rate, ranked answers, answers with a tone). */
  events(v: Vec): number;
  /** Lower is better (positions). */
  lowerIsBetter: boolean;
}

const rate: MetricDef = {
  width: 2,
  ratio: (v) => [v[0] as number, v[1] as number],
  test: (b, a) => testRates(b[0] as number, b[1] as number, a[0] as number, a[1] as number),
  events: (v) => v[0] as number,
  lowerIsBetter: false,
};

/** A mean of n values from their sum and sum of squares (Welch's t-test). */
function means(lowerIsBetter: boolean): MetricDef {
  return {
    width: 3,
    ratio: (v) => [v[1] as number, v[0] as number],
    test: (b, a) =>
      testMeans(
        { n: b[0] as number, sum: b[1] as number, sumSq: b[2] as number },
        { n: a[0] as number, sum: a[1] as number, sumSq: a[2] as number },
      ),
    events: (v) => v[0] as number,
    lowerIsBetter,
  };
}

export const METRICS: Record<FindingKind, MetricDef> = {
  'mention-rate': rate,
  'share-of-voice': rate,
  'recommendation-rate': rate,
  attribute: rate,
  citation: rate,
  'shelf-presence': rate,
  'product-shelf': rate,
  advertiser: rate,
  conquest: rate,
  'new-contradiction': rate,
  'discrepancy-rate': rate,
  price: means(false),
  position: means(true),
  'net-sentiment': {
    width: 3,
    ratio: (v) => [(v[0] as number) - (v[1] as number), v[2] as number],
    test: (b, a) =>
      testNet(
        { positive: b[0] as number, negative: b[1] as number, n: b[2] as number },
        { positive: a[0] as number, negative: a[1] as number, n: a[2] as number },
      ),
    events: (v) => (v[0] as number) + (v[1] as number),
    lowerIsBetter: false,
  },
};

export const cellId = (c: CellKey): string => `${c.engine}\u0001${c.loc}`;
export function cellOf(id: string): CellKey {
  const [engine, loc] = id.split('\u0001') as [string, string];
  return { engine, loc };
}
/** The attributes' single pseudo-cell (their roll-ups are not read per cell). */
export const ALL_CELLS = '\u0001';

class SubjectTable {
  readonly subjects = new Map<string, Subject>();

  add(key: Omit<Subject, 'cells'>, cell: string, side: 'before' | 'after', values: readonly number[]): void {
    const id = `${key.kind}|${key.brandId ?? ''}|${key.domain ?? ''}|${key.attribute ?? ''}`;
    let subject = this.subjects.get(id);
    if (!subject) {
      subject = { ...key, cells: new Map() };
      this.subjects.set(id, subject);
    }
    const width = METRICS[key.kind].width;
    let sums = subject.cells.get(cell);
    if (!sums) {
      sums = { before: new Array<number>(width).fill(0), after: new Array<number>(width).fill(0) };
      subject.cells.set(cell, sums);
    }
    const vec = sums[side];
    for (let i = 0; i < width; i++) vec[i] = (vec[i] as number) + (values[i] ?? 0);
  }
}

const brandKey = (kind: FindingKind, brandId: string) => ({ kind, brandId, domain: null, attribute: null });

/** One period's sums added to the subjects (side: before = the previous period). */
function addPeriod(
  table: SubjectTable,
  sums: PeriodSums,
  side: 'before' | 'after',
  brands: ReadonlySet<string>,
) {
  const answers = new Map<string, number>();
  for (const c of sums.cells) answers.set(cellId(c), (answers.get(cellId(c)) ?? 0) + c.answers);
  const voices = new Map<string, number>();
  for (const b of sums.brands)
    if (brands.has(b.brandId)) voices.set(cellId(b), (voices.get(cellId(b)) ?? 0) + b.mentions);

  // Every tracked brand in every cell with answers (a brand never named there has rate 0).
  for (const [cell, n] of answers)
    for (const brandId of brands) table.add(brandKey('mention-rate', brandId), cell, side, [0, n]);
  for (const b of sums.brands) {
    if (!brands.has(b.brandId)) continue;
    const cell = cellId(b);
    table.add(brandKey('mention-rate', b.brandId), cell, side, [b.mentioned, 0]);
    table.add(brandKey('position', b.brandId), cell, side, [b.ranked, b.rankSum, b.rankSq]);
    table.add(brandKey('share-of-voice', b.brandId), cell, side, [b.mentions, voices.get(cell) ?? 0]);
  }
  const named = new Map<string, number>();
  for (const p of sums.positioning) {
    if (!brands.has(p.brandId)) continue;
    const cell = cellId(p);
    table.add(brandKey('recommendation-rate', p.brandId), cell, side, [p.top + p.recommended, p.n]);
    table.add(brandKey('net-sentiment', p.brandId), cell, side, [p.positive, p.negative, p.n]);
    named.set(p.brandId, (named.get(p.brandId) ?? 0) + p.n);
  }
  for (const a of sums.attributes) {
    if (!brands.has(a.brandId)) continue;
    table.add({ kind: 'attribute', brandId: a.brandId, domain: null, attribute: a.attr }, ALL_CELLS, side, [
      a.n,
      0,
    ]);
  }
  addShelf(table, sums, side, brands);
  return { answers, named };
}

/** Every brand's shelf presence per cell: answers showing its products over answers with a shelf. */
function addShelf(
  table: SubjectTable,
  sums: PeriodSums,
  side: 'before' | 'after',
  brands: ReadonlySet<string>,
) {
  if (!sums.commerce) return;
  for (const c of sums.commerce.shopping)
    for (const brandId of brands)
      table.add(brandKey('shelf-presence', brandId), cellId(c), side, [0, c.answers]);
  for (const s of sums.commerce.shelf)
    if (brands.has(s.brandId))
      table.add(brandKey('shelf-presence', s.brandId), cellId(s), side, [s.answers, 0]);
}

/** The domains' citation subjects: every domain cited in either period, over every cell's answers. */
function addDomains(
  table: SubjectTable,
  input: FindingsInput,
  answers: { before: Map<string, number>; after: Map<string, number> },
): void {
  const domains = new Set([...input.previous.domains, ...input.current.domains].map((d) => d.domain));
  for (const side of ['before', 'after'] as const) {
    const sums = side === 'before' ? input.previous : input.current;
    for (const d of sums.domains)
      table.add({ kind: 'citation', brandId: null, domain: d.domain, attribute: null }, cellId(d), side, [
        d.answers,
        0,
      ]);
    for (const domain of domains)
      for (const [cell, n] of answers[side])
        table.add({ kind: 'citation', brandId: null, domain, attribute: null }, cell, side, [0, n]);
  }
}

/**
 * Every subject with its sums per cell. An attribute's denominator is the answers naming the
 * brand that the judge scored (the positioning n), so its rate is "of the answers naming it".
 */
export function collectSubjects(input: FindingsInput): Subject[] {
  const table = new SubjectTable();
  const brands = new Set(input.brands.map((b) => b.id));
  const before = addPeriod(table, input.previous, 'before', brands);
  const after = addPeriod(table, input.current, 'after', brands);
  for (const subject of table.subjects.values()) {
    if (subject.kind !== 'attribute') continue;
    const sums = subject.cells.get(ALL_CELLS) as SideSums;
    sums.before[1] = before.named.get(subject.brandId as string) ?? 0;
    sums.after[1] = after.named.get(subject.brandId as string) ?? 0;
  }
  addDomains(table, input, { before: before.answers, after: after.answers });
  return [...table.subjects.values()];
}
