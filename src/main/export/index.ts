import type { ExportFormat } from '../../shared/ipc/channels/tools';
import { buildCompareReport } from './compare-report';
import { buildCsv } from './csv';
import type { ExportData } from './export-data';
import { buildJson } from './json';
import { buildMarkdown } from './markdown';
import { buildXlsx } from './xlsx';

export { buildCompareReport, type CompareReportOptions } from './compare-report';
export { buildCsv } from './csv';
export { buildJson } from './json';
export { buildMarkdown } from './markdown';
export { buildXlsx } from './xlsx';
export { exportRows, sourceRows, EXPORT_COLUMNS, type ExportData, type ExportRow } from './export-data';

export const EXPORT_EXTENSIONS: Record<ExportFormat, string> = {
  csv: 'csv',
  json: 'json',
  xlsx: 'xlsx',
  md: 'md',
  html: 'html',
};

/** The bytes of one export of a run, in the given format (html: the compare report of its results). */
export async function renderRunExport(format: ExportFormat, data: ExportData): Promise<Buffer> {
  switch (format) {
    case 'csv':
      // A BOM so Excel opens UTF-8 (accents, CJK) correctly.
      return Buffer.from(`\uFEFF${buildCsv(data)}`, 'utf8');
    case 'json':
      return Buffer.from(buildJson(data), 'utf8');
    case 'xlsx':
      return buildXlsx(data);
    case 'md':
      return Buffer.from(buildMarkdown(data), 'utf8');
    case 'html':
      return Buffer.from(
        buildCompareReport(data.results, { title: data.run.name ?? `Run ${data.run.id}` }),
        'utf8',
      );
  }
}
export { loadExportData } from './load-export-data';
