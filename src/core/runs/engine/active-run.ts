import type { ApiClient, ResponseMeta } from '../api';
import type { JobState, RunSpec } from '../../../shared/domain/run-spec';
import type { ResultsApi, RunOwnersApi, RunSessionsApi, RunsApi } from '../../history';
import type { SessionStore } from './credit-reconciliation';
import type { IngestBatcher } from './ingest-batcher';
import type { ProgressTracker } from './progress';
import type { SlotGate } from './slot-gate';
import type { StoreHold } from './store-hold';
import type { TransitionBatcher } from './transition-batcher';

// The state one run's driver shares with the engine: what the user asked (run, pause,
// cancel), the progress it reports, and the services it uses.

/** What the run engine needs from the history store. */
export type RunEngineStore = Pick<
  RunsApi,
  | 'createRun'
  | 'getRun'
  | 'updateRun'
  | 'listJobs'
  | 'transitionJob'
  | 'transitionJobs'
  | 'listUnfinishedRuns'
  | 'listInFlightJobs'
  | 'countJobs'
  | 'getJob'
> &
  Pick<ResultsApi, 'ingestResults'> &
  Pick<RunOwnersApi, 'claimRun' | 'heartbeatRuns' | 'releaseRun' | 'runOwners'> &
  SessionStore &
  Pick<RunSessionsApi, 'cutRunSessions'> & {
    /** The history file: held-answers journals are named after it (engine-storage.ts). */
    readonly path?: string;
  };

export type RunControl = 'run' | 'pause' | 'cancel';

export interface ActiveRun {
  runId: string;
  spec: RunSpec;
  tracker: ProgressTracker;
  control: RunControl;
  /** Cancel only: also empty the organization's queue (async). */
  clearQueue: boolean;
  /** Aborts waits (slot, sleep) when the user pauses or cancels; in-flight sync calls are not aborted. */
  wake: AbortController;
  /** Aborts everything, in-flight calls included (engine closing). */
  hardStop: AbortController;
}

export interface DriverContext {
  store: RunEngineStore;
  client: ApiClient;
  now: () => number;
  sleep: (ms: number, signal?: AbortSignal) => Promise<void>;
  gate: SlotGate;
  batcher: IngestBatcher;
  /** Set while the history cannot be written: drivers send nothing new until it clears. */
  hold: StoreHold;
  /** Commits job changes asked during one event-loop turn in one transaction (a wave's 'running'). */
  transitions: TransitionBatcher;
  pollIntervalMs: { min: number; max: number };
  learnMeta(meta: ResponseMeta | undefined): void;
  /** A job moved: updates progress and tells the UI. */
  jobMoved(
    run: ActiveRun,
    jobId: string,
    from: JobState | null,
    to: JobState,
    extra?: {
      resultId?: string | null;
      errorCode?: string | null;
      requestId?: string | null;
      message?: string;
    },
  ): void;
  keyRevoked(run: ActiveRun, message: string): void;
  outOfCredits(run: ActiveRun, message: string): void;
  /** Re-reads the queue metrics so processing async tasks count against the slots. */
  refreshExternalSlots(): Promise<void>;
}

/** Sleeps unless the run is woken (pause/cancel); never throws. */
export async function nap(ctx: DriverContext, run: ActiveRun, ms: number): Promise<void> {
  try {
    await ctx.sleep(ms, run.wake.signal);
  } catch {
    // woken early
  }
}
