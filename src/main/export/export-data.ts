import type { MatrixCellView, ResultView, RunDetailView } from '../../shared/ipc/channels/runs';
import type { NormalizedSource } from '../../shared/domain/result';

// What every export format is built from: the run, one cell per job, and the stored results.
// The app's export.run handler and the CLI's `export` command read these from the history
// and hand them to the same builders, so a CSV from the app and one from a script match.

export interface ExportData {
  run: RunDetailView;
  cells: MatrixCellView[];
  results: ResultView[];
}

/** One flat row per job: the shape of the CSV and of the XLSX "Results" sheet. */
export interface ExportRow {
  runId: string;
  jobId: string;
  prompt: string;
  engine: string;
  country: string;
  state: string;
  repeat: number;
  jobState: string;
  resultId: string;
  fetchedAt: string;
  answer: string;
  sourceCount: number;
  topDomains: string;
  model: string;
  errorCode: string;
  errorMessage: string;
  requestId: string;
}

export const EXPORT_COLUMNS: ReadonlyArray<keyof ExportRow> = [
  'runId',
  'jobId',
  'prompt',
  'engine',
  'country',
  'state',
  'repeat',
  'jobState',
  'resultId',
  'fetchedAt',
  'answer',
  'sourceCount',
  'topDomains',
  'model',
  'errorCode',
  'errorMessage',
  'requestId',
];

/** Distinct domains in the engine's order, at most `limit`. */
export function topDomains(sources: NormalizedSource[], limit = 5): string[] {
  const out: string[] = [];
  for (const s of sources) {
    if (s.domain && !out.includes(s.domain)) out.push(s.domain);
    if (out.length >= limit) break;
  }
  return out;
}

export function exportRows(data: ExportData): ExportRow[] {
  const byResult = new Map(data.results.map((r) => [r.resultId, r]));
  return data.cells.map((cell) => {
    const result = cell.resultId ? byResult.get(cell.resultId) : undefined;
    return {
      runId: data.run.id,
      jobId: cell.jobId,
      prompt: data.run.prompts[cell.promptIndex] ?? result?.prompt ?? '',
      engine: cell.engine,
      country: cell.country,
      state: cell.state ?? '',
      repeat: cell.repeat,
      jobState: cell.jobState,
      resultId: cell.resultId ?? '',
      fetchedAt: result ? new Date(result.fetchedAt).toISOString() : '',
      answer: result?.normalized.text ?? '',
      sourceCount: result ? result.normalized.sources.length : cell.sourceCount,
      topDomains: result ? topDomains(result.normalized.sources).join(' ') : '',
      model: result?.normalized.model ?? '',
      errorCode: cell.error?.code ?? '',
      errorMessage: cell.error?.message ?? '',
      requestId: cell.error?.requestId ?? '',
    };
  });
}

/** One row per source of every result: the XLSX "Sources" sheet. */
export interface SourceRow {
  resultId: string;
  engine: string;
  country: string;
  state: string;
  kind: string;
  position: number;
  domain: string;
  url: string;
  title: string;
}

export function sourceRows(data: ExportData): SourceRow[] {
  const rows: SourceRow[] = [];
  for (const r of data.results) {
    for (const s of r.normalized.sources) {
      rows.push({
        resultId: r.resultId,
        engine: r.engine,
        country: r.country,
        state: r.state ?? '',
        kind: s.kind,
        position: s.position,
        domain: s.domain,
        url: s.url,
        title: s.title ?? '',
      });
    }
  }
  return rows;
}
