import { engineBoard, isLowN } from '../../../shared/visibility/engine-board';
import { engineName } from './format';
import type { ClientReport } from './types';

// The report's "Brands by AI engine" as a sheet: the HTML section's numbers (html-engine-board.ts,
// the same pivot), one row a brand (the focus brand first) and per engine five columns: the
// mention rate, its 95 % interval's lower and upper bounds, the answers behind it, and whether
// they are few (under 30, read with care). Engines in the catalog's order under the profile's
// labels. Left out, as in the HTML, when the period has a single engine (the Leaderboard is it).

type Cell = string | number | null;

export interface EngineBoardSheet {
  head: string[];
  rows: Cell[][];
  /** 1-based columns holding fractions shown as percentages. */
  percent: number[];
}

/** The columns each engine takes: value, lower, upper, n, few. */
const PER_ENGINE = 5;
const FIRST_ENGINE_COLUMN = 3;

export function engineBoardSheet(
  r: Pick<ClientReport, 'focus' | 'brands' | 'byEngine' | 'labels'>,
): EngineBoardSheet | null {
  if (!r.byEngine) return null;
  const focusId = r.focus?.id ?? null;
  const board = engineBoard(r.byEngine, focusId);
  if (board.engines.length < 2) return null;
  const brand = (id: string) => r.brands.find((b) => b.id === id);
  const head = [
    'Brand',
    'Kind',
    ...board.engines.flatMap((engine) => {
      const label = engineName(engine, r.labels);
      return [
        `${label} mention rate`,
        `${label} lower`,
        `${label} upper`,
        `${label} answers`,
        `${label} few answers`,
      ];
    }),
  ];
  const rows = board.rows.map((row) => [
    brand(row.brandId)?.name ?? row.brandId,
    row.brandId === focusId ? 'your brand' : (brand(row.brandId)?.kind ?? ''),
    ...board.engines.flatMap((engine): Cell[] => {
      const m = row.cells[engine]?.mentionRate;
      if (!m || m.n === 0) return [null, null, null, 0, null];
      return [m.value, m.lower, m.upper, m.n, isLowN(m.n) ? 'yes' : 'no'];
    }),
  ]);
  const percent = board.engines.flatMap((_, i) => {
    const first = FIRST_ENGINE_COLUMN + i * PER_ENGINE;
    return [first, first + 1, first + 2];
  });
  return { head, rows, percent };
}
