export * from './model';
export { openJudgeKeyStore } from './model/judge-key';
export {
  JudgeSettingsError,
  createJudgeService,
  type JudgeService,
  type JudgeStatusView,
} from './model/judge-service';
export {
  ModelRescoreRefused,
  planModelRescore,
  storeJudgeCache,
  type ModelRescorePlan,
} from './model/model-rescore';
export { createModelRescoreDriver, type ModelRescoreDriverDeps } from './model/model-rescore-driver';
export { chooseBuiltinRescore, createRescoreControl, type RescoreControl } from './rescore-control';
export * from './facts';
