import type { ResultView } from '../../../../shared/ipc/channels/runs';
import type { CompareColumn } from '../../lib/compare-columns';
import { locationLabel } from '../../lib/countries';
import { formatDate } from '../../lib/format';
import { engineLabel } from '../../lib/engine-label';

/**
 * One compare column per stored answer of a result set, in the set's order (newest first).
 * A result set has no job matrix, so each answer stands in as a succeeded cell of its own;
 * ids without a stored answer (deleted since) get no column.
 */
export function resultSetColumns(
  resultIds: readonly string[],
  results: Readonly<Record<string, ResultView>>,
): CompareColumn[] {
  return resultIds.flatMap((id) => {
    const r = results[id];
    if (!r) return [];
    return [
      {
        key: r.resultId,
        label: `${locationLabel(r.country, r.state)} · ${engineLabel(r.engine)} · ${formatDate(r.fetchedAt)}${r.repeat > 1 ? ` · repeat ${r.repeat}` : ''}`,
        cell: {
          jobId: r.jobId,
          promptIndex: 0,
          engine: r.engine,
          country: r.country,
          state: r.state,
          repeat: r.repeat,
          jobState: 'succeeded',
          resultId: r.resultId,
          excerpt: r.normalized.text.slice(0, 80),
          sourceCount: r.normalized.sources.length,
          error: null,
        },
      },
    ];
  });
}

/** A column with the answers of the other repeats of its cell (same run, prompt, engine and place). */
export interface GroupedColumn {
  column: CompareColumn;
  /** Every answer of the cell in the set, this column's first; one id when it has no repeats. */
  resultIds: string[];
}

/**
 * Repeats of one cell collapsed into one column (its first answer shown, the others behind its
 * summary), in the set's order; with `separate`, every answer keeps a column of its own.
 */
export function groupRepeatColumns(
  columns: readonly CompareColumn[],
  results: Readonly<Record<string, ResultView>>,
  separate: boolean,
): GroupedColumn[] {
  if (separate) return columns.map((column) => ({ column, resultIds: [column.key] }));
  const groups = new Map<string, GroupedColumn>();
  for (const column of columns) {
    const r = results[column.key];
    const key = r
      ? [r.runId, r.prompt, r.engine, r.country, r.state ?? ''].join('\u0000')
      : `answer:${column.key}`;
    const group = groups.get(key);
    if (group) group.resultIds.push(column.key);
    else groups.set(key, { column, resultIds: [column.key] });
  }
  return [...groups.values()];
}
