import type Database from 'better-sqlite3';
import { createVisibilityIndexer } from '../visibility-index';

// Schema version 2: what the Visibility view reads, kept up to date at ingest so no dashboard
// query scans answers. Conventions:
// - day is the UTC day number (fetched_at / 86,400,000, floored);
// - a cell is one day × run × engine × location ('DE', or 'US-CA' for a US state): every
//   roll-up is keyed by it, so a scope of runs (a monitor, a run) and the engine and location
//   filters are answered from roll-ups;
// - runs, brands, domains, URLs and fan-out queries get small integer keys (vis_runs…) so the
//   million-row tables hold integers, not repeated UUIDs and host names;
// - per-result rows (vis_result*) answer the drill-down and the scopes defined by prompts
//   (prompt sets, prompt tags), which roll-ups cannot; brand rows are kept only where a brand
//   is named or cited (absence means neither), which keeps them small.
// The JS step fills every table for the results already stored (see visibility-index.ts).
export const sql = /* sql */ `
CREATE TABLE vis_runs (
  id     INTEGER PRIMARY KEY,
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
CREATE INDEX vis_result_by_run ON vis_result (run, day);
CREATE INDEX vis_result_by_prompt ON vis_result (prompt, day);

-- A tracked brand in one result, only when named or cited. rank: first position among the
-- tracked brands named (1 = first), null when not named; count: its mentions.
CREATE TABLE vis_result_brand (
  seq       INTEGER NOT NULL REFERENCES results (seq) ON DELETE CASCADE,
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

-- Daily roll-ups per cell.
CREATE TABLE vis_cell (
  day INTEGER NOT NULL, run INTEGER NOT NULL, engine TEXT NOT NULL, loc TEXT NOT NULL,
  answers INTEGER NOT NULL,
  PRIMARY KEY (day, run, engine, loc)
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
CREATE TABLE vis_domain_day (
  day INTEGER NOT NULL, run INTEGER NOT NULL, engine TEXT NOT NULL, loc TEXT NOT NULL,
  domain INTEGER NOT NULL,
  answers INTEGER NOT NULL,
  PRIMARY KEY (day, run, engine, loc, domain)
) STRICT, WITHOUT ROWID;
CREATE TABLE vis_url_day (
  url INTEGER NOT NULL,
  day INTEGER NOT NULL, run INTEGER NOT NULL, engine TEXT NOT NULL, loc TEXT NOT NULL,
  answers INTEGER NOT NULL, best INTEGER NOT NULL,
  PRIMARY KEY (url, day, run, engine, loc)
) STRICT, WITHOUT ROWID;
CREATE TABLE vis_query_day (
  day INTEGER NOT NULL, run INTEGER NOT NULL, engine TEXT NOT NULL, loc TEXT NOT NULL,
  query INTEGER NOT NULL,
  answers INTEGER NOT NULL,
  PRIMARY KEY (day, run, engine, loc, query)
) STRICT, WITHOUT ROWID;
CREATE INDEX vis_query_day_by_query ON vis_query_day (query, day);

-- Citation gaps, precomputed for every brand of kind 'brand' as the focus (focus =
-- vis_brands.id): answers naming a competitor but not the focus (vis_gap_cell), the domains
-- they cite (gap) next to answers citing the domain that do name the focus (with_focus), and
-- the competitors named per gap domain.
CREATE TABLE vis_gap_cell (
  focus INTEGER NOT NULL,
  day INTEGER NOT NULL, run INTEGER NOT NULL, engine TEXT NOT NULL, loc TEXT NOT NULL,
  answers INTEGER NOT NULL,
  PRIMARY KEY (focus, day, run, engine, loc)
) STRICT, WITHOUT ROWID;
CREATE TABLE vis_gap_domain (
  focus INTEGER NOT NULL,
  day INTEGER NOT NULL, run INTEGER NOT NULL, engine TEXT NOT NULL, loc TEXT NOT NULL,
  domain INTEGER NOT NULL,
  gap INTEGER NOT NULL, with_focus INTEGER NOT NULL,
  PRIMARY KEY (focus, day, run, engine, loc, domain)
) STRICT, WITHOUT ROWID;
CREATE TABLE vis_gap_comp (
  focus INTEGER NOT NULL, domain INTEGER NOT NULL,
  day INTEGER NOT NULL, run INTEGER NOT NULL, engine TEXT NOT NULL, loc TEXT NOT NULL,
  brand INTEGER NOT NULL,
  answers INTEGER NOT NULL,
  PRIMARY KEY (focus, domain, day, run, engine, loc, brand)
) STRICT, WITHOUT ROWID;

-- A deleted run takes its roll-ups with it (its results go by the foreign keys above).
CREATE TRIGGER vis_runs_delete AFTER DELETE ON vis_runs BEGIN
  DELETE FROM vis_cell WHERE run = old.id;
  DELETE FROM vis_brand_day WHERE run = old.id;
  DELETE FROM vis_domain_day WHERE run = old.id;
  DELETE FROM vis_url_day WHERE run = old.id;
  DELETE FROM vis_query_day WHERE run = old.id;
  DELETE FROM vis_gap_cell WHERE run = old.id;
  DELETE FROM vis_gap_domain WHERE run = old.id;
  DELETE FROM vis_gap_comp WHERE run = old.id;
END;
-- A deleted brand's rows go at once; the caller re-analyses the rest (ranks depend on every brand).
CREATE TRIGGER vis_brands_delete AFTER DELETE ON vis_brands BEGIN
  DELETE FROM vis_brand_day WHERE brand = old.id;
  DELETE FROM vis_gap_cell WHERE focus = old.id;
  DELETE FROM vis_gap_domain WHERE focus = old.id;
  DELETE FROM vis_gap_comp WHERE focus = old.id OR brand = old.id;
END;
INSERT INTO meta (key, value) VALUES ('brands_version', '0');
`;

/** Fills the new tables for the results already in the file (same code as ingest). */
export function fill(db: Database.Database): void {
  createVisibilityIndexer(db).rebuildAll();
}
