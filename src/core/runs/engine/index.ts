// The run engine: run specs → durable jobs → API calls → stored results, plus monitors.
export {
  createRunEngine,
  RunRefusedError,
  RunHeldError,
  CLEAR_QUEUE_NOTICE,
  type JobEvent,
  type RunEngine,
  type RunEngineDeps,
  type RunStartMeta,
} from './run-engine';
export type { RunEngineStore } from './active-run';
export { estimateRun, budgetBlockers } from './estimate';
export {
  buildEngineRequest,
  cellTemplates,
  engineTakesState,
  ENGINE_INCLUDES,
  jobCount,
  planJobs,
  runMaxCredits,
} from './job-plan';
export { idempotencyKeyFor } from './idempotency';
export { parsePromptFile, type PromptFileOutcome } from './prompt-file';
export { parseCadence, nextDueAt, type Cadence } from './cadence';
export {
  createMonitorScheduler,
  MonitorInputError,
  type MonitorRunOutcome,
  type MonitorScheduler,
  type MonitorSchedulerDeps,
} from './monitors';
export { createSlotGate, type SlotGate } from './slot-gate';
export {
  currentProcessOwner,
  defaultOwnerProbe,
  heldByAnotherProcess,
  pidIsAlive,
  resumabilityOf,
  type OwnerProbe,
  type Resumability,
} from './run-owner';

export { blockedLine } from './store-hold';
