import type { EngineName } from '../../../shared/api/engines';
import type { NormalizedResult } from '../../../shared/domain/result';
import type { EngineOptions, JobState, RunSpec, RunStatus } from '../../../shared/domain/run-spec';
import type {
  MatrixCellView,
  ResultView,
  RunDetailView,
  RunSummaryView,
  SeriesPointView,
} from '../../../shared/ipc/channels/runs';

// Records the store returns. Where the IPC contract already has a view of the same thing the
// record extends it, so the IPC handlers pass store records through without re-mapping.

export type JobCounts = Record<JobState, number>;

/** A run as listed: the contract's summary view. creditsCharged is the sum of its jobs' credits. */
export type RunListItem = RunSummaryView;

export interface RunRecord extends RunDetailView {
  priority: number;
  budget: number | null;
  webhookUrl: string | null;
  engineOptions: Partial<Record<EngineName, EngineOptions>>;
  baseUrl: string;
  /** Saved prompt ids aligned with `prompts` (null where the prompt was typed, not picked from the library). */
  promptIds: Array<string | null>;
  summary: unknown;
  monitorId: string | null;
  updatedAt: number;
}

export interface NewJob {
  /** Defaults to a new UUID. */
  id?: string;
  promptIndex: number;
  engine: EngineName;
  country: string;
  /** US state (two letters, with country US), or null. */
  state: string | null;
  /** 1-based. */
  repeat: number;
  request?: unknown;
  idempotencyKey?: string | null;
}

export interface NewRun {
  /** Defaults to a new UUID. */
  id?: string;
  spec: RunSpec;
  /** Masked key label (e.g. sk_…abcd, or 'sandbox'); a full key is refused. */
  keyLabel: string | null;
  baseUrl: string;
  sandbox: boolean;
  /** Maximum credits the run may cost, as estimated before it starts. */
  costEstimate: number;
  status?: RunStatus;
  monitorId?: string | null;
  /** Saved prompt ids aligned with spec.prompts (null for typed prompts). */
  promptIds?: ReadonlyArray<string | null>;
  /** Jobs to create; default: the whole grid of the spec (see buildJobGrid). */
  jobs?: readonly NewJob[];
}

export interface RunPatch {
  status?: RunStatus;
  name?: string | null;
  costEstimate?: number;
  summary?: unknown;
  keyLabel?: string | null;
  /** Set automatically on the first change to 'running' unless given. */
  startedAt?: number | null;
  /** Set automatically when the status becomes completed/failed/canceled/interrupted unless given. */
  finishedAt?: number | null;
}

export interface JobRecord {
  id: string;
  runId: string;
  promptIndex: number;
  prompt: string;
  engine: EngineName;
  country: string;
  state: string | null;
  repeat: number;
  request: unknown;
  jobState: JobState;
  attempts: number;
  requestId: string | null;
  taskId: string | null;
  idempotencyKey: string | null;
  httpStatus: number | null;
  errorCode: string | null;
  errorMessage: string | null;
  errorDetails: unknown;
  latencyMs: number | null;
  creditsCharged: number | null;
  /** creditsCharged was estimated from the account balance (credit-estimates.ts). */
  creditsEstimated: boolean;
  createdAt: number;
  startedAt: number | null;
  finishedAt: number | null;
  updatedAt: number;
}

export interface JobError {
  code: string | null;
  message: string;
  details?: unknown;
}

export interface JobPatch {
  jobState?: JobState;
  /** Compare-and-set: refuse the change unless the job is in one of these states now. */
  expect?: readonly JobState[];
  incrementAttempts?: boolean;
  request?: unknown;
  requestId?: string | null;
  taskId?: string | null;
  idempotencyKey?: string | null;
  httpStatus?: number | null;
  /** null clears a previous error (e.g. when a retry starts). */
  error?: JobError | null;
  latencyMs?: number | null;
  creditsCharged?: number | null;
  /** creditsCharged is an estimate from the account balance (the service did not state it). */
  creditsEstimated?: boolean;
  startedAt?: number | null;
  finishedAt?: number | null;
}

/** One job's change in a batch (transitionJobs). */
export interface JobChange {
  jobId: string;
  patch: JobPatch;
}

/** Whether a batched change was applied; error says why one was refused. */
export type JobChangeOutcome = { jobId: string; ok: true } | { jobId: string; ok: false; error: Error };

export interface RunJobTotals {
  runId: string;
  total: number;
  counts: JobCounts;
  creditsCharged: number;
  /** Of creditsCharged, the credits estimated from the balance (run lists and records only). */
  creditsEstimated?: number;
}

export interface IngestItem {
  jobId: string;
  /** The new result's id (default: a new UUID); a result pulled from the team keeps the team's. */
  resultId?: string;
  raw: unknown;
  /**
   * `raw` already parsed, when it is JSON text the caller has parsed anyway (the sync client's
   * answers): ingest reads it instead of parsing the text again. Never written to a journal.
   */
  parsed?: unknown;
  normalized: NormalizedResult;
  fetchedAt: number;
  /** Applied to the job in the same transaction (e.g. { jobState: 'succeeded', creditsCharged: 5 }). */
  jobPatch?: JobPatch;
}

export interface IngestOutcome {
  jobId: string;
  resultId: string;
  /** true when the job already had a result, which this one replaced. */
  replaced: boolean;
}

export interface StoredResult extends ResultView {
  /** The raw JSON exactly as stored (the service's response, kept whole). */
  rawJson: string;
  raw: unknown;
}

export type MatrixCell = MatrixCellView;

export interface SeriesPoint extends SeriesPointView {
  jobId: string;
  repeat: number;
}

export interface Page {
  limit?: number;
  offset?: number;
}

export interface RunListFilter extends Page {
  status?: RunStatus;
  engine?: EngineName;
  country?: string;
  /** Matches the run name or any of its prompts (case-insensitive for ASCII). */
  text?: string;
  /** created_at bounds, inclusive, ms. */
  from?: number;
  to?: number;
  monitorId?: string;
}
