// Sync of a history with its workspace on the team's PostgreSQL history:
// push what was recorded and configured here, pull what teammates did, resumable after any
// cut. docs/internals/team.md#sync describes the protocol.
export {
  APP_TUNING,
  CLI_TUNING,
  type AheadJudge,
  type SyncOptions,
  type SyncProgress,
  type SyncTuning,
} from './context';
export { SyncError, type SyncErrorKind } from './errors';
export { syncWithSession, syncWorkspace, toConflictView, type SyncDeps } from './sync';
export { TEAM_LINK_META, WORKSPACE_LINK_META } from './target';
export { createAheadThreads, type AheadPool, type AheadThreads } from './ahead-threads';
export { createBackgroundSync, type BackgroundSync, type BackgroundSyncDeps } from './background';
export {
  startReadAhead,
  type ReadAheadPage,
  type ReadAheadRequest,
  type ReadAheadStream,
  type ReadAheadWorkerData,
  readAheadOn,
} from './read-ahead';
export {
  publishSeed,
  seedSkipped,
  type PublishSeedOptions,
  type PublishSeedReport,
  type SeedSkipped,
} from './seed-publish';
export { installSeed, SeedRefused, type InstallSeedOptions, type InstallSeedReport } from './seed-install';
export { newestSeed, type SeedProgress } from './seed-files';
export { toResult } from './pulled-result';
export { rowFromPg } from './team-sql';
export * from './read-ahead-thread';
export {
  funnelDaysOn,
  type FunnelDaysOnThread,
  type FunnelDaysRequest,
  type FunnelDaysWorkerData,
} from './funnel-worker';
export { runFunnelDays } from './funnel-thread';
