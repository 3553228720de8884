import type { ResultView } from '../../../../shared/ipc/channels/runs';
import type { CompareColumn } from '../../lib/compare-columns';
import { locationLabel } from '../../lib/countries';
import { engineLabel } from '../../lib/engine-label';

/** "Nov 2, 2025": the day an answer was fetched, for a column label. */
export function formatDay(epochMs: number): string {
  return new Date(epochMs).toLocaleDateString('en', { day: 'numeric', month: 'short', year: 'numeric' });
}

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
        label: `${locationLabel(r.country, r.state)} · ${engineLabel(r.engine)} · ${formatDay(r.fetchedAt)}`,
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
