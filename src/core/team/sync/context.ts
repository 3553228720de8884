import type { BrandDefinition } from '../../../shared/analytics';
import type { JudgeInput } from '../../../shared/positioning';
import type {
  AnalysedAhead,
  AnalysedContent,
  HistoryStore,
  RescoreVerdicts,
  ResultDoc,
  SyncDraft,
  SyncKind,
} from '../../history';
import type { FunnelDaysOnThread } from './funnel-worker';
import type { QuarantinedRow } from './pulled-result';
import type { ReadAheadRequest, ReadAheadStream } from './read-ahead';
import type { SyncTarget } from './target';

// What the push and pull steps share: the store, the open target, the options, and the tally
// the report is made of.

export interface SyncProgress {
  phase: 'push' | 'pull';
  kind: SyncKind;
  /** Objects sent and received so far in this sync, every kind together. */
  done: number;
  /** What this sync has to send and receive, as counted when it started (grows when parents are fetched). */
  total: number;
}

export interface SyncTuning {
  /** Rows per push statement of the recorded tables (results: 1/4 of it; they are large). */
  pushBatch: number;
  /** What a push statement's rows may weigh together (push-read.ts; default PUSH_BATCH_WEIGHT). */
  pushWeight?: number;
  /** Rows per pull page (and local transaction). */
  pullBatch: number;
  /** What a pull page of answers or archived pages may weigh (team-reads.ts; default PULL_PAGE_WEIGHT). */
  pullWeight?: number;
  /** Answers ahead from which a pull reads them on a thread of their own (default 4,000). */
  readAheadFrom?: number;
}

// Pages of 4,000 for the CLI: a page's commit, roll-up flushes and cursor cost the same for 1,000
// answers or 4,000 (about 40 MB of answers held at once).
export const CLI_TUNING: SyncTuning = { pushBatch: 2000, pullBatch: 4000 };
/** The app's background sync: small local transactions, so a view's query never waits long. */
export const APP_TUNING: SyncTuning = { pushBatch: 1000, pullBatch: 200 };

/** The built-in judge on other threads (positioning's judge pool), for answers a pull is about to store. */
export interface AheadJudge {
  judgeBatch(inputs: readonly JudgeInput[], signal: AbortSignal): RescoreVerdicts | Promise<RescoreVerdicts>;
  /** Packs the answers' documents on those threads (store/codec/doc-ahead.ts), in order. */
  packDocs?(docs: readonly ResultDoc[]): Promise<Uint8Array[]>;
  /** Analyses the answers for the Visibility and discovery indexes (store/visibility/visibility-ahead.ts). */
  analyseAhead?(
    brands: readonly BrandDefinition[],
    answers: readonly AnalysedContent[],
  ): Promise<AnalysedAhead[]>;
  /**
   * Reads a large pull's answers ahead on a thread with a team connection of its own, prepared
   * as the methods above prepare them (read-ahead.ts); without it, this thread reads them.
   */
  readAhead?(request: ReadAheadRequest): ReadAheadStream;
}

export interface SyncOptions {
  push?: boolean;
  pull?: boolean;
  /** false: pull configuration only, not what teammates recorded (the runner fetches the runs it needs by id). */
  pullRecorded?: boolean;
  /** Pull only runs created at or after this time (ms), and their jobs, results, pages and sessions. */
  since?: number | null;
  signal?: AbortSignal;
  onProgress?: (progress: SyncProgress) => void;
  tuning?: SyncTuning;
  /**
   * Judges each page of pulled answers on other threads while this one stores the page before
   * (without it, ingest judges each answer here, as a run's ingest does).
   */
  judge?: AheadJudge;
  /** Called between batches: the app yields to the event loop there so views stay responsive. */
  pause?: () => Promise<void>;
  /** The clock the shared funnel days are counted to (today's UTC day); Date.now without it. */
  now?: () => number;
  /**
   * Computes the funnel totals a sync shares on another thread (the app: funnel-worker.ts), so
   * a year of logs does not hold this one; without it they are computed here.
   */
  funnelDaysOn?: FunnelDaysOnThread;
}

export type KindCounts = Partial<Record<SyncKind, number>>;

export interface SyncTally {
  pushed: KindCounts;
  pulled: KindCounts;
  /** Runs and configuration objects deleted here because a teammate deleted them. */
  deleted: KindCounts;
  /** Rows this history could not hold (malformed), skipped. */
  rejected: number;
  /** Rows from the team a pull could not read, skipped and named (the quarantined among rejected). */
  quarantined: QuarantinedRow[];
  /** Rows of this history with a value larger than the team takes: not sent, named and kept. */
  overCap: QuarantinedRow[];
  drafts: SyncDraft[];
  /** Where the time went (ms): statements on the server and the wire, and local writes. */
  timing: { pushRead: number; pushSend: number; pullFetch: number; pullApply: number };
}

export interface StepContext {
  store: HistoryStore;
  target: SyncTarget;
  options: SyncOptions;
  tuning: SyncTuning;
  tally: SyncTally;
  /** `ahead`: what each table had to pull when the sync started, as counted then. */
  progress: { done: number; total: number; ahead: KindCounts };
}

export function emptyTally(): SyncTally {
  return {
    pushed: {},
    pulled: {},
    deleted: {},
    rejected: 0,
    quarantined: [],
    overCap: [],
    drafts: [],
    timing: { pushRead: 0, pushSend: 0, pullFetch: 0, pullApply: 0 },
  };
}

/**
 * Names rows a pull skipped as unreadable, each once however often this sync met it, and keeps
 * them in the history with the row as the server sent it (`parallax sync quarantine`).
 */
export function quarantine(ctx: StepContext, rows: readonly QuarantinedRow[]): void {
  const named = ctx.tally.quarantined;
  ctx.store.replica.keepQuarantined('pull', rows);
  for (const { table, id, reason } of rows) {
    if (!named.some((q) => q.table === table && q.id === id)) named.push({ table, id, reason });
  }
}

export function add(counts: KindCounts, kind: SyncKind, n: number): void {
  if (n > 0) counts[kind] = (counts[kind] ?? 0) + n;
}

/** Reports progress after a batch, and lets the caller yield. */
export async function advance(
  ctx: StepContext,
  phase: SyncProgress['phase'],
  kind: SyncKind,
  n: number,
): Promise<void> {
  ctx.progress.done += n;
  ctx.progress.total = Math.max(ctx.progress.total, ctx.progress.done);
  ctx.options.onProgress?.({ phase, kind, done: ctx.progress.done, total: ctx.progress.total });
  await ctx.options.pause?.();
}

/** Time spent in fn, added to one of the tally's timings. */
export async function timed<T>(
  ctx: StepContext,
  key: keyof SyncTally['timing'],
  fn: () => T | Promise<T>,
): Promise<T> {
  const start = performance.now();
  try {
    return await fn();
  } finally {
    ctx.tally.timing[key] += performance.now() - start;
  }
}
