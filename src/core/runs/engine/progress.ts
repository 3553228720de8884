import { JOB_STATES, type JobState, type RunStatus } from '../../../shared/domain/run-spec';
import type { RunProgressView } from '../../../shared/ipc/channels/runs';

// Live progress of one run: counts by job state, credits, ETA and the latest errors. The
// engine updates it as jobs move; listeners get it at most every `minIntervalMs` (the UI
// needs a few updates a second, not one per job), with a trailing update so the last
// state is never lost, and at once when the run's status changes.

export function emptyCounts(): Record<JobState, number> {
  return Object.fromEntries(JOB_STATES.map((s) => [s, 0])) as Record<JobState, number>;
}

const MAX_RECENT_ERRORS = 10;

export interface ProgressTracker {
  view(): RunProgressView;
  setCounts(counts: Record<JobState, number>): void;
  move(from: JobState | null, to: JobState): void;
  setStatus(status: RunStatus): void;
  addCredits(charged: number): void;
  addError(e: { jobId: string; code: string | null; message: string; requestId: string | null }): void;
  addNotice(text: string): void;
  setSlots(inUse: number, limit: number): void;
  setRateLimitRemaining(n: number | null): void;
  setCreditsRemaining(n: number | null): void;
  /** Credits earlier sessions left charged without a result (known once a session starts). */
  setCreditsUnreceived(n: number): void;
  /** Sends the current view now (end of run). */
  flush(): void;
  dispose(): void;
}

export interface ProgressOptions {
  runId: string;
  total: number;
  maxCredits: number;
  creditsSpent: number;
  status: RunStatus;
  now: () => number;
  emit?: (p: RunProgressView) => void;
  minIntervalMs?: number;
}

const FINISHED: ReadonlySet<JobState> = new Set(['succeeded', 'failed', 'canceled', 'interrupted']);

export function createProgressTracker(opts: ProgressOptions): ProgressTracker {
  const counts = emptyCounts();
  let status = opts.status;
  let creditsSpent = opts.creditsSpent;
  let slotsInUse = 0;
  let slotLimit = 0;
  let rateLimitRemaining: number | null = null;
  let creditsRemaining: number | null = null;
  let creditsUnreceived = 0;
  const recentErrors: RunProgressView['recentErrors'] = [];
  const notices: string[] = [];
  const minInterval = opts.minIntervalMs ?? 200;
  // Throughput for the ETA is measured from the first job that finished in this session.
  let firstFinishAt: number | null = null;
  let finishedThisSession = 0;
  let lastEmit = 0;
  let timer: ReturnType<typeof setTimeout> | null = null;

  const finished = (): number => [...FINISHED].reduce((n, s) => n + counts[s], 0);

  const eta = (): number | null => {
    const remaining = opts.total - finished();
    if (remaining <= 0) return 0;
    if (firstFinishAt === null || finishedThisSession < 2) return null;
    const elapsed = opts.now() - firstFinishAt;
    if (elapsed <= 0) return null;
    const perJob = elapsed / (finishedThisSession - 1);
    return Math.round(perJob * remaining);
  };

  const view = (): RunProgressView => ({
    runId: opts.runId,
    status,
    total: opts.total,
    counts: { ...counts },
    creditsSpent,
    creditsUnreceived,
    maxCredits: opts.maxCredits,
    etaMs: status === 'running' ? eta() : null,
    slotsInUse,
    slotLimit,
    rateLimitRemaining,
    creditsRemaining,
    recentErrors: [...recentErrors],
    notices: [...notices],
  });

  const send = (): void => {
    if (timer) {
      clearTimeout(timer);
      timer = null;
    }
    lastEmit = Date.now();
    opts.emit?.(view());
  };

  const schedule = (): void => {
    if (!opts.emit || timer) return;
    const wait = minInterval - (Date.now() - lastEmit);
    if (wait <= 0) send();
    else {
      timer = setTimeout(send, wait);
      timer.unref?.();
    }
  };

  return {
    view,
    setCounts(next) {
      for (const s of JOB_STATES) counts[s] = next[s] ?? 0;
      schedule();
    },
    move(from, to) {
      if (from === to) return;
      if (from !== null) counts[from] = Math.max(0, counts[from] - 1);
      counts[to]++;
      if (FINISHED.has(to) && (from === null || !FINISHED.has(from))) {
        if (firstFinishAt === null) firstFinishAt = opts.now();
        finishedThisSession++;
      }
      schedule();
    },
    setStatus(next) {
      if (next === status) return;
      status = next;
      send();
    },
    addCredits(charged) {
      creditsSpent += charged;
      schedule();
    },
    addError(e) {
      recentErrors.unshift(e);
      if (recentErrors.length > MAX_RECENT_ERRORS) recentErrors.length = MAX_RECENT_ERRORS;
      schedule();
    },
    addNotice(text) {
      if (!notices.includes(text)) notices.push(text);
      send();
    },
    setSlots(inUse, limit) {
      slotsInUse = inUse;
      slotLimit = limit;
    },
    setRateLimitRemaining(n) {
      rateLimitRemaining = n;
    },
    setCreditsUnreceived(n) {
      creditsUnreceived = n;
      schedule();
    },
    setCreditsRemaining(n) {
      creditsRemaining = n;
    },
    flush: send,
    dispose() {
      if (timer) clearTimeout(timer);
      timer = null;
    },
  };
}
