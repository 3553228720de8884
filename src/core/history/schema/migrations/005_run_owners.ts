// Schema version 5: which process is driving a run. A run left "running" by a process that
// died (kill -9, a power cut) looks exactly like one another process is driving right now;
// the owner's pid and a heartbeat it refreshes every few seconds tell them apart, so
// `parallax resume` and the app's start-up recovery take over a crashed run and never a live
// one. A row exists only while a process holds the run (deleted when it stops driving it).
export const sql = /* sql */ `
CREATE TABLE run_owners (
  run_id       TEXT PRIMARY KEY REFERENCES runs (id) ON DELETE CASCADE,
  pid          INTEGER NOT NULL,
  host         TEXT NOT NULL,
  claimed_at   INTEGER NOT NULL,
  heartbeat_at INTEGER NOT NULL
) STRICT;
`;
