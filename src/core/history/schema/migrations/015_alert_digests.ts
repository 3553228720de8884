// Alert digests, the trend rule and client report branding.
// - alerts is rebuilt (SQLite cannot change a CHECK): kind is no longer a fixed list (a kind is
//   a module of src/shared/alerts/kinds, and a new one needs no migration); scope gains 'slice'
//   (one engine × location over every prompt, the trend rule's); brand_kind says whom an alert is
//   about and severity follows from it (the focus brand 'high', a competitor 'medium', nobody,
//   i.e. sources and wording, 'low'), stored so digests and lists sort on it; data_json keeps
//   kind-specific figures (the trend test's statistics, the sites no longer cited). Existing
//   alerts get brand_kind and severity from their kind.
// - monitor_options gains the client report's branding: the client's name, the report's
//   subject, a logo (a sanitised data: URI, size-capped when saved) and an accent colour.
// - Monitors that never saved their rules had every kind on; new monitors now start with
//   sources-changed and answer-changed off. Existing monitors keep what they had: they get a
//   stored row with every kind on (the kinds added later take their own defaults).
export const sql = /* sql */ `
CREATE TABLE alerts_new (
  id           TEXT PRIMARY KEY,
  kind         TEXT NOT NULL CHECK (length(kind) BETWEEN 1 AND 40),
  scope        TEXT NOT NULL CHECK (scope IN ('cell', 'slice', 'monitor')),
  monitor_id   TEXT REFERENCES monitors (id) ON DELETE SET NULL,
  monitor_name TEXT NOT NULL,
  run_id       TEXT NOT NULL REFERENCES runs (id) ON DELETE CASCADE,
  prev_run_id  TEXT NOT NULL REFERENCES runs (id) ON DELETE CASCADE,
  prompt       TEXT,
  engine       TEXT,
  loc          TEXT,
  brand_name   TEXT,
  brand_kind   TEXT CHECK (brand_kind IS NULL OR brand_kind IN ('brand', 'competitor')),
  severity     TEXT NOT NULL CHECK (severity IN ('high', 'medium', 'low')),
  before_json  TEXT NOT NULL CHECK (json_valid(before_json)),
  after_json   TEXT NOT NULL CHECK (json_valid(after_json)),
  data_json    TEXT CHECK (data_json IS NULL OR json_valid(data_json)),
  before_seq   INTEGER REFERENCES results (seq) ON DELETE SET NULL,
  after_seq    INTEGER REFERENCES results (seq) ON DELETE SET NULL,
  summary      TEXT NOT NULL,
  created_at   INTEGER NOT NULL,
  read_at      INTEGER
) STRICT;

INSERT INTO alerts_new (id, kind, scope, monitor_id, monitor_name, run_id, prev_run_id, prompt, engine,
    loc, brand_name, brand_kind, severity, before_json, after_json, data_json, before_seq, after_seq,
    summary, created_at, read_at)
  SELECT id, kind, scope, monitor_id, monitor_name, run_id, prev_run_id, prompt, engine, loc, brand_name,
    CASE WHEN kind IN ('brand-entered', 'brand-dropped', 'position-moved') THEN 'brand'
      WHEN kind IN ('competitor-appeared', 'competitor-disappeared') THEN 'competitor' END,
    CASE WHEN kind IN ('brand-entered', 'brand-dropped', 'position-moved') THEN 'high'
      WHEN kind IN ('competitor-appeared', 'competitor-disappeared') THEN 'medium' ELSE 'low' END,
    before_json, after_json, NULL, before_seq, after_seq, summary, created_at, read_at
  FROM alerts;

DROP TABLE alerts;
ALTER TABLE alerts_new RENAME TO alerts;
CREATE INDEX alerts_by_created ON alerts (created_at DESC, id);
CREATE INDEX alerts_unread ON alerts (created_at DESC) WHERE read_at IS NULL;
CREATE INDEX alerts_by_run ON alerts (run_id);
CREATE INDEX alerts_by_prev_run ON alerts (prev_run_id);
CREATE INDEX alerts_by_monitor ON alerts (monitor_id, created_at DESC);
CREATE INDEX alerts_by_before_seq ON alerts (before_seq) WHERE before_seq IS NOT NULL;
CREATE INDEX alerts_by_after_seq ON alerts (after_seq) WHERE after_seq IS NOT NULL;

ALTER TABLE monitor_options ADD COLUMN client_name TEXT;
ALTER TABLE monitor_options ADD COLUMN report_subject TEXT;
ALTER TABLE monitor_options ADD COLUMN report_logo TEXT;
ALTER TABLE monitor_options ADD COLUMN report_accent TEXT;

INSERT INTO monitor_options (monitor_id, rules_json, webhook_url, report_dir, report_days, updated_at)
  SELECT m.id,
    json_object('kinds', json_object('brand-entered', json('true'), 'brand-dropped', json('true'),
      'position-moved', json('true'), 'competitor-appeared', json('true'),
      'competitor-disappeared', json('true'), 'sources-changed', json('true'),
      'answer-changed', json('true')),
      'positionDelta', 2, 'jaccardBelow', 0.5, 'similarityBelow', 0.5),
    NULL, NULL, NULL, CAST(unixepoch('subsec') * 1000 AS INTEGER)
  FROM monitors m
  WHERE NOT EXISTS (SELECT 1 FROM monitor_options o WHERE o.monitor_id = m.id);
`;
