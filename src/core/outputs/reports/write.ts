import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import { dirname, extname, join } from 'node:path';
import { collectReport, type CollectReportDeps } from './collect';
import { slugOf } from './format';
import { buildReportHtml } from './html';
import { requirePrinter, type PdfPrinter } from './pdf';
import type { ClientReport, ReportFormat, ReportRequest } from './types';
import { buildReportXlsx } from './xlsx';

// Writing a client report: collect once, render, then write beside the target and rename, so
// a reader (or a crash) never sees half a report. Shared by the app, the CLI and the step that
// runs after each monitor run.

const FORMAT_OF_EXT: Readonly<Record<string, ReportFormat>> = {
  '.html': 'html',
  '.htm': 'html',
  '.xlsx': 'xlsx',
  '.pdf': 'pdf',
};

/** The format a file name asks for (.html/.htm, .xlsx or .pdf), or null. */
export function formatOfPath(path: string): ReportFormat | null {
  return FORMAT_OF_EXT[extname(path).toLowerCase()] ?? null;
}

/** `<monitor-name-slug>-<YYYY-MM-DD>.<ext>`: the report's file name, dated by the period's last day. */
export function reportFileName(monitorName: string, lastDay: string, format: ReportFormat): string {
  return `${slugOf(monitorName)}-${lastDay}.${format}`;
}

/** The report's bytes in a format; a PDF needs a printer (the app's window, or a Chromium). */
export async function renderReport(
  report: ClientReport,
  format: ReportFormat,
  printPdf?: PdfPrinter,
): Promise<Buffer> {
  if (format === 'xlsx') return buildReportXlsx(report);
  const html = buildReportHtml(report);
  return format === 'pdf' ? requirePrinter(printPdf)(html) : Buffer.from(html, 'utf8');
}

/** Writes the bytes whole (a `.partial` file renamed into place), creating the folder. */
export async function writeWhole(path: string, bytes: Buffer): Promise<void> {
  await mkdir(dirname(path), { recursive: true });
  const partial = `${path}.partial`;
  try {
    await writeFile(partial, bytes, { mode: 0o600 });
    await rename(partial, path);
  } catch (error) {
    await rm(partial, { force: true });
    throw error;
  }
}

export interface WrittenReport {
  path: string;
  format: ReportFormat;
  bytes: number;
  report: ClientReport;
}

/** Collects the report and writes it to `path` in `format`. */
export async function writeReport(
  deps: CollectReportDeps,
  request: ReportRequest,
  path: string,
  format: ReportFormat,
  printPdf?: PdfPrinter,
): Promise<WrittenReport> {
  const report = collectReport(deps, request);
  const bytes = await renderReport(report, format, printPdf);
  await writeWhole(path, bytes);
  return { path, format, bytes: bytes.length, report };
}

/** Collects once and writes one file per format into `dir` under the report's dated name. */
export async function writeReportsToFolder(
  deps: CollectReportDeps,
  request: ReportRequest,
  dir: string,
  formats: readonly ReportFormat[],
): Promise<WrittenReport[]> {
  const report = collectReport(deps, request);
  const written: WrittenReport[] = [];
  for (const format of formats) {
    const path = join(dir, reportFileName(report.monitor.name, report.period.to, format));
    const bytes = await renderReport(report, format);
    await writeWhole(path, bytes);
    written.push({ path, format, bytes: bytes.length, report });
  }
  return written;
}
