import { bucketStart, periodBuckets, SPANS } from '../positioning';

// The every-run levels of the commerce roll-ups: run 0 holds each day, run −8 and run −64 each
// 8- and 64-day bucket (day: its first day), so a period is read from the fewest rows.

/**
 * The engine or location of the every-run levels' summed rows: a row whose loc is '*' holds its
 * engine's sums over every location, a row whose engine and loc are both '*' the sums over every
 * engine and location. A period read without a location filter then reads one row per level and
 * key (and engine) instead of one per engine × location.
 */
export const ALL_CELLS = '*';

/**
 * The summed rows a roll-up keeps at its every-run levels: 'engine', each engine's over every
 * location; 'all', over every engine and location.
 */
export type SummedRows = 'engine' | 'all';

/** The engine and loc of the summed row of `kind` that a row of `engine` counts in. */
export const summedCellOf = (kind: SummedRows, engine: string): [string, string] =>
  kind === 'all' ? [ALL_CELLS, ALL_CELLS] : [engine, ALL_CELLS];

/** Where a roll-up row counts: a day (or a bucket's first day), a run (or a level), an engine, a location. */
export interface RollupCell {
  day: number;
  run: number;
  engine: string;
  loc: string;
  /** The run's monitor (com_monitors id), whose levels it also counts in; not a column. */
  monitor?: number | null;
}

/**
 * The run of the level rows of a span: every run's, 0 for days and −span for longer buckets;
 * a monitor's (com_monitors id m), −(1000·m + span).
 */
export const levelRun = (span: number, monitor: number | null = null): number =>
  monitor === null ? (span === 1 ? 0 : -span) : -(1000 * monitor + span);

const levelCell = (cell: RollupCell, span: number, monitor: number | null): RollupCell => ({
  day: bucketStart(cell.day, span),
  run: levelRun(span, monitor),
  engine: cell.engine,
  loc: cell.loc,
});

/** The cells an answer of `cell` counts in: its run's, then every run's levels, then its monitor's. */
export function levelsOf(cell: RollupCell): RollupCell[] {
  const monitor = cell.monitor ?? null;
  return [
    cell,
    ...SPANS.map((span) => levelCell(cell, span, null)),
    ...(monitor === null ? [] : SPANS.map((span) => levelCell(cell, span, monitor))),
  ];
}

const EVERY_RUN_LEVELS: ReadonlySet<number> = new Set(SPANS.map((span) => levelRun(span)));

/** A row of an every-run level (run 0, −8, −64) of one engine and location: it counts in the summed rows too. */
export const countsInSums = (cell: Pick<RollupCell, 'run' | 'engine' | 'loc'>): boolean =>
  EVERY_RUN_LEVELS.has(cell.run) && cell.engine !== ALL_CELLS && cell.loc !== ALL_CELLS;

/** The same for a run's row being taken out: every level's cell only. */
export function everyRunCells(cell: RollupCell): RollupCell[] {
  return levelsOf(cell).slice(1);
}

/** fromDay..toDay as (run, day) pairs of the level rows that tile it, as a JSON array for json_each. */
export function periodLevels(fromDay: number, toDay: number, monitor: number | null = null): string {
  return JSON.stringify(
    periodBuckets(fromDay, toDay).map(([span, start]) => [levelRun(span, monitor), start]),
  );
}
