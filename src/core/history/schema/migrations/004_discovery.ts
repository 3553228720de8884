import type Database from 'better-sqlite3';
import { createDiscoveryIndexer } from '../../discovery';

// Schema version 4: competitor discovery. The names answers put forward (brand entities,
// product brands, merchants, advertisers, list leads), kept at ingest like the Visibility
// index, so the queue for a period reads a roll-up and never scans answers.
// - disc_names: one small integer per pooled name key (discoveryKey); structured = the name
//   was seen from an entity, a product or an ad (list leads starting with it are read as it);
// - disc_forms: the written forms of each name with the answers using them (display name =
//   the most frequent; aliases proposed = the forms);
// - disc_result: the names of one result (examples, co-cited domains, removal), with the form
//   it used and where it came from (bit mask, see DISCOVERY_ORIGINS);
// - the roll-ups, answers naming a name and the origins seen (a bit OR: it is not undone when
//   an answer leaves, only when the row empties), each keyed so that the queue of a period
//   reads only the rows it sums (a period × an engine / location filter is a range of the key):
//   disc_day (engine × location × day × name) for both filters, disc_engine_day and
//   disc_loc_day for one of them, disc_name_day (day × name) for none (about 24× fewer rows
//   than disc_day at six locations and four engines); each is also indexed name first (then its
//   filter columns, then day) for the engines, locations and previous period of the names
//   shown, a few seeks a name;
// - disc_decisions: names the analyst dismissed (by key, so a decision outlives the rows).
// Whether a defined brand covers a name is decided when the queue is read, so a brand edit
// needs no change here.
export const sql = /* sql */ `
CREATE TABLE disc_names (
  id         INTEGER PRIMARY KEY,
  key        TEXT NOT NULL UNIQUE,
  structured INTEGER NOT NULL DEFAULT 0 CHECK (structured IN (0, 1))
) STRICT;
CREATE TABLE disc_forms (
  id      INTEGER PRIMARY KEY,
  name    INTEGER NOT NULL,
  form    TEXT NOT NULL,
  answers INTEGER NOT NULL,
  UNIQUE (name, form)
) STRICT;
CREATE TABLE disc_result (
  seq     INTEGER NOT NULL REFERENCES results (seq) ON DELETE CASCADE,
  name    INTEGER NOT NULL,
  form    INTEGER NOT NULL,
  origins INTEGER NOT NULL,
  PRIMARY KEY (seq, name)
) STRICT, WITHOUT ROWID;
CREATE INDEX disc_result_by_name ON disc_result (name, seq);
CREATE TABLE disc_day (
  engine  TEXT NOT NULL,
  loc     TEXT NOT NULL,
  day     INTEGER NOT NULL,
  name    INTEGER NOT NULL,
  answers INTEGER NOT NULL,
  origins INTEGER NOT NULL,
  PRIMARY KEY (engine, loc, day, name)
) STRICT, WITHOUT ROWID;
CREATE INDEX disc_day_by_name ON disc_day (name, engine, loc, day);
CREATE TABLE disc_engine_day (
  engine  TEXT NOT NULL,
  day     INTEGER NOT NULL,
  name    INTEGER NOT NULL,
  answers INTEGER NOT NULL,
  origins INTEGER NOT NULL,
  PRIMARY KEY (engine, day, name)
) STRICT, WITHOUT ROWID;
CREATE INDEX disc_engine_day_by_name ON disc_engine_day (name, engine, day);
CREATE TABLE disc_loc_day (
  loc     TEXT NOT NULL,
  day     INTEGER NOT NULL,
  name    INTEGER NOT NULL,
  answers INTEGER NOT NULL,
  origins INTEGER NOT NULL,
  PRIMARY KEY (loc, day, name)
) STRICT, WITHOUT ROWID;
CREATE INDEX disc_loc_day_by_name ON disc_loc_day (name, loc, day);
CREATE TABLE disc_name_day (
  day     INTEGER NOT NULL,
  name    INTEGER NOT NULL,
  answers INTEGER NOT NULL,
  origins INTEGER NOT NULL,
  PRIMARY KEY (day, name)
) STRICT, WITHOUT ROWID;
CREATE INDEX disc_name_day_by_name ON disc_name_day (name, day);
CREATE TABLE disc_decisions (
  key        TEXT PRIMARY KEY,
  decision   TEXT NOT NULL CHECK (decision IN ('dismissed')),
  decided_at INTEGER NOT NULL
) STRICT, WITHOUT ROWID;
`;

/** The tables migration 004 makes (a benchmark or a test drops them to run it again). */
export const DISCOVERY_TABLES = [
  'disc_names',
  'disc_forms',
  'disc_result',
  'disc_day',
  'disc_engine_day',
  'disc_loc_day',
  'disc_name_day',
  'disc_decisions',
] as const;

/** Fills the new tables for the results already in the file (same code as ingest). */
export function fill(db: Database.Database): void {
  createDiscoveryIndexer(db).rebuildAll();
}
