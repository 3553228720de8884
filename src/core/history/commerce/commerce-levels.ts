import { bucketStart, periodBuckets, SPANS } from '../positioning';

// The every-run levels of the commerce roll-ups: run 0 holds each day, run −8 and run −64 each
// 8- and 64-day bucket (day: its first day), so a period is read from the fewest rows.

/** Where a roll-up row counts: a day (or a bucket's first day), a run (or a level), an engine, a location. */
export interface RollupCell {
  day: number;
  run: number;
  engine: string;
  loc: string;
}

/** The run of the every-run rows of a span: 0 for days, −span for longer buckets. */
export const levelRun = (span: number): number => (span === 1 ? 0 : -span);

/** The cells an answer of `cell` counts in: its run's, then every level's. */
export function levelsOf(cell: RollupCell): RollupCell[] {
  return [cell, ...SPANS.map((span) => ({ ...cell, run: levelRun(span), day: bucketStart(cell.day, span) }))];
}

/** The same for a run's row being taken out: every level's cell only. */
export function everyRunCells(cell: RollupCell): RollupCell[] {
  return levelsOf(cell).slice(1);
}

/** fromDay..toDay as (run, day) pairs of the level rows that tile it, as a JSON array for json_each. */
export function periodLevels(fromDay: number, toDay: number): string {
  return JSON.stringify(periodBuckets(fromDay, toDay).map(([span, start]) => [levelRun(span), start]));
}
