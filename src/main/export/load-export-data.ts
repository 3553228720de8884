import type { HistoryStore } from '../store';
import type { ExportData } from './export-data';

/** Reads what an export of a run needs from the history, or null when the run does not exist. */
export function loadExportData(
  store: Pick<HistoryStore, 'getRun' | 'getRunMatrix' | 'getResults'>,
  runId: string,
): ExportData | null {
  const run = store.getRun(runId);
  if (!run) return null;
  const cells = store.getRunMatrix(runId);
  const resultIds = cells.map((c) => c.resultId).filter((id): id is string => id !== null);
  const results = store.getResults(resultIds).map(({ rawJson: _json, raw: _raw, ...view }) => view);
  return { run, cells, results };
}
