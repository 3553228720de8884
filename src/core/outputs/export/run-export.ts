import { rm, stat } from 'node:fs/promises';
import type { ExportFormat, ExportTable } from '../../../shared/ipc/channels/tools';
import type { RunDetailView } from '../../../shared/ipc/channels/runs';
import type { CommerceService } from '../../../shared/commerce';
import {
  engineLabelFrom,
  engineLabelsOf,
  NEUTRAL_PROFILE,
  type ServiceProfile,
} from '../../../shared/profile';
import { openRunExportReader, type ExportWorkerScript } from '../../history';
import { runCommerce } from './commerce-sheet';
import type { ExportContext } from './context';
import { writeCsv } from './csv';
import { commitPartial, openFileSink, partialPathOf } from './file-sink';
import { writeJson, writeNdjson } from './json';
import { MARKDOWN_PASSES, writeMarkdown } from './markdown';
import { createProgressTicker, type ExportProgress } from './progress';
import { partialExportNote } from './partial';
import { writeRunReport } from './run-report';
import { XLSX_PASSES, writeXlsx } from './xlsx';

// One export of a run to a file, streamed from the history: rows are read on a read-only
// connection of their own and written as they come, to `<path>.partial`, renamed to `path`
// only when complete. Shared by the app's export.run handler and the CLI's `export`.

export interface RunExportRequest {
  format: ExportFormat;
  /** csv: the table the file holds (default answers: one row per job). */
  table?: ExportTable;
  /** Where the file goes (an existing file there is replaced only once the export is complete). */
  path: string;
  /** html: the prompts (0-based indexes) whose answers the report shows; all by default. */
  promptIndexes?: readonly number[];
  /** html: the report's size cap (default HTML_MAX_BYTES). */
  reportMaxBytes?: number;
  signal?: AbortSignal;
  onProgress?: (progress: ExportProgress) => void;
  now?: () => number;
}

export interface RunExportOutcome {
  path: string;
  /** The run had jobs still to end: the file says it is partial (partial.ts). */
  partial: string | null;
  bytes: number;
  jobs: number;
  results: number;
  /** html: answers the report left out (size cap or prompts not chosen). */
  leftOut?: number;
}

/** Rows read per job for the progress total (xlsx and md read the run twice). */
function passes(format: ExportFormat): number {
  if (format === 'xlsx') return XLSX_PASSES;
  if (format === 'md') return MARKDOWN_PASSES;
  return 1;
}

export async function exportRunToFile(
  deps: {
    historyPath: string;
    run: RunDetailView;
    jsonWorker?: ExportWorkerScript;
    /** The service profile in use: every engine is written by its label (default: the spec's labels). */
    profile?: Pick<ServiceProfile, 'engines'>;
    /** Whose positioning rows carry (the active judge; default the built-in judge). */
    positioningJudge?: string;
    /** The commerce numbers' service: the XLSX gains a Commerce sheet when the run shows products or ads. */
    commerce?: CommerceService;
  },
  request: RunExportRequest,
): Promise<RunExportOutcome> {
  const { run } = deps;
  const engineLabels = engineLabelsOf(deps.profile ?? NEUTRAL_PROFILE);
  const reader = openRunExportReader(
    deps.historyPath,
    deps.positioningJudge ? { positioningJudge: deps.positioningJudge } : {},
  );
  const progress = createProgressTicker(run.total * passes(request.format), request);
  const ctx: ExportContext = {
    run,
    reader,
    progress,
    ...(deps.jsonWorker ? { jsonWorker: deps.jsonWorker } : {}),
    engineLabels,
    labelOf: engineLabelFrom(engineLabels),
    ...(deps.commerce && request.format === 'xlsx'
      ? { commerce: runCommerce(deps.commerce, run, request.now?.() ?? Date.now()) }
      : {}),
  };
  const base = {
    path: request.path,
    jobs: run.total,
    results: run.counts.succeeded,
    partial: partialExportNote(run),
  };
  try {
    if (request.format === 'xlsx') {
      const partial = partialPathOf(request.path);
      try {
        await writeXlsx(ctx, partial);
        await commitPartial(request.path);
      } catch (error) {
        await rm(partial, { force: true });
        throw error;
      }
      progress.finish();
      return { ...base, bytes: (await stat(request.path)).size };
    }
    const sink = openFileSink(request.path);
    try {
      const text = { ...ctx, sink };
      let leftOut: number | undefined;
      if (request.format === 'csv') await writeCsv(text, request.table);
      else if (request.format === 'json') await writeJson(text);
      else if (request.format === 'ndjson') await writeNdjson(text);
      else if (request.format === 'md') await writeMarkdown(text);
      else {
        const report = await writeRunReport(text, {
          promptIndexes: request.promptIndexes,
          maxBytes: request.reportMaxBytes,
          generatedAt: request.now?.(),
        });
        leftOut = report.leftOut;
      }
      const bytes = await sink.commit();
      progress.finish();
      return { ...base, bytes, ...(leftOut === undefined ? {} : { leftOut }) };
    } catch (error) {
      await sink.abort();
      throw error;
    }
  } finally {
    reader.close();
  }
}
