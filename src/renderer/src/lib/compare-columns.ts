import { byEngineOrder, type EngineName } from '../../../shared/api/engines';
import type { MatrixCellView, ResultView } from '../../../shared/ipc/channels/runs';
import { locationLabel } from './countries';
import { engineLabel } from './engine-label';

// Which answers the compare view puts side by side: the cells of one prompt, one column per
// value of the chosen dimension, the other dimensions fixed by the filters.

export type GroupBy = 'location' | 'engine' | 'repeat';

export interface CompareFilters {
  promptIndex: number;
  groupBy: GroupBy;
  engine: EngineName | null;
  location: string | null;
  /** null: the first repeat of the run (repeats are numbered from 1). */
  repeat: number | null;
}

export interface CompareColumn {
  key: string;
  label: string;
  cell: MatrixCellView;
}

export function locationKey(c: Pick<MatrixCellView, 'country' | 'state'>): string {
  return c.state ? `${c.country}-${c.state}` : c.country;
}

export function dimensionValues(cells: readonly MatrixCellView[]) {
  const engines: EngineName[] = [];
  const locations: string[] = [];
  const repeats: number[] = [];
  const prompts: number[] = [];
  for (const c of cells) {
    if (!engines.includes(c.engine)) engines.push(c.engine);
    const loc = locationKey(c);
    if (!locations.includes(loc)) locations.push(loc);
    if (!repeats.includes(c.repeat)) repeats.push(c.repeat);
    if (!prompts.includes(c.promptIndex)) prompts.push(c.promptIndex);
  }
  return {
    engines: engines.sort(byEngineOrder),
    locations,
    repeats: repeats.sort((a, b) => a - b),
    prompts: prompts.sort((a, b) => a - b),
  };
}

export function compareColumns(cells: readonly MatrixCellView[], f: CompareFilters): CompareColumn[] {
  const dims = dimensionValues(cells);
  const engine = f.engine ?? dims.engines[0] ?? null;
  const location = f.location ?? dims.locations[0] ?? null;
  const repeat = f.repeat ?? dims.repeats[0] ?? null;
  const chosen = cells.filter(
    (c) =>
      c.promptIndex === f.promptIndex &&
      (f.groupBy === 'engine' || c.engine === engine) &&
      (f.groupBy === 'location' || locationKey(c) === location) &&
      (f.groupBy === 'repeat' || c.repeat === repeat),
  );
  // Engines side by side in the catalog's order, whatever order the run stored them in.
  if (f.groupBy === 'engine') chosen.sort((x, y) => byEngineOrder(x.engine, y.engine));
  return chosen.map((cell) => ({
    key: cell.jobId,
    label:
      f.groupBy === 'location'
        ? locationLabel(cell.country, cell.state)
        : f.groupBy === 'engine'
          ? engineLabel(cell.engine)
          : `Repeat ${cell.repeat}`,
    cell,
  }));
}

/**
 * The answers of every repeat of a column's cell (same prompt, engine and place in the run),
 * in repeat order: what the column's repeat summary reads.
 */
export function repeatResultIds(cells: readonly MatrixCellView[], of: MatrixCellView): string[] {
  return cells
    .filter(
      (c) =>
        c.promptIndex === of.promptIndex &&
        c.engine === of.engine &&
        c.country === of.country &&
        c.state === of.state &&
        c.resultId !== null,
    )
    .sort((x, y) => x.repeat - y.repeat)
    .map((c) => c.resultId as string);
}

/** Markdown to show for a result (plain text is valid Markdown too). */
export function answerMarkdown(result: ResultView): string {
  return result.normalized.markdown ?? result.normalized.text;
}
