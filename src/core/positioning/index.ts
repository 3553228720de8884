export * from './judges/model';
export * from './positioning';
export { openJudgeKeyStore } from './judges/model/judge-key';
export {
  JudgeSettingsError,
  createJudgeService,
  type JudgeService,
  type JudgeStatusView,
} from './judges/model/judge-service';
export {
  ModelRescoreRefused,
  planModelRescore,
  storeJudgeCache,
  type ModelRescorePlan,
} from './judges/model/model-rescore';
export { createModelRescoreDriver, type ModelRescoreDriverDeps } from './judges/model/model-rescore-driver';
export { createRescoreControl, type RescoreControl } from './judges/rescore-control';
