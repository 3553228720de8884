import { isShortOf, type Coverage } from '../evidence';
import { cellId, cellOf } from './subjects';
import type { CellCoverage, FindingsInput } from './types';

// Like with like: what each period's answers cover in a finding's scope (answers, days, prompt ×
// engine × location cells). An earlier period holding a day of a month-long later one compares
// one day's mix of prompts and engines with a month's, whatever its sample size says.

/** The coverage of some engine × location cells (ids as subjects.ts writes them). */
function coverageOf(
  rows: readonly CellCoverage[],
  answers: ReadonlyMap<string, number>,
  cells: ReadonlySet<string>,
): Coverage {
  const days = new Set<string>();
  let prompts = 0;
  let total = 0;
  for (const row of rows) {
    const id = cellId(row);
    if (!cells.has(id)) continue;
    for (const day of row.days) days.add(day);
    prompts += row.prompts;
    total += answers.get(id) ?? 0;
  }
  return { answers: total, days: days.size, cells: prompts };
}

function answersByCell(input: FindingsInput['current']): Map<string, number> {
  const by = new Map<string, number>();
  for (const c of input.cells) by.set(cellId(c), (by.get(cellId(c)) ?? 0) + c.answers);
  return by;
}

/** A scope's cells → the earlier period's coverage when short of the later one's, else null. */
export type ShortEarlier = (scopeCells: readonly string[]) => Coverage | null;

/**
 * The earlier period's coverage of a scope when it covers far fewer days or cells than the later
 * one, else null (comparable, or coverage not given). A scope's cells are engine × location ids;
 * a subject kept over all cells at once (attributes) covers every cell.
 */
export function shortEarlierOf(input: FindingsInput): ShortEarlier {
  const earlier = input.previous.coverage;
  const later = input.current.coverage;
  if (earlier === undefined || later === undefined) return () => null;
  const answersBefore = answersByCell(input.previous);
  const answersAfter = answersByCell(input.current);
  const everyCell = new Set([...earlier, ...later].map((row) => cellId(row)));
  return (scopeCells) => {
    const named = scopeCells.filter((id) => cellOf(id).engine !== '' || cellOf(id).loc !== '');
    const cells = named.length > 0 ? new Set(named) : everyCell;
    const before = coverageOf(earlier, answersBefore, cells);
    const after = coverageOf(later, answersAfter, cells);
    return isShortOf(before, after) ? before : null;
  };
}
