import { CHANGE_COLUMNS, CONFIG_COLUMNS, tracked, workspaceSecurity } from './sql-helpers';

// Team schema version 1, part 3: what the analysts configure (brands, monitors with their alert
// rules, the prompt library, tags, discovery decisions, settings such as the judge's), and the
// runners' schedule and claims.
//
// Each configuration object is ONE row with a version (bump_version: 1, then +1 per write), its
// last writer and time (track_change) and a tombstone (deleted_at): a sync sends the version it
// edited, the server's row wins when they differ, and the loser is shown. Child lists the local
// history keeps in tables of their own (a prompt set's prompts, tags) are arrays here, so an
// edit of a set is one versioned row, not a conflict per item.
export const configuredSql = /* sql */ `
CREATE TABLE parallax.brands (
  workspace_id  uuid   NOT NULL REFERENCES parallax.workspaces (id),
  id            text   NOT NULL CHECK (length(id) BETWEEN 1 AND 200),
  name          text   NOT NULL,
  kind          text   NOT NULL CHECK (kind IN ('brand', 'competitor')),
  variants_json jsonb  NOT NULL,
  created_at    bigint NOT NULL,
  updated_at    bigint NOT NULL,${CONFIG_COLUMNS},
  PRIMARY KEY (workspace_id, id)
);
CREATE UNIQUE INDEX brands_by_name ON parallax.brands (workspace_id, lower(name)) WHERE deleted_at IS NULL;
${tracked('parallax.brands', { versioned: true })}
${workspaceSecurity('parallax.brands')}

CREATE TABLE parallax.monitors (
  workspace_id uuid    NOT NULL REFERENCES parallax.workspaces (id),
  id           text    NOT NULL CHECK (length(id) BETWEEN 1 AND 200),
  name         text    NOT NULL,
  spec_json    jsonb   NOT NULL,
  cadence      text    NOT NULL,
  enabled      boolean NOT NULL DEFAULT true,
  created_at   bigint  NOT NULL,
  updated_at   bigint  NOT NULL,${CONFIG_COLUMNS},
  PRIMARY KEY (workspace_id, id)
);
${tracked('parallax.monitors', { versioned: true })}
${workspaceSecurity('parallax.monitors')}

-- A monitor's alert rules, webhook and report options (local monitor_options).
CREATE TABLE parallax.monitor_options (
  workspace_id uuid    NOT NULL,
  monitor_id   text    NOT NULL,
  rules_json   jsonb   NOT NULL,
  webhook_url  text,
  report_dir   text,
  report_days  integer CHECK (report_days IS NULL OR report_days >= 1),
  updated_at   bigint  NOT NULL,${CONFIG_COLUMNS},
  PRIMARY KEY (workspace_id, monitor_id),
  FOREIGN KEY (workspace_id, monitor_id) REFERENCES parallax.monitors (workspace_id, id)
);
${tracked('parallax.monitor_options', { versioned: true })}
${workspaceSecurity('parallax.monitor_options')}

-- When each monitor is due, apart from its configuration: the runner moves next_due_at at every
-- claim, which must not bump the monitor's version (an analyst's edit would then conflict).
-- Due monitors are claimed with SELECT ... FOR UPDATE SKIP LOCKED on this table.
CREATE TABLE parallax.monitor_schedule (
  workspace_id uuid   NOT NULL,
  monitor_id   text   NOT NULL,
  next_due_at  bigint,
  last_run_id  text,
  last_due_at  bigint,${CHANGE_COLUMNS},
  PRIMARY KEY (workspace_id, monitor_id),
  FOREIGN KEY (workspace_id, monitor_id) REFERENCES parallax.monitors (workspace_id, id)
);
CREATE INDEX monitor_schedule_due ON parallax.monitor_schedule (next_due_at) WHERE next_due_at IS NOT NULL;
${tracked('parallax.monitor_schedule')}
${workspaceSecurity('parallax.monitor_schedule')}

-- One row per monitor and due time a runner took: the key makes "each due time runs once" a
-- constraint, whatever the race. state running + a stale heartbeat = the runner died; another
-- takes the claim over and finishes the run (run_id) from the history and its journal.
CREATE TABLE parallax.runner_claims (
  workspace_id uuid        NOT NULL,
  monitor_id   text        NOT NULL,
  due_at       bigint      NOT NULL,
  runner       text        NOT NULL,
  run_id       text,
  state        text        NOT NULL CHECK (state IN ('running', 'finished', 'failed')),
  claimed_at   timestamptz NOT NULL DEFAULT now(),
  heartbeat_at timestamptz NOT NULL DEFAULT now(),
  finished_at  timestamptz,
  note         text,${CHANGE_COLUMNS},
  PRIMARY KEY (workspace_id, monitor_id, due_at),
  FOREIGN KEY (workspace_id, monitor_id) REFERENCES parallax.monitors (workspace_id, id)
);
CREATE INDEX runner_claims_live ON parallax.runner_claims (heartbeat_at) WHERE state = 'running';
${tracked('parallax.runner_claims')}
${workspaceSecurity('parallax.runner_claims')}

CREATE TABLE parallax.prompts (
  workspace_id uuid   NOT NULL REFERENCES parallax.workspaces (id),
  id           text   NOT NULL CHECK (length(id) BETWEEN 1 AND 200),
  text         text   NOT NULL,
  tags         text[] NOT NULL DEFAULT '{}',
  created_at   bigint NOT NULL,
  updated_at   bigint NOT NULL,${CONFIG_COLUMNS},
  PRIMARY KEY (workspace_id, id)
);
${tracked('parallax.prompts', { versioned: true })}
${workspaceSecurity('parallax.prompts')}

CREATE TABLE parallax.prompt_sets (
  workspace_id uuid   NOT NULL REFERENCES parallax.workspaces (id),
  id           text   NOT NULL CHECK (length(id) BETWEEN 1 AND 200),
  name         text   NOT NULL,
  prompt_ids   text[] NOT NULL DEFAULT '{}',
  tags         text[] NOT NULL DEFAULT '{}',
  created_at   bigint NOT NULL,
  updated_at   bigint NOT NULL,${CONFIG_COLUMNS},
  PRIMARY KEY (workspace_id, id)
);
${tracked('parallax.prompt_sets', { versioned: true })}
${workspaceSecurity('parallax.prompt_sets')}

CREATE TABLE parallax.tags (
  workspace_id uuid NOT NULL REFERENCES parallax.workspaces (id),
  name         text NOT NULL CHECK (length(name) BETWEEN 1 AND 200),${CONFIG_COLUMNS},
  PRIMARY KEY (workspace_id, name)
);
${tracked('parallax.tags', { versioned: true })}
${workspaceSecurity('parallax.tags')}

CREATE TABLE parallax.discovery_decisions (
  workspace_id uuid   NOT NULL REFERENCES parallax.workspaces (id),
  key          text   NOT NULL,
  decision     text   NOT NULL CHECK (decision IN ('dismissed')),
  decided_at   bigint NOT NULL,${CONFIG_COLUMNS},
  PRIMARY KEY (workspace_id, key)
);
${tracked('parallax.discovery_decisions', { versioned: true })}
${workspaceSecurity('parallax.discovery_decisions')}

-- A workspace's settings by key (local settings table): the judge's settings ('judge'), the
-- monitors' global pause ('monitors.paused'), and later ones, each a versioned row.
CREATE TABLE parallax.settings (
  workspace_id uuid   NOT NULL REFERENCES parallax.workspaces (id),
  key          text   NOT NULL CHECK (length(key) BETWEEN 1 AND 200),
  value_json   jsonb  NOT NULL,
  updated_at   bigint NOT NULL,${CONFIG_COLUMNS},
  PRIMARY KEY (workspace_id, key)
);
${tracked('parallax.settings', { versioned: true })}
${workspaceSecurity('parallax.settings')}
`;
