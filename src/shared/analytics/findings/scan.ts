import { benjaminiHochberg, type TestResult } from './significance';
import { ALL_CELLS, cellOf, METRICS, type SideSums, type Subject, type Vec } from './subjects';
import type { CellKey } from './types';

// The scan: every subject tested over every scope (all cells, each engine, each location, each
// engine × location cell), the p-values adjusted together (Benjamini–Hochberg), so scanning
// hundreds of cells does not turn chance into findings.

export interface ScopedTest {
  subject: Subject;
  scope: Partial<CellKey>;
  /** The cell ids the scope covers. */
  cells: string[];
  result: TestResult;
  qValue: number;
}

/** Sums of a subject over some cells. */
export function sumCells(subject: Subject, cells: readonly string[]): SideSums {
  const width = METRICS[subject.kind].width;
  const before: Vec = new Array<number>(width).fill(0);
  const after: Vec = new Array<number>(width).fill(0);
  for (const id of cells) {
    const s = subject.cells.get(id);
    if (!s) continue;
    for (let i = 0; i < width; i++) {
      before[i] = (before[i] as number) + (s.before[i] as number);
      after[i] = (after[i] as number) + (s.after[i] as number);
    }
  }
  return { before, after };
}

/** The scopes of a subject: all, then each engine, each location and each cell that differs from all. */
function scopesOf(subject: Subject): Array<{ scope: Partial<CellKey>; cells: string[] }> {
  const ids = [...subject.cells.keys()].sort();
  const all = { scope: {}, cells: ids };
  if (ids.length === 1 && ids[0] === ALL_CELLS) return [all];
  const group = (key: 'engine' | 'loc') => {
    const by = new Map<string, string[]>();
    for (const id of ids) {
      const value = cellOf(id)[key];
      const list = by.get(value);
      if (list) list.push(id);
      else by.set(value, [id]);
    }
    return by.size < 2
      ? []
      : [...by]
          .sort(([a], [b]) => (a < b ? -1 : 1))
          .map(([value, cells]) => ({ scope: { [key]: value }, cells }));
  };
  const engines = group('engine');
  const locs = group('loc');
  // A cell is its own scope only when neither its engine nor its location alone is the same set.
  const single = (s: { cells: string[] }[]) =>
    new Set(s.filter((x) => x.cells.length === 1).map((x) => x.cells[0]));
  const singles = new Set([...single(engines), ...single(locs)]);
  const cells =
    ids.length < 2
      ? []
      : ids.filter((id) => !singles.has(id)).map((id) => ({ scope: cellOf(id), cells: [id] }));
  return [all, ...engines, ...locs, ...cells];
}

/** Whether a side has any data: a denominator above 0. */
function hasData(subject: Subject, v: Vec): boolean {
  return METRICS[subject.kind].ratio(v)[1] > 0;
}

/**
 * Fewer events than this over both sides (a domain never cited in a cell) cannot make a
 * discovery: such scopes are left out before the adjustment (independent filtering on the
 * total, which does not depend on the direction of the change), so thousands of empty cells
 * do not dilute the control.
 */
const MIN_EVENTS = 3;

/** Every scope of every subject tested, with q-values from one Benjamini–Hochberg pass over all. */
export function scanSubjects(subjects: readonly Subject[]): ScopedTest[] {
  const tests: Array<Omit<ScopedTest, 'qValue'>> = [];
  for (const subject of subjects) {
    const metric = METRICS[subject.kind];
    for (const { scope, cells } of scopesOf(subject)) {
      const sums = sumCells(subject, cells);
      // No data on a side: nothing to compare (not a test).
      if (!hasData(subject, sums.before) || !hasData(subject, sums.after)) continue;
      if (metric.events(sums.before) + metric.events(sums.after) < MIN_EVENTS) continue;
      tests.push({ subject, scope, cells, result: metric.test(sums.before, sums.after) });
    }
  }
  const q = benjaminiHochberg(tests.map((t) => t.result.pValue));
  return tests.map((t, i) => ({ ...t, qValue: q[i] as number }));
}
