// Server and CDN logs read by DuckDB into the history's crawler day totals.

export { LOG_FORMATS, type LogFormat } from './formats';
export { importLogs, type ImportLogsOptions, type ImportLogsResult } from './import-logs';
export type { FileSummary } from './import-file';
