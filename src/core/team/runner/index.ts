// The always-on runner: claims due monitors on the team's PostgreSQL, runs
// them with the run engine into a local history, pushes each run to the team as it goes, and
// finishes the runs of runners that died. docs/internals/runner.md describes the protocol.
export {
  attachRun,
  claimDue,
  ensureSchedules,
  finishClaim,
  heartbeat,
  releaseClaim,
  takeOverExpired,
  type Claim,
  type ClaimOptions,
  type ClaimOutcome,
  type RunnerIdentity,
} from './claims';
export { createRunner, type Runner, type RunnerRun } from './runner';
export { copyRunFromTeam, previousTeamRun } from './team-run';
export {
  DEFAULT_TUNING,
  type RunLogLine,
  type RunnerDeps,
  type RunnerSeeds,
  type RunnerSummary,
  type RunnerTuning,
  type RunnerWorkspace,
} from './types';
export { KeyFileError, keyFileStore, readKeyFile } from './key-file';
