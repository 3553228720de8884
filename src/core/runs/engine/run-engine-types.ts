import type { JournalIntake } from './held-journal';
import type { StorageBlocked } from './store-hold';
import type { PlanName } from '../../../shared/api/engines';
import type { RunSpec, JobState } from '../../../shared/domain/run-spec';
import type { RunEstimateView, RunProgressView } from '../../../shared/ipc/channels/runs';
import type { ApiClient } from '../api';
import type { RunOwner } from '../../history';
import type { RunEngineStore } from './active-run';
import type { OwnerProbe } from './run-owner';

// What the run engine is built with, what it offers, and the errors it refuses a call with.

export interface JobEvent {
  runId: string;
  jobId: string;
  state: JobState;
  resultId: string | null;
  errorCode: string | null;
}

export interface RunEngineDeps {
  store: RunEngineStore;
  client: ApiClient;
  now: () => number;
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
  /** The plan from settings; corrected from X-Concurrent-Limit and CONCURRENT_LIMIT_EXCEEDED details.limit. */
  plan: () => PlanName;
  /** Throttled to a few per second per run. */
  onProgress?: (p: RunProgressView) => void;
  onJob?: (e: JobEvent) => void;
  /** 401 from the service: every active run is paused, nothing is lost. */
  onKeyRevoked?: (message: string) => void;
  pollIntervalMs?: { min: number; max: number };
  /** Minimum time between two progress events of one run (default 200 ms). */
  progressIntervalMs?: number;
  /** This process and how to tell whether another one is alive (default: the real ones). */
  ownerProbe?: OwnerProbe;
  /** The history cannot be written (full disk, lock, read-only, I/O): sending stopped, answers held. */
  onStorageBlocked?: (info: StorageBlocked) => void;
  /** It can again: the runs went on by themselves. */
  onStorageCleared?: (info: { path: string; heldMs: number }) => void;
}

export interface RunStartMeta {
  keyLabel: string | null;
  sandbox: boolean;
  baseUrl: string;
  monitorId?: string | null;
}

export interface RunEngine {
  estimate(spec: RunSpec): Promise<RunEstimateView>;
  start(spec: RunSpec, meta: RunStartMeta): Promise<{ runId: string }>;
  /** Resolves when the run's driver stops: the run ended, or it was paused (key revoked, out of credits, user). */
  wait(runId: string): Promise<RunProgressView>;
  pause(runId: string): Promise<RunProgressView>;
  resume(runId: string): Promise<RunProgressView>;
  cancel(runId: string, options: { clearQueue: boolean }): Promise<RunProgressView>;
  rerunInterrupted(runId: string): Promise<RunProgressView>;
  progress(runId: string): RunProgressView | null;
  /** After a crash or kill: resumes unfinished runs; returns the ids of the runs it resumed. */
  resumeOnOpen(): Promise<string[]>;
  /**
   * Stores the answers a stopped engine wrote to held-answers journals (the history could not
   * take them); resume, rerunInterrupted and resumeOnOpen do it first on their own.
   */
  takeInHeldAnswers(): JournalIntake;
  /**
   * A clean stop (first Ctrl-C, quitting the app): nothing new is sent, synchronous calls in
   * flight may finish for up to graceMs (they are charged anyway) and are stored, async tasks
   * stay with the service. Calls still in flight after graceMs are aborted and marked
   * interrupted. Resolves with the progress of every run it paused.
   */
  pauseAll(options: { graceMs: number }): Promise<RunProgressView[]>;
  /**
   * An immediate stop (second Ctrl-C), synchronous so the process can exit right after:
   * results already received are committed, synchronous calls in flight are marked
   * interrupted, every driven run is marked paused and released. Returns what it stopped.
   */
  abortAll(): Array<{ runId: string; interrupted: number }>;
  /** The live process (not this one) driving the run, or null. */
  heldElsewhere(runId: string): RunOwner | null;
  /** The concurrency slots the engine keeps to (for the UI). */
  slots(): { limit: number; inUse: number; external: number };
  close(): Promise<void>;
}

/** Another live process drives the run: resuming, pausing or canceling it here would race it. */
export class RunHeldError extends Error {
  override readonly name = 'RunHeldError';
  constructor(
    readonly runId: string,
    readonly owner: RunOwner,
  ) {
    super(
      `Run ${runId} is being driven by another process (pid ${owner.pid} on ${owner.host}); stop that process first.`,
    );
  }
}

/** The run would be refused (balance, budget, invalid fields): the message names the numbers. */
export class RunRefusedError extends Error {
  override readonly name = 'RunRefusedError';
  constructor(
    message: string,
    readonly estimate: RunEstimateView,
  ) {
    super(message);
  }
}

export const CLEAR_QUEUE_NOTICE =
  'Clearing the queue (DELETE /v1/async/queue) removes every queued task of the whole organization (every run, tool and colleague using the account), not only the tasks of this run.';
