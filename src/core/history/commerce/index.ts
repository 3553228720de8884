// The commerce layer of the answers: product, offer and ad rows written at ingest, their
// roll-ups, the fill of answers stored before them, and the reads the commerce numbers use.
export {
  createCommerceIndexer,
  type CommerceIndexer,
  type CommerceJob,
  withCommerceIndex,
} from './commerce-index';
export { createCommerceFillApi, type CommerceFillApi } from './commerce-fill';
export { recordCommerceFill } from './commerce-fill-job';
export {
  createCommerceReadApi,
  type ComAdvertiserSums,
  type ComBrandSums,
  type ComCellSums,
  type ComConquestSums,
  type CommerceDim,
  type ComFilter,
  type CommerceReadApi,
  type ComMerchantSums,
  type ComPriceCount,
  type ComProductDay,
} from './commerce-read';
/** For the benches, which build large roll-ups without the row tables. */
export { contribute, type AnswerFacts } from './commerce-contrib';
export { ALL_RUNS, CommerceRollups } from './commerce-rollups';
export { createCommerceDrillApi, type ComDrillCell, type CommerceDrillApi } from './commerce-drill';
