import type { ExportFormat } from '../../../shared/ipc/channels/tools';

export { commerceSheet, runCommerce, type CommerceSheet, type CommerceTable } from './commerce-sheet';
export { buildCompareReport, type CompareReportOptions } from './compare-report';
export { ExportCanceledError, type ExportProgress } from './progress';
export { HTML_MAX_BYTES } from './run-report';
export { exportRunToFile, type RunExportOutcome, type RunExportRequest } from './run-export';

export const EXPORT_EXTENSIONS: Record<ExportFormat, string> = {
  csv: 'csv',
  json: 'json',
  ndjson: 'ndjson',
  xlsx: 'xlsx',
  md: 'md',
  html: 'html',
};
export { escapeHtml, safeHttpUrl } from './html-escape';
export { topDomains } from './export-data';
