// How the engines present each tracked brand, over stored history: the Positioning
// queries (recommendation rate, net sentiment, status mix, attributes) answered from the roll-ups
// the store keeps at ingest, answers' positioning for Compare and `show --json`, and the
// archive's re-score with any judge (the built-in one on worker threads in the app).
export { createPositioningService, type PositioningService, type PositioningDeps } from './service';
export { createRescoreDriver, type RescoreDriver, type RescoreDriverDeps } from './rescore-driver';
export {
  builtinRescoreJudge,
  RESCORE_BATCH,
  runRescore,
  type RescoreJudge,
  type RescoreOutcome,
  type RescoreProgressStep,
  type RescoreRunOptions,
  type RescoreStore,
} from './rescore-pipeline';
export { createBuiltinJudgePool, judgeThreadCount, startAheadPool, type JudgePool } from './judge-pool';
export { movedLines, progressOf, summaryOf } from './rescore-view';
export { rescoreStatus } from './rescore-status';
export { reportPositioning, REPORT_ATTRIBUTE_GAPS, REPORT_ATTRIBUTES } from './report-source';
