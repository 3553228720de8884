import { CHANGE_COLUMNS, tracked, workspaceSecurity } from './sql-helpers';

// Team schema version 1, part 2: what was recorded (runs, their prompts, jobs, results, archived
// pages, credit sessions). Columns mirror the local history's (src/core/history/migrations), with
// the same names and millisecond timestamps (bigint), so a sync maps rows one to one:
// - ids are the local text ids (UUIDs), keyed per workspace, so a push is an upsert by id and a
//   retried push never duplicates;
// - JSON columns are jsonb, a result's raw JSON is text (kept byte for byte, as received);
// - a result carries its normalised document (NormalizedResult) whole: a desktop's pull feeds
//   it to the same ingest as a fresh answer, which builds the local indexes;
// - recorded rows are appended and updated (a job's state, a run's status), never deleted: a run
//   deleted locally becomes a tombstone (deleted_at).
export const recordedSql = /* sql */ `
CREATE TABLE parallax.runs (
  workspace_id        uuid    NOT NULL REFERENCES parallax.workspaces (id),
  id                  text    NOT NULL CHECK (length(id) BETWEEN 1 AND 200),
  name                text,
  status              text    NOT NULL CHECK (status IN
                        ('pending','running','paused','canceling','canceled','completed','failed','interrupted')),
  mode                text    NOT NULL CHECK (mode IN ('sync','async')),
  priority            integer NOT NULL CHECK (priority BETWEEN 1 AND 10),
  engines_json        jsonb   NOT NULL,
  countries_json      jsonb   NOT NULL,
  states_json         jsonb   NOT NULL,
  repeats             integer NOT NULL CHECK (repeats >= 1),
  prompt_count        integer NOT NULL,
  engine_options_json jsonb   NOT NULL,
  budget              bigint,
  webhook_url         text,
  key_label           text,
  base_url            text    NOT NULL,
  sandbox             boolean NOT NULL,
  cost_estimate       double precision NOT NULL,
  summary_json        jsonb,
  monitor_id          text,
  tags                text[]  NOT NULL DEFAULT '{}',
  created_at          bigint  NOT NULL,
  started_at          bigint,
  finished_at         bigint,
  updated_at          bigint  NOT NULL,
  deleted_at          bigint,${CHANGE_COLUMNS},
  PRIMARY KEY (workspace_id, id)
);
CREATE INDEX runs_by_monitor ON parallax.runs (workspace_id, monitor_id, created_at);
${tracked('parallax.runs')}
${workspaceSecurity('parallax.runs')}

CREATE TABLE parallax.run_prompts (
  workspace_id uuid    NOT NULL,
  run_id       text    NOT NULL,
  idx          integer NOT NULL,
  text         text    NOT NULL,
  prompt_id    text,${CHANGE_COLUMNS},
  PRIMARY KEY (workspace_id, run_id, idx),
  FOREIGN KEY (workspace_id, run_id) REFERENCES parallax.runs (workspace_id, id)
);
${tracked('parallax.run_prompts')}
${workspaceSecurity('parallax.run_prompts')}

CREATE TABLE parallax.jobs (
  workspace_id       uuid    NOT NULL,
  id                 text    NOT NULL CHECK (length(id) BETWEEN 1 AND 200),
  run_id             text    NOT NULL,
  prompt_index       integer NOT NULL,
  engine             text    NOT NULL,
  country            text    NOT NULL,
  us_state           text,
  repeat             integer NOT NULL CHECK (repeat >= 1),
  request_json       jsonb,
  job_state          text    NOT NULL CHECK (job_state IN
                       ('pending','queued','running','succeeded','failed','interrupted','canceled')),
  attempts           integer NOT NULL DEFAULT 0,
  request_id         text,
  task_id            text,
  idempotency_key    text,
  http_status        integer,
  error_code         text,
  error_message      text,
  error_details_json jsonb,
  latency_ms         integer,
  credits_charged    double precision,
  created_at         bigint  NOT NULL,
  started_at         bigint,
  finished_at        bigint,
  updated_at         bigint  NOT NULL,${CHANGE_COLUMNS},
  PRIMARY KEY (workspace_id, id),
  FOREIGN KEY (workspace_id, run_id) REFERENCES parallax.runs (workspace_id, id)
);
CREATE INDEX jobs_by_run ON parallax.jobs (workspace_id, run_id, job_state);
${tracked('parallax.jobs')}
${workspaceSecurity('parallax.jobs')}

-- A result's one identity across the months: results is partitioned by fetched_at, so its
-- primary key must hold fetched_at, and a result replaced with a later fetch (same id, same job)
-- would otherwise leave its old row in another month. The insert trigger below keeps this row
-- and moves the result; a page refers to a result through it.
CREATE TABLE parallax.result_keys (
  workspace_id uuid   NOT NULL,
  id           text   NOT NULL CHECK (length(id) BETWEEN 1 AND 200),
  job_id       text   NOT NULL,
  fetched_at   bigint NOT NULL,
  PRIMARY KEY (workspace_id, id),
  UNIQUE (workspace_id, job_id),
  FOREIGN KEY (workspace_id, job_id) REFERENCES parallax.jobs (workspace_id, id)
);
${workspaceSecurity('parallax.result_keys', { readOnly: true })}

CREATE TABLE parallax.results (
  workspace_id    uuid   NOT NULL,
  id              text   NOT NULL,
  job_id          text   NOT NULL,
  run_id          text   NOT NULL,
  fetched_at      bigint NOT NULL,
  ingested_at     bigint NOT NULL,
  model           text,
  shape           text   CHECK (shape IS NULL OR shape IN ('legacy', 'mobile-web')),
  answer_text     text   NOT NULL,
  normalized_json jsonb  NOT NULL,
  raw_json        text   NOT NULL,${CHANGE_COLUMNS},
  PRIMARY KEY (workspace_id, id, fetched_at),
  FOREIGN KEY (workspace_id, job_id) REFERENCES parallax.jobs (workspace_id, id)
) PARTITION BY RANGE (fetched_at);
-- Rows of a month without its partition yet land here; ensure_result_months moves them out.
CREATE TABLE parallax.results_default PARTITION OF parallax.results DEFAULT;
CREATE INDEX results_by_run ON parallax.results (workspace_id, run_id);
${tracked('parallax.results')}
${workspaceSecurity('parallax.results')}

-- Keeps result_keys and moves a replaced result out of its old month. SECURITY DEFINER: members
-- may not delete, so the move runs as the owner, for a workspace the caller may write only.
CREATE FUNCTION parallax.results_before_insert() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, pg_temp AS $$
DECLARE previous bigint;
BEGIN
  IF NOT NEW.workspace_id = ANY (parallax.writable_workspaces()) THEN
    RAISE EXCEPTION 'new row violates row-level security policy for table "results"' USING ERRCODE = '42501';
  END IF;
  INSERT INTO parallax.result_keys (workspace_id, id, job_id, fetched_at)
    VALUES (NEW.workspace_id, NEW.id, NEW.job_id, NEW.fetched_at)
    ON CONFLICT (workspace_id, id) DO NOTHING;
  -- Locks the key: two pushes of one result take turns.
  SELECT fetched_at INTO previous FROM parallax.result_keys
    WHERE workspace_id = NEW.workspace_id AND id = NEW.id FOR UPDATE;
  IF previous <> NEW.fetched_at THEN
    DELETE FROM parallax.results WHERE workspace_id = NEW.workspace_id AND id = NEW.id AND fetched_at = previous;
    UPDATE parallax.result_keys SET fetched_at = NEW.fetched_at, job_id = NEW.job_id
      WHERE workspace_id = NEW.workspace_id AND id = NEW.id;
  END IF;
  RETURN NEW;
END $$;
CREATE TRIGGER results_keys BEFORE INSERT ON parallax.results
  FOR EACH ROW EXECUTE FUNCTION parallax.results_before_insert();

CREATE FUNCTION parallax.results_before_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF (NEW.id, NEW.job_id, NEW.fetched_at) IS DISTINCT FROM (OLD.id, OLD.job_id, OLD.fetched_at) THEN
    RAISE EXCEPTION 'a result''s id, job and fetch time are fixed: insert the replacement instead'
      USING ERRCODE = '42501';
  END IF;
  RETURN NEW;
END $$;
CREATE TRIGGER results_fixed BEFORE UPDATE ON parallax.results
  FOR EACH ROW EXECUTE FUNCTION parallax.results_before_update();

-- One partition per UTC month (results_2026_05) for every month that [from_ms, to_ms] touches,
-- created when missing, with the rows the default partition holds for it moved in. A push calls
-- it for its batch's fetch times before inserting. Bounded, so a caller cannot create thousands.
CREATE FUNCTION parallax.ensure_result_months(from_ms bigint, to_ms bigint) RETURNS integer
LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, pg_temp SET timezone = 'UTC' AS $$
DECLARE
  month timestamptz := date_trunc('month', to_timestamp(from_ms / 1000.0));
  last timestamptz := to_timestamp(to_ms / 1000.0);
  lo bigint; hi bigint; part text; created integer := 0;
BEGIN
  IF to_ms < from_ms OR from_ms < 946684800000 OR to_ms >= 7258118400000 OR to_ms - from_ms > 366::bigint * 10 * 86400000 THEN
    RAISE EXCEPTION 'fetch times out of range: % to %', from_ms, to_ms USING ERRCODE = '22023';
  END IF;
  IF cardinality(parallax.writable_workspaces()) = 0 THEN
    RAISE EXCEPTION 'only a member who may write a workspace adds result months' USING ERRCODE = '42501';
  END IF;
  WHILE month <= last LOOP
    part := 'results_' || to_char(month, 'YYYY_MM');
    IF to_regclass('parallax.' || part) IS NULL THEN
      lo := (extract(epoch FROM month) * 1000)::bigint;
      hi := (extract(epoch FROM month + interval '1 month') * 1000)::bigint;
      -- One creator at a time; the default partition's rows of this month move with it.
      PERFORM pg_advisory_xact_lock(hashtext('parallax.ensure_result_months'));
      IF to_regclass('parallax.' || part) IS NULL THEN
        EXECUTE format('CREATE TABLE parallax.%I (LIKE parallax.results INCLUDING DEFAULTS INCLUDING CONSTRAINTS)', part);
        EXECUTE format('WITH moved AS (DELETE FROM parallax.results_default WHERE fetched_at >= %s AND fetched_at < %s RETURNING *)
          INSERT INTO parallax.%I SELECT * FROM moved', lo, hi, part);
        EXECUTE format('ALTER TABLE parallax.results ATTACH PARTITION parallax.%I FOR VALUES FROM (%s) TO (%s)', part, lo, hi);
        created := created + 1;
      END IF;
    END IF;
    month := month + interval '1 month';
  END LOOP;
  RETURN created;
END $$;

-- Pages a result links to, archived (scripts stripped, zstd) or failed for good; a page still
-- pending stays on the desktop that fetches it.
CREATE TABLE parallax.pages (
  workspace_id uuid    NOT NULL,
  result_id    text    NOT NULL,
  page_index   integer NOT NULL CHECK (page_index >= 0),
  url          text    NOT NULL,
  state        text    NOT NULL CHECK (state IN ('archived', 'failed')),
  reason_code  text,
  reason       text,
  content_type text,
  page_bytes   integer,
  stored_bytes integer,
  html_zstd    bytea,
  archived_at  bigint,${CHANGE_COLUMNS},
  PRIMARY KEY (workspace_id, result_id, page_index),
  FOREIGN KEY (workspace_id, result_id) REFERENCES parallax.result_keys (workspace_id, id),
  CHECK ((state = 'archived') = (html_zstd IS NOT NULL))
);
${tracked('parallax.pages')}
${workspaceSecurity('parallax.pages')}

-- Each stretch of time a process drove a run, with the account balance at both ends (local
-- run_sessions; its integer id is per file, so a session is keyed by its run and start).
CREATE TABLE parallax.credit_sessions (
  workspace_id       uuid    NOT NULL,
  run_id             text    NOT NULL,
  started_at         bigint  NOT NULL,
  host               text,
  ended_at           bigint,
  cut                boolean NOT NULL DEFAULT false,
  balance_start      bigint,
  balance_end        bigint,
  recorded_start     double precision NOT NULL,
  reconciled_at      bigint,
  reconcile_state    text    CHECK (reconcile_state IS NULL OR reconcile_state IN ('attributed', 'not-attributable')),
  unreceived_credits bigint,
  interrupted_jobs   integer,
  reconcile_note     text,${CHANGE_COLUMNS},
  PRIMARY KEY (workspace_id, run_id, started_at),
  FOREIGN KEY (workspace_id, run_id) REFERENCES parallax.runs (workspace_id, id)
);
${tracked('parallax.credit_sessions')}
${workspaceSecurity('parallax.credit_sessions')}
`;
