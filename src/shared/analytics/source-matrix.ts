import type { NormalizedSource } from '../domain/result';
import { rankedSources, type SourceFilter } from './source-sets';

export interface SourceMatrixColumn {
  /** Caller's label for the column (a country, an engine, a date, a result id…). */
  id: string;
  sources: readonly NormalizedSource[];
}

export interface SourceMatrixCell {
  present: boolean;
  /** Best (lowest) rank of the key in this column (RankedSource.rank), or null. */
  bestPosition: number | null;
  /** Distinct normalized URLs of this column under the key (always 0 or 1 when by = 'url'). */
  count: number;
}

export interface SourceMatrixRow {
  /** A registrable domain or a normalized URL. */
  key: string;
  /** One cell per column, in column order. */
  cells: SourceMatrixCell[];
  /** Columns where the key is present. */
  columnCount: number;
  /** Present in at least two columns. */
  shared: boolean;
  /** Mean of bestPosition over the columns where present. */
  meanBestPosition: number;
}

export interface SourceMatrix {
  by: 'domain' | 'url';
  columns: string[];
  /** Most widespread first, then best mean position, then key. */
  rows: SourceMatrixRow[];
}

export interface SourceMatrixOptions extends SourceFilter {
  /** Rows keyed by registrable domain (default) or by normalized URL. */
  by?: 'domain' | 'url';
}

const EMPTY: SourceMatrixCell = Object.freeze({
  present: false,
  bestPosition: null,
  count: 0,
}) as SourceMatrixCell;

/** Domains (or URLs) × columns across any number of results. */
export function buildSourceMatrix(
  columns: readonly SourceMatrixColumn[],
  options: SourceMatrixOptions = {},
): SourceMatrix {
  const by = options.by ?? 'domain';
  const rows = new Map<string, SourceMatrixCell[]>();
  const domainCache = new Map<string, string | null>();
  columns.forEach((col, c) => {
    for (const s of rankedSources(col.sources, options, domainCache)) {
      const key = by === 'domain' ? s.domain : s.url;
      if (key === null) continue;
      let cells = rows.get(key);
      if (cells === undefined) {
        cells = columns.map(() => EMPTY);
        rows.set(key, cells);
      }
      const cell = cells[c] as SourceMatrixCell;
      cells[c] =
        cell === EMPTY
          ? { present: true, bestPosition: s.rank, count: 1 }
          : {
              present: true,
              bestPosition: Math.min(cell.bestPosition ?? s.rank, s.rank),
              count: cell.count + 1,
            };
    }
  });
  const out: SourceMatrixRow[] = [];
  for (const [key, cells] of rows) {
    let columnCount = 0;
    let posSum = 0;
    for (const cell of cells) {
      if (!cell.present) continue;
      columnCount++;
      posSum += cell.bestPosition ?? 0;
    }
    out.push({
      key,
      cells: cells.map((cell) => (cell === EMPTY ? { present: false, bestPosition: null, count: 0 } : cell)),
      columnCount,
      shared: columnCount >= 2,
      meanBestPosition: posSum / columnCount,
    });
  }
  out.sort(
    (x, y) =>
      y.columnCount - x.columnCount ||
      x.meanBestPosition - y.meanBestPosition ||
      (x.key < y.key ? -1 : x.key > y.key ? 1 : 0),
  );
  return { by, columns: columns.map((c) => c.id), rows: out };
}
