import type Database from 'better-sqlite3';
import { createVisibilityIndexer } from '../../visibility';

// Schema version 2: what the Visibility view reads, kept up to date at ingest so no dashboard
// query scans answers. Conventions:
// - day is the UTC day number (fetched_at / 86,400,000, floored);
// - a cell is one day × run × engine × location ('DE', or 'US-CA' for a US state);
// - runs, brands, domains, URLs and fan-out queries get small integer keys (vis_runs…) so the
//   million-row tables hold integers, not repeated UUIDs and host names;
// - per-result rows (vis_result*) answer the drill-down and the scopes no roll-up is keyed for
//   (prompt sets, prompt tags; runs with an engine or location filter); brand rows are kept only
//   where a brand is named or cited (absence means neither), which keeps them small.
// Roll-ups come in levels, each for one kind of query (visibility-read.ts picks the level):
//   _d    day                    every run, no engine/location filter (the default view)
//   _el   day × engine × location every run, filtered or split by engine/location
//   _run  run × day × engine     a scope of runs (a monitor, a run, a tag on runs), with or
//                                without an engine filter (no location filter)
//   fine  day × run × engine × location (vis_cell, vis_brand_day, vis_url_day, vis_gap_cell):
//         small enough to serve every scope and filter, and the split by run.
// Keys are ordered for the reads: day first where a period is scanned, run first where runs are
// looked up, domain first where a few top domains are looked up.
// The JS step fills every table for the results already stored (see visibility-index.ts).
export const sql = /* sql */ `
CREATE TABLE vis_runs (
  id     INTEGER PRIMARY KEY AUTOINCREMENT,
  run_id TEXT NOT NULL UNIQUE REFERENCES runs (id) ON DELETE CASCADE
) STRICT;
CREATE TABLE vis_brands (
  id       INTEGER PRIMARY KEY,
  brand_id TEXT NOT NULL UNIQUE REFERENCES brands (id) ON DELETE CASCADE
) STRICT;
-- kinds: bit mask of the source kinds seen for the domain (bit i = SOURCE_KIND_BITS[i]).
CREATE TABLE vis_domains (
  id     INTEGER PRIMARY KEY,
  domain TEXT NOT NULL UNIQUE,
  kinds  INTEGER NOT NULL DEFAULT 0
) STRICT;
CREATE TABLE vis_urls (
  id     INTEGER PRIMARY KEY,
  domain INTEGER NOT NULL,
  url    TEXT NOT NULL UNIQUE,
  title  TEXT
) STRICT;
CREATE INDEX vis_urls_by_domain ON vis_urls (domain);
CREATE TABLE vis_queries (
  id    INTEGER PRIMARY KEY,
  query TEXT NOT NULL UNIQUE
) STRICT;

-- One row per result: its cell and prompt (run_prompts.id), so filters never join jobs.
CREATE TABLE vis_result (
  seq    INTEGER PRIMARY KEY REFERENCES results (seq) ON DELETE CASCADE,
  day    INTEGER NOT NULL,
  run    INTEGER NOT NULL,
  engine TEXT NOT NULL,
  loc    TEXT NOT NULL,
  prompt INTEGER
) STRICT;
CREATE INDEX vis_result_by_day ON vis_result (day, run, engine, loc);
CREATE INDEX vis_result_by_run ON vis_result (run, day, engine, loc);
CREATE INDEX vis_result_by_prompt ON vis_result (prompt, day);

-- A tracked brand in one result, only when named or cited. rank: first position among the
-- tracked brands named (1 = first), null when not named; count: its mentions.
-- No foreign key: a brand change empties the table in one statement, which SQLite does at once
-- only for a table without one (row by row otherwise: seconds at a million answers). The
-- indexer deletes a result's rows with the result (unindexResult), before any run is deleted.
CREATE TABLE vis_result_brand (
  seq       INTEGER NOT NULL,
  brand     INTEGER NOT NULL,
  mentioned INTEGER NOT NULL,
  cited     INTEGER NOT NULL,
  rank      INTEGER,
  count     INTEGER NOT NULL,
  PRIMARY KEY (seq, brand)
) STRICT, WITHOUT ROWID;

-- The distinct domains a result cites, with their best (lowest) source position.
CREATE TABLE vis_result_domain (
  seq    INTEGER NOT NULL REFERENCES results (seq) ON DELETE CASCADE,
  domain INTEGER NOT NULL,
  best   INTEGER NOT NULL,
  PRIMARY KEY (seq, domain)
) STRICT, WITHOUT ROWID;
CREATE INDEX vis_result_domain_by_domain ON vis_result_domain (domain, seq);

-- The distinct fan-out search queries a result's engine ran.
CREATE TABLE vis_result_query (
  seq   INTEGER NOT NULL REFERENCES results (seq) ON DELETE CASCADE,
  query INTEGER NOT NULL,
  PRIMARY KEY (seq, query)
) STRICT, WITHOUT ROWID;
CREATE INDEX vis_result_query_by_query ON vis_result_query (query, seq);

-- Answers.
CREATE TABLE vis_cell (
  day INTEGER NOT NULL, run INTEGER NOT NULL, engine TEXT NOT NULL, loc TEXT NOT NULL,
  answers INTEGER NOT NULL,
  PRIMARY KEY (day, run, engine, loc)
) STRICT, WITHOUT ROWID;
CREATE TABLE vis_cell_el (
  day INTEGER NOT NULL, engine TEXT NOT NULL, loc TEXT NOT NULL,
  answers INTEGER NOT NULL,
  PRIMARY KEY (day, engine, loc)
) STRICT, WITHOUT ROWID;
CREATE TABLE vis_cell_d (
  day INTEGER NOT NULL PRIMARY KEY,
  answers INTEGER NOT NULL
) STRICT, WITHOUT ROWID;

-- Per brand: answers naming it, citing it, naming it with a rank (ranked, rank_sum, rank_sq
-- give the mean position and its interval) and its mentions (over all brands' mentions: share of voice).
CREATE TABLE vis_brand_day (
  day INTEGER NOT NULL, run INTEGER NOT NULL, engine TEXT NOT NULL, loc TEXT NOT NULL,
  brand INTEGER NOT NULL,
  mentioned INTEGER NOT NULL, cited INTEGER NOT NULL,
  ranked INTEGER NOT NULL, rank_sum INTEGER NOT NULL, rank_sq INTEGER NOT NULL,
  mentions INTEGER NOT NULL,
  PRIMARY KEY (day, run, engine, loc, brand)
) STRICT, WITHOUT ROWID;
CREATE TABLE vis_brand_el (
  day INTEGER NOT NULL, engine TEXT NOT NULL, loc TEXT NOT NULL,
  brand INTEGER NOT NULL,
  mentioned INTEGER NOT NULL, cited INTEGER NOT NULL,
  ranked INTEGER NOT NULL, rank_sum INTEGER NOT NULL, rank_sq INTEGER NOT NULL,
  mentions INTEGER NOT NULL,
  PRIMARY KEY (day, engine, loc, brand)
) STRICT, WITHOUT ROWID;
CREATE TABLE vis_brand_d (
  day INTEGER NOT NULL, brand INTEGER NOT NULL,
  mentioned INTEGER NOT NULL, cited INTEGER NOT NULL,
  ranked INTEGER NOT NULL, rank_sum INTEGER NOT NULL, rank_sq INTEGER NOT NULL,
  mentions INTEGER NOT NULL,
  PRIMARY KEY (day, brand)
) STRICT, WITHOUT ROWID;

-- Answers citing a domain.
CREATE TABLE vis_domain_run (
  run INTEGER NOT NULL, day INTEGER NOT NULL, engine TEXT NOT NULL, domain INTEGER NOT NULL,
  answers INTEGER NOT NULL,
  PRIMARY KEY (run, day, engine, domain)
) STRICT, WITHOUT ROWID;
CREATE TABLE vis_domain_el (
  day INTEGER NOT NULL, engine TEXT NOT NULL, loc TEXT NOT NULL, domain INTEGER NOT NULL,
  answers INTEGER NOT NULL,
  PRIMARY KEY (day, engine, loc, domain)
) STRICT, WITHOUT ROWID;
CREATE TABLE vis_domain_d (
  day INTEGER NOT NULL, domain INTEGER NOT NULL,
  answers INTEGER NOT NULL,
  PRIMARY KEY (day, domain)
) STRICT, WITHOUT ROWID;

-- Answers citing a URL, and its best position: read per URL of one domain, so URL first.
CREATE TABLE vis_url_day (
  url INTEGER NOT NULL,
  day INTEGER NOT NULL, run INTEGER NOT NULL, engine TEXT NOT NULL, loc TEXT NOT NULL,
  answers INTEGER NOT NULL, best INTEGER NOT NULL,
  PRIMARY KEY (url, day, run, engine, loc)
) STRICT, WITHOUT ROWID;

-- Answers whose engine ran a fan-out query. Each level keeps the engine (the engines that ran
-- a query), and an index by query answers its first day seen.
CREATE TABLE vis_query_run (
  run INTEGER NOT NULL, day INTEGER NOT NULL, engine TEXT NOT NULL, query INTEGER NOT NULL,
  answers INTEGER NOT NULL,
  PRIMARY KEY (run, day, engine, query)
) STRICT, WITHOUT ROWID;
CREATE TABLE vis_query_el (
  day INTEGER NOT NULL, engine TEXT NOT NULL, loc TEXT NOT NULL, query INTEGER NOT NULL,
  answers INTEGER NOT NULL,
  PRIMARY KEY (day, engine, loc, query)
) STRICT, WITHOUT ROWID;
CREATE INDEX vis_query_el_by_query ON vis_query_el (query, day);
CREATE TABLE vis_query_d (
  day INTEGER NOT NULL, engine TEXT NOT NULL, query INTEGER NOT NULL,
  answers INTEGER NOT NULL,
  PRIMARY KEY (day, engine, query)
) STRICT, WITHOUT ROWID;
CREATE INDEX vis_query_d_by_query ON vis_query_d (query, engine, day);

-- Citation gaps, precomputed for every brand of kind 'brand' as the focus (focus =
-- vis_brands.id): answers naming a competitor but not the focus (vis_gap_cell), the domains
-- they cite (gap) next to answers citing the domain that do name the focus (with_focus), and
-- the competitors named per gap domain (read for the top gap domains only: domain first).
CREATE TABLE vis_gap_cell (
  focus INTEGER NOT NULL,
  day INTEGER NOT NULL, run INTEGER NOT NULL, engine TEXT NOT NULL, loc TEXT NOT NULL,
  answers INTEGER NOT NULL,
  PRIMARY KEY (focus, day, run, engine, loc)
) STRICT, WITHOUT ROWID;
CREATE TABLE vis_gap_domain_run (
  focus INTEGER NOT NULL, run INTEGER NOT NULL, day INTEGER NOT NULL, engine TEXT NOT NULL,
  domain INTEGER NOT NULL,
  gap INTEGER NOT NULL, with_focus INTEGER NOT NULL,
  PRIMARY KEY (focus, run, day, engine, domain)
) STRICT, WITHOUT ROWID;
CREATE TABLE vis_gap_domain_el (
  focus INTEGER NOT NULL, day INTEGER NOT NULL, engine TEXT NOT NULL, loc TEXT NOT NULL,
  domain INTEGER NOT NULL,
  gap INTEGER NOT NULL, with_focus INTEGER NOT NULL,
  PRIMARY KEY (focus, day, engine, loc, domain)
) STRICT, WITHOUT ROWID;
CREATE TABLE vis_gap_domain_d (
  focus INTEGER NOT NULL, day INTEGER NOT NULL, domain INTEGER NOT NULL,
  gap INTEGER NOT NULL, with_focus INTEGER NOT NULL,
  PRIMARY KEY (focus, day, domain)
) STRICT, WITHOUT ROWID;
CREATE TABLE vis_gap_comp_run (
  focus INTEGER NOT NULL, domain INTEGER NOT NULL, run INTEGER NOT NULL, day INTEGER NOT NULL,
  engine TEXT NOT NULL, brand INTEGER NOT NULL,
  answers INTEGER NOT NULL,
  PRIMARY KEY (focus, domain, run, day, engine, brand)
) STRICT, WITHOUT ROWID;
CREATE TABLE vis_gap_comp_el (
  focus INTEGER NOT NULL, domain INTEGER NOT NULL,
  day INTEGER NOT NULL, engine TEXT NOT NULL, loc TEXT NOT NULL,
  brand INTEGER NOT NULL,
  answers INTEGER NOT NULL,
  PRIMARY KEY (focus, domain, day, engine, loc, brand)
) STRICT, WITHOUT ROWID;
CREATE TABLE vis_gap_comp_d (
  focus INTEGER NOT NULL, domain INTEGER NOT NULL, day INTEGER NOT NULL, brand INTEGER NOT NULL,
  answers INTEGER NOT NULL,
  PRIMARY KEY (focus, domain, day, brand)
) STRICT, WITHOUT ROWID;

-- The levels without a run column cannot drop a deleted run's share by a key: the store takes
-- a run out of every roll-up before deleting it (VisibilityIndexer.unindexRuns), and this
-- refuses a deletion that skipped that step rather than leave the totals wrong.
CREATE TRIGGER vis_runs_delete BEFORE DELETE ON vis_runs
WHEN EXISTS (SELECT 1 FROM vis_cell WHERE run = old.id)
BEGIN
  SELECT RAISE(ABORT, 'visibility roll-ups still count this run: unindex it before deleting it');
END;
-- Brand rows need no trigger: deleting a brand changes the brands, which clears every
-- brand-derived row and re-analyses the stored answers (meta vis_reanalysis).
INSERT INTO meta (key, value) VALUES ('brands_version', '0');
`;

/** Fills the new tables for the results already in the file (same code as ingest). */
export function fill(db: Database.Database): void {
  createVisibilityIndexer(db).rebuildAll();
}
