// Pages archived at ingest: results' page links downloaded while valid, scripts stripped,
// kept compressed in the history (plain Node: the app's core and the CLI run it).
export {
  createPageArchiver,
  DEFAULT_ARCHIVER_OPTIONS,
  type PageArchiver,
  type PageArchiverDeps,
  type PageArchiverOptions,
  type PageArchiveStore,
} from './archiver';
export { createWorkerSanitizer, type PageSanitizer, type WorkerSanitizer } from './sanitize-in-worker';
export { downloadPage, type PageDownload } from './fetch-page';
export { createReportPageSections, REPORT_PAGES_MAX_BYTES } from './report-pages';
// The sanitiser itself (./sanitize) is loaded by the archiver on its first download only.
export { ARCHIVED_PAGE_CSP } from './page-csp';
