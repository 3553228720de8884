// The Visibility index: each answer's brand and source facts, their daily roll-ups, the reads
// behind the Visibility view and the re-analysis after a brand changes.

export {
  createVisibilityIndexer,
  DAY_MS,
  SOURCE_KIND_BITS,
  type VisibilityIndexer,
} from './visibility-index';
export { JOB_CELLS_SQL, type JobCellRow } from './visibility-keys';
export {
  forEachChunk,
  type RollupRow,
  rollupTables,
  type UpsertTable,
  writeRollupRows,
} from './visibility-rollups';
export { conditions, dimColumn, overCells, pickLevelOf, promptScoped, type Level } from './visibility-levels';
export { brandHits, brandsKey, readBrandDefinitions } from './visibility-brands';
export {
  type AnalysedAhead,
  type AnalysedContent,
  analyseAnswersAhead,
  leadsAhead,
  offerBrandHits,
  offerLeads,
} from './visibility-ahead';
export { recordTextlessReanalysis } from './visibility-serp';
export { createVisibilityJobApi, REANALYSIS_BATCH, type VisibilityJobApi } from './visibility-reanalysis';
export { recordScriptsReanalysis } from './visibility-scripts';
export {
  createVisibilityReadApi,
  type VisBrandRow,
  type VisCellRow,
  type VisDim,
  type VisFilter,
  type VisibilityReadApi,
  visBrandsQuery,
} from './visibility-read';
