import type { RunDetailView } from '../../../shared/ipc/channels/runs';
import type { ExportJob } from '../../history';
import type { EngineLabelOf } from '../../../shared/profile';
import { positioningColumns } from './positioning-columns';

// The flat row of one job: the shape of the CSV, of the XLSX "Results" sheet and of the
// Markdown table. Built from one job read from the history, so a CSV from the app and one from
// a script match, and a row is written as soon as it is read. Columns added later go at the
// end, so a spreadsheet or script reading columns by position keeps working.

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
  /** The answer's page (index 0): archived, pending or failed; empty when it links to none. */
  pageState: string;
  /** Why it failed, or why a pending page is waiting to retry (code, then the reason in words). */
  pageReasonCode: string;
  pageReason: string;
  /** Every tracked brand the answer names: "Veloxa: top (+0.60); Fleetfoot: cautioned (−0.40)". */
  positioning: string;
  /** Brands presented as the top pick, recommended (top picks included) and cautioned against. */
  topPick: string;
  recommended: string;
  cautioned: string;
  /** The engine as the service profile labels it (ChatGPT for assistant-a under the live profile). */
  engineLabel: string;
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
  'pageState',
  'pageReasonCode',
  'pageReason',
  'positioning',
  'topPick',
  'recommended',
  'cautioned',
  'engineLabel',
];

/** Distinct non-empty domains in the engine's order, at most `limit`. */
export function topDomains(domains: readonly string[], limit = 5): string[] {
  const out: string[] = [];
  for (const domain of domains) {
    if (domain && !out.includes(domain)) out.push(domain);
    if (out.length >= limit) break;
  }
  return out;
}

export function exportRow(
  run: Pick<RunDetailView, 'id' | 'prompts'>,
  job: ExportJob,
  labelOf: EngineLabelOf,
): ExportRow {
  const result = job.result;
  const page = result?.pages.find((p) => p.index === 0);
  return {
    runId: run.id,
    jobId: job.jobId,
    prompt: run.prompts[job.promptIndex] ?? job.prompt,
    engine: job.engine,
    country: job.country,
    state: job.state ?? '',
    repeat: job.repeat,
    jobState: job.jobState,
    resultId: result?.resultId ?? '',
    fetchedAt: result ? new Date(result.fetchedAt).toISOString() : '',
    answer: result?.text ?? '',
    sourceCount: job.sourceCount,
    topDomains: result ? topDomains(result.domains).join(' ') : '',
    model: result?.model ?? '',
    errorCode: job.error?.code ?? '',
    errorMessage: job.error?.message ?? '',
    requestId: job.error?.requestId ?? '',
    pageState: page?.state ?? '',
    pageReasonCode: page?.reasonCode ?? '',
    pageReason: page?.reason ?? '',
    ...positioningColumns(result?.positioning),
    engineLabel: labelOf(job.engine),
  };
}

/** The values of a row in column order. */
export const rowValues = (row: ExportRow): Array<string | number> => EXPORT_COLUMNS.map((col) => row[col]);
