import { stmt, type StoreContext } from '../connection';

// The sessions of a run (migration 008): each stretch a process drives it, with the account
// balance at its start and end. The store keeps the facts; the run engine decides what the
// balance says (src/core/runs/engine/credit-reconciliation.ts).

export type ReconcileState = 'attributed' | 'not-attributable';

export interface RunSession {
  id: number;
  runId: string;
  startedAt: number;
  /** null: its process stopped without ending it (killed, crashed), or it is being driven now. */
  endedAt: number | null;
  /** Ended while calls were still on the wire (second Ctrl-C, a pause past its grace). */
  cut: boolean;
  balanceStart: number | null;
  balanceEnd: number | null;
  /** The run's recorded credits (sum over its jobs) when the session started. */
  recordedStart: number;
  reconciledAt: number | null;
  reconcileState: ReconcileState | null;
  /** Charged by the service, no answer received (attributed sessions only). */
  unreceivedCredits: number | null;
  /** Synchronous calls the session left in flight (jobs marked interrupted). */
  interruptedJobs: number | null;
  reconcileNote: string | null;
}

export interface SessionReconciliation {
  state: ReconcileState;
  unreceivedCredits: number | null;
  interruptedJobs: number;
  note: string;
}

/** What a run's sessions add to its credit total. */
export interface UnreceivedCredits {
  /** Credits charged without a result, summed over the attributed sessions. */
  creditsUnreceived: number;
  /** Sessions cut mid-call whose charge the balance could not attribute to this run. */
  creditsUnattributable: number;
}

export interface RunSessionsApi {
  /** Opens a session of the run; returns its id. */
  beginRunSession(input: { runId: string; balanceStart: number | null; recordedStart: number }): number;
  /** Ends a session (cut: calls were still on the wire). */
  endRunSession(sessionId: number, input: { balanceEnd: number | null; cut: boolean }): void;
  /**
   * Marks the run's open sessions as ended and cut, synchronously (the immediate stop: the
   * process exits right after, no balance is read).
   */
  cutRunSessions(runId: string): number;
  /** Sessions of the run that left calls on the wire and are not reconciled, oldest first (the open one excluded). */
  sessionsToReconcile(runId: string, exceptSessionId: number): RunSession[];
  /** Sessions of OTHER runs on the same service and key that overlap [from, to]. */
  overlappingSessions(runId: string, from: number, to: number): RunSession[];
  reconcileRunSession(sessionId: number, outcome: SessionReconciliation): void;
  /**
   * The lowest end balance recorded in the last windowMs by any session on the run's service
   * and key (null: none): a bound on the balance now that a cached GET /v1/credits may not
   * show yet.
   */
  recentBalanceEnd(runId: string, windowMs: number): number | null;
  runSessions(runId: string): RunSession[];
  /** Per run: credits charged without a result and unattributable sessions (absent: none). */
  unreceivedCredits(runIds: readonly string[]): Map<string, UnreceivedCredits>;
}

interface SessionRow {
  id: number;
  run_id: string;
  started_at: number;
  ended_at: number | null;
  cut: number;
  balance_start: number | null;
  balance_end: number | null;
  recorded_start: number;
  reconciled_at: number | null;
  reconcile_state: ReconcileState | null;
  unreceived_credits: number | null;
  interrupted_jobs: number | null;
  reconcile_note: string | null;
}

function toSession(r: SessionRow): RunSession {
  return {
    id: r.id,
    runId: r.run_id,
    startedAt: r.started_at,
    endedAt: r.ended_at,
    cut: r.cut === 1,
    balanceStart: r.balance_start,
    balanceEnd: r.balance_end,
    recordedStart: r.recorded_start,
    reconciledAt: r.reconciled_at,
    reconcileState: r.reconcile_state,
    unreceivedCredits: r.unreceived_credits,
    interruptedJobs: r.interrupted_jobs,
    reconcileNote: r.reconcile_note,
  };
}

export function createRunSessionsApi(ctx: StoreContext): RunSessionsApi {
  const { db } = ctx;
  return {
    beginRunSession({ runId, balanceStart, recordedStart }) {
      const info = stmt(
        db,
        'INSERT INTO run_sessions (run_id, started_at, balance_start, recorded_start) VALUES (?, ?, ?, ?)',
      ).run(runId, ctx.now(), balanceStart, recordedStart);
      return Number(info.lastInsertRowid);
    },
    endRunSession(sessionId, { balanceEnd, cut }) {
      stmt(
        db,
        'UPDATE run_sessions SET ended_at = ?, balance_end = ?, cut = max(cut, ?) WHERE id = ? AND ended_at IS NULL',
      ).run(ctx.now(), balanceEnd, cut ? 1 : 0, sessionId);
    },
    cutRunSessions(runId) {
      return stmt(
        db,
        'UPDATE run_sessions SET ended_at = ?, cut = 1 WHERE run_id = ? AND ended_at IS NULL',
      ).run(ctx.now(), runId).changes;
    },
    sessionsToReconcile(runId, exceptSessionId) {
      const rows = stmt(
        db,
        `SELECT * FROM run_sessions WHERE run_id = ? AND id <> ? AND reconciled_at IS NULL
           AND (ended_at IS NULL OR cut = 1) ORDER BY started_at, id`,
      ).all(runId, exceptSessionId) as SessionRow[];
      return rows.map(toSession);
    },
    overlappingSessions(runId, from, to) {
      // Same service and key: the same balance. A session still open (or whose process died)
      // counts as lasting until now.
      const rows = stmt(
        db,
        `SELECT s.* FROM run_sessions s JOIN runs o ON o.id = s.run_id
           JOIN runs r ON r.id = @runId
         WHERE s.run_id <> @runId AND o.base_url = r.base_url AND o.key_label IS r.key_label
           AND s.started_at <= @to AND coalesce(s.ended_at, @to) >= @from
         ORDER BY s.started_at`,
      ).all({ runId, from, to }) as SessionRow[];
      return rows.map(toSession);
    },
    reconcileRunSession(sessionId, outcome) {
      stmt(
        db,
        `UPDATE run_sessions SET reconciled_at = ?, reconcile_state = ?, unreceived_credits = ?,
           interrupted_jobs = ?, reconcile_note = ? WHERE id = ?`,
      ).run(
        ctx.now(),
        outcome.state,
        outcome.unreceivedCredits,
        outcome.interruptedJobs,
        outcome.note,
        sessionId,
      );
    },
    recentBalanceEnd(runId, windowMs) {
      const row = stmt(
        db,
        `SELECT min(s.balance_end) AS balance FROM run_sessions s JOIN runs o ON o.id = s.run_id
           JOIN runs r ON r.id = @runId
         WHERE o.base_url = r.base_url AND o.key_label IS r.key_label
           AND s.balance_end IS NOT NULL AND s.ended_at >= @since`,
      ).get({ runId, since: ctx.now() - windowMs }) as { balance: number | null };
      return row.balance;
    },
    runSessions(runId) {
      const rows = stmt(db, 'SELECT * FROM run_sessions WHERE run_id = ? ORDER BY started_at, id').all(
        runId,
      ) as SessionRow[];
      return rows.map(toSession);
    },
    unreceivedCredits(runIds) {
      const rows = stmt(
        db,
        `SELECT run_id,
           total(CASE WHEN reconcile_state = 'attributed' THEN unreceived_credits END) AS unreceived,
           count(CASE WHEN reconcile_state = 'not-attributable' THEN 1 END) AS unattributable
         FROM run_sessions WHERE reconciled_at IS NOT NULL AND run_id IN (SELECT value FROM json_each(?))
         GROUP BY run_id`,
      ).all(JSON.stringify(runIds)) as Array<{ run_id: string; unreceived: number; unattributable: number }>;
      return new Map(
        rows.map((r) => [
          r.run_id,
          { creditsUnreceived: r.unreceived, creditsUnattributable: r.unattributable },
        ]),
      );
    },
  };
}
