// The Visibility index: each answer's brand and source facts, their daily roll-ups, the reads
// behind the Visibility view and the re-analysis after a brand changes.

export { createVisibilityIndexer, SOURCE_KIND_BITS, type VisibilityIndexer } from './visibility-index';
export {
  forEachChunk,
  type RollupRow,
  rollupTables,
  type UpsertTable,
  writeRollupRows,
} from './visibility-rollups';
export { conditions, pickLevelOf, type Level } from './visibility-levels';
export { readBrandDefinitions } from './visibility-brands';
export { recordTextlessReanalysis } from './visibility-serp';
export { createVisibilityJobApi, REANALYSIS_BATCH, type VisibilityJobApi } from './visibility-reanalysis';
export {
  createVisibilityReadApi,
  type VisBrandRow,
  type VisDim,
  type VisFilter,
  type VisibilityReadApi,
  visBrandsQuery,
} from './visibility-read';
