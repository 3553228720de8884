// The always-on runner (issue 34, stage 3): claims due monitors on the team's PostgreSQL, runs
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
