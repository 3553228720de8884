// Positioning: how each stored answer presents each tracked brand, judged at ingest
// by the built-in judge (a model judge's rows come from its re-score), the roll-ups the
// Positioning queries read, answers' positioning read back, and the archive's re-score.

export { createPositioningIndexer, withPositioningIndex, type PositioningIndexer } from './positioning-index';
export {
  createPositioningReadApi,
  type PosAttrRow,
  type PositioningReadApi,
  type PosStatusRow,
} from './positioning-read';
export { createPositioningResultsApi, type PositioningResultsApi } from './positioning-results';
export {
  createPositioningJobApi,
  type PositioningJobApi,
  type RescoreJobView,
  type RescoreRequest,
} from './positioning-jobs';
export {
  RESCORE_SQL,
  type RescoreBatch,
  type RescoreItem,
  type RescoreStep,
  type StoredSummary,
} from './positioning-rescore';
export {
  RESCORE_SCOPE_SQL,
  type MovedState,
  type RescoreJob,
  type RescoreReason,
} from './positioning-rescore-job';
export { addPositioningRollups, type JudgeVerdict } from './positioning-rows';
export {
  compactVerdict,
  isNotScored,
  verdictCount,
  type CompactVerdict,
  type CompactVerdicts,
  type RescoreVerdicts,
} from './positioning-compact';
export {
  polarityOfCode,
  sentimentOfCode,
  STATUS_CODES,
  statusOfCode,
  type StoredBrandRow,
} from './positioning-codes';
export { PositioningRollupWriter, positioningTables } from './positioning-rollups';
export { bucketStart, periodBuckets, SPANS } from './positioning-buckets';
export { fillPositioningSettled } from './positioning-settled';
export { openPositioningConnection, type PositioningConnection } from './positioning-connection';
export { createJudgeCacheApi, type JudgeCacheApi, type JudgeCacheKey } from './judge-cache';
export {
  createPrejudgeApi,
  judgedContent,
  offerVerdict,
  type PrejudgeApi,
  type PrejudgeInputs,
  type Prejudged,
} from './positioning-prejudge';
export { judgeCompact, packBackToBack, unpackBackToBack } from './ahead-work';
