// Schema version 1: the whole history. Conventions:
// - timestamps are INTEGER milliseconds since the Unix epoch (UTC);
// - public ids are TEXT (UUIDs); per-result child rows hang off results.seq (INTEGER) to stay
//   compact and fast, since there are ten or more of them per result;
// - JSON columns end in _json and are checked with json_valid;
// - tables are STRICT, so a wrong type is an error instead of a silent conversion.
export const sql = /* sql */ `
CREATE TABLE meta (
  key   TEXT PRIMARY KEY,
  value TEXT NOT NULL
) STRICT, WITHOUT ROWID;
INSERT INTO meta (key, value) VALUES ('format', 'parallax-history');

-- User-level settings that belong with the history (e.g. the global monitor pause).
CREATE TABLE settings (
  key        TEXT PRIMARY KEY,
  value_json TEXT NOT NULL CHECK (json_valid(value_json)),
  updated_at INTEGER NOT NULL
) STRICT, WITHOUT ROWID;

CREATE TABLE tags (
  id   INTEGER PRIMARY KEY,
  name TEXT NOT NULL UNIQUE COLLATE NOCASE
) STRICT;

-- Saved prompts and prompt sets (the library).
CREATE TABLE prompts (
  id         TEXT PRIMARY KEY,
  text       TEXT NOT NULL,
  created_at INTEGER NOT NULL,
  updated_at INTEGER NOT NULL
) STRICT;
CREATE INDEX prompts_by_created ON prompts (created_at);

CREATE TABLE prompt_tags (
  prompt_id TEXT NOT NULL REFERENCES prompts (id) ON DELETE CASCADE,
  tag_id    INTEGER NOT NULL REFERENCES tags (id) ON DELETE CASCADE,
  PRIMARY KEY (prompt_id, tag_id)
) STRICT, WITHOUT ROWID;
CREATE INDEX prompt_tags_by_tag ON prompt_tags (tag_id, prompt_id);

CREATE TABLE prompt_sets (
  id         TEXT PRIMARY KEY,
  name       TEXT NOT NULL,
  created_at INTEGER NOT NULL,
  updated_at INTEGER NOT NULL
) STRICT;

CREATE TABLE prompt_set_items (
  set_id    TEXT NOT NULL REFERENCES prompt_sets (id) ON DELETE CASCADE,
  position  INTEGER NOT NULL,
  prompt_id TEXT NOT NULL REFERENCES prompts (id) ON DELETE CASCADE,
  PRIMARY KEY (set_id, position)
) STRICT, WITHOUT ROWID;
CREATE INDEX prompt_set_items_by_prompt ON prompt_set_items (prompt_id);

CREATE TABLE prompt_set_tags (
  set_id TEXT NOT NULL REFERENCES prompt_sets (id) ON DELETE CASCADE,
  tag_id INTEGER NOT NULL REFERENCES tags (id) ON DELETE CASCADE,
  PRIMARY KEY (set_id, tag_id)
) STRICT, WITHOUT ROWID;
CREATE INDEX prompt_set_tags_by_tag ON prompt_set_tags (tag_id, set_id);

-- Saved run definitions with a cadence. The scheduler computes next_due_at (cron-parser);
-- the store only keeps it and answers "what is due".
CREATE TABLE monitors (
  id          TEXT PRIMARY KEY,
  name        TEXT NOT NULL,
  spec_json   TEXT NOT NULL CHECK (json_valid(spec_json)),
  cadence     TEXT NOT NULL,
  enabled     INTEGER NOT NULL DEFAULT 1 CHECK (enabled IN (0, 1)),
  next_due_at INTEGER,
  last_run_id TEXT REFERENCES runs (id) ON DELETE SET NULL,
  created_at  INTEGER NOT NULL,
  updated_at  INTEGER NOT NULL
) STRICT;
CREATE INDEX monitors_due ON monitors (next_due_at) WHERE enabled = 1;
CREATE INDEX monitors_by_last_run ON monitors (last_run_id);

-- One run: what was asked, with which key (its masked label only) and at what cost.
-- The credits actually charged are the sum of its jobs' credits (one source of truth).
CREATE TABLE runs (
  id                  TEXT PRIMARY KEY,
  name                TEXT,
  status              TEXT NOT NULL CHECK (status IN
                        ('pending','running','paused','canceling','canceled','completed','failed','interrupted')),
  mode                TEXT NOT NULL CHECK (mode IN ('sync','async')),
  priority            INTEGER NOT NULL CHECK (priority BETWEEN 1 AND 10),
  engines_json        TEXT NOT NULL CHECK (json_valid(engines_json)),
  countries_json      TEXT NOT NULL CHECK (json_valid(countries_json)),
  states_json         TEXT NOT NULL CHECK (json_valid(states_json)),
  repeats             INTEGER NOT NULL CHECK (repeats >= 1),
  prompt_count        INTEGER NOT NULL,
  engine_options_json TEXT NOT NULL CHECK (json_valid(engine_options_json)),
  budget              INTEGER,
  webhook_url         TEXT,
  key_label           TEXT,
  base_url            TEXT NOT NULL,
  sandbox             INTEGER NOT NULL CHECK (sandbox IN (0, 1)),
  cost_estimate       REAL NOT NULL,
  summary_json        TEXT CHECK (summary_json IS NULL OR json_valid(summary_json)),
  monitor_id          TEXT REFERENCES monitors (id) ON DELETE SET NULL,
  created_at          INTEGER NOT NULL,
  started_at          INTEGER,
  finished_at         INTEGER,
  updated_at          INTEGER NOT NULL
) STRICT;
CREATE INDEX runs_by_created ON runs (created_at DESC, id DESC);
CREATE INDEX runs_by_status ON runs (status, created_at DESC);
CREATE INDEX runs_by_monitor ON runs (monitor_id, created_at);

-- The prompts of a run, in order (prompt_id links a saved prompt when the run came from the library).
CREATE TABLE run_prompts (
  id        INTEGER PRIMARY KEY,
  run_id    TEXT NOT NULL REFERENCES runs (id) ON DELETE CASCADE,
  idx       INTEGER NOT NULL,
  text      TEXT NOT NULL,
  prompt_id TEXT REFERENCES prompts (id) ON DELETE SET NULL,
  UNIQUE (run_id, idx)
) STRICT;
CREATE INDEX run_prompts_by_text ON run_prompts (text);
CREATE INDEX run_prompts_by_prompt ON run_prompts (prompt_id);

CREATE TABLE run_tags (
  run_id TEXT NOT NULL REFERENCES runs (id) ON DELETE CASCADE,
  tag_id INTEGER NOT NULL REFERENCES tags (id) ON DELETE CASCADE,
  PRIMARY KEY (run_id, tag_id)
) STRICT, WITHOUT ROWID;
CREATE INDEX run_tags_by_tag ON run_tags (tag_id, run_id);

-- One job per prompt x engine x country/state x repeat. us_state is the US state (NULL for a
-- plain country); job_state is the job's lifecycle state.
CREATE TABLE jobs (
  id                 TEXT PRIMARY KEY,
  run_id             TEXT NOT NULL REFERENCES runs (id) ON DELETE CASCADE,
  prompt_index       INTEGER NOT NULL,
  engine             TEXT NOT NULL,
  country            TEXT NOT NULL,
  us_state           TEXT,
  repeat             INTEGER NOT NULL CHECK (repeat >= 1),
  request_json       TEXT CHECK (request_json IS NULL OR json_valid(request_json)),
  job_state          TEXT NOT NULL DEFAULT 'pending' CHECK (job_state IN
                       ('pending','queued','running','succeeded','failed','interrupted','canceled')),
  attempts           INTEGER NOT NULL DEFAULT 0,
  request_id         TEXT,
  task_id            TEXT,
  idempotency_key    TEXT UNIQUE,
  http_status        INTEGER,
  error_code         TEXT,
  error_message      TEXT,
  error_details_json TEXT CHECK (error_details_json IS NULL OR json_valid(error_details_json)),
  latency_ms         INTEGER,
  credits_charged    REAL,
  created_at         INTEGER NOT NULL,
  started_at         INTEGER,
  finished_at        INTEGER,
  updated_at         INTEGER NOT NULL,
  FOREIGN KEY (run_id, prompt_index) REFERENCES run_prompts (run_id, idx) ON DELETE CASCADE
) STRICT;
-- One job per cell; ifnull() because UNIQUE treats NULLs as distinct.
CREATE UNIQUE INDEX jobs_by_cell ON jobs (run_id, prompt_index, engine, country, ifnull(us_state, ''), repeat);
-- Counts per state and credits per run, answered from the index alone.
CREATE INDEX jobs_by_run_state ON jobs (run_id, job_state, credits_charged);
-- Jobs in flight, for resume after a crash.
CREATE INDEX jobs_in_flight ON jobs (run_id) WHERE job_state IN ('queued', 'running');
CREATE INDEX jobs_by_task ON jobs (task_id) WHERE task_id IS NOT NULL;

-- One result per job. The raw JSON lives in result_raw so scans over results stay small.
CREATE TABLE results (
  seq                   INTEGER PRIMARY KEY,
  id                    TEXT NOT NULL UNIQUE,
  job_id                TEXT NOT NULL UNIQUE REFERENCES jobs (id) ON DELETE CASCADE,
  fetched_at            INTEGER NOT NULL,
  ingested_at           INTEGER NOT NULL,
  model                 TEXT,
  shape                 TEXT CHECK (shape IS NULL OR shape IN ('legacy', 'mobile-web')),
  search_queries_json   TEXT NOT NULL CHECK (json_valid(search_queries_json)),
  html_urls_json        TEXT NOT NULL CHECK (json_valid(html_urls_json)),
  related_searches_json TEXT NOT NULL CHECK (json_valid(related_searches_json)),
  answer_text           TEXT NOT NULL,
  answer_markdown       TEXT,
  -- The titles of the result's sources, one per line: indexed with the answer so a search
  -- covers both in one full-text table, one document per result.
  source_titles         TEXT NOT NULL DEFAULT ''
) STRICT;
CREATE INDEX results_by_fetched ON results (fetched_at);

CREATE TABLE result_raw (
  result_seq INTEGER PRIMARY KEY REFERENCES results (seq) ON DELETE CASCADE,
  raw_json   TEXT NOT NULL
) STRICT;

CREATE TABLE sources (
  id             INTEGER PRIMARY KEY,
  result_seq     INTEGER NOT NULL REFERENCES results (seq) ON DELETE CASCADE,
  kind           TEXT NOT NULL,
  position       INTEGER NOT NULL,
  url            TEXT NOT NULL,
  domain         TEXT NOT NULL,
  title          TEXT,
  snippet        TEXT,
  redirect_link  TEXT,
  date_published TEXT
) STRICT;
CREATE INDEX sources_by_result ON sources (result_seq, kind, position);

CREATE TABLE entities (
  id         INTEGER PRIMARY KEY,
  result_seq INTEGER NOT NULL REFERENCES results (seq) ON DELETE CASCADE,
  position   INTEGER NOT NULL,
  type       TEXT NOT NULL,
  name       TEXT NOT NULL
) STRICT;
CREATE INDEX entities_by_result ON entities (result_seq, position);

CREATE TABLE products (
  id          INTEGER PRIMARY KEY,
  result_seq  INTEGER NOT NULL REFERENCES results (seq) ON DELETE CASCADE,
  position    INTEGER NOT NULL,
  origin      TEXT NOT NULL,
  title       TEXT NOT NULL,
  url         TEXT,
  brand       TEXT,
  merchant    TEXT,
  price       TEXT,
  price_value REAL,
  currency    TEXT,
  rating      REAL,
  reviews     INTEGER
) STRICT;
CREATE INDEX products_by_result ON products (result_seq, position);

CREATE TABLE product_offers (
  id          INTEGER PRIMARY KEY,
  product_id  INTEGER NOT NULL REFERENCES products (id) ON DELETE CASCADE,
  position    INTEGER NOT NULL,
  merchant    TEXT,
  title       TEXT,
  url         TEXT,
  price       TEXT,
  price_value REAL,
  currency    TEXT,
  available   INTEGER CHECK (available IS NULL OR available IN (0, 1))
) STRICT;
CREATE INDEX product_offers_by_product ON product_offers (product_id, position);

CREATE TABLE ads (
  id         INTEGER PRIMARY KEY,
  result_seq INTEGER NOT NULL REFERENCES results (seq) ON DELETE CASCADE,
  position   INTEGER NOT NULL,
  title      TEXT NOT NULL,
  body       TEXT,
  url        TEXT,
  domain     TEXT,
  advertiser TEXT,
  placement  TEXT
) STRICT;
CREATE INDEX ads_by_result ON ads (result_seq, position);

CREATE TABLE people_also_ask (
  id         INTEGER PRIMARY KEY,
  result_seq INTEGER NOT NULL REFERENCES results (seq) ON DELETE CASCADE,
  position   INTEGER NOT NULL,
  question   TEXT NOT NULL,
  snippet    TEXT,
  url        TEXT,
  type       TEXT
) STRICT;
CREATE INDEX people_also_ask_by_result ON people_also_ask (result_seq, position);

CREATE TABLE ai_overviews (
  result_seq INTEGER PRIMARY KEY REFERENCES results (seq) ON DELETE CASCADE,
  text       TEXT NOT NULL,
  markdown   TEXT
) STRICT;

-- Brands and competitors; matching is defined by the analytics code, which stores its
-- findings per result in brand_mentions (a cache: signature says which matcher and variants made it).
CREATE TABLE brands (
  id            TEXT PRIMARY KEY,
  name          TEXT NOT NULL UNIQUE COLLATE NOCASE,
  kind          TEXT NOT NULL CHECK (kind IN ('brand', 'competitor')),
  variants_json TEXT NOT NULL CHECK (json_valid(variants_json)),
  created_at    INTEGER NOT NULL,
  updated_at    INTEGER NOT NULL
) STRICT;

CREATE TABLE brand_mentions (
  result_seq   INTEGER NOT NULL REFERENCES results (seq) ON DELETE CASCADE,
  brand_id     TEXT NOT NULL REFERENCES brands (id) ON DELETE CASCADE,
  mentioned    INTEGER NOT NULL CHECK (mentioned IN (0, 1)),
  first_offset INTEGER,
  count        INTEGER NOT NULL DEFAULT 0,
  rank         INTEGER,
  signature    TEXT,
  analyzed_at  INTEGER NOT NULL,
  PRIMARY KEY (result_seq, brand_id)
) STRICT, WITHOUT ROWID;
CREATE INDEX brand_mentions_by_brand ON brand_mentions (brand_id, result_seq);

-- Full-text search, one document per result (rowid = results.seq): the answer text and the
-- source titles. The answer's Markdown is left out: it holds the same words as the text, and
-- indexing both doubled the cost of storing a result. External content: the text is stored
-- once, in results, and the triggers keep the index in step with every insert, update and
-- delete (cascades included).
CREATE VIRTUAL TABLE answer_fts USING fts5 (
  answer_text, source_titles,
  content = 'results', content_rowid = 'seq',
  tokenize = 'unicode61 remove_diacritics 2'
);
CREATE TRIGGER results_fts_insert AFTER INSERT ON results BEGIN
  INSERT INTO answer_fts (rowid, answer_text, source_titles)
    VALUES (new.seq, new.answer_text, new.source_titles);
END;
CREATE TRIGGER results_fts_delete AFTER DELETE ON results BEGIN
  INSERT INTO answer_fts (answer_fts, rowid, answer_text, source_titles)
    VALUES ('delete', old.seq, old.answer_text, old.source_titles);
END;
CREATE TRIGGER results_fts_update AFTER UPDATE OF answer_text, source_titles ON results BEGIN
  INSERT INTO answer_fts (answer_fts, rowid, answer_text, source_titles)
    VALUES ('delete', old.seq, old.answer_text, old.source_titles);
  INSERT INTO answer_fts (rowid, answer_text, source_titles)
    VALUES (new.seq, new.answer_text, new.source_titles);
END;
`;
