import { estimateUnstatedCredits } from './credit-estimates';
import { costOf } from './estimate';
import type { ApiClient } from '../api';
import type { RunSession, RunSessionsApi, SessionReconciliation, RunsApi, RunRecord } from '../../history';

// Credits charged without a result. A synchronous call the service answered in the instant
// its process was killed was charged, but the answer never arrived, so no job records it.
// The account balance knows: every session of a run reads it (GET /v1/credits, free) when it
// starts and ends. When the session that resumed it ends cleanly (every call of its own
// answered and recorded), the balance the cut session started with minus the balance now,
// less the credits recorded for results since, is what was charged without a result. The
// service caches GET /v1/credits for up to 60 s, so each reading is also bounded by what is
// known to be lower: at a session's end the lowest X-Credits-Remaining its answers carried
// (live), at its start a session of the account that ended within the cache's age. The
// balance is the account's, so the figure is the run's only when nothing else drew on it in
// that window: another run of this history on the same service and key, or a balance that went
// up (a top-up, a new billing cycle), makes it "not attributable" instead of a wrong number.
// (Other programs using the same key are invisible from here.)

export type SessionStore = Pick<
  RunSessionsApi,
  | 'runSessions'
  | 'beginRunSession'
  | 'endRunSession'
  | 'sessionsToReconcile'
  | 'overlappingSessions'
  | 'reconcileRunSession'
  | 'recentBalanceEnd'
> &
  Pick<RunsApi, 'countJobs' | 'listJobs' | 'transitionJob'>;

export interface ReconcileInput {
  /** The oldest session left unreconciled (its balance and recorded credits at start). */
  session: Pick<RunSession, 'startedAt' | 'balanceStart' | 'recordedStart'>;
  /** The balance read as this session starts (null: unreadable). */
  balanceNow: number | null;
  /** The run's recorded credits now. */
  recordedNow: number;
  /** Synchronous jobs the cut session left interrupted. */
  interruptedJobs: number;
  /** Other runs' sessions on the same account overlapping the window. */
  overlapping: number;
  /** The run used its process's built-in sandbox, which stopped with it. */
  serviceGone: boolean;
}

/** What the balance says about one cut session (pure). */
export function reconcileCredits(input: ReconcileInput): SessionReconciliation {
  const { session, balanceNow, interruptedJobs } = input;
  const notAttributable = (note: string): SessionReconciliation => ({
    state: 'not-attributable',
    unreceivedCredits: null,
    interruptedJobs,
    note,
  });
  if (input.serviceGone) return notAttributable('the built-in sandbox the run used stopped with its process');
  if (session.balanceStart === null || balanceNow === null)
    return notAttributable('the account balance could not be read at the start of a session');
  if (input.overlapping > 0)
    return notAttributable(
      `${input.overlapping} session(s) of other runs on the same account overlapped: the balance cannot tell their charges apart`,
    );
  const moved = session.balanceStart - balanceNow;
  const recorded = input.recordedNow - session.recordedStart;
  const unreceived = moved - recorded;
  if (moved < 0 || unreceived < 0)
    return notAttributable(
      `the balance went up meanwhile (${session.balanceStart} → ${balanceNow}, ${recorded} credits recorded): a top-up or a new billing cycle`,
    );
  return {
    state: 'attributed',
    unreceivedCredits: unreceived,
    interruptedJobs,
    note: `balance ${session.balanceStart} → ${balanceNow} (${moved} credits), ${recorded} recorded with results`,
  };
}

export interface CreditSessions {
  /**
   * Opens a session of the run before it sends anything, with the balance now; returns its id.
   * (An async run's sessions estimate unstated charges only: its tasks are collected by id, no
   * answer is lost with a process.)
   */
  begin(run: RunRecord): Promise<number | null>;
  /** An X-Credits-Remaining header (the balance right after that call's charge, not cached). */
  noteRemaining(remaining: number): void;
  /**
   * Ends it with the balance now (cut: calls were abandoned on the wire). A session that ends
   * cleanly reconciles the cut sessions before it: every call of its own was answered and
   * recorded, so its end balance closes the window exactly.
   */
  end(run: RunRecord, sessionId: number | null, options: { cut: boolean }): Promise<void>;
}

/** Tries a few times (the client already retries transient failures; a malformed body it does not). */
const BALANCE_READS = 3;

/** GET /v1/credits is cached by the service, up to 60 s stale (service facts). */
export const BALANCE_CACHE_MS = 60_000;

async function readBalance(client: ApiClient): Promise<number | null> {
  for (let i = 0; i < BALANCE_READS; i++) {
    try {
      return (await client.credits()).data.remaining;
    } catch {
      // Offline or refused: after the last try the session is kept without a balance, and a
      // cut session it should settle is reconciled as not attributable.
    }
  }
  return null;
}

/** The balance only goes down between top-ups: of several readings, the lowest is the nearest. */
function lowest(...values: Array<number | null | undefined>): number | null {
  const known = values.filter((v): v is number => typeof v === 'number');
  return known.length > 0 ? Math.min(...known) : null;
}

export function createCreditSessions(store: SessionStore, client: ApiClient): CreditSessions {
  const costOfJob = costOf(client);
  /** Open sessions and the lowest X-Credits-Remaining seen while each was open. */
  const lowestSeen = new Map<number, number | null>();

  function reconcilePrevious(run: RunRecord, sessionId: number, balanceNow: number | null): void {
    const pending = store.sessionsToReconcile(run.id, sessionId);
    const oldest = pending[0];
    if (!oldest) return;
    // Jobs the cut sessions left in flight: marked interrupted when the run was taken over.
    const interruptedJobs = store
      .listJobs(run.id, { states: ['interrupted'] })
      .filter((j) => j.errorCode === 'INTERRUPTED' && (j.finishedAt ?? 0) >= oldest.startedAt).length;
    const outcome = reconcileCredits({
      session: oldest,
      balanceNow,
      recordedNow: store.countJobs(run.id).creditsCharged,
      interruptedJobs,
      // Up to now: any other session of the account since the cut one started (the store's clock).
      overlapping: store.overlappingSessions(run.id, oldest.startedAt, Number.MAX_SAFE_INTEGER).length,
      serviceGone: run.sandbox && run.keyLabel === 'sandbox',
    });
    store.reconcileRunSession(oldest.id, outcome);
    // Several cut sessions in a row (a resume that died again before ending): one window
    // covers them all, its figure is on the oldest.
    for (const later of pending.slice(1)) {
      store.reconcileRunSession(later.id, {
        state: outcome.state,
        unreceivedCredits: outcome.state === 'attributed' ? 0 : null,
        interruptedJobs: 0,
        note: `included in the reconciliation of session ${oldest.id}`,
      });
    }
  }

  return {
    async begin(run) {
      // A session of the account that ended within the cache's age may be lower than a cached GET.
      const balance = lowest(await readBalance(client), store.recentBalanceEnd(run.id, BALANCE_CACHE_MS));
      const sessionId = store.beginRunSession({
        runId: run.id,
        balanceStart: balance,
        recordedStart: store.countJobs(run.id).creditsCharged,
      });
      lowestSeen.set(sessionId, null);
      return sessionId;
    },
    noteRemaining(remaining) {
      for (const [id, seen] of lowestSeen) lowestSeen.set(id, lowest(seen, remaining));
    },
    async end(run, sessionId, { cut }) {
      if (sessionId === null) return;
      const seen = lowestSeen.get(sessionId);
      lowestSeen.delete(sessionId);
      // A cached GET can miss this session's last charges; its answers' headers cannot.
      const balance = lowest(await readBalance(client), seen);
      store.endRunSession(sessionId, { balanceEnd: balance, cut });
      // Async tasks are collected by id: a cut async session loses no answer to reconcile.
      if (!cut && run.mode === 'sync') reconcilePrevious(run, sessionId, balance);
      const session = cut ? undefined : store.runSessions(run.id).find((s) => s.id === sessionId);
      if (session)
        estimateUnstatedCredits({
          store,
          runId: run.id,
          session,
          balanceEnd: balance,
          expectedCost: (job) => costOfJob(job.engine, job.request as Parameters<typeof costOfJob>[1]),
        });
    },
  };
}
