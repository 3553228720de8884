// Client reports: one monitor over one period as a self-contained HTML file (and XLSX), read
// through the visibility service; written on demand (app, CLI) and after monitor runs.
export {
  collectReport,
  REPORT_ALERTS,
  REPORT_ALERTS_SHOWN,
  REPORT_DIGESTS,
  REPORT_TOP,
  type CollectReportDeps,
} from './collect';
export {
  engineFindings,
  focusFirst,
  kpiFindings,
  MAX_FINDINGS,
  type Finding,
  type FindingsSource,
} from './findings';
export { buildReportHtml, REPORT_CSP } from './html';
export { buildReportXlsx } from './xlsx';
export {
  chromiumPdfPrinter,
  findChromium,
  NO_CHROMIUM_MESSAGE,
  requirePrinter,
  type PdfPrinter,
} from './pdf';
export {
  formatOfPath,
  renderReport,
  reportFileName,
  writeReport,
  writeReportsToFolder,
  writeWhole,
  type WrittenReport,
} from './write';
export { slugOf } from './format';
export {
  REPORT_FORMATS,
  type ClientReport,
  type CommerceSource,
  type PositioningSource,
  type QuestionGroup,
  type ReportFormat,
  type ReportCommerce,
  type ReportPositioning,
  type ReportRequest,
} from './types';
export { questionGroups } from './questions';
export { reportCommerce, REPORT_ADVERTISERS, REPORT_CONQUESTS, REPORT_MERCHANTS } from './commerce-source';
export { createReportStep, DEFAULT_REPORT_DAYS, type ReportStepOptions } from './after-run-step';
export * from './logo';
export { LogoError, readLogoFile, recheckLogo } from './logo';
