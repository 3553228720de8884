// Made by `npm run schema:baseline` (scripts/schema-baseline.ts) from the migrations; do not edit.
import type { SchemaBaseline } from './baseline';

export const SCHEMA_BASELINE: SchemaBaseline = {
  version: 48,
  objects: [
    {
      type: 'table',
      name: 'meta',
      sql: 'CREATE TABLE meta (\n  key   TEXT PRIMARY KEY,\n  value TEXT NOT NULL\n) STRICT, WITHOUT ROWID',
    },
    {
      type: 'table',
      name: 'settings',
      sql: 'CREATE TABLE settings (\n  key        TEXT PRIMARY KEY,\n  value_json TEXT NOT NULL CHECK (json_valid(value_json)),\n  updated_at INTEGER NOT NULL\n) STRICT, WITHOUT ROWID',
    },
    {
      type: 'table',
      name: 'tags',
      sql: 'CREATE TABLE tags (\n  id   INTEGER PRIMARY KEY,\n  name TEXT NOT NULL UNIQUE COLLATE NOCASE\n) STRICT',
    },
    {
      type: 'table',
      name: 'prompts',
      sql: 'CREATE TABLE prompts (\n  id         TEXT PRIMARY KEY,\n  text       TEXT NOT NULL,\n  created_at INTEGER NOT NULL,\n  updated_at INTEGER NOT NULL\n) STRICT',
    },
    {
      type: 'index',
      name: 'prompts_by_created',
      sql: 'CREATE INDEX prompts_by_created ON prompts (created_at)',
    },
    {
      type: 'table',
      name: 'prompt_tags',
      sql: 'CREATE TABLE prompt_tags (\n  prompt_id TEXT NOT NULL REFERENCES prompts (id) ON DELETE CASCADE,\n  tag_id    INTEGER NOT NULL REFERENCES tags (id) ON DELETE CASCADE,\n  PRIMARY KEY (prompt_id, tag_id)\n) STRICT, WITHOUT ROWID',
    },
    {
      type: 'index',
      name: 'prompt_tags_by_tag',
      sql: 'CREATE INDEX prompt_tags_by_tag ON prompt_tags (tag_id, prompt_id)',
    },
    {
      type: 'table',
      name: 'prompt_sets',
      sql: 'CREATE TABLE prompt_sets (\n  id         TEXT PRIMARY KEY,\n  name       TEXT NOT NULL,\n  created_at INTEGER NOT NULL,\n  updated_at INTEGER NOT NULL\n) STRICT',
    },
    {
      type: 'table',
      name: 'prompt_set_items',
      sql: 'CREATE TABLE prompt_set_items (\n  set_id    TEXT NOT NULL REFERENCES prompt_sets (id) ON DELETE CASCADE,\n  position  INTEGER NOT NULL,\n  prompt_id TEXT NOT NULL REFERENCES prompts (id) ON DELETE CASCADE,\n  PRIMARY KEY (set_id, position)\n) STRICT, WITHOUT ROWID',
    },
    {
      type: 'index',
      name: 'prompt_set_items_by_prompt',
      sql: 'CREATE INDEX prompt_set_items_by_prompt ON prompt_set_items (prompt_id)',
    },
    {
      type: 'table',
      name: 'prompt_set_tags',
      sql: 'CREATE TABLE prompt_set_tags (\n  set_id TEXT NOT NULL REFERENCES prompt_sets (id) ON DELETE CASCADE,\n  tag_id INTEGER NOT NULL REFERENCES tags (id) ON DELETE CASCADE,\n  PRIMARY KEY (set_id, tag_id)\n) STRICT, WITHOUT ROWID',
    },
    {
      type: 'index',
      name: 'prompt_set_tags_by_tag',
      sql: 'CREATE INDEX prompt_set_tags_by_tag ON prompt_set_tags (tag_id, set_id)',
    },
    {
      type: 'table',
      name: 'monitors',
      sql: 'CREATE TABLE monitors (\n  id          TEXT PRIMARY KEY,\n  name        TEXT NOT NULL,\n  spec_json   TEXT NOT NULL CHECK (json_valid(spec_json)),\n  cadence     TEXT NOT NULL,\n  enabled     INTEGER NOT NULL DEFAULT 1 CHECK (enabled IN (0, 1)),\n  next_due_at INTEGER,\n  last_run_id TEXT REFERENCES runs (id) ON DELETE SET NULL,\n  created_at  INTEGER NOT NULL,\n  updated_at  INTEGER NOT NULL\n) STRICT',
    },
    {
      type: 'index',
      name: 'monitors_due',
      sql: 'CREATE INDEX monitors_due ON monitors (next_due_at) WHERE enabled = 1',
    },
    {
      type: 'index',
      name: 'monitors_by_last_run',
      sql: 'CREATE INDEX monitors_by_last_run ON monitors (last_run_id)',
    },
    {
      type: 'table',
      name: 'runs',
      sql: "CREATE TABLE runs (\n  id                  TEXT PRIMARY KEY,\n  name                TEXT,\n  status              TEXT NOT NULL CHECK (status IN\n                        ('pending','running','paused','canceling','canceled','completed','failed','interrupted')),\n  mode                TEXT NOT NULL CHECK (mode IN ('sync','async')),\n  priority            INTEGER NOT NULL CHECK (priority BETWEEN 1 AND 10),\n  engines_json        TEXT NOT NULL CHECK (json_valid(engines_json)),\n  countries_json      TEXT NOT NULL CHECK (json_valid(countries_json)),\n  states_json         TEXT NOT NULL CHECK (json_valid(states_json)),\n  repeats             INTEGER NOT NULL CHECK (repeats >= 1),\n  prompt_count        INTEGER NOT NULL,\n  engine_options_json TEXT NOT NULL CHECK (json_valid(engine_options_json)),\n  budget              INTEGER,\n  webhook_url         TEXT,\n  key_label           TEXT,\n  base_url            TEXT NOT NULL,\n  sandbox             INTEGER NOT NULL CHECK (sandbox IN (0, 1)),\n  cost_estimate       REAL NOT NULL,\n  summary_json        TEXT CHECK (summary_json IS NULL OR json_valid(summary_json)),\n  monitor_id          TEXT REFERENCES monitors (id) ON DELETE SET NULL,\n  created_at          INTEGER NOT NULL,\n  started_at          INTEGER,\n  finished_at         INTEGER,\n  updated_at          INTEGER NOT NULL\n) STRICT",
    },
    {
      type: 'index',
      name: 'runs_by_created',
      sql: 'CREATE INDEX runs_by_created ON runs (created_at DESC, id DESC)',
    },
    {
      type: 'index',
      name: 'runs_by_status',
      sql: 'CREATE INDEX runs_by_status ON runs (status, created_at DESC)',
    },
    {
      type: 'index',
      name: 'runs_by_monitor',
      sql: 'CREATE INDEX runs_by_monitor ON runs (monitor_id, created_at)',
    },
    {
      type: 'table',
      name: 'run_prompts',
      sql: 'CREATE TABLE run_prompts (\n  id        INTEGER PRIMARY KEY,\n  run_id    TEXT NOT NULL REFERENCES runs (id) ON DELETE CASCADE,\n  idx       INTEGER NOT NULL,\n  text      TEXT NOT NULL,\n  prompt_id TEXT REFERENCES prompts (id) ON DELETE SET NULL,\n  UNIQUE (run_id, idx)\n) STRICT',
    },
    {
      type: 'index',
      name: 'run_prompts_by_text',
      sql: 'CREATE INDEX run_prompts_by_text ON run_prompts (text)',
    },
    {
      type: 'index',
      name: 'run_prompts_by_prompt',
      sql: 'CREATE INDEX run_prompts_by_prompt ON run_prompts (prompt_id)',
    },
    {
      type: 'table',
      name: 'run_tags',
      sql: 'CREATE TABLE run_tags (\n  run_id TEXT NOT NULL REFERENCES runs (id) ON DELETE CASCADE,\n  tag_id INTEGER NOT NULL REFERENCES tags (id) ON DELETE CASCADE,\n  PRIMARY KEY (run_id, tag_id)\n) STRICT, WITHOUT ROWID',
    },
    {
      type: 'index',
      name: 'run_tags_by_tag',
      sql: 'CREATE INDEX run_tags_by_tag ON run_tags (tag_id, run_id)',
    },
    {
      type: 'table',
      name: 'jobs',
      sql: "CREATE TABLE jobs (\n  id                 TEXT PRIMARY KEY,\n  run_id             TEXT NOT NULL REFERENCES runs (id) ON DELETE CASCADE,\n  prompt_index       INTEGER NOT NULL,\n  engine             TEXT NOT NULL,\n  country            TEXT NOT NULL,\n  us_state           TEXT,\n  repeat             INTEGER NOT NULL CHECK (repeat >= 1),\n  request_json       TEXT CHECK (request_json IS NULL OR json_valid(request_json)),\n  job_state          TEXT NOT NULL DEFAULT 'pending' CHECK (job_state IN\n                       ('pending','queued','running','succeeded','failed','interrupted','canceled')),\n  attempts           INTEGER NOT NULL DEFAULT 0,\n  request_id         TEXT,\n  task_id            TEXT,\n  idempotency_key    TEXT UNIQUE,\n  http_status        INTEGER,\n  error_code         TEXT,\n  error_message      TEXT,\n  error_details_json TEXT CHECK (error_details_json IS NULL OR json_valid(error_details_json)),\n  latency_ms         INTEGER,\n  credits_charged    REAL,\n  created_at         INTEGER NOT NULL,\n  started_at         INTEGER,\n  finished_at        INTEGER,\n  updated_at         INTEGER NOT NULL, credits_estimated INTEGER NOT NULL DEFAULT 0 CHECK (credits_estimated IN (0, 1)),\n  FOREIGN KEY (run_id, prompt_index) REFERENCES run_prompts (run_id, idx) ON DELETE CASCADE\n) STRICT",
    },
    {
      type: 'index',
      name: 'jobs_by_cell',
      sql: "CREATE UNIQUE INDEX jobs_by_cell ON jobs (run_id, prompt_index, engine, country, ifnull(us_state, ''), repeat)",
    },
    {
      type: 'index',
      name: 'jobs_by_run_state',
      sql: 'CREATE INDEX jobs_by_run_state ON jobs (run_id, job_state, credits_charged)',
    },
    {
      type: 'index',
      name: 'jobs_in_flight',
      sql: "CREATE INDEX jobs_in_flight ON jobs (run_id) WHERE job_state IN ('queued', 'running')",
    },
    {
      type: 'index',
      name: 'jobs_by_task',
      sql: 'CREATE INDEX jobs_by_task ON jobs (task_id) WHERE task_id IS NOT NULL',
    },
    {
      type: 'table',
      name: 'results',
      sql: "CREATE TABLE results (\n  seq                   INTEGER PRIMARY KEY,\n  id                    TEXT NOT NULL UNIQUE,\n  job_id                TEXT NOT NULL UNIQUE REFERENCES jobs (id) ON DELETE CASCADE,\n  fetched_at            INTEGER NOT NULL,\n  ingested_at           INTEGER NOT NULL,\n  model                 TEXT,\n  shape                 TEXT CHECK (shape IS NULL OR shape IN ('legacy', 'mobile-web')),\n  search_queries_plain   TEXT NOT NULL CHECK (json_valid(search_queries_plain)),\n  html_urls_json        TEXT NOT NULL CHECK (json_valid(html_urls_json)),\n  related_searches_json TEXT NOT NULL CHECK (json_valid(related_searches_json)),\n  answer_head           TEXT NOT NULL,\n  answer_markdown       TEXT,\n  -- The titles of the result's sources, one per line: indexed with the answer so a search\n  -- covers both in one full-text table, one document per result.\n  source_titles_plain         TEXT NOT NULL DEFAULT ''\n, markdown_zstd BLOB, facets TEXT NOT NULL DEFAULT '', doc BLOB, answer_text TEXT\n  GENERATED ALWAYS AS (CASE WHEN doc IS NULL THEN answer_head ELSE doc_text(doc, 0) END) VIRTUAL, source_titles TEXT\n  GENERATED ALWAYS AS (CASE WHEN doc IS NULL THEN source_titles_plain ELSE doc_text(doc, 1) END) VIRTUAL, search_queries_json TEXT\n  GENERATED ALWAYS AS (CASE WHEN doc IS NULL THEN search_queries_plain ELSE doc_text(doc, 4) END) VIRTUAL, markdown_text TEXT\n  GENERATED ALWAYS AS (CASE WHEN doc IS NULL THEN coalesce(zstd_text(markdown_zstd), answer_markdown)\n    ELSE doc_text(doc, 2) END) VIRTUAL) STRICT",
    },
    {
      type: 'index',
      name: 'results_by_fetched',
      sql: 'CREATE INDEX results_by_fetched ON results (fetched_at)',
    },
    {
      type: 'table',
      name: 'result_raw',
      sql: 'CREATE TABLE result_raw (\n  result_seq INTEGER PRIMARY KEY REFERENCES results (seq) ON DELETE CASCADE,\n  raw_json   TEXT NOT NULL\n) STRICT',
    },
    {
      type: 'table',
      name: 'ads',
      sql: 'CREATE TABLE ads (\n  id         INTEGER PRIMARY KEY,\n  result_seq INTEGER NOT NULL REFERENCES results (seq) ON DELETE CASCADE,\n  position   INTEGER NOT NULL,\n  title      TEXT NOT NULL,\n  body       TEXT,\n  url        TEXT,\n  domain     TEXT,\n  advertiser TEXT,\n  placement  TEXT\n) STRICT',
    },
    { type: 'index', name: 'ads_by_result', sql: 'CREATE INDEX ads_by_result ON ads (result_seq, position)' },
    {
      type: 'table',
      name: 'people_also_ask',
      sql: 'CREATE TABLE people_also_ask (\n  id         INTEGER PRIMARY KEY,\n  result_seq INTEGER NOT NULL REFERENCES results (seq) ON DELETE CASCADE,\n  position   INTEGER NOT NULL,\n  question   TEXT NOT NULL,\n  snippet    TEXT,\n  url        TEXT,\n  type       TEXT\n) STRICT',
    },
    {
      type: 'index',
      name: 'people_also_ask_by_result',
      sql: 'CREATE INDEX people_also_ask_by_result ON people_also_ask (result_seq, position)',
    },
    {
      type: 'table',
      name: 'ai_overviews',
      sql: 'CREATE TABLE ai_overviews (\n  result_seq INTEGER PRIMARY KEY REFERENCES results (seq) ON DELETE CASCADE,\n  text       TEXT NOT NULL,\n  markdown   TEXT\n) STRICT',
    },
    {
      type: 'table',
      name: 'brands',
      sql: "CREATE TABLE brands (\n  id            TEXT PRIMARY KEY,\n  name          TEXT NOT NULL UNIQUE COLLATE NOCASE,\n  kind          TEXT NOT NULL CHECK (kind IN ('brand', 'competitor')),\n  variants_json TEXT NOT NULL CHECK (json_valid(variants_json)),\n  created_at    INTEGER NOT NULL,\n  updated_at    INTEGER NOT NULL\n) STRICT",
    },
    {
      type: 'table',
      name: 'brand_mentions',
      sql: 'CREATE TABLE brand_mentions (\n  result_seq   INTEGER NOT NULL REFERENCES results (seq) ON DELETE CASCADE,\n  brand_id     TEXT NOT NULL REFERENCES brands (id) ON DELETE CASCADE,\n  mentioned    INTEGER NOT NULL CHECK (mentioned IN (0, 1)),\n  first_offset INTEGER,\n  count        INTEGER NOT NULL DEFAULT 0,\n  rank         INTEGER,\n  signature    TEXT,\n  analyzed_at  INTEGER NOT NULL,\n  PRIMARY KEY (result_seq, brand_id)\n) STRICT, WITHOUT ROWID',
    },
    {
      type: 'index',
      name: 'brand_mentions_by_brand',
      sql: 'CREATE INDEX brand_mentions_by_brand ON brand_mentions (brand_id, result_seq)',
    },
    {
      type: 'table',
      name: 'answer_fts',
      sql: "CREATE VIRTUAL TABLE answer_fts USING fts5 (\n  answer_text, source_titles,\n  content = 'results', content_rowid = 'seq',\n  tokenize = 'unicode61 remove_diacritics 2'\n)",
    },
    {
      type: 'table',
      name: 'answer_fts_data',
      sql: "CREATE TABLE 'answer_fts_data'(id INTEGER PRIMARY KEY, block BLOB)",
    },
    {
      type: 'table',
      name: 'answer_fts_idx',
      sql: "CREATE TABLE 'answer_fts_idx'(segid, term, pgno, PRIMARY KEY(segid, term)) WITHOUT ROWID",
    },
    {
      type: 'table',
      name: 'answer_fts_docsize',
      sql: "CREATE TABLE 'answer_fts_docsize'(id INTEGER PRIMARY KEY, sz BLOB)",
    },
    {
      type: 'table',
      name: 'answer_fts_config',
      sql: "CREATE TABLE 'answer_fts_config'(k PRIMARY KEY, v) WITHOUT ROWID",
    },
    {
      type: 'trigger',
      name: 'results_fts_insert',
      sql: 'CREATE TRIGGER results_fts_insert AFTER INSERT ON results BEGIN\n  INSERT INTO answer_fts (rowid, answer_text, source_titles)\n    VALUES (new.seq, new.answer_head, new.source_titles_plain);\nEND',
    },
    {
      type: 'trigger',
      name: 'results_fts_delete',
      sql: "CREATE TRIGGER results_fts_delete AFTER DELETE ON results BEGIN\n  INSERT INTO answer_fts (answer_fts, rowid, answer_text, source_titles)\n    VALUES ('delete', old.seq, old.answer_head, old.source_titles_plain);\nEND",
    },
    {
      type: 'trigger',
      name: 'results_fts_update',
      sql: "CREATE TRIGGER results_fts_update AFTER UPDATE OF answer_head, source_titles_plain ON results BEGIN\n  INSERT INTO answer_fts (answer_fts, rowid, answer_text, source_titles)\n    VALUES ('delete', old.seq, old.answer_head, old.source_titles_plain);\n  INSERT INTO answer_fts (rowid, answer_text, source_titles)\n    VALUES (new.seq, new.answer_head, new.source_titles_plain);\nEND",
    },
    {
      type: 'table',
      name: 'vis_runs',
      sql: 'CREATE TABLE vis_runs (\n  id     INTEGER PRIMARY KEY AUTOINCREMENT,\n  run_id TEXT NOT NULL UNIQUE REFERENCES runs (id) ON DELETE CASCADE\n) STRICT',
    },
    {
      type: 'table',
      name: 'vis_brands',
      sql: 'CREATE TABLE vis_brands (\n  id       INTEGER PRIMARY KEY,\n  brand_id TEXT NOT NULL UNIQUE REFERENCES brands (id) ON DELETE CASCADE\n) STRICT',
    },
    {
      type: 'table',
      name: 'vis_domains',
      sql: 'CREATE TABLE vis_domains (\n  id     INTEGER PRIMARY KEY,\n  domain TEXT NOT NULL UNIQUE,\n  kinds  INTEGER NOT NULL DEFAULT 0\n) STRICT',
    },
    {
      type: 'table',
      name: 'vis_result',
      sql: 'CREATE TABLE vis_result (\n  seq    INTEGER PRIMARY KEY REFERENCES results (seq) ON DELETE CASCADE,\n  day    INTEGER NOT NULL,\n  run    INTEGER NOT NULL,\n  engine TEXT NOT NULL,\n  loc    TEXT NOT NULL,\n  prompt INTEGER\n) STRICT',
    },
    {
      type: 'index',
      name: 'vis_result_by_day',
      sql: 'CREATE INDEX vis_result_by_day ON vis_result (day, run, engine, loc)',
    },
    {
      type: 'index',
      name: 'vis_result_by_run',
      sql: 'CREATE INDEX vis_result_by_run ON vis_result (run, day, engine, loc)',
    },
    {
      type: 'index',
      name: 'vis_result_by_prompt',
      sql: 'CREATE INDEX vis_result_by_prompt ON vis_result (prompt, day)',
    },
    {
      type: 'table',
      name: 'vis_result_brand',
      sql: 'CREATE TABLE vis_result_brand (\n  seq       INTEGER NOT NULL,\n  brand     INTEGER NOT NULL,\n  mentioned INTEGER NOT NULL,\n  cited     INTEGER NOT NULL,\n  rank      INTEGER,\n  count     INTEGER NOT NULL,\n  PRIMARY KEY (seq, brand)\n) STRICT, WITHOUT ROWID',
    },
    {
      type: 'table',
      name: 'vis_cell',
      sql: 'CREATE TABLE vis_cell (\n  day INTEGER NOT NULL, run INTEGER NOT NULL, engine TEXT NOT NULL, loc TEXT NOT NULL,\n  answers INTEGER NOT NULL,\n  PRIMARY KEY (day, run, engine, loc)\n) STRICT, WITHOUT ROWID',
    },
    {
      type: 'table',
      name: 'vis_cell_el',
      sql: 'CREATE TABLE vis_cell_el (\n  day INTEGER NOT NULL, engine TEXT NOT NULL, loc TEXT NOT NULL,\n  answers INTEGER NOT NULL,\n  PRIMARY KEY (day, engine, loc)\n) STRICT, WITHOUT ROWID',
    },
    {
      type: 'table',
      name: 'vis_cell_d',
      sql: 'CREATE TABLE vis_cell_d (\n  day INTEGER NOT NULL PRIMARY KEY,\n  answers INTEGER NOT NULL\n) STRICT, WITHOUT ROWID',
    },
    {
      type: 'table',
      name: 'vis_brand_day',
      sql: 'CREATE TABLE vis_brand_day (\n  day INTEGER NOT NULL, run INTEGER NOT NULL, engine TEXT NOT NULL, loc TEXT NOT NULL,\n  brand INTEGER NOT NULL,\n  mentioned INTEGER NOT NULL, cited INTEGER NOT NULL,\n  ranked INTEGER NOT NULL, rank_sum INTEGER NOT NULL, rank_sq INTEGER NOT NULL,\n  mentions INTEGER NOT NULL, present INTEGER NOT NULL DEFAULT 0,\n  PRIMARY KEY (day, run, engine, loc, brand)\n) STRICT, WITHOUT ROWID',
    },
    {
      type: 'table',
      name: 'vis_brand_el',
      sql: 'CREATE TABLE vis_brand_el (\n  day INTEGER NOT NULL, engine TEXT NOT NULL, loc TEXT NOT NULL,\n  brand INTEGER NOT NULL,\n  mentioned INTEGER NOT NULL, cited INTEGER NOT NULL,\n  ranked INTEGER NOT NULL, rank_sum INTEGER NOT NULL, rank_sq INTEGER NOT NULL,\n  mentions INTEGER NOT NULL, present INTEGER NOT NULL DEFAULT 0,\n  PRIMARY KEY (day, engine, loc, brand)\n) STRICT, WITHOUT ROWID',
    },
    {
      type: 'table',
      name: 'vis_brand_d',
      sql: 'CREATE TABLE vis_brand_d (\n  day INTEGER NOT NULL, brand INTEGER NOT NULL,\n  mentioned INTEGER NOT NULL, cited INTEGER NOT NULL,\n  ranked INTEGER NOT NULL, rank_sum INTEGER NOT NULL, rank_sq INTEGER NOT NULL,\n  mentions INTEGER NOT NULL, present INTEGER NOT NULL DEFAULT 0,\n  PRIMARY KEY (day, brand)\n) STRICT, WITHOUT ROWID',
    },
    {
      type: 'table',
      name: 'vis_domain_run',
      sql: 'CREATE TABLE vis_domain_run (\n  run INTEGER NOT NULL, day INTEGER NOT NULL, engine TEXT NOT NULL, domain INTEGER NOT NULL,\n  answers INTEGER NOT NULL,\n  PRIMARY KEY (run, day, engine, domain)\n) STRICT, WITHOUT ROWID',
    },
    {
      type: 'table',
      name: 'vis_domain_el',
      sql: 'CREATE TABLE vis_domain_el (\n  day INTEGER NOT NULL, engine TEXT NOT NULL, loc TEXT NOT NULL, domain INTEGER NOT NULL,\n  answers INTEGER NOT NULL,\n  PRIMARY KEY (day, engine, loc, domain)\n) STRICT, WITHOUT ROWID',
    },
    {
      type: 'table',
      name: 'vis_domain_d',
      sql: 'CREATE TABLE vis_domain_d (\n  day INTEGER NOT NULL, domain INTEGER NOT NULL,\n  answers INTEGER NOT NULL,\n  PRIMARY KEY (day, domain)\n) STRICT, WITHOUT ROWID',
    },
    {
      type: 'table',
      name: 'vis_url_day',
      sql: 'CREATE TABLE vis_url_day (\n  url INTEGER NOT NULL,\n  day INTEGER NOT NULL, run INTEGER NOT NULL, engine TEXT NOT NULL, loc TEXT NOT NULL,\n  answers INTEGER NOT NULL, best INTEGER NOT NULL,\n  PRIMARY KEY (url, day, run, engine, loc)\n) STRICT, WITHOUT ROWID',
    },
    {
      type: 'table',
      name: 'vis_query_run',
      sql: 'CREATE TABLE vis_query_run (\n  run INTEGER NOT NULL, day INTEGER NOT NULL, engine TEXT NOT NULL, query INTEGER NOT NULL,\n  answers INTEGER NOT NULL,\n  PRIMARY KEY (run, day, engine, query)\n) STRICT, WITHOUT ROWID',
    },
    {
      type: 'table',
      name: 'vis_query_el',
      sql: 'CREATE TABLE vis_query_el (\n  day INTEGER NOT NULL, engine TEXT NOT NULL, loc TEXT NOT NULL, query INTEGER NOT NULL,\n  answers INTEGER NOT NULL,\n  PRIMARY KEY (day, engine, loc, query)\n) STRICT, WITHOUT ROWID',
    },
    {
      type: 'index',
      name: 'vis_query_el_by_query',
      sql: 'CREATE INDEX vis_query_el_by_query ON vis_query_el (query, day)',
    },
    {
      type: 'table',
      name: 'vis_query_d',
      sql: 'CREATE TABLE vis_query_d (\n  day INTEGER NOT NULL, engine TEXT NOT NULL, query INTEGER NOT NULL,\n  answers INTEGER NOT NULL,\n  PRIMARY KEY (day, engine, query)\n) STRICT, WITHOUT ROWID',
    },
    {
      type: 'index',
      name: 'vis_query_d_by_query',
      sql: 'CREATE INDEX vis_query_d_by_query ON vis_query_d (query, engine, day)',
    },
    {
      type: 'table',
      name: 'vis_gap_cell',
      sql: 'CREATE TABLE vis_gap_cell (\n  focus INTEGER NOT NULL,\n  day INTEGER NOT NULL, run INTEGER NOT NULL, engine TEXT NOT NULL, loc TEXT NOT NULL,\n  answers INTEGER NOT NULL,\n  PRIMARY KEY (focus, day, run, engine, loc)\n) STRICT, WITHOUT ROWID',
    },
    {
      type: 'table',
      name: 'vis_gap_domain_run',
      sql: 'CREATE TABLE vis_gap_domain_run (\n  focus INTEGER NOT NULL, run INTEGER NOT NULL, day INTEGER NOT NULL, engine TEXT NOT NULL,\n  domain INTEGER NOT NULL,\n  gap INTEGER NOT NULL, with_focus INTEGER NOT NULL,\n  PRIMARY KEY (focus, run, day, engine, domain)\n) STRICT, WITHOUT ROWID',
    },
    {
      type: 'table',
      name: 'vis_gap_domain_el',
      sql: 'CREATE TABLE vis_gap_domain_el (\n  focus INTEGER NOT NULL, day INTEGER NOT NULL, engine TEXT NOT NULL, loc TEXT NOT NULL,\n  domain INTEGER NOT NULL,\n  gap INTEGER NOT NULL, with_focus INTEGER NOT NULL,\n  PRIMARY KEY (focus, day, engine, loc, domain)\n) STRICT, WITHOUT ROWID',
    },
    {
      type: 'table',
      name: 'vis_gap_domain_d',
      sql: 'CREATE TABLE vis_gap_domain_d (\n  focus INTEGER NOT NULL, day INTEGER NOT NULL, domain INTEGER NOT NULL,\n  gap INTEGER NOT NULL, with_focus INTEGER NOT NULL,\n  PRIMARY KEY (focus, day, domain)\n) STRICT, WITHOUT ROWID',
    },
    {
      type: 'table',
      name: 'vis_gap_comp_run',
      sql: 'CREATE TABLE vis_gap_comp_run (\n  focus INTEGER NOT NULL, domain INTEGER NOT NULL, run INTEGER NOT NULL, day INTEGER NOT NULL,\n  engine TEXT NOT NULL, brand INTEGER NOT NULL,\n  answers INTEGER NOT NULL,\n  PRIMARY KEY (focus, domain, run, day, engine, brand)\n) STRICT, WITHOUT ROWID',
    },
    {
      type: 'table',
      name: 'vis_gap_comp_el',
      sql: 'CREATE TABLE vis_gap_comp_el (\n  focus INTEGER NOT NULL, domain INTEGER NOT NULL,\n  day INTEGER NOT NULL, engine TEXT NOT NULL, loc TEXT NOT NULL,\n  brand INTEGER NOT NULL,\n  answers INTEGER NOT NULL,\n  PRIMARY KEY (focus, domain, day, engine, loc, brand)\n) STRICT, WITHOUT ROWID',
    },
    {
      type: 'table',
      name: 'vis_gap_comp_d',
      sql: 'CREATE TABLE vis_gap_comp_d (\n  focus INTEGER NOT NULL, domain INTEGER NOT NULL, day INTEGER NOT NULL, brand INTEGER NOT NULL,\n  answers INTEGER NOT NULL,\n  PRIMARY KEY (focus, domain, day, brand)\n) STRICT, WITHOUT ROWID',
    },
    {
      type: 'trigger',
      name: 'vis_runs_delete',
      sql: "CREATE TRIGGER vis_runs_delete BEFORE DELETE ON vis_runs\nWHEN EXISTS (SELECT 1 FROM vis_cell WHERE run = old.id)\nBEGIN\n  SELECT RAISE(ABORT, 'visibility roll-ups still count this run: unindex it before deleting it');\nEND",
    },
    {
      type: 'table',
      name: 'monitor_options',
      sql: 'CREATE TABLE monitor_options (\n  monitor_id  TEXT PRIMARY KEY REFERENCES monitors (id) ON DELETE CASCADE,\n  rules_json  TEXT NOT NULL CHECK (json_valid(rules_json)),\n  webhook_url TEXT,\n  report_dir  TEXT,\n  report_days INTEGER CHECK (report_days IS NULL OR report_days >= 1),\n  updated_at  INTEGER NOT NULL\n, client_name TEXT, report_subject TEXT, report_logo TEXT, report_accent TEXT) STRICT',
    },
    {
      type: 'table',
      name: 'alert_checks',
      sql: 'CREATE TABLE alert_checks (\n  run_id      TEXT PRIMARY KEY REFERENCES runs (id) ON DELETE CASCADE,\n  monitor_id  TEXT REFERENCES monitors (id) ON DELETE SET NULL,\n  prev_run_id TEXT REFERENCES runs (id) ON DELETE SET NULL,\n  alert_count INTEGER NOT NULL,\n  checked_at  INTEGER NOT NULL\n) STRICT',
    },
    {
      type: 'index',
      name: 'alert_checks_by_prev_run',
      sql: 'CREATE INDEX alert_checks_by_prev_run ON alert_checks (prev_run_id) WHERE prev_run_id IS NOT NULL',
    },
    {
      type: 'table',
      name: 'webhook_deliveries',
      sql: "CREATE TABLE webhook_deliveries (\n  id              INTEGER PRIMARY KEY,\n  monitor_id      TEXT REFERENCES monitors (id) ON DELETE CASCADE,\n  run_id          TEXT NOT NULL REFERENCES runs (id) ON DELETE CASCADE,\n  payload_json    TEXT NOT NULL CHECK (json_valid(payload_json)),\n  state           TEXT NOT NULL CHECK (state IN ('pending', 'delivered', 'failed')),\n  attempts        INTEGER NOT NULL DEFAULT 0,\n  last_error      TEXT,\n  last_status     INTEGER,\n  next_attempt_at INTEGER,\n  created_at      INTEGER NOT NULL,\n  updated_at      INTEGER NOT NULL\n) STRICT",
    },
    {
      type: 'index',
      name: 'webhook_deliveries_pending',
      sql: "CREATE INDEX webhook_deliveries_pending ON webhook_deliveries (next_attempt_at) WHERE state = 'pending'",
    },
    {
      type: 'index',
      name: 'webhook_deliveries_by_run',
      sql: 'CREATE INDEX webhook_deliveries_by_run ON webhook_deliveries (run_id)',
    },
    {
      type: 'index',
      name: 'webhook_deliveries_by_monitor',
      sql: 'CREATE INDEX webhook_deliveries_by_monitor ON webhook_deliveries (monitor_id, created_at DESC)',
    },
    {
      type: 'table',
      name: 'disc_names',
      sql: 'CREATE TABLE disc_names (\n  id         INTEGER PRIMARY KEY,\n  key        TEXT NOT NULL UNIQUE,\n  structured INTEGER NOT NULL DEFAULT 0 CHECK (structured IN (0, 1))\n) STRICT',
    },
    {
      type: 'table',
      name: 'disc_forms',
      sql: 'CREATE TABLE disc_forms (\n  id      INTEGER PRIMARY KEY,\n  name    INTEGER NOT NULL,\n  form    TEXT NOT NULL,\n  answers INTEGER NOT NULL,\n  UNIQUE (name, form)\n) STRICT',
    },
    {
      type: 'table',
      name: 'disc_day',
      sql: 'CREATE TABLE disc_day (\n  engine  TEXT NOT NULL,\n  loc     TEXT NOT NULL,\n  day     INTEGER NOT NULL,\n  name    INTEGER NOT NULL,\n  answers INTEGER NOT NULL,\n  origins INTEGER NOT NULL,\n  PRIMARY KEY (engine, loc, day, name)\n) STRICT, WITHOUT ROWID',
    },
    {
      type: 'index',
      name: 'disc_day_by_name',
      sql: 'CREATE INDEX disc_day_by_name ON disc_day (name, engine, loc, day)',
    },
    {
      type: 'table',
      name: 'disc_engine_day',
      sql: 'CREATE TABLE disc_engine_day (\n  engine  TEXT NOT NULL,\n  day     INTEGER NOT NULL,\n  name    INTEGER NOT NULL,\n  answers INTEGER NOT NULL,\n  origins INTEGER NOT NULL,\n  PRIMARY KEY (engine, day, name)\n) STRICT, WITHOUT ROWID',
    },
    {
      type: 'index',
      name: 'disc_engine_day_by_name',
      sql: 'CREATE INDEX disc_engine_day_by_name ON disc_engine_day (name, engine, day)',
    },
    {
      type: 'table',
      name: 'disc_loc_day',
      sql: 'CREATE TABLE disc_loc_day (\n  loc     TEXT NOT NULL,\n  day     INTEGER NOT NULL,\n  name    INTEGER NOT NULL,\n  answers INTEGER NOT NULL,\n  origins INTEGER NOT NULL,\n  PRIMARY KEY (loc, day, name)\n) STRICT, WITHOUT ROWID',
    },
    {
      type: 'index',
      name: 'disc_loc_day_by_name',
      sql: 'CREATE INDEX disc_loc_day_by_name ON disc_loc_day (name, loc, day)',
    },
    {
      type: 'table',
      name: 'disc_name_day',
      sql: 'CREATE TABLE disc_name_day (\n  day     INTEGER NOT NULL,\n  name    INTEGER NOT NULL,\n  answers INTEGER NOT NULL,\n  origins INTEGER NOT NULL,\n  PRIMARY KEY (day, name)\n) STRICT, WITHOUT ROWID',
    },
    {
      type: 'index',
      name: 'disc_name_day_by_name',
      sql: 'CREATE INDEX disc_name_day_by_name ON disc_name_day (name, day)',
    },
    {
      type: 'table',
      name: 'disc_decisions',
      sql: "CREATE TABLE disc_decisions (\n  key        TEXT PRIMARY KEY,\n  decision   TEXT NOT NULL CHECK (decision IN ('dismissed')),\n  decided_at INTEGER NOT NULL\n) STRICT, WITHOUT ROWID",
    },
    {
      type: 'table',
      name: 'run_owners',
      sql: 'CREATE TABLE run_owners (\n  run_id       TEXT PRIMARY KEY REFERENCES runs (id) ON DELETE CASCADE,\n  pid          INTEGER NOT NULL,\n  host         TEXT NOT NULL,\n  claimed_at   INTEGER NOT NULL,\n  heartbeat_at INTEGER NOT NULL\n) STRICT',
    },
    {
      type: 'table',
      name: 'page_archive',
      sql: "CREATE TABLE page_archive (\n  result_seq      INTEGER NOT NULL REFERENCES results (seq) ON DELETE CASCADE,\n  page_index      INTEGER NOT NULL CHECK (page_index >= 0),\n  url             TEXT NOT NULL,\n  state           TEXT NOT NULL CHECK (state IN ('pending', 'archived', 'failed')),\n  attempts        INTEGER NOT NULL DEFAULT 0,\n  next_attempt_at INTEGER NOT NULL DEFAULT 0,\n  reason_code     TEXT CHECK (reason_code IS NULL OR reason_code IN ('expired', 'too-large',\n                    'timeout', 'not-html', 'http-error', 'network', 'not-http')),\n  reason          TEXT,\n  content_type    TEXT,\n  page_bytes      INTEGER,\n  stored_bytes    INTEGER,\n  html_zstd       BLOB,\n  archived_at     INTEGER,\n  PRIMARY KEY (result_seq, page_index),\n  CHECK ((state = 'archived') = (html_zstd IS NOT NULL))\n) STRICT, WITHOUT ROWID",
    },
    {
      type: 'index',
      name: 'page_archive_due',
      sql: "CREATE INDEX page_archive_due ON page_archive (next_attempt_at) WHERE state = 'pending'",
    },
    {
      type: 'table',
      name: 'result_docs',
      sql: 'CREATE TABLE result_docs (\n  result_seq INTEGER PRIMARY KEY REFERENCES results (seq) ON DELETE CASCADE,\n  raw_zstd   BLOB NOT NULL\n) STRICT',
    },
    {
      type: 'table',
      name: 'run_sessions',
      sql: "CREATE TABLE run_sessions (\n  id                 INTEGER PRIMARY KEY,\n  run_id             TEXT NOT NULL REFERENCES runs (id) ON DELETE CASCADE,\n  started_at         INTEGER NOT NULL,\n  ended_at           INTEGER,\n  cut                INTEGER NOT NULL DEFAULT 0 CHECK (cut IN (0, 1)),\n  balance_start      INTEGER,\n  balance_end        INTEGER,\n  recorded_start     REAL NOT NULL,\n  reconciled_at      INTEGER,\n  reconcile_state    TEXT CHECK (reconcile_state IS NULL OR reconcile_state IN ('attributed', 'not-attributable')),\n  unreceived_credits INTEGER,\n  interrupted_jobs   INTEGER,\n  reconcile_note     TEXT,\n  CHECK ((reconcile_state IS NULL) = (reconciled_at IS NULL)),\n  CHECK (reconcile_state IS NOT 'attributed' OR unreceived_credits IS NOT NULL)\n) STRICT",
    },
    {
      type: 'index',
      name: 'run_sessions_by_run',
      sql: 'CREATE INDEX run_sessions_by_run ON run_sessions (run_id, started_at)',
    },
    {
      type: 'index',
      name: 'run_sessions_by_time',
      sql: 'CREATE INDEX run_sessions_by_time ON run_sessions (started_at)',
    },
    {
      type: 'table',
      name: 'source_texts',
      sql: 'CREATE TABLE source_texts (\n  id             INTEGER PRIMARY KEY,\n  kind           TEXT NOT NULL,\n  url            TEXT NOT NULL,\n  domain         TEXT NOT NULL,\n  title          TEXT,\n  snippet        TEXT,\n  redirect_link  TEXT,\n  date_published TEXT\n, url_id INTEGER) STRICT',
    },
    {
      type: 'table',
      name: 'entity_texts',
      sql: 'CREATE TABLE entity_texts (\n  id   INTEGER PRIMARY KEY,\n  name TEXT NOT NULL,\n  type TEXT NOT NULL\n) STRICT',
    },
    {
      type: 'index',
      name: 'entity_texts_by_name',
      sql: 'CREATE INDEX entity_texts_by_name ON entity_texts (name)',
    },
    {
      type: 'table',
      name: 'product_texts',
      sql: 'CREATE TABLE product_texts (\n  id          INTEGER PRIMARY KEY,\n  title       TEXT NOT NULL,\n  origin      TEXT NOT NULL,\n  url         TEXT,\n  brand       TEXT,\n  merchant    TEXT,\n  price       TEXT,\n  price_value REAL,\n  currency    TEXT,\n  rating      REAL,\n  reviews     INTEGER,\n  offers_json TEXT NOT NULL CHECK (json_valid(offers_json))\n) STRICT',
    },
    {
      type: 'index',
      name: 'product_texts_by_title',
      sql: 'CREATE INDEX product_texts_by_title ON product_texts (title)',
    },
    {
      type: 'table',
      name: 'answer_search',
      sql: "CREATE VIRTUAL TABLE answer_search USING fts5 (\n  answer_text, source_titles, facets,\n  content = 'results', content_rowid = 'seq',\n  tokenize = 'unicode61 remove_diacritics 2',\n  prefix = '2 3'\n)",
    },
    {
      type: 'table',
      name: 'answer_search_data',
      sql: "CREATE TABLE 'answer_search_data'(id INTEGER PRIMARY KEY, block BLOB)",
    },
    {
      type: 'table',
      name: 'answer_search_idx',
      sql: "CREATE TABLE 'answer_search_idx'(segid, term, pgno, PRIMARY KEY(segid, term)) WITHOUT ROWID",
    },
    {
      type: 'table',
      name: 'answer_search_docsize',
      sql: "CREATE TABLE 'answer_search_docsize'(id INTEGER PRIMARY KEY, sz BLOB)",
    },
    {
      type: 'table',
      name: 'answer_search_config',
      sql: "CREATE TABLE 'answer_search_config'(k PRIMARY KEY, v) WITHOUT ROWID",
    },
    {
      type: 'table',
      name: 'source_lists',
      sql: 'CREATE TABLE source_lists (\n  result_seq INTEGER PRIMARY KEY REFERENCES results (seq) ON DELETE CASCADE,\n  text_ids   TEXT NOT NULL,\n  positions  TEXT\n) STRICT',
    },
    {
      type: 'view',
      name: 'sources',
      sql: 'CREATE VIEW sources (id, result_seq, kind, position, url, domain, title, snippet, redirect_link,\n    date_published) AS\n  SELECT l.result_seq * 65536 + e.key, l.result_seq, t.kind, coalesce(l.positions ->> e.key, e.key + 1), t.url, t.domain, t.title, t.snippet, t.redirect_link,\n    t.date_published\n  \n  FROM source_lists l JOIN json_each(l.text_ids) e JOIN source_texts t ON t.id = e.value',
    },
    {
      type: 'trigger',
      name: 'sources_insert',
      sql: "CREATE TRIGGER sources_insert INSTEAD OF INSERT ON sources BEGIN\n  INSERT INTO source_texts (kind, url, domain, title, snippet, redirect_link, date_published)\n    SELECT new.kind, new.url, new.domain, new.title, new.snippet, new.redirect_link, new.date_published\n    WHERE NOT EXISTS (SELECT 1 FROM source_texts t WHERE t.url = new.url AND t.kind = new.kind AND t.domain = new.domain AND t.title IS new.title\n    AND t.snippet IS new.snippet AND t.redirect_link IS new.redirect_link\n    AND t.date_published IS new.date_published);\n  \n  INSERT INTO source_lists (result_seq, text_ids) VALUES (new.result_seq, '[]') ON CONFLICT DO NOTHING;\n  UPDATE source_lists SET\n    positions = CASE WHEN positions IS NULL AND new.position = json_array_length(text_ids) + 1 THEN NULL\n      ELSE json_insert(coalesce(positions, (SELECT json_group_array(key + 1) FROM json_each(text_ids))),\n        '$[#]', new.position) END,\n    text_ids = json_insert(text_ids, '$[#]', (SELECT min(id) FROM source_texts t WHERE t.url = new.url AND t.kind = new.kind AND t.domain = new.domain AND t.title IS new.title\n    AND t.snippet IS new.snippet AND t.redirect_link IS new.redirect_link\n    AND t.date_published IS new.date_published))\n  WHERE result_seq = new.result_seq;\nEND",
    },
    {
      type: 'trigger',
      name: 'sources_delete',
      sql: "CREATE TRIGGER sources_delete INSTEAD OF DELETE ON sources BEGIN\n  UPDATE source_lists\n    SET text_ids = json_replace(text_ids, '$[' || (old.id - old.result_seq * 65536) || ']', NULL)\n    WHERE result_seq = old.result_seq;\n  DELETE FROM source_lists WHERE result_seq = old.result_seq\n    AND NOT EXISTS (SELECT 1 FROM json_each(text_ids) WHERE value IS NOT NULL);\nEND",
    },
    {
      type: 'table',
      name: 'entity_lists',
      sql: 'CREATE TABLE entity_lists (\n  result_seq INTEGER PRIMARY KEY REFERENCES results (seq) ON DELETE CASCADE,\n  text_ids   TEXT NOT NULL,\n  positions  TEXT\n) STRICT',
    },
    {
      type: 'view',
      name: 'entities',
      sql: 'CREATE VIEW entities (id, result_seq, position, type, name) AS\n  SELECT l.result_seq * 65536 + e.key, l.result_seq, coalesce(l.positions ->> e.key, e.key + 1), t.type, t.name\n  \n  FROM entity_lists l JOIN json_each(l.text_ids) e JOIN entity_texts t ON t.id = e.value',
    },
    {
      type: 'trigger',
      name: 'entities_insert',
      sql: "CREATE TRIGGER entities_insert INSTEAD OF INSERT ON entities BEGIN\n  INSERT INTO entity_texts (name, type)\n    SELECT new.name, new.type\n    WHERE NOT EXISTS (SELECT 1 FROM entity_texts t WHERE t.name = new.name AND t.type = new.type);\n  \n  INSERT INTO entity_lists (result_seq, text_ids) VALUES (new.result_seq, '[]') ON CONFLICT DO NOTHING;\n  UPDATE entity_lists SET\n    positions = CASE WHEN positions IS NULL AND new.position = json_array_length(text_ids) + 1 THEN NULL\n      ELSE json_insert(coalesce(positions, (SELECT json_group_array(key + 1) FROM json_each(text_ids))),\n        '$[#]', new.position) END,\n    text_ids = json_insert(text_ids, '$[#]', (SELECT min(id) FROM entity_texts t WHERE t.name = new.name AND t.type = new.type))\n  WHERE result_seq = new.result_seq;\nEND",
    },
    {
      type: 'trigger',
      name: 'entities_delete',
      sql: "CREATE TRIGGER entities_delete INSTEAD OF DELETE ON entities BEGIN\n  UPDATE entity_lists\n    SET text_ids = json_replace(text_ids, '$[' || (old.id - old.result_seq * 65536) || ']', NULL)\n    WHERE result_seq = old.result_seq;\n  DELETE FROM entity_lists WHERE result_seq = old.result_seq\n    AND NOT EXISTS (SELECT 1 FROM json_each(text_ids) WHERE value IS NOT NULL);\nEND",
    },
    {
      type: 'table',
      name: 'product_lists',
      sql: 'CREATE TABLE product_lists (\n  result_seq INTEGER PRIMARY KEY REFERENCES results (seq) ON DELETE CASCADE,\n  text_ids   TEXT NOT NULL,\n  positions  TEXT\n) STRICT',
    },
    {
      type: 'view',
      name: 'products',
      sql: 'CREATE VIEW products (id, result_seq, position, origin, title, url, brand, merchant, price, price_value,\n    currency, rating, reviews) AS\n  SELECT l.result_seq * 65536 + e.key, l.result_seq, coalesce(l.positions ->> e.key, e.key + 1), t.origin, t.title, t.url, t.brand, t.merchant, t.price,\n    t.price_value, t.currency, t.rating, t.reviews\n  \n  FROM product_lists l JOIN json_each(l.text_ids) e JOIN product_texts t ON t.id = e.value',
    },
    {
      type: 'view',
      name: 'product_offers',
      sql: 'CREATE VIEW product_offers (id, product_id, position, merchant, title, url, price, price_value, currency,\n    available, result_seq) AS\n  SELECT (l.result_seq * 65536 + e.key) * 65536 + o.key, l.result_seq * 65536 + e.key, o.key + 1, o.value ->> 0, o.value ->> 1, o.value ->> 2,\n    o.value ->> 3, CAST(o.value ->> 4 AS REAL), o.value ->> 5, o.value ->> 6, l.result_seq\n  \n  FROM product_lists l JOIN json_each(l.text_ids) e JOIN product_texts t ON t.id = e.value JOIN json_each(t.offers_json) o',
    },
    {
      type: 'trigger',
      name: 'products_delete',
      sql: "CREATE TRIGGER products_delete INSTEAD OF DELETE ON products BEGIN\n  UPDATE product_lists\n    SET text_ids = json_replace(text_ids, '$[' || (old.id - old.result_seq * 65536) || ']', NULL)\n    WHERE result_seq = old.result_seq;\n  DELETE FROM product_lists WHERE result_seq = old.result_seq\n    AND NOT EXISTS (SELECT 1 FROM json_each(text_ids) WHERE value IS NOT NULL);\nEND",
    },
    {
      type: 'trigger',
      name: 'results_search_delete',
      sql: "CREATE TRIGGER results_search_delete AFTER DELETE ON results WHEN old.facets <> '' BEGIN\n  INSERT INTO answer_search (answer_search, rowid, answer_text, source_titles, facets)\n    VALUES ('delete', old.seq, CASE WHEN old.seq < (SELECT CAST(value AS INTEGER) FROM meta WHERE key = 'search_head_from')\n    THEN old.answer_text ELSE search_head(old.answer_text) END, CASE WHEN old.seq < (SELECT CAST(value AS INTEGER) FROM meta WHERE key = 'search_head_from')\n    THEN old.source_titles ELSE search_head(old.source_titles) END, old.facets);\nEND",
    },
    {
      type: 'trigger',
      name: 'results_search_update',
      sql: "CREATE TRIGGER results_search_update AFTER UPDATE OF facets, doc ON results\n  WHEN (old.answer_text, old.source_titles, old.facets) IS NOT (new.answer_text, new.source_titles, new.facets)\nBEGIN\n  INSERT INTO answer_search (answer_search, rowid, answer_text, source_titles, facets)\n    SELECT 'delete', old.seq, CASE WHEN old.seq < (SELECT CAST(value AS INTEGER) FROM meta WHERE key = 'search_head_from')\n    THEN old.answer_text ELSE search_head(old.answer_text) END, CASE WHEN old.seq < (SELECT CAST(value AS INTEGER) FROM meta WHERE key = 'search_head_from')\n    THEN old.source_titles ELSE search_head(old.source_titles) END, old.facets WHERE old.facets <> '';\n  INSERT INTO answer_search (rowid, answer_text, source_titles, facets)\n    SELECT new.seq, CASE WHEN new.seq < (SELECT CAST(value AS INTEGER) FROM meta WHERE key = 'search_head_from')\n    THEN new.answer_text ELSE search_head(new.answer_text) END, CASE WHEN new.seq < (SELECT CAST(value AS INTEGER) FROM meta WHERE key = 'search_head_from')\n    THEN new.source_titles ELSE search_head(new.source_titles) END, new.facets WHERE new.facets <> '';\nEND",
    },
    {
      type: 'table',
      name: 'pos_judges',
      sql: 'CREATE TABLE pos_judges (\n  id   INTEGER PRIMARY KEY,\n  name TEXT NOT NULL UNIQUE\n) STRICT',
    },
    {
      type: 'table',
      name: 'pos_scorings',
      sql: 'CREATE TABLE pos_scorings (\n  id        INTEGER PRIMARY KEY,\n  judge     INTEGER NOT NULL REFERENCES pos_judges (id),\n  version   TEXT NOT NULL,\n  brand_set TEXT NOT NULL,\n  UNIQUE (judge, version, brand_set)\n) STRICT',
    },
    {
      type: 'table',
      name: 'pos_brands',
      sql: 'CREATE TABLE pos_brands (\n  id       INTEGER PRIMARY KEY AUTOINCREMENT,\n  brand_id TEXT NOT NULL UNIQUE\n) STRICT',
    },
    {
      type: 'table',
      name: 'pos_attrs',
      sql: 'CREATE TABLE pos_attrs (\n  id   INTEGER PRIMARY KEY,\n  text TEXT NOT NULL UNIQUE\n) STRICT',
    },
    {
      type: 'table',
      name: 'pos_answer',
      sql: 'CREATE TABLE pos_answer (\n  seq      INTEGER NOT NULL,\n  judge    INTEGER NOT NULL,\n  scoring  INTEGER NOT NULL,\n  markdown INTEGER NOT NULL,\n  note     TEXT,\n  PRIMARY KEY (seq, judge)\n) STRICT, WITHOUT ROWID',
    },
    {
      type: 'table',
      name: 'pos_brand',
      sql: 'CREATE TABLE pos_brand (\n  seq       INTEGER NOT NULL,\n  judge     INTEGER NOT NULL,\n  brand     INTEGER NOT NULL,\n  status    INTEGER NOT NULL,\n  sentiment INTEGER NOT NULL,\n  score     INTEGER NOT NULL,\n  evidence  TEXT,\n  attrs     TEXT,\n  PRIMARY KEY (seq, judge, brand)\n) STRICT, WITHOUT ROWID',
    },
    {
      type: 'table',
      name: 'pos_status_day',
      sql: 'CREATE TABLE pos_status_day (\n  judge INTEGER NOT NULL, day INTEGER NOT NULL, run INTEGER NOT NULL, engine TEXT NOT NULL,\n  loc TEXT NOT NULL, brand INTEGER NOT NULL,\n  n INTEGER NOT NULL, top INTEGER NOT NULL, recommended INTEGER NOT NULL, mentioned INTEGER NOT NULL,\n  cautioned INTEGER NOT NULL, positive INTEGER NOT NULL, neutral INTEGER NOT NULL, negative INTEGER NOT NULL,\n  score_sum INTEGER NOT NULL, score_sq INTEGER NOT NULL,\n  PRIMARY KEY (judge, day, run, engine, loc, brand)\n) STRICT, WITHOUT ROWID',
    },
    {
      type: 'table',
      name: 'pos_status_el',
      sql: 'CREATE TABLE pos_status_el (\n  judge INTEGER NOT NULL, day INTEGER NOT NULL, engine TEXT NOT NULL, loc TEXT NOT NULL,\n  brand INTEGER NOT NULL,\n  n INTEGER NOT NULL, top INTEGER NOT NULL, recommended INTEGER NOT NULL, mentioned INTEGER NOT NULL,\n  cautioned INTEGER NOT NULL, positive INTEGER NOT NULL, neutral INTEGER NOT NULL, negative INTEGER NOT NULL,\n  score_sum INTEGER NOT NULL, score_sq INTEGER NOT NULL,\n  PRIMARY KEY (judge, day, engine, loc, brand)\n) STRICT, WITHOUT ROWID',
    },
    {
      type: 'table',
      name: 'pos_status_d',
      sql: 'CREATE TABLE pos_status_d (\n  judge INTEGER NOT NULL, day INTEGER NOT NULL, brand INTEGER NOT NULL,\n  n INTEGER NOT NULL, top INTEGER NOT NULL, recommended INTEGER NOT NULL, mentioned INTEGER NOT NULL,\n  cautioned INTEGER NOT NULL, positive INTEGER NOT NULL, neutral INTEGER NOT NULL, negative INTEGER NOT NULL,\n  score_sum INTEGER NOT NULL, score_sq INTEGER NOT NULL,\n  PRIMARY KEY (judge, day, brand)\n) STRICT, WITHOUT ROWID',
    },
    {
      type: 'table',
      name: 'pos_attr_run',
      sql: 'CREATE TABLE pos_attr_run (\n  judge INTEGER NOT NULL, run INTEGER NOT NULL, day INTEGER NOT NULL,\n  brand INTEGER NOT NULL, attr INTEGER NOT NULL,\n  n INTEGER NOT NULL, positive INTEGER NOT NULL, negative INTEGER NOT NULL,\n  PRIMARY KEY (judge, run, day, brand, attr)\n) STRICT, WITHOUT ROWID',
    },
    {
      type: 'table',
      name: 'pos_attr_run_engine',
      sql: 'CREATE TABLE pos_attr_run_engine (\n  judge INTEGER NOT NULL, run INTEGER NOT NULL, day INTEGER NOT NULL, engine TEXT NOT NULL,\n  brand INTEGER NOT NULL, attr INTEGER NOT NULL,\n  n INTEGER NOT NULL, positive INTEGER NOT NULL, negative INTEGER NOT NULL,\n  PRIMARY KEY (judge, run, day, engine, brand, attr)\n) STRICT, WITHOUT ROWID',
    },
    {
      type: 'table',
      name: 'pos_attr_el',
      sql: 'CREATE TABLE pos_attr_el (\n  judge INTEGER NOT NULL, span INTEGER NOT NULL, start INTEGER NOT NULL, engine TEXT NOT NULL,\n  loc TEXT NOT NULL, brand INTEGER NOT NULL, attr INTEGER NOT NULL,\n  n INTEGER NOT NULL, positive INTEGER NOT NULL, negative INTEGER NOT NULL,\n  PRIMARY KEY (judge, span, start, engine, loc, brand, attr)\n) STRICT, WITHOUT ROWID',
    },
    {
      type: 'table',
      name: 'pos_attr_d',
      sql: 'CREATE TABLE pos_attr_d (\n  judge INTEGER NOT NULL, span INTEGER NOT NULL, start INTEGER NOT NULL,\n  brand INTEGER NOT NULL, attr INTEGER NOT NULL,\n  n INTEGER NOT NULL, positive INTEGER NOT NULL, negative INTEGER NOT NULL,\n  PRIMARY KEY (judge, span, start, brand, attr)\n) STRICT, WITHOUT ROWID',
    },
    {
      type: 'table',
      name: 'alerts',
      sql: "CREATE TABLE \"alerts\" (\n  id           TEXT PRIMARY KEY,\n  kind         TEXT NOT NULL CHECK (length(kind) BETWEEN 1 AND 40),\n  scope        TEXT NOT NULL CHECK (scope IN ('cell', 'slice', 'monitor')),\n  monitor_id   TEXT REFERENCES monitors (id) ON DELETE SET NULL,\n  monitor_name TEXT NOT NULL,\n  run_id       TEXT NOT NULL REFERENCES runs (id) ON DELETE CASCADE,\n  prev_run_id  TEXT NOT NULL REFERENCES runs (id) ON DELETE CASCADE,\n  prompt       TEXT,\n  engine       TEXT,\n  loc          TEXT,\n  brand_name   TEXT,\n  brand_kind   TEXT CHECK (brand_kind IS NULL OR brand_kind IN ('brand', 'competitor')),\n  severity     TEXT NOT NULL CHECK (severity IN ('high', 'medium', 'low')),\n  before_json  TEXT NOT NULL CHECK (json_valid(before_json)),\n  after_json   TEXT NOT NULL CHECK (json_valid(after_json)),\n  data_json    TEXT CHECK (data_json IS NULL OR json_valid(data_json)),\n  before_seq   INTEGER REFERENCES results (seq) ON DELETE SET NULL,\n  after_seq    INTEGER REFERENCES results (seq) ON DELETE SET NULL,\n  summary      TEXT NOT NULL,\n  created_at   INTEGER NOT NULL,\n  read_at      INTEGER\n) STRICT",
    },
    {
      type: 'index',
      name: 'alerts_by_created',
      sql: 'CREATE INDEX alerts_by_created ON alerts (created_at DESC, id)',
    },
    {
      type: 'index',
      name: 'alerts_unread',
      sql: 'CREATE INDEX alerts_unread ON alerts (created_at DESC) WHERE read_at IS NULL',
    },
    { type: 'index', name: 'alerts_by_run', sql: 'CREATE INDEX alerts_by_run ON alerts (run_id)' },
    {
      type: 'index',
      name: 'alerts_by_prev_run',
      sql: 'CREATE INDEX alerts_by_prev_run ON alerts (prev_run_id)',
    },
    {
      type: 'index',
      name: 'alerts_by_monitor',
      sql: 'CREATE INDEX alerts_by_monitor ON alerts (monitor_id, created_at DESC)',
    },
    {
      type: 'index',
      name: 'alerts_by_before_seq',
      sql: 'CREATE INDEX alerts_by_before_seq ON alerts (before_seq) WHERE before_seq IS NOT NULL',
    },
    {
      type: 'index',
      name: 'alerts_by_after_seq',
      sql: 'CREATE INDEX alerts_by_after_seq ON alerts (after_seq) WHERE after_seq IS NOT NULL',
    },
    {
      type: 'table',
      name: 'sync_outbox',
      sql: 'CREATE TABLE sync_outbox (\n  id      INTEGER PRIMARY KEY,\n  kind    TEXT NOT NULL,\n  key     TEXT NOT NULL,\n  touched INTEGER NOT NULL DEFAULT 0,\n  deleted INTEGER NOT NULL DEFAULT 0 CHECK (deleted IN (0, 1)),\n  UNIQUE (kind, key)\n) STRICT',
    },
    {
      type: 'index',
      name: 'sync_outbox_by_kind',
      sql: 'CREATE INDEX sync_outbox_by_kind ON sync_outbox (kind, id)',
    },
    {
      type: 'table',
      name: 'sync_cursors',
      sql: 'CREATE TABLE sync_cursors (\n  team_table TEXT PRIMARY KEY,\n  xid        TEXT NOT NULL,\n  seq        TEXT NOT NULL\n) STRICT, WITHOUT ROWID',
    },
    {
      type: 'table',
      name: 'sync_versions',
      sql: 'CREATE TABLE sync_versions (\n  kind    TEXT NOT NULL,\n  key     TEXT NOT NULL,\n  version INTEGER NOT NULL,\n  PRIMARY KEY (kind, key)\n) STRICT, WITHOUT ROWID',
    },
    {
      type: 'table',
      name: 'sync_drafts',
      sql: 'CREATE TABLE sync_drafts (\n  id             INTEGER PRIMARY KEY,\n  kind           TEXT NOT NULL,\n  key            TEXT NOT NULL,\n  label          TEXT NOT NULL,\n  draft_json     TEXT CHECK (draft_json IS NULL OR json_valid(draft_json)),\n  team_version   INTEGER,\n  changed_by     TEXT,\n  reason         TEXT NOT NULL,\n  created_at     INTEGER NOT NULL,\n  UNIQUE (kind, key)\n) STRICT',
    },
    {
      type: 'table',
      name: 'sync_pulled_runs',
      sql: 'CREATE TABLE sync_pulled_runs (\n  run_id TEXT PRIMARY KEY REFERENCES runs (id) ON DELETE CASCADE\n) STRICT, WITHOUT ROWID',
    },
    {
      type: 'trigger',
      name: 'sync_runs_insert',
      sql: "CREATE TRIGGER sync_runs_insert AFTER INSERT ON runs WHEN EXISTS (SELECT 1 FROM meta WHERE key = 'sync.capture') BEGIN\n  INSERT INTO sync_outbox (kind, key, deleted) VALUES ('run', new.id, 0)\n    ON CONFLICT (kind, key) DO UPDATE SET touched = touched + 1, deleted = excluded.deleted;\nEND",
    },
    {
      type: 'trigger',
      name: 'sync_runs_update',
      sql: "CREATE TRIGGER sync_runs_update AFTER UPDATE ON runs WHEN EXISTS (SELECT 1 FROM meta WHERE key = 'sync.capture') BEGIN\n  INSERT INTO sync_outbox (kind, key, deleted) VALUES ('run', new.id, 0)\n    ON CONFLICT (kind, key) DO UPDATE SET touched = touched + 1, deleted = excluded.deleted;\nEND",
    },
    {
      type: 'trigger',
      name: 'sync_runs_delete',
      sql: "CREATE TRIGGER sync_runs_delete AFTER DELETE ON runs WHEN EXISTS (SELECT 1 FROM meta WHERE key = 'sync.capture') BEGIN\n  INSERT INTO sync_outbox (kind, key, deleted) VALUES ('run', old.id, 1)\n    ON CONFLICT (kind, key) DO UPDATE SET touched = touched + 1, deleted = excluded.deleted;\nEND",
    },
    {
      type: 'trigger',
      name: 'sync_run_tags_insert',
      sql: "CREATE TRIGGER sync_run_tags_insert AFTER INSERT ON run_tags WHEN EXISTS (SELECT 1 FROM meta WHERE key = 'sync.capture') BEGIN\n  INSERT INTO sync_outbox (kind, key, deleted) VALUES ('run', new.run_id, 0)\n    ON CONFLICT (kind, key) DO UPDATE SET touched = touched + 1, deleted = excluded.deleted;\nEND",
    },
    {
      type: 'trigger',
      name: 'sync_run_prompts_insert',
      sql: "CREATE TRIGGER sync_run_prompts_insert AFTER INSERT ON run_prompts WHEN EXISTS (SELECT 1 FROM meta WHERE key = 'sync.capture') BEGIN\n  INSERT INTO sync_outbox (kind, key, deleted) VALUES ('run_prompts', new.run_id, 0)\n    ON CONFLICT (kind, key) DO UPDATE SET touched = touched + 1, deleted = excluded.deleted;\nEND",
    },
    {
      type: 'trigger',
      name: 'sync_jobs_insert',
      sql: "CREATE TRIGGER sync_jobs_insert AFTER INSERT ON jobs WHEN EXISTS (SELECT 1 FROM meta WHERE key = 'sync.capture') BEGIN\n  INSERT INTO sync_outbox (kind, key, deleted) VALUES ('job', new.id, 0)\n    ON CONFLICT (kind, key) DO UPDATE SET touched = touched + 1, deleted = excluded.deleted;\nEND",
    },
    {
      type: 'trigger',
      name: 'sync_jobs_update',
      sql: "CREATE TRIGGER sync_jobs_update AFTER UPDATE ON jobs WHEN EXISTS (SELECT 1 FROM meta WHERE key = 'sync.capture') BEGIN\n  INSERT INTO sync_outbox (kind, key, deleted) VALUES ('job', new.id, 0)\n    ON CONFLICT (kind, key) DO UPDATE SET touched = touched + 1, deleted = excluded.deleted;\nEND",
    },
    {
      type: 'trigger',
      name: 'sync_results_insert',
      sql: "CREATE TRIGGER sync_results_insert AFTER INSERT ON results WHEN EXISTS (SELECT 1 FROM meta WHERE key = 'sync.capture') BEGIN\n  INSERT INTO sync_outbox (kind, key, deleted) VALUES ('result', new.id, 0)\n    ON CONFLICT (kind, key) DO UPDATE SET touched = touched + 1, deleted = excluded.deleted;\nEND",
    },
    {
      type: 'trigger',
      name: 'sync_results_update',
      sql: "CREATE TRIGGER sync_results_update AFTER UPDATE OF ingested_at ON results WHEN EXISTS (SELECT 1 FROM meta WHERE key = 'sync.capture') BEGIN\n  INSERT INTO sync_outbox (kind, key, deleted) VALUES ('result', new.id, 0)\n    ON CONFLICT (kind, key) DO UPDATE SET touched = touched + 1, deleted = excluded.deleted;\nEND",
    },
    {
      type: 'trigger',
      name: 'sync_pages_insert',
      sql: "CREATE TRIGGER sync_pages_insert AFTER INSERT ON page_archive WHEN EXISTS (SELECT 1 FROM meta WHERE key = 'sync.capture') AND (new.state IN ('archived', 'failed')) BEGIN\n  INSERT INTO sync_outbox (kind, key, deleted) VALUES ('page', new.result_seq || ':' || new.page_index, 0)\n    ON CONFLICT (kind, key) DO UPDATE SET touched = touched + 1, deleted = excluded.deleted;\nEND",
    },
    {
      type: 'trigger',
      name: 'sync_pages_update',
      sql: "CREATE TRIGGER sync_pages_update AFTER UPDATE OF state ON page_archive WHEN EXISTS (SELECT 1 FROM meta WHERE key = 'sync.capture') AND (new.state IN ('archived', 'failed')) BEGIN\n  INSERT INTO sync_outbox (kind, key, deleted) VALUES ('page', new.result_seq || ':' || new.page_index, 0)\n    ON CONFLICT (kind, key) DO UPDATE SET touched = touched + 1, deleted = excluded.deleted;\nEND",
    },
    {
      type: 'trigger',
      name: 'sync_run_sessions_insert',
      sql: "CREATE TRIGGER sync_run_sessions_insert AFTER INSERT ON run_sessions WHEN EXISTS (SELECT 1 FROM meta WHERE key = 'sync.capture') BEGIN\n  INSERT INTO sync_outbox (kind, key, deleted) VALUES ('session', new.id, 0)\n    ON CONFLICT (kind, key) DO UPDATE SET touched = touched + 1, deleted = excluded.deleted;\nEND",
    },
    {
      type: 'trigger',
      name: 'sync_run_sessions_update',
      sql: "CREATE TRIGGER sync_run_sessions_update AFTER UPDATE ON run_sessions WHEN EXISTS (SELECT 1 FROM meta WHERE key = 'sync.capture') BEGIN\n  INSERT INTO sync_outbox (kind, key, deleted) VALUES ('session', new.id, 0)\n    ON CONFLICT (kind, key) DO UPDATE SET touched = touched + 1, deleted = excluded.deleted;\nEND",
    },
    {
      type: 'trigger',
      name: 'sync_brands_insert',
      sql: "CREATE TRIGGER sync_brands_insert AFTER INSERT ON brands WHEN EXISTS (SELECT 1 FROM meta WHERE key = 'sync.capture') BEGIN\n  INSERT INTO sync_outbox (kind, key, deleted) VALUES ('brand', new.id, 0)\n    ON CONFLICT (kind, key) DO UPDATE SET touched = touched + 1, deleted = excluded.deleted;\nEND",
    },
    {
      type: 'trigger',
      name: 'sync_brands_update',
      sql: "CREATE TRIGGER sync_brands_update AFTER UPDATE ON brands WHEN EXISTS (SELECT 1 FROM meta WHERE key = 'sync.capture') BEGIN\n  INSERT INTO sync_outbox (kind, key, deleted) VALUES ('brand', new.id, 0)\n    ON CONFLICT (kind, key) DO UPDATE SET touched = touched + 1, deleted = excluded.deleted;\nEND",
    },
    {
      type: 'trigger',
      name: 'sync_brands_delete',
      sql: "CREATE TRIGGER sync_brands_delete AFTER DELETE ON brands WHEN EXISTS (SELECT 1 FROM meta WHERE key = 'sync.capture') BEGIN\n  INSERT INTO sync_outbox (kind, key, deleted) VALUES ('brand', old.id, 1)\n    ON CONFLICT (kind, key) DO UPDATE SET touched = touched + 1, deleted = excluded.deleted;\nEND",
    },
    {
      type: 'trigger',
      name: 'sync_monitors_insert',
      sql: "CREATE TRIGGER sync_monitors_insert AFTER INSERT ON monitors WHEN EXISTS (SELECT 1 FROM meta WHERE key = 'sync.capture') BEGIN\n  INSERT INTO sync_outbox (kind, key, deleted) VALUES ('monitor', new.id, 0)\n    ON CONFLICT (kind, key) DO UPDATE SET touched = touched + 1, deleted = excluded.deleted;\nEND",
    },
    {
      type: 'trigger',
      name: 'sync_monitors_update',
      sql: "CREATE TRIGGER sync_monitors_update AFTER UPDATE OF name, spec_json, cadence, enabled ON monitors WHEN EXISTS (SELECT 1 FROM meta WHERE key = 'sync.capture') BEGIN\n  INSERT INTO sync_outbox (kind, key, deleted) VALUES ('monitor', new.id, 0)\n    ON CONFLICT (kind, key) DO UPDATE SET touched = touched + 1, deleted = excluded.deleted;\nEND",
    },
    {
      type: 'trigger',
      name: 'sync_monitors_delete',
      sql: "CREATE TRIGGER sync_monitors_delete AFTER DELETE ON monitors WHEN EXISTS (SELECT 1 FROM meta WHERE key = 'sync.capture') BEGIN\n  INSERT INTO sync_outbox (kind, key, deleted) VALUES ('monitor', old.id, 1)\n    ON CONFLICT (kind, key) DO UPDATE SET touched = touched + 1, deleted = excluded.deleted;\nEND",
    },
    {
      type: 'trigger',
      name: 'sync_monitor_options_insert',
      sql: "CREATE TRIGGER sync_monitor_options_insert AFTER INSERT ON monitor_options WHEN EXISTS (SELECT 1 FROM meta WHERE key = 'sync.capture') BEGIN\n  INSERT INTO sync_outbox (kind, key, deleted) VALUES ('monitor_options', new.monitor_id, 0)\n    ON CONFLICT (kind, key) DO UPDATE SET touched = touched + 1, deleted = excluded.deleted;\nEND",
    },
    {
      type: 'trigger',
      name: 'sync_monitor_options_update',
      sql: "CREATE TRIGGER sync_monitor_options_update AFTER UPDATE ON monitor_options WHEN EXISTS (SELECT 1 FROM meta WHERE key = 'sync.capture') BEGIN\n  INSERT INTO sync_outbox (kind, key, deleted) VALUES ('monitor_options', new.monitor_id, 0)\n    ON CONFLICT (kind, key) DO UPDATE SET touched = touched + 1, deleted = excluded.deleted;\nEND",
    },
    {
      type: 'trigger',
      name: 'sync_monitor_options_delete',
      sql: "CREATE TRIGGER sync_monitor_options_delete AFTER DELETE ON monitor_options WHEN EXISTS (SELECT 1 FROM meta WHERE key = 'sync.capture') BEGIN\n  INSERT INTO sync_outbox (kind, key, deleted) VALUES ('monitor_options', old.monitor_id, 1)\n    ON CONFLICT (kind, key) DO UPDATE SET touched = touched + 1, deleted = excluded.deleted;\nEND",
    },
    {
      type: 'trigger',
      name: 'sync_prompts_insert',
      sql: "CREATE TRIGGER sync_prompts_insert AFTER INSERT ON prompts WHEN EXISTS (SELECT 1 FROM meta WHERE key = 'sync.capture') BEGIN\n  INSERT INTO sync_outbox (kind, key, deleted) VALUES ('prompt', new.id, 0)\n    ON CONFLICT (kind, key) DO UPDATE SET touched = touched + 1, deleted = excluded.deleted;\nEND",
    },
    {
      type: 'trigger',
      name: 'sync_prompts_update',
      sql: "CREATE TRIGGER sync_prompts_update AFTER UPDATE ON prompts WHEN EXISTS (SELECT 1 FROM meta WHERE key = 'sync.capture') BEGIN\n  INSERT INTO sync_outbox (kind, key, deleted) VALUES ('prompt', new.id, 0)\n    ON CONFLICT (kind, key) DO UPDATE SET touched = touched + 1, deleted = excluded.deleted;\nEND",
    },
    {
      type: 'trigger',
      name: 'sync_prompts_delete',
      sql: "CREATE TRIGGER sync_prompts_delete AFTER DELETE ON prompts WHEN EXISTS (SELECT 1 FROM meta WHERE key = 'sync.capture') BEGIN\n  INSERT INTO sync_outbox (kind, key, deleted) VALUES ('prompt', old.id, 1)\n    ON CONFLICT (kind, key) DO UPDATE SET touched = touched + 1, deleted = excluded.deleted;\nEND",
    },
    {
      type: 'trigger',
      name: 'sync_prompt_tags_insert',
      sql: "CREATE TRIGGER sync_prompt_tags_insert AFTER INSERT ON prompt_tags WHEN EXISTS (SELECT 1 FROM meta WHERE key = 'sync.capture') BEGIN\n  INSERT INTO sync_outbox (kind, key, deleted) VALUES ('prompt', new.prompt_id, 0)\n    ON CONFLICT (kind, key) DO UPDATE SET touched = touched + 1, deleted = excluded.deleted;\nEND",
    },
    {
      type: 'trigger',
      name: 'sync_prompt_tags_delete',
      sql: "CREATE TRIGGER sync_prompt_tags_delete AFTER DELETE ON prompt_tags WHEN EXISTS (SELECT 1 FROM meta WHERE key = 'sync.capture') AND (EXISTS (SELECT 1 FROM prompts WHERE id = old.prompt_id)) BEGIN\n  INSERT INTO sync_outbox (kind, key, deleted) VALUES ('prompt', old.prompt_id, 0)\n    ON CONFLICT (kind, key) DO UPDATE SET touched = touched + 1, deleted = excluded.deleted;\nEND",
    },
    {
      type: 'trigger',
      name: 'sync_prompt_sets_insert',
      sql: "CREATE TRIGGER sync_prompt_sets_insert AFTER INSERT ON prompt_sets WHEN EXISTS (SELECT 1 FROM meta WHERE key = 'sync.capture') BEGIN\n  INSERT INTO sync_outbox (kind, key, deleted) VALUES ('prompt_set', new.id, 0)\n    ON CONFLICT (kind, key) DO UPDATE SET touched = touched + 1, deleted = excluded.deleted;\nEND",
    },
    {
      type: 'trigger',
      name: 'sync_prompt_sets_update',
      sql: "CREATE TRIGGER sync_prompt_sets_update AFTER UPDATE ON prompt_sets WHEN EXISTS (SELECT 1 FROM meta WHERE key = 'sync.capture') BEGIN\n  INSERT INTO sync_outbox (kind, key, deleted) VALUES ('prompt_set', new.id, 0)\n    ON CONFLICT (kind, key) DO UPDATE SET touched = touched + 1, deleted = excluded.deleted;\nEND",
    },
    {
      type: 'trigger',
      name: 'sync_prompt_sets_delete',
      sql: "CREATE TRIGGER sync_prompt_sets_delete AFTER DELETE ON prompt_sets WHEN EXISTS (SELECT 1 FROM meta WHERE key = 'sync.capture') BEGIN\n  INSERT INTO sync_outbox (kind, key, deleted) VALUES ('prompt_set', old.id, 1)\n    ON CONFLICT (kind, key) DO UPDATE SET touched = touched + 1, deleted = excluded.deleted;\nEND",
    },
    {
      type: 'trigger',
      name: 'sync_prompt_set_items_insert',
      sql: "CREATE TRIGGER sync_prompt_set_items_insert AFTER INSERT ON prompt_set_items WHEN EXISTS (SELECT 1 FROM meta WHERE key = 'sync.capture') BEGIN\n  INSERT INTO sync_outbox (kind, key, deleted) VALUES ('prompt_set', new.set_id, 0)\n    ON CONFLICT (kind, key) DO UPDATE SET touched = touched + 1, deleted = excluded.deleted;\nEND",
    },
    {
      type: 'trigger',
      name: 'sync_prompt_set_items_delete',
      sql: "CREATE TRIGGER sync_prompt_set_items_delete AFTER DELETE ON prompt_set_items WHEN EXISTS (SELECT 1 FROM meta WHERE key = 'sync.capture') AND (EXISTS (SELECT 1 FROM prompt_sets WHERE id = old.set_id)) BEGIN\n  INSERT INTO sync_outbox (kind, key, deleted) VALUES ('prompt_set', old.set_id, 0)\n    ON CONFLICT (kind, key) DO UPDATE SET touched = touched + 1, deleted = excluded.deleted;\nEND",
    },
    {
      type: 'trigger',
      name: 'sync_prompt_set_tags_insert',
      sql: "CREATE TRIGGER sync_prompt_set_tags_insert AFTER INSERT ON prompt_set_tags WHEN EXISTS (SELECT 1 FROM meta WHERE key = 'sync.capture') BEGIN\n  INSERT INTO sync_outbox (kind, key, deleted) VALUES ('prompt_set', new.set_id, 0)\n    ON CONFLICT (kind, key) DO UPDATE SET touched = touched + 1, deleted = excluded.deleted;\nEND",
    },
    {
      type: 'trigger',
      name: 'sync_prompt_set_tags_delete',
      sql: "CREATE TRIGGER sync_prompt_set_tags_delete AFTER DELETE ON prompt_set_tags WHEN EXISTS (SELECT 1 FROM meta WHERE key = 'sync.capture') AND (EXISTS (SELECT 1 FROM prompt_sets WHERE id = old.set_id)) BEGIN\n  INSERT INTO sync_outbox (kind, key, deleted) VALUES ('prompt_set', old.set_id, 0)\n    ON CONFLICT (kind, key) DO UPDATE SET touched = touched + 1, deleted = excluded.deleted;\nEND",
    },
    {
      type: 'trigger',
      name: 'sync_tags_insert',
      sql: "CREATE TRIGGER sync_tags_insert AFTER INSERT ON tags WHEN EXISTS (SELECT 1 FROM meta WHERE key = 'sync.capture') BEGIN\n  INSERT INTO sync_outbox (kind, key, deleted) VALUES ('tag', new.name, 0)\n    ON CONFLICT (kind, key) DO UPDATE SET touched = touched + 1, deleted = excluded.deleted;\nEND",
    },
    {
      type: 'trigger',
      name: 'sync_disc_decisions_insert',
      sql: "CREATE TRIGGER sync_disc_decisions_insert AFTER INSERT ON disc_decisions WHEN EXISTS (SELECT 1 FROM meta WHERE key = 'sync.capture') BEGIN\n  INSERT INTO sync_outbox (kind, key, deleted) VALUES ('discovery', new.key, 0)\n    ON CONFLICT (kind, key) DO UPDATE SET touched = touched + 1, deleted = excluded.deleted;\nEND",
    },
    {
      type: 'trigger',
      name: 'sync_disc_decisions_update',
      sql: "CREATE TRIGGER sync_disc_decisions_update AFTER UPDATE ON disc_decisions WHEN EXISTS (SELECT 1 FROM meta WHERE key = 'sync.capture') BEGIN\n  INSERT INTO sync_outbox (kind, key, deleted) VALUES ('discovery', new.key, 0)\n    ON CONFLICT (kind, key) DO UPDATE SET touched = touched + 1, deleted = excluded.deleted;\nEND",
    },
    {
      type: 'trigger',
      name: 'sync_disc_decisions_delete',
      sql: "CREATE TRIGGER sync_disc_decisions_delete AFTER DELETE ON disc_decisions WHEN EXISTS (SELECT 1 FROM meta WHERE key = 'sync.capture') BEGIN\n  INSERT INTO sync_outbox (kind, key, deleted) VALUES ('discovery', old.key, 1)\n    ON CONFLICT (kind, key) DO UPDATE SET touched = touched + 1, deleted = excluded.deleted;\nEND",
    },
    {
      type: 'trigger',
      name: 'sync_settings_insert',
      sql: "CREATE TRIGGER sync_settings_insert AFTER INSERT ON settings WHEN EXISTS (SELECT 1 FROM meta WHERE key = 'sync.capture') BEGIN\n  INSERT INTO sync_outbox (kind, key, deleted) VALUES ('setting', new.key, 0)\n    ON CONFLICT (kind, key) DO UPDATE SET touched = touched + 1, deleted = excluded.deleted;\nEND",
    },
    {
      type: 'trigger',
      name: 'sync_settings_update',
      sql: "CREATE TRIGGER sync_settings_update AFTER UPDATE ON settings WHEN EXISTS (SELECT 1 FROM meta WHERE key = 'sync.capture') BEGIN\n  INSERT INTO sync_outbox (kind, key, deleted) VALUES ('setting', new.key, 0)\n    ON CONFLICT (kind, key) DO UPDATE SET touched = touched + 1, deleted = excluded.deleted;\nEND",
    },
    {
      type: 'trigger',
      name: 'sync_settings_delete',
      sql: "CREATE TRIGGER sync_settings_delete AFTER DELETE ON settings WHEN EXISTS (SELECT 1 FROM meta WHERE key = 'sync.capture') BEGIN\n  INSERT INTO sync_outbox (kind, key, deleted) VALUES ('setting', old.key, 1)\n    ON CONFLICT (kind, key) DO UPDATE SET touched = touched + 1, deleted = excluded.deleted;\nEND",
    },
    {
      type: 'table',
      name: 'pos_judge_cache',
      sql: 'CREATE TABLE pos_judge_cache (\n  content_hash  TEXT NOT NULL,\n  brand_set     TEXT NOT NULL,\n  judge         TEXT NOT NULL,\n  version       TEXT NOT NULL,\n  verdict_json  TEXT NOT NULL CHECK (json_valid(verdict_json)),\n  input_tokens  INTEGER NOT NULL,\n  output_tokens INTEGER NOT NULL,\n  created_at    INTEGER NOT NULL,\n  PRIMARY KEY (content_hash, brand_set, judge, version)\n) STRICT, WITHOUT ROWID',
    },
    {
      type: 'table',
      name: 'pos_attr_e',
      sql: 'CREATE TABLE pos_attr_e (\n  judge INTEGER NOT NULL, span INTEGER NOT NULL, start INTEGER NOT NULL, engine TEXT NOT NULL,\n  brand INTEGER NOT NULL, attr INTEGER NOT NULL,\n  n INTEGER NOT NULL, positive INTEGER NOT NULL, negative INTEGER NOT NULL,\n  PRIMARY KEY (judge, span, start, engine, brand, attr)\n) STRICT, WITHOUT ROWID',
    },
    {
      type: 'table',
      name: 'vis_result_domain',
      sql: 'CREATE TABLE "vis_result_domain" (\n  seq INTEGER NOT NULL, domain INTEGER NOT NULL, best INTEGER NOT NULL,\n  PRIMARY KEY (seq, domain)\n) STRICT, WITHOUT ROWID',
    },
    {
      type: 'index',
      name: 'vis_result_domain_by_domain',
      sql: 'CREATE INDEX vis_result_domain_by_domain ON vis_result_domain (domain, seq)',
    },
    {
      type: 'table',
      name: 'vis_result_query',
      sql: 'CREATE TABLE "vis_result_query" (\n  seq INTEGER NOT NULL, query INTEGER NOT NULL,\n  PRIMARY KEY (seq, query)\n) STRICT, WITHOUT ROWID',
    },
    {
      type: 'index',
      name: 'vis_result_query_by_query',
      sql: 'CREATE INDEX vis_result_query_by_query ON vis_result_query (query, seq)',
    },
    {
      type: 'table',
      name: 'disc_result',
      sql: 'CREATE TABLE "disc_result" (\n  seq INTEGER NOT NULL, name INTEGER NOT NULL, form INTEGER NOT NULL, origins INTEGER NOT NULL,\n  PRIMARY KEY (seq, name)\n) STRICT, WITHOUT ROWID',
    },
    {
      type: 'index',
      name: 'disc_result_by_name',
      sql: 'CREATE INDEX disc_result_by_name ON disc_result (name, seq)',
    },
    {
      type: 'index',
      name: 'source_texts_by_url',
      sql: 'CREATE INDEX source_texts_by_url ON source_texts (url) WHERE url_id IS NULL',
    },
    {
      type: 'index',
      name: 'source_texts_by_url_id',
      sql: 'CREATE INDEX source_texts_by_url_id ON source_texts (url_id) WHERE url_id IS NOT NULL',
    },
    {
      type: 'table',
      name: 'vis_urls',
      sql: 'CREATE TABLE "vis_urls" (id INTEGER PRIMARY KEY, domain INTEGER NOT NULL, url TEXT NOT NULL, title TEXT) STRICT',
    },
    {
      type: 'index',
      name: 'vis_urls_by_domain',
      sql: 'CREATE INDEX vis_urls_by_domain ON vis_urls (domain)',
    },
    {
      type: 'table',
      name: 'vis_url_keys',
      sql: 'CREATE TABLE vis_url_keys (url TEXT PRIMARY KEY, id INTEGER NOT NULL) STRICT, WITHOUT ROWID',
    },
    {
      type: 'table',
      name: 'vis_url_keys_new',
      sql: 'CREATE TABLE vis_url_keys_new (url TEXT PRIMARY KEY, id INTEGER NOT NULL) STRICT, WITHOUT ROWID',
    },
    {
      type: 'table',
      name: 'vis_queries',
      sql: 'CREATE TABLE "vis_queries" (id INTEGER PRIMARY KEY, query TEXT NOT NULL) STRICT',
    },
    {
      type: 'table',
      name: 'vis_query_keys',
      sql: 'CREATE TABLE vis_query_keys (query TEXT PRIMARY KEY, id INTEGER NOT NULL) STRICT, WITHOUT ROWID',
    },
    {
      type: 'table',
      name: 'vis_query_keys_new',
      sql: 'CREATE TABLE vis_query_keys_new (query TEXT PRIMARY KEY, id INTEGER NOT NULL) STRICT, WITHOUT ROWID',
    },
    {
      type: 'table',
      name: 'vis_prompt_cell',
      sql: 'CREATE TABLE vis_prompt_cell (\n  day INTEGER NOT NULL, prompt INTEGER NOT NULL,\n  answers INTEGER NOT NULL,\n  PRIMARY KEY (day, prompt)\n) STRICT, WITHOUT ROWID',
    },
    {
      type: 'table',
      name: 'vis_prompt_brand',
      sql: 'CREATE TABLE vis_prompt_brand (\n  day INTEGER NOT NULL, prompt INTEGER NOT NULL, brand INTEGER NOT NULL,\n  mentioned INTEGER NOT NULL, cited INTEGER NOT NULL,\n  ranked INTEGER NOT NULL, rank_sum INTEGER NOT NULL, rank_sq INTEGER NOT NULL,\n  mentions INTEGER NOT NULL, present INTEGER NOT NULL,\n  PRIMARY KEY (day, prompt, brand)\n) STRICT, WITHOUT ROWID',
    },
    {
      type: 'table',
      name: 'pos_status_prompt',
      sql: 'CREATE TABLE pos_status_prompt (\n  judge INTEGER NOT NULL, day INTEGER NOT NULL, prompt INTEGER NOT NULL, brand INTEGER NOT NULL,\n  n INTEGER NOT NULL, top INTEGER NOT NULL, recommended INTEGER NOT NULL, mentioned INTEGER NOT NULL,\n  cautioned INTEGER NOT NULL, positive INTEGER NOT NULL, neutral INTEGER NOT NULL, negative INTEGER NOT NULL,\n  score_sum INTEGER NOT NULL, score_sq INTEGER NOT NULL,\n  PRIMARY KEY (judge, day, prompt, brand)\n) STRICT, WITHOUT ROWID',
    },
    {
      type: 'index',
      name: 'pos_answer_noted',
      sql: 'CREATE INDEX pos_answer_noted ON pos_answer (judge, seq) WHERE note IS NOT NULL',
    },
    {
      type: 'table',
      name: 'com_answer',
      sql: 'CREATE TABLE com_answer (\n  seq           INTEGER PRIMARY KEY REFERENCES results (seq) ON DELETE CASCADE,\n  day           INTEGER NOT NULL,\n  run           INTEGER NOT NULL,\n  engine        TEXT NOT NULL,\n  loc           TEXT NOT NULL,\n  asked         INTEGER NOT NULL,\n  products      INTEGER NOT NULL,\n  ads           INTEGER NOT NULL,\n  prompt_brands TEXT,\n  mentioned     TEXT\n, ad_names INTEGER NOT NULL DEFAULT 0) STRICT',
    },
    { type: 'index', name: 'com_answer_by_run', sql: 'CREATE INDEX com_answer_by_run ON com_answer (run)' },
    {
      type: 'table',
      name: 'com_monitors',
      sql: 'CREATE TABLE com_monitors (\n  id         INTEGER PRIMARY KEY,\n  monitor_id TEXT NOT NULL UNIQUE\n) STRICT',
    },
    {
      type: 'table',
      name: 'com_product',
      sql: 'CREATE TABLE com_product (\n  seq          INTEGER NOT NULL REFERENCES com_answer (seq) ON DELETE CASCADE,\n  slot         INTEGER NOT NULL,\n  surface      INTEGER NOT NULL,\n  position     INTEGER NOT NULL,\n  title        TEXT NOT NULL,\n  product_id   TEXT,\n  brand_text   TEXT,\n  brand        INTEGER,\n  merchant     TEXT,\n  amount       REAL,\n  currency     TEXT,\n  price_raw    TEXT,\n  price_range  INTEGER NOT NULL DEFAULT 0,\n  old_amount   REAL,\n  old_currency TEXT,\n  old_raw      TEXT,\n  rating       REAL,\n  reviews      INTEGER,\n  available    INTEGER,\n  PRIMARY KEY (seq, slot)\n) STRICT, WITHOUT ROWID',
    },
    {
      type: 'table',
      name: 'com_offer',
      sql: 'CREATE TABLE com_offer (\n  seq       INTEGER NOT NULL REFERENCES com_answer (seq) ON DELETE CASCADE,\n  slot      INTEGER NOT NULL,\n  idx       INTEGER NOT NULL,\n  merchant  TEXT,\n  amount    REAL,\n  currency  TEXT,\n  raw       TEXT,\n  available INTEGER,\n  PRIMARY KEY (seq, slot, idx)\n) STRICT, WITHOUT ROWID',
    },
    {
      type: 'table',
      name: 'com_ad',
      sql: 'CREATE TABLE com_ad (\n  seq        INTEGER NOT NULL REFERENCES com_answer (seq) ON DELETE CASCADE,\n  slot       INTEGER NOT NULL,\n  block      INTEGER NOT NULL,\n  type       INTEGER NOT NULL,\n  position   INTEGER NOT NULL,\n  brand      INTEGER,\n  advertiser TEXT NOT NULL,\n  title      TEXT NOT NULL,\n  domain     TEXT, name TEXT,\n  PRIMARY KEY (seq, slot)\n) STRICT, WITHOUT ROWID',
    },
    {
      type: 'table',
      name: 'com_cells',
      sql: 'CREATE TABLE com_cells (\n  day INTEGER NOT NULL, run INTEGER NOT NULL, engine TEXT NOT NULL, loc TEXT NOT NULL,\n  answers INTEGER NOT NULL, asked INTEGER NOT NULL, shop INTEGER NOT NULL, ads INTEGER NOT NULL,\n  pslots INTEGER NOT NULL, pslots_sq INTEGER NOT NULL, aslots INTEGER NOT NULL, aslots_sq INTEGER NOT NULL,\n  PRIMARY KEY (day, run, engine, loc)\n) STRICT, WITHOUT ROWID',
    },
    {
      type: 'table',
      name: 'com_brands',
      sql: 'CREATE TABLE com_brands (\n  day INTEGER NOT NULL, run INTEGER NOT NULL, engine TEXT NOT NULL, loc TEXT NOT NULL,\n  brand INTEGER NOT NULL,\n  shelf INTEGER NOT NULL, pslots INTEGER NOT NULL, pslots_sq INTEGER NOT NULL, pcross INTEGER NOT NULL,\n  rank_sum INTEGER NOT NULL,\n  ad_answers INTEGER NOT NULL, aslots INTEGER NOT NULL, aslots_sq INTEGER NOT NULL, across INTEGER NOT NULL,\n  mentioned INTEGER NOT NULL,\n  PRIMARY KEY (day, run, engine, loc, brand)\n) STRICT, WITHOUT ROWID',
    },
    {
      type: 'table',
      name: 'com_merchants',
      sql: 'CREATE TABLE com_merchants (\n  day INTEGER NOT NULL, run INTEGER NOT NULL, engine TEXT NOT NULL, loc TEXT NOT NULL,\n  brand INTEGER NOT NULL, merchant TEXT NOT NULL, slots INTEGER NOT NULL,\n  PRIMARY KEY (day, run, engine, loc, brand, merchant)\n) STRICT, WITHOUT ROWID',
    },
    {
      type: 'table',
      name: 'com_prices',
      sql: 'CREATE TABLE com_prices (\n  day INTEGER NOT NULL, run INTEGER NOT NULL, engine TEXT NOT NULL, loc TEXT NOT NULL,\n  brand INTEGER NOT NULL, currency TEXT NOT NULL, own INTEGER NOT NULL, hist TEXT NOT NULL,\n  PRIMARY KEY (day, run, engine, loc, brand, currency, own)\n) STRICT, WITHOUT ROWID',
    },
    {
      type: 'table',
      name: 'com_advertisers',
      sql: 'CREATE TABLE com_advertisers (\n  day INTEGER NOT NULL, run INTEGER NOT NULL, engine TEXT NOT NULL, loc TEXT NOT NULL,\n  advertiser TEXT NOT NULL, brand INTEGER NOT NULL, answers INTEGER NOT NULL, slots INTEGER NOT NULL,\n  PRIMARY KEY (day, run, engine, loc, advertiser, brand)\n) STRICT, WITHOUT ROWID',
    },
    {
      type: 'table',
      name: 'com_conquest',
      sql: 'CREATE TABLE com_conquest (\n  day INTEGER NOT NULL, run INTEGER NOT NULL, engine TEXT NOT NULL, loc TEXT NOT NULL,\n  victim INTEGER NOT NULL, brand INTEGER NOT NULL, answers INTEGER NOT NULL, slots INTEGER NOT NULL,\n  PRIMARY KEY (day, run, engine, loc, victim, brand)\n) STRICT, WITHOUT ROWID',
    },
    {
      type: 'table',
      name: 'com_product_day',
      sql: 'CREATE TABLE com_product_day (\n  day INTEGER NOT NULL, run INTEGER NOT NULL, engine TEXT NOT NULL, loc TEXT NOT NULL,\n  title TEXT NOT NULL, brand INTEGER NOT NULL, currency TEXT NOT NULL, merchant TEXT NOT NULL,\n  slots INTEGER NOT NULL, pos_sum INTEGER NOT NULL, priced INTEGER NOT NULL, price_sum REAL NOT NULL,\n  PRIMARY KEY (day, run, engine, loc, title, brand, currency, merchant)\n) STRICT, WITHOUT ROWID',
    },
    {
      type: 'table',
      name: 'site_kind_overrides',
      sql: "CREATE TABLE site_kind_overrides (\n  domain     TEXT PRIMARY KEY,\n  kind       TEXT NOT NULL CHECK (kind IN ('own', 'competitor', 'retailer', 'editorial', 'forum',\n                                           'reference', 'video-social', 'institutional', 'other')),\n  updated_at INTEGER NOT NULL\n) STRICT, WITHOUT ROWID",
    },
    {
      type: 'table',
      name: 'sync_quarantine',
      sql: "CREATE TABLE sync_quarantine (\n  direction  TEXT    NOT NULL CHECK (direction IN ('pull', 'push')),\n  team_table TEXT    NOT NULL,\n  row_id     TEXT    NOT NULL,\n  reason     TEXT    NOT NULL,\n  raw        TEXT,\n  first_at   INTEGER NOT NULL,\n  last_at    INTEGER NOT NULL,\n  PRIMARY KEY (direction, team_table, row_id)\n) STRICT, WITHOUT ROWID",
    },
    {
      type: 'table',
      name: 'crawl_files',
      sql: 'CREATE TABLE crawl_files (\n  fingerprint TEXT    PRIMARY KEY,\n  name        TEXT    NOT NULL,\n  bytes       INTEGER NOT NULL,\n  format      TEXT    NOT NULL,\n  lines       INTEGER NOT NULL,\n  kept        INTEGER NOT NULL,\n  malformed   INTEGER NOT NULL,\n  imported_at INTEGER NOT NULL\n) STRICT, WITHOUT ROWID',
    },
    {
      type: 'table',
      name: 'crawl_hits',
      sql: 'CREATE TABLE crawl_hits (\n  site     TEXT    NOT NULL,\n  day      TEXT    NOT NULL,\n  agent    TEXT    NOT NULL,\n  url      TEXT    NOT NULL,\n  status   INTEGER NOT NULL,\n  verified INTEGER NOT NULL CHECK (verified IN (0, 1)),\n  hits     INTEGER NOT NULL,\n  PRIMARY KEY (site, day, agent, url, status, verified)\n) STRICT, WITHOUT ROWID',
    },
    {
      type: 'table',
      name: 'crawl_browser_hits',
      sql: 'CREATE TABLE crawl_browser_hits (\n  site   TEXT    NOT NULL,\n  day    TEXT    NOT NULL,\n  url    TEXT    NOT NULL,\n  status INTEGER NOT NULL,\n  hits   INTEGER NOT NULL,\n  PRIMARY KEY (site, day, url, status)\n) STRICT, WITHOUT ROWID',
    },
    {
      type: 'table',
      name: 'outcome_traffic',
      sql: 'CREATE TABLE outcome_traffic (\n  origin        TEXT    NOT NULL,\n  site          TEXT    NOT NULL,\n  from_day      INTEGER NOT NULL,\n  to_day        INTEGER NOT NULL,\n  source_medium TEXT    NOT NULL,\n  landing_page  TEXT    NOT NULL,\n  referrer      TEXT    NOT NULL,\n  engine        TEXT,\n  sessions      INTEGER NOT NULL,\n  key_events    REAL    NOT NULL,\n  imported_at   INTEGER NOT NULL,\n  PRIMARY KEY (origin, site, from_day, to_day, source_medium, landing_page)\n) STRICT, WITHOUT ROWID',
    },
    {
      type: 'table',
      name: 'outcome_queries',
      sql: 'CREATE TABLE outcome_queries (\n  origin      TEXT    NOT NULL,\n  site        TEXT    NOT NULL,\n  from_day    INTEGER NOT NULL,\n  to_day      INTEGER NOT NULL,\n  query       TEXT    NOT NULL,\n  clicks      INTEGER,\n  impressions INTEGER,\n  citations   INTEGER,\n  imported_at INTEGER NOT NULL,\n  PRIMARY KEY (origin, site, from_day, to_day, query)\n) STRICT, WITHOUT ROWID',
    },
    {
      type: 'table',
      name: 'outcome_pages',
      sql: 'CREATE TABLE outcome_pages (\n  origin      TEXT    NOT NULL,\n  site        TEXT    NOT NULL,\n  from_day    INTEGER NOT NULL,\n  to_day      INTEGER NOT NULL,\n  url         TEXT    NOT NULL,\n  clicks      INTEGER,\n  impressions INTEGER,\n  citations   INTEGER,\n  imported_at INTEGER NOT NULL,\n  PRIMARY KEY (origin, site, from_day, to_day, url)\n) STRICT, WITHOUT ROWID',
    },
    {
      type: 'table',
      name: 'outcome_connections',
      sql: "CREATE TABLE outcome_connections (\n  kind         TEXT    NOT NULL PRIMARY KEY CHECK (kind IN ('ga4', 'gsc')),\n  property     TEXT    NOT NULL,\n  auth         TEXT    NOT NULL CHECK (auth IN ('oauth', 'service-account')),\n  connected_at INTEGER NOT NULL,\n  pulled_at    INTEGER,\n  pull_error   TEXT\n) STRICT",
    },
    {
      type: 'table',
      name: 'brand_facts',
      sql: 'CREATE TABLE brand_facts (\n  brand_id   TEXT    NOT NULL,\n  key        TEXT    NOT NULL,\n  kind       TEXT    NOT NULL,\n  value_json TEXT    NOT NULL CHECK (json_valid(value_json)),\n  words_json TEXT    NOT NULL CHECK (json_valid(words_json)),\n  updated_at INTEGER NOT NULL,\n  PRIMARY KEY (brand_id, key)\n) STRICT, WITHOUT ROWID',
    },
    {
      type: 'table',
      name: 'fact_checks',
      sql: "CREATE TABLE fact_checks (\n  seq            INTEGER NOT NULL,\n  job_id         TEXT    NOT NULL,\n  brand_id       TEXT    NOT NULL,\n  key            TEXT    NOT NULL,\n  verdict        TEXT    NOT NULL CHECK (verdict IN ('supported', 'contradicted', 'not-addressed')),\n  evidence_text  TEXT,\n  evidence_start INTEGER,\n  evidence_end   INTEGER,\n  checker        TEXT    NOT NULL,\n  sheet_version  INTEGER NOT NULL, language TEXT, unread TEXT,\n  PRIMARY KEY (seq, brand_id, key, checker)\n) STRICT, WITHOUT ROWID",
    },
    {
      type: 'index',
      name: 'fact_checks_by_job',
      sql: 'CREATE INDEX fact_checks_by_job ON fact_checks (job_id)',
    },
    {
      type: 'index',
      name: 'fact_checks_by_brand',
      sql: 'CREATE INDEX fact_checks_by_brand ON fact_checks (brand_id, verdict, seq)',
    },
    {
      type: 'table',
      name: 'suggestion_dismissals',
      sql: 'CREATE TABLE suggestion_dismissals (\n  id           TEXT    PRIMARY KEY,\n  text         TEXT    NOT NULL,\n  dismissed_at INTEGER NOT NULL\n) STRICT, WITHOUT ROWID',
    },
    {
      type: 'table',
      name: 'outcome_sharing',
      sql: 'CREATE TABLE outcome_sharing (\n  only       INTEGER PRIMARY KEY CHECK (only = 1),\n  aggregates INTEGER NOT NULL CHECK (aggregates IN (0, 1)),\n  changed_at INTEGER NOT NULL,\n  pushed_at  INTEGER,\n  pushed_digest TEXT\n) STRICT',
    },
    {
      type: 'table',
      name: 'fact_judge_cache',
      sql: "CREATE TABLE fact_judge_cache (\n  content_hash   TEXT    NOT NULL,\n  fact_hash      TEXT    NOT NULL,\n  judge          TEXT    NOT NULL,\n  version        TEXT    NOT NULL,\n  verdict        TEXT    NOT NULL CHECK (verdict IN ('supported', 'contradicted', 'not-addressed')),\n  evidence_text  TEXT,\n  evidence_start INTEGER,\n  evidence_end   INTEGER,\n  input_tokens   INTEGER NOT NULL,\n  output_tokens  INTEGER NOT NULL,\n  created_at     INTEGER NOT NULL,\n  PRIMARY KEY (content_hash, fact_hash, judge, version)\n) STRICT, WITHOUT ROWID",
    },
    {
      type: 'index',
      name: 'crawl_hits_by_day',
      sql: 'CREATE INDEX crawl_hits_by_day ON crawl_hits (day, verified, agent, url, status, hits)',
    },
    {
      type: 'index',
      name: 'crawl_browser_hits_by_page',
      sql: 'CREATE INDEX crawl_browser_hits_by_page ON crawl_browser_hits (site, url, day, status, hits)',
    },
    {
      type: 'table',
      name: 'shared_funnel_writers',
      sql: 'CREATE TABLE shared_funnel_writers (\n  writer    TEXT    PRIMARY KEY,\n  sharer    TEXT    NOT NULL,\n  rows      INTEGER NOT NULL,\n  stored_at INTEGER NOT NULL,\n  pulled_at INTEGER NOT NULL\n) STRICT',
    },
    {
      type: 'table',
      name: 'crawl_verified_weeks',
      sql: 'CREATE TABLE crawl_verified_weeks (\n  agent TEXT    NOT NULL,\n  url   TEXT    NOT NULL,\n  week  TEXT    NOT NULL,\n  site  TEXT    NOT NULL,\n  hits  INTEGER NOT NULL, running INTEGER NOT NULL DEFAULT 0,\n  PRIMARY KEY (agent, url, week, site)\n) STRICT, WITHOUT ROWID',
    },
    {
      type: 'table',
      name: 'crawl_verified_agent_weeks',
      sql: 'CREATE TABLE crawl_verified_agent_weeks (\n  agent TEXT    NOT NULL,\n  week  TEXT    NOT NULL,\n  site  TEXT    NOT NULL,\n  hits  INTEGER NOT NULL,\n  PRIMARY KEY (agent, week, site)\n) STRICT, WITHOUT ROWID',
    },
    {
      type: 'table',
      name: 'crawl_refused_days',
      sql: 'CREATE TABLE crawl_refused_days (\n  site  TEXT    NOT NULL,\n  url   TEXT    NOT NULL,\n  agent TEXT    NOT NULL,\n  day   TEXT    NOT NULL,\n  hits  INTEGER NOT NULL,\n  PRIMARY KEY (site, url, agent, day)\n) STRICT, WITHOUT ROWID',
    },
    {
      type: 'index',
      name: 'crawl_refused_days_by_day',
      sql: 'CREATE INDEX crawl_refused_days_by_day ON crawl_refused_days (day, site, url, agent, hits)',
    },
    {
      type: 'table',
      name: 'crawl_served_last',
      sql: 'CREATE TABLE crawl_served_last (\n  site  TEXT NOT NULL,\n  url   TEXT NOT NULL,\n  agent TEXT NOT NULL,\n  day   TEXT NOT NULL,\n  PRIMARY KEY (site, url, agent)\n) STRICT, WITHOUT ROWID',
    },
    {
      type: 'index',
      name: 'outcome_traffic_by_week',
      sql: 'CREATE INDEX outcome_traffic_by_week ON outcome_traffic (\n  (CASE WHEN from_day = to_day AND from_day > 0 THEN from_day - ((from_day + 3) % 7) ELSE from_day END), (from_day = to_day AND from_day > 0), (CASE WHEN from_day = to_day AND from_day > 0 THEN 0 ELSE to_day END), referrer, engine, landing_page,\n  to_day, site, sessions, key_events\n)',
    },
    {
      type: 'table',
      name: 'shared_funnel_days',
      sql: 'CREATE TABLE shared_funnel_days (\n  writer            TEXT    NOT NULL,\n  site              TEXT    NOT NULL,\n  day               TEXT    NOT NULL,\n  week              TEXT    NOT NULL,\n  engine            TEXT    NOT NULL,\n  page              TEXT    NOT NULL,\n  crawled_hits      INTEGER NOT NULL,\n  referred_sessions INTEGER NOT NULL,\n  key_events        INTEGER NOT NULL,\n  PRIMARY KEY (writer, site, day, engine, page)\n) STRICT, WITHOUT ROWID',
    },
    {
      type: 'table',
      name: 'shared_funnel_staged',
      sql: 'CREATE TABLE shared_funnel_staged (\n  writer            TEXT    NOT NULL,\n  site              TEXT    NOT NULL,\n  day               TEXT    NOT NULL,\n  week              TEXT    NOT NULL,\n  engine            TEXT    NOT NULL,\n  page              TEXT    NOT NULL,\n  crawled_hits      INTEGER NOT NULL,\n  referred_sessions INTEGER NOT NULL,\n  key_events        INTEGER NOT NULL,\n  PRIMARY KEY (writer, site, day, engine, page)\n) STRICT, WITHOUT ROWID',
    },
    {
      type: 'table',
      name: 'crawl_verified_pages',
      sql: 'CREATE TABLE crawl_verified_pages (\n  agent    TEXT    NOT NULL,\n  url      TEXT    NOT NULL,\n  site     TEXT    NOT NULL,\n  hits     INTEGER NOT NULL,\n  last_day TEXT    NOT NULL,\n  PRIMARY KEY (agent, url, site)\n) STRICT, WITHOUT ROWID',
    },
    {
      type: 'table',
      name: 'outcome_traffic_weekly',
      sql: 'CREATE TABLE outcome_traffic_weekly (\n  week         INTEGER NOT NULL,\n  is_day       INTEGER NOT NULL,\n  to_key       INTEGER NOT NULL,\n  referrer     TEXT    NOT NULL,\n  engine       TEXT,\n  landing_page TEXT    NOT NULL,\n  site         TEXT    NOT NULL,\n  sessions     INTEGER NOT NULL,\n  key_events   REAL    NOT NULL\n) STRICT',
    },
    {
      type: 'index',
      name: 'outcome_traffic_weekly_by_week',
      sql: 'CREATE INDEX outcome_traffic_weekly_by_week ON outcome_traffic_weekly (\n  week, is_day, to_key, referrer, engine, landing_page, site, sessions, key_events\n)',
    },
    {
      type: 'index',
      name: 'outcome_traffic_weekly_ranges',
      sql: 'CREATE INDEX outcome_traffic_weekly_ranges ON outcome_traffic_weekly (to_key) WHERE is_day = 0',
    },
    {
      type: 'index',
      name: 'crawl_verified_weeks_by_week',
      sql: 'CREATE INDEX crawl_verified_weeks_by_week\n  ON crawl_verified_weeks (week, agent, url, site, hits)',
    },
    {
      type: 'index',
      name: 'fact_checks_addressed',
      sql: "CREATE INDEX fact_checks_addressed ON fact_checks (seq) WHERE verdict <> 'not-addressed'",
    },
    {
      type: 'table',
      name: 'fact_na_cells',
      sql: 'CREATE TABLE "fact_na_cells" (\n  day      INTEGER NOT NULL,\n  engine   TEXT    NOT NULL,\n  country  TEXT    NOT NULL,\n  language TEXT    NOT NULL DEFAULT \'und\',\n  brand_id TEXT    NOT NULL,\n  key      TEXT    NOT NULL,\n  answers  INTEGER NOT NULL,\n  PRIMARY KEY (day, engine, country, language, brand_id, key)\n) STRICT, WITHOUT ROWID',
    },
    {
      type: 'trigger',
      name: 'fact_na_cells_insert',
      sql: "CREATE TRIGGER fact_na_cells_insert AFTER INSERT ON fact_checks\n  WHEN (NEW.checker = 'builtin' AND NEW.verdict = 'not-addressed' AND NEW.unread IS NULL)\nBEGIN \n  INSERT INTO fact_na_cells (day, engine, country, language, brand_id, key, answers)\n    SELECT r.fetched_at / 86400000, j.engine, j.country, coalesce(NEW.language, 'und'), NEW.brand_id, NEW.key, 1\n    FROM results r JOIN jobs j ON j.id = NEW.job_id WHERE r.seq = NEW.seq AND true\n    ON CONFLICT (day, engine, country, language, brand_id, key) DO UPDATE SET answers = answers + 1;\nEND",
    },
    {
      type: 'trigger',
      name: 'fact_na_cells_delete',
      sql: "CREATE TRIGGER fact_na_cells_delete AFTER DELETE ON fact_checks\n  WHEN (OLD.checker = 'builtin' AND OLD.verdict = 'not-addressed' AND OLD.unread IS NULL)\nBEGIN \n  UPDATE fact_na_cells SET answers = answers - 1 WHERE true AND (day, engine, country, language, brand_id, key) IN (SELECT r.fetched_at / 86400000, j.engine, j.country, coalesce(OLD.language, 'und'), OLD.brand_id, OLD.key\n     FROM results r JOIN jobs j ON j.id = OLD.job_id WHERE r.seq = OLD.seq);\n  DELETE FROM fact_na_cells WHERE true AND answers <= 0 AND (day, engine, country, language, brand_id, key) IN (SELECT r.fetched_at / 86400000, j.engine, j.country, coalesce(OLD.language, 'und'), OLD.brand_id, OLD.key\n     FROM results r JOIN jobs j ON j.id = OLD.job_id WHERE r.seq = OLD.seq);\nEND",
    },
    {
      type: 'trigger',
      name: 'fact_na_cells_update',
      sql: "CREATE TRIGGER fact_na_cells_update AFTER UPDATE ON fact_checks\n  WHEN (OLD.checker = 'builtin' AND OLD.verdict = 'not-addressed' AND OLD.unread IS NULL) IS NOT (NEW.checker = 'builtin' AND NEW.verdict = 'not-addressed' AND NEW.unread IS NULL)\n    OR ((OLD.checker = 'builtin' AND OLD.verdict = 'not-addressed' AND OLD.unread IS NULL) AND (OLD.seq IS NOT NEW.seq OR OLD.job_id IS NOT NEW.job_id OR OLD.brand_id IS NOT NEW.brand_id\n  OR OLD.key IS NOT NEW.key OR OLD.language IS NOT NEW.language))\nBEGIN \n  UPDATE fact_na_cells SET answers = answers - 1 WHERE (OLD.checker = 'builtin' AND OLD.verdict = 'not-addressed' AND OLD.unread IS NULL) AND (day, engine, country, language, brand_id, key) IN (SELECT r.fetched_at / 86400000, j.engine, j.country, coalesce(OLD.language, 'und'), OLD.brand_id, OLD.key\n     FROM results r JOIN jobs j ON j.id = OLD.job_id WHERE r.seq = OLD.seq);\n  DELETE FROM fact_na_cells WHERE (OLD.checker = 'builtin' AND OLD.verdict = 'not-addressed' AND OLD.unread IS NULL) AND answers <= 0 AND (day, engine, country, language, brand_id, key) IN (SELECT r.fetched_at / 86400000, j.engine, j.country, coalesce(OLD.language, 'und'), OLD.brand_id, OLD.key\n     FROM results r JOIN jobs j ON j.id = OLD.job_id WHERE r.seq = OLD.seq);\n  \n  INSERT INTO fact_na_cells (day, engine, country, language, brand_id, key, answers)\n    SELECT r.fetched_at / 86400000, j.engine, j.country, coalesce(NEW.language, 'und'), NEW.brand_id, NEW.key, 1\n    FROM results r JOIN jobs j ON j.id = NEW.job_id WHERE r.seq = NEW.seq AND (NEW.checker = 'builtin' AND NEW.verdict = 'not-addressed' AND NEW.unread IS NULL)\n    ON CONFLICT (day, engine, country, language, brand_id, key) DO UPDATE SET answers = answers + 1;\nEND",
    },
    {
      type: 'index',
      name: 'fact_checks_unread',
      sql: 'CREATE INDEX fact_checks_unread ON fact_checks (seq) WHERE unread IS NOT NULL',
    },
  ],
  rows: [
    {
      table: 'meta',
      columns: ['key', 'value'],
      values: [
        ['brands_version', '0'],
        ['commerce_fill', '{"upTo":0,"at":0}'],
        ['compact_backfill_after', '0'],
        ['facts_recheck_after', '-1'],
        ['facts_version', '0'],
        ['format', 'parallax-history'],
        ['pos_settled', '{"builtin":{"version":"14","brandSet":"T1PNoYwrqgwDVLtfmj7L5e"}}'],
        ['search_head_from', '1'],
        ['text_dictionary_generation', '0'],
        ['vis_query_keys_settled_to', '0'],
        ['vis_url_keys_settled_to', '0'],
      ],
    },
  ],
};
