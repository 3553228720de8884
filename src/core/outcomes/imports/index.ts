// Imports of first-party exports: GA4 traffic, Search Console's and Bing's queries and pages.

export {
  importOutcomeFile,
  OutcomesImportError,
  type ImportError,
  type ImportInput,
  type ImportKind,
  type ImportReport,
} from './import-file';
export { isoOfDay, parseDay } from './csv-table';
