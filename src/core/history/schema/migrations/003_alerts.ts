// Schema version 3: change alerts after monitor runs, and each monitor's alert, webhook and
// report options.
// - A monitor's finished run is compared with its previous finished run once: alert_checks
//   records that it was (so the app, the CLI and a restart after a crash never compare it twice,
//   and a run nobody compared yet is found and compared later).
// - An alert keeps the names it was raised about (monitor, prompt, brand) as text, so it still
//   reads right after the monitor or brand is renamed or deleted; the runs it compares are
//   references (deleting a run deletes the alerts about it).
// - before_json / after_json hold the compared values with their sample size and interval.
// - before_seq / after_seq name one answer on each side, for the word and source diff.
// - webhook_deliveries is the outbox of the optional per-monitor webhook: the run never waits
//   for it, and a failed delivery stays visible with its last error.
export const sql = /* sql */ `
CREATE TABLE monitor_options (
  monitor_id  TEXT PRIMARY KEY REFERENCES monitors (id) ON DELETE CASCADE,
  rules_json  TEXT NOT NULL CHECK (json_valid(rules_json)),
  webhook_url TEXT,
  report_dir  TEXT,
  report_days INTEGER CHECK (report_days IS NULL OR report_days >= 1),
  updated_at  INTEGER NOT NULL
) STRICT;

CREATE TABLE alert_checks (
  run_id      TEXT PRIMARY KEY REFERENCES runs (id) ON DELETE CASCADE,
  monitor_id  TEXT REFERENCES monitors (id) ON DELETE SET NULL,
  prev_run_id TEXT REFERENCES runs (id) ON DELETE SET NULL,
  alert_count INTEGER NOT NULL,
  checked_at  INTEGER NOT NULL
) STRICT;
CREATE INDEX alert_checks_by_prev_run ON alert_checks (prev_run_id) WHERE prev_run_id IS NOT NULL;

CREATE TABLE alerts (
  id           TEXT PRIMARY KEY,
  kind         TEXT NOT NULL CHECK (kind IN ('brand-entered', 'brand-dropped', 'position-moved',
                 'competitor-appeared', 'competitor-disappeared', 'sources-changed', 'answer-changed')),
  scope        TEXT NOT NULL CHECK (scope IN ('cell', 'monitor')),
  monitor_id   TEXT REFERENCES monitors (id) ON DELETE SET NULL,
  monitor_name TEXT NOT NULL,
  run_id       TEXT NOT NULL REFERENCES runs (id) ON DELETE CASCADE,
  prev_run_id  TEXT NOT NULL REFERENCES runs (id) ON DELETE CASCADE,
  prompt       TEXT,
  engine       TEXT,
  loc          TEXT,
  brand_name   TEXT,
  before_json  TEXT NOT NULL CHECK (json_valid(before_json)),
  after_json   TEXT NOT NULL CHECK (json_valid(after_json)),
  before_seq   INTEGER REFERENCES results (seq) ON DELETE SET NULL,
  after_seq    INTEGER REFERENCES results (seq) ON DELETE SET NULL,
  summary      TEXT NOT NULL,
  created_at   INTEGER NOT NULL,
  read_at      INTEGER
) STRICT;
CREATE INDEX alerts_by_created ON alerts (created_at DESC, id);
CREATE INDEX alerts_unread ON alerts (created_at DESC) WHERE read_at IS NULL;
CREATE INDEX alerts_by_run ON alerts (run_id);
CREATE INDEX alerts_by_prev_run ON alerts (prev_run_id);
CREATE INDEX alerts_by_monitor ON alerts (monitor_id, created_at DESC);
-- Deleting results (a run's deletion) looks up the alerts that name them: indexed, not scanned.
CREATE INDEX alerts_by_before_seq ON alerts (before_seq) WHERE before_seq IS NOT NULL;
CREATE INDEX alerts_by_after_seq ON alerts (after_seq) WHERE after_seq IS NOT NULL;

CREATE TABLE webhook_deliveries (
  id              INTEGER PRIMARY KEY,
  monitor_id      TEXT REFERENCES monitors (id) ON DELETE CASCADE,
  run_id          TEXT NOT NULL REFERENCES runs (id) ON DELETE CASCADE,
  payload_json    TEXT NOT NULL CHECK (json_valid(payload_json)),
  state           TEXT NOT NULL CHECK (state IN ('pending', 'delivered', 'failed')),
  attempts        INTEGER NOT NULL DEFAULT 0,
  last_error      TEXT,
  last_status     INTEGER,
  next_attempt_at INTEGER,
  created_at      INTEGER NOT NULL,
  updated_at      INTEGER NOT NULL
) STRICT;
CREATE INDEX webhook_deliveries_pending ON webhook_deliveries (next_attempt_at) WHERE state = 'pending';
CREATE INDEX webhook_deliveries_by_run ON webhook_deliveries (run_id);
CREATE INDEX webhook_deliveries_by_monitor ON webhook_deliveries (monitor_id, created_at DESC);
`;
