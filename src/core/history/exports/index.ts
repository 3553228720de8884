// Run exports: a read-only connection reading a run row by row, and JSON lines made in SQL, on
// worker threads for large runs (export-json-worker.ts is a thread's entry file).

export {
  type ExportCellSummary,
  type ExportJob,
  openRunExportReader,
  type RunExportReader,
} from './export-read';
export {
  CHUNK_JOBS,
  exportThreads,
  type ExportWorkerScript,
  jsonChunksFromWorkers,
} from './export-json-workers';
export {
  adBlockSql,
  adTypeSql,
  brandIdSql,
  type ExportAdRow,
  type ExportProductRow,
  productSurfaceSql,
} from './export-commerce';
export type { ExportFactRow } from './export-facts';
