// Runs and their jobs: the run and job tables, a run's job grid, its owner (the process driving
// it), its sessions (credits sent and received), key labels, and the records the store returns.

export type * from './types';
export { createRunsApi, type JobPatcher, type RunsApi } from './runs';
export type { RunSession, RunSessionsApi, SessionReconciliation, UnreceivedCredits } from './run-sessions';
export { createRunOwnersApi, type OwnerIdentity, type RunOwner, type RunOwnersApi } from './run-owners';
export { buildJobGrid } from './job-grid';
export { isMaskedKeyLabel, maskKeyLabel } from './key-label';
