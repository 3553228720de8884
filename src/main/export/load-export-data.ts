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
  const results: ExportData['results'] = [];
  // In chunks, so a 100,000-job run does not build one giant IN list; the raw JSON is left
  // out (exports carry the normalized view; the raw answer stays in the history).
  for (let i = 0; i < resultIds.length; i += 500) {
    for (const { rawJson: _json, raw: _raw, ...view } of store.getResults(resultIds.slice(i, i + 500)))
      results.push(view);
  }
  return { run, cells, results };
}
