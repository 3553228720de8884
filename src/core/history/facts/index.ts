// Brand facts: the brands' fact sheets, every stored answer's checks against them (written at
// ingest, riding along with the Visibility index), the re-check after a sheet changes, and the
// checks read back (docs/internals/facts.md).

export { createFactsApi, type FactsApi } from './facts-api';
export { createFactsIndexer, withFactsIndex, type FactsIndexer } from './facts-index';
export type { FactBrandCellSums, FactCellSums, FactDrill, FactsPeriodRows } from './facts-period';
export type { FactSourceRow, FactVerdictRow, StoredFactCheck } from './facts-read';
export type { RecheckStep } from './facts-recheck';
export type { CachedFactVerdict, FactJudgeCacheKey, FactModelBatch, FactModelItem } from './facts-model';
