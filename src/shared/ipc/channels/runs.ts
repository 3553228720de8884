import { z } from 'zod';
import type { EngineName } from '../../api/engines';
import type { PageArchiveState } from '../../domain/page-archive';
import type { NormalizedResult } from '../../domain/result';
import {
  engineNameSchema,
  JOB_STATES,
  RUN_STATUSES,
  runSpecSchema,
  type JobState,
  type RunMode,
  type RunSpec,
  type RunStatus,
} from '../../domain/run-spec';
import { invokeChannel } from '../define';

export interface RunEstimateView {
  jobs: number;
  maxCredits: number;
  /** null when the balance could not be read (offline, no key). */
  balance: number | null;
  balanceAfter: number | null;
  budget: number | null;
  /** Reasons the run would be refused, each naming the numbers. Empty: it can start. */
  blockers: string[];
  /** Per-field problems with the request an engine would get (checked locally, nothing spent). */
  fieldErrors: Array<{ field: string; message: string }>;
  /** Engines chosen that the service has not made available. */
  unavailableEngines: EngineName[];
  /**
   * With "track shopping and ads" on: the credits it adds to maxCredits (0 when another flag
   * already paid assistant-a's shared +2) and the flags it sets per engine. Absent when off.
   */
  commerce?: RunCommerceEstimate;
}

export interface RunCommerceEstimate {
  credits: number;
  engines: Array<{ engine: EngineName; flags: Array<'shopping' | 'ads' | 'expandProducts'> }>;
}

export interface RunSummaryView {
  id: string;
  name: string | null;
  /**
   * The run's first prompt: what names a run that has no name (shared/domain/run-title.ts).
   * Optional so a reader that does not fill it (an older peer) still type-checks.
   */
  firstPrompt?: string | null;
  status: RunStatus;
  mode: RunMode;
  engines: EngineName[];
  countries: string[];
  states: string[];
  promptCount: number;
  repeats: number;
  total: number;
  counts: Record<JobState, number>;
  maxCredits: number;
  /** Credits recorded with the jobs (what the service reported for the answers received). */
  creditsCharged: number;
  /**
   * Credits the service charged for synchronous calls whose answer never arrived (the process
   * was killed while they were on the wire), worked out from the account balance at the next
   * resume; the run's total is creditsCharged + creditsUnreceived. 0 when none.
   */
  creditsUnreceived: number;
  /**
   * Sessions cut mid-call whose charge the balance could not attribute to this run (another
   * run on the account overlapped, the balance went up or could not be read): the total may
   * miss credits charged without a result. 0 when none.
   */
  creditsUnattributable: number;
  /**
   * Of creditsCharged, what was estimated from the account balance for answers whose charge the
   * service did not state (an async task record without credits). Absent or 0 when none.
   */
  creditsEstimated?: number;
  sandbox: boolean;
  /** Masked key label, e.g. sk_…abcd (or 'sandbox'). */
  keyLabel: string | null;
  createdAt: number;
  startedAt: number | null;
  finishedAt: number | null;
}

export interface RunDetailView extends RunSummaryView {
  spec: RunSpec;
  prompts: string[];
  tags: string[];
}

export interface MatrixCellView {
  jobId: string;
  promptIndex: number;
  engine: EngineName;
  country: string;
  state: string | null;
  repeat: number;
  jobState: JobState;
  resultId: string | null;
  excerpt: string | null;
  sourceCount: number;
  error: { code: string | null; message: string; requestId: string | null; status: number | null } | null;
}

export interface RunProgressView {
  runId: string;
  status: RunStatus;
  total: number;
  counts: Record<JobState, number>;
  creditsSpent: number;
  /** Charged without a result in earlier sessions of the run (see RunSummaryView.creditsUnreceived). */
  creditsUnreceived?: number;
  maxCredits: number;
  etaMs: number | null;
  slotsInUse: number;
  slotLimit: number;
  rateLimitRemaining: number | null;
  creditsRemaining: number | null;
  recentErrors: Array<{ jobId: string; code: string | null; message: string; requestId: string | null }>;
  /** Warnings for the user (e.g. clearing the queue affects the whole organization). */
  notices: string[];
}

export interface ResultView {
  resultId: string;
  jobId: string;
  runId: string;
  prompt: string;
  engine: EngineName;
  country: string;
  state: string | null;
  repeat: number;
  fetchedAt: number;
  sandbox: boolean;
  normalized: NormalizedResult;
}

export interface SeriesPointView {
  resultId: string;
  runId: string;
  fetchedAt: number;
  excerpt: string;
}

const runId = z.string().min(1).max(64);
const page = z.object({
  limit: z.number().int().min(1).max(500).default(50),
  offset: z.number().int().min(0).default(0),
});

export const runsListInput = page
  .extend({
    status: z.enum(RUN_STATUSES).optional(),
    engine: engineNameSchema.optional(),
    country: z
      .string()
      .regex(/^[A-Z]{2}$/)
      .optional(),
    text: z.string().max(200).optional(),
  })
  .strict();

export const runsChannels = {
  'runs.estimate': invokeChannel(runSpecSchema).returns<RunEstimateView>(),
  'runs.start': invokeChannel(runSpecSchema).returns<{ runId: string }>(),
  'runs.pause': invokeChannel(z.object({ runId }).strict()).returns<RunProgressView>(),
  'runs.resume': invokeChannel(z.object({ runId }).strict()).returns<RunProgressView>(),
  /** Async runs: clearQueue also empties the organization's whole queue (not only this run's) — the UI must warn. */
  'runs.cancel': invokeChannel(
    z.object({ runId, clearQueue: z.boolean().default(false) }).strict(),
  ).returns<RunProgressView>(),
  /** Re-runs jobs marked "interrupted (may have been charged)", only when the user asks. */
  'runs.rerunInterrupted': invokeChannel(z.object({ runId }).strict()).returns<RunProgressView>(),
  'runs.progress': invokeChannel(z.object({ runId }).strict()).returns<RunProgressView | null>(),
  'runs.list': invokeChannel(runsListInput).returns<{ runs: RunSummaryView[]; total: number }>(),
  'runs.get': invokeChannel(z.object({ runId }).strict()).returns<RunDetailView>(),
  'runs.matrix': invokeChannel(z.object({ runId }).strict()).returns<MatrixCellView[]>(),
  'runs.delete': invokeChannel(z.object({ runId }).strict()).returns<{ deleted: boolean }>(),
  'results.get': invokeChannel(
    z.object({ resultIds: z.array(z.string().min(1)).min(1).max(50) }).strict(),
  ).returns<ResultView[]>(),
  /** The stored raw JSON of one result, exactly as the service sent it. */
  'results.raw': invokeChannel(z.object({ resultId: z.string().min(1) }).strict()).returns<{
    json: string;
  }>(),
  /**
   * The archived copy of a result's page (engines return page links when include.html is set;
   * main downloads them at ingest, without scripts). `html` carries its own CSP meta; the
   * renderer shows it only in an iframe whose sandbox has no allow-scripts. `state` says
   * whether it is archived, still pending (being downloaded or waiting to retry), failed
   * (`reason` says why) or 'none' (the result has no such page).
   */
  'results.html': invokeChannel(
    z.object({ resultId: z.string().min(1), index: z.number().int().min(0).default(0) }).strict(),
  ).returns<{
    html: string | null;
    reason: string | null;
    state: PageArchiveState | 'none';
    /** How many pages the result links to (search results have one per page). */
    pageCount: number;
    url: string | null;
    archivedAt: number | null;
  }>(),
  /** The same prompt × engine × country (× state) across runs, oldest first. */
  'results.series': invokeChannel(
    z
      .object({
        prompt: z.string().min(1),
        engine: engineNameSchema,
        country: z.string().regex(/^[A-Z]{2}$/),
        state: z
          .string()
          .regex(/^[A-Z]{2}$/)
          .nullable()
          .default(null),
      })
      .strict(),
  ).returns<SeriesPointView[]>(),
};

export const JOB_STATE_NAMES = JOB_STATES;
