import type { AfterRunResult } from '../../alerts';
import type { RunEngine, RunStartMeta } from '../../runs';
import type { HistoryStore } from '../../history';
import type { TeamClient, TeamSession } from '../server';
import type { Claim, RunnerIdentity } from './claims';

// What the runner is built with (the CLI builds it; the tests build the same) and what it says.

/** One workspace the runner serves: its local history (journal) and the engine over it. */
export interface RunnerWorkspace {
  slug: string;
  store: HistoryStore;
  engine: Pick<RunEngine, 'start' | 'wait' | 'resume' | 'pause' | 'pauseAll' | 'abortAll'>;
  /** Key label, sandbox flag and base URL recorded with each run. */
  runMeta(): RunStartMeta;
  /** Compare with the previous run, alerts, webhooks, reports: what `monitors run` does after a run. */
  afterRun(runId: string): Promise<AfterRunResult | null>;
}

export interface RunnerTuning {
  /** How long a claim stays this runner's without a heartbeat (heartbeats every third of it). */
  leaseMs: number;
  /** How often a looping runner looks for due monitors when nothing wakes it. */
  pollMs: number;
  /** How often the answers of the runs under way are pushed to the team. */
  pushMs: number;
  /** Runs driven at once (the engine keeps all of them within the plan's concurrency). */
  parallel: number;
}

export const DEFAULT_TUNING: RunnerTuning = { leaseMs: 60_000, pollMs: 30_000, pushMs: 1_000, parallel: 4 };

/** One finished (or handed-on) run: the runner's log line. */
export interface RunLogLine {
  workspace: string;
  monitorId: string;
  monitor: string;
  dueAt: number;
  runId: string | null;
  /** completed, failed, canceled, paused (stopped; another runner finishes it), lost, not-started. */
  status: string;
  answers: number;
  credits: number;
  /** Finished a run a stopped runner left. */
  takeover: boolean;
  alerts: number;
  durationMs: number;
  error: string | null;
}

/** Keeping the served workspaces' seeds fresh for new desktops (seed-keeper.ts). */
export interface RunnerSeeds {
  /** A workspace's seed is published again once its newest one is this old (ms). */
  everyMs: number;
  /**
   * Publishes the workspace's seed unless another publisher is at it or it became fresh
   * meanwhile (`parallax team seed --if-older`), and reports the outcome itself. Resolves when
   * the publication has ended, never rejects; the signal aborts it.
   */
  publish(slug: string, signal: AbortSignal): Promise<void>;
}

export interface RunnerDeps {
  /** The connection sync pushes over (and runs are copied from). */
  session: TeamSession;
  /** A second connection for claims and heartbeats, so they never wait behind a push. */
  claims: TeamClient;
  workspaces: RunnerWorkspace[];
  identity: RunnerIdentity;
  tuning: RunnerTuning;
  log(line: RunLogLine): void;
  /** A problem that does not stop the runner (the team unreachable for a push: retried). */
  warn(message: string): void;
  /** Without it the runner publishes no seed. */
  seeds?: RunnerSeeds;
}

export interface RunnerSummary {
  runs: number;
  completed: number;
  /** Runs that did not complete (failed jobs, refused, canceled). */
  failed: number;
  /** Runs stopped by a signal, their claims released for another runner. */
  handedOn: number;
  answers: number;
  credits: number;
}

/** A claim being driven here. */
export interface ActiveClaim {
  claim: Claim;
  workspace: ResolvedWorkspace;
  lost: boolean;
  done: Promise<void>;
}

export interface ResolvedWorkspace extends RunnerWorkspace {
  /** The workspace's id on the team. */
  id: string;
}
