// The history as plain tables for other tools (SQLite file or Parquet folder): see
// docs/reference/data-model.md for what each table and column holds.
export { exportHistory, type DbExportDeps, type DbExportRequest } from './export-history';
export { readsOnSecondThread } from './threads';
export { EXPORT_TABLES } from './tables';
export { EXPORT_LAYOUT_VERSION } from './meta';
export {
  DB_EXPORT_FORMATS,
  DbExportCanceledError,
  DbExportInputError,
  type DbExportFilter,
  type DbExportFormat,
  type DbExportOutcome,
  type DbExportProgress,
  type DbExportTableOutcome,
  type ExportColumn,
  type ExportTable,
} from './types';
export { dbExportFilter, demoRunIdsOf, engineLabelsOf } from './request';
