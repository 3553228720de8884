// Schema version 8: each stretch of time a process drives a run (a "session": the start, each
// resume), with the account balance (GET /v1/credits) read when it started and when it ended.
// A synchronous call the service answered in the instant its process was killed was charged,
// but its answer never arrived: no job records those credits. The next resume compares the
// balance the dead session started with against the balance now; what moved beyond the
// credits recorded for results meanwhile was charged without a result, and is kept here
// (unreceived_credits) so the run's credit total includes it.
// - ended_at NULL: the session's process stopped without ending it (a kill, a crash);
//   cut = 1: it ended while calls were still on the wire (the second Ctrl-C, a late pause).
//   Both are reconciled at the next resume (reconciled_at).
// - reconcile_state 'attributed': unreceived_credits is the run's; 'not-attributable': the
//   balance cannot say (another run on the same account overlapped, the balance went up, it
//   could not be read, the sandbox the run used is gone) and reconcile_note says why.
export const sql = /* sql */ `
CREATE TABLE run_sessions (
  id                 INTEGER PRIMARY KEY,
  run_id             TEXT NOT NULL REFERENCES runs (id) ON DELETE CASCADE,
  started_at         INTEGER NOT NULL,
  ended_at           INTEGER,
  cut                INTEGER NOT NULL DEFAULT 0 CHECK (cut IN (0, 1)),
  balance_start      INTEGER,
  balance_end        INTEGER,
  recorded_start     REAL NOT NULL,
  reconciled_at      INTEGER,
  reconcile_state    TEXT CHECK (reconcile_state IS NULL OR reconcile_state IN ('attributed', 'not-attributable')),
  unreceived_credits INTEGER,
  interrupted_jobs   INTEGER,
  reconcile_note     TEXT,
  CHECK ((reconcile_state IS NULL) = (reconciled_at IS NULL)),
  CHECK (reconcile_state IS NOT 'attributed' OR unreceived_credits IS NOT NULL)
) STRICT;
CREATE INDEX run_sessions_by_run ON run_sessions (run_id, started_at);
CREATE INDEX run_sessions_by_time ON run_sessions (started_at);
`;
