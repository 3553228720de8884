import type Database from 'better-sqlite3';
import { fillPositioningSettled } from '../../positioning';

// Schema version 14: how the answers present each tracked brand — a status (top,
// recommended, mentioned, cautioned), a tone, evidence and attributes per answer × brand × judge —
// and the roll-ups the Positioning queries read, kept at ingest like the Visibility index
// (migration 002's conventions: UTC day numbers, cells of day × run × engine × location, small
// integer keys, one roll-up level per kind of query, keys ordered for the reads).
//
// - Judges: pos_judges names each judge ('builtin', a model judge's id); pos_scorings is one
//   judge version with one brand set (a fingerprint of the brands' names, aliases and domains):
//   what an answer was scored with. A row whose scoring is not the current one is stale, and the
//   re-score brings it up to date (meta pos_rescore, see positioning-rescore.ts).
// - pos_answer: one row per answer and judge, even when the answer names no brand (it says the
//   answer was scored, with which scoring, and which text the evidence offsets point into:
//   markdown 1 = results.markdown_text, 0 = results.answer_text). note: why a judge did not score
//   it (a model judge's refusal), NULL when scored.
// - pos_brand: one row per answer, judge and brand the answer names. status 0 top, 1 recommended,
//   2 mentioned, 3 cautioned; sentiment -1/0/1; score in thousandths (-1000..1000); evidence the
//   UTF-16 offsets [start, end, start, end…] into the text (the text itself is re-read from the
//   answer's document: it would take a kilobyte an answer); attrs [attr, polarity…] with attr a
//   pos_attrs id and polarity -1/0/1. pos_brands gives brands keys that are never reused (a
//   deleted brand's rows stay until the re-score replaces them; no foreign key, as vis_result_brand).
// - Roll-ups, every one keyed by judge first (the views read the active judge's rows):
//     pos_status_*  answers naming the brand (n) and their counts per status and per tone, and
//                   the score's sum and sum of squares (thousandths)
//                   fine: day × run × engine × location; el: day × engine × location; d: day
//     pos_attr_*    answers where the brand carries an attribute, and how many with each polarity
//                   run: run × day; run_engine: run × day × engine; el: time bucket × engine ×
//                   location; d: time bucket. Every answer names several attributes of several
//                   brands, so an attribute roll-up per day × engine × location holds nearly
//                   every attribute of every brand in every cell (1.9M rows for 90 days at the
//                   bench's million answers; 1 s to sum): el and d keep each answer in three
//                   time buckets instead, of 1, 8 and 64 days (span; start = the first day, a
//                   multiple of span), and a period is read as the few whole buckets it is made
//                   of (positioning-buckets.ts: about 10 for 90 days, not 90).
// Existing answers are scored after this schema change, in the background (the app) or by
// `parallax positioning rescore`, from the job recorded here: the upgrade itself stays short.
export const sql = /* sql */ `
CREATE TABLE pos_judges (
  id   INTEGER PRIMARY KEY,
  name TEXT NOT NULL UNIQUE
) STRICT;
CREATE TABLE pos_scorings (
  id        INTEGER PRIMARY KEY,
  judge     INTEGER NOT NULL REFERENCES pos_judges (id),
  version   TEXT NOT NULL,
  brand_set TEXT NOT NULL,
  UNIQUE (judge, version, brand_set)
) STRICT;
CREATE TABLE pos_brands (
  id       INTEGER PRIMARY KEY AUTOINCREMENT,
  brand_id TEXT NOT NULL UNIQUE
) STRICT;
CREATE TABLE pos_attrs (
  id   INTEGER PRIMARY KEY,
  text TEXT NOT NULL UNIQUE
) STRICT;

CREATE TABLE pos_answer (
  seq      INTEGER NOT NULL,
  judge    INTEGER NOT NULL,
  scoring  INTEGER NOT NULL,
  markdown INTEGER NOT NULL,
  note     TEXT,
  PRIMARY KEY (seq, judge)
) STRICT, WITHOUT ROWID;
CREATE TABLE pos_brand (
  seq       INTEGER NOT NULL,
  judge     INTEGER NOT NULL,
  brand     INTEGER NOT NULL,
  status    INTEGER NOT NULL,
  sentiment INTEGER NOT NULL,
  score     INTEGER NOT NULL,
  evidence  TEXT,
  attrs     TEXT,
  PRIMARY KEY (seq, judge, brand)
) STRICT, WITHOUT ROWID;

CREATE TABLE pos_status_day (
  judge INTEGER NOT NULL, day INTEGER NOT NULL, run INTEGER NOT NULL, engine TEXT NOT NULL,
  loc TEXT NOT NULL, brand INTEGER NOT NULL,
  n INTEGER NOT NULL, top INTEGER NOT NULL, recommended INTEGER NOT NULL, mentioned INTEGER NOT NULL,
  cautioned INTEGER NOT NULL, positive INTEGER NOT NULL, neutral INTEGER NOT NULL, negative INTEGER NOT NULL,
  score_sum INTEGER NOT NULL, score_sq INTEGER NOT NULL,
  PRIMARY KEY (judge, day, run, engine, loc, brand)
) STRICT, WITHOUT ROWID;
CREATE TABLE pos_status_el (
  judge INTEGER NOT NULL, day INTEGER NOT NULL, engine TEXT NOT NULL, loc TEXT NOT NULL,
  brand INTEGER NOT NULL,
  n INTEGER NOT NULL, top INTEGER NOT NULL, recommended INTEGER NOT NULL, mentioned INTEGER NOT NULL,
  cautioned INTEGER NOT NULL, positive INTEGER NOT NULL, neutral INTEGER NOT NULL, negative INTEGER NOT NULL,
  score_sum INTEGER NOT NULL, score_sq INTEGER NOT NULL,
  PRIMARY KEY (judge, day, engine, loc, brand)
) STRICT, WITHOUT ROWID;
CREATE TABLE pos_status_d (
  judge INTEGER NOT NULL, day INTEGER NOT NULL, brand INTEGER NOT NULL,
  n INTEGER NOT NULL, top INTEGER NOT NULL, recommended INTEGER NOT NULL, mentioned INTEGER NOT NULL,
  cautioned INTEGER NOT NULL, positive INTEGER NOT NULL, neutral INTEGER NOT NULL, negative INTEGER NOT NULL,
  score_sum INTEGER NOT NULL, score_sq INTEGER NOT NULL,
  PRIMARY KEY (judge, day, brand)
) STRICT, WITHOUT ROWID;

CREATE TABLE pos_attr_run (
  judge INTEGER NOT NULL, run INTEGER NOT NULL, day INTEGER NOT NULL,
  brand INTEGER NOT NULL, attr INTEGER NOT NULL,
  n INTEGER NOT NULL, positive INTEGER NOT NULL, negative INTEGER NOT NULL,
  PRIMARY KEY (judge, run, day, brand, attr)
) STRICT, WITHOUT ROWID;
CREATE TABLE pos_attr_run_engine (
  judge INTEGER NOT NULL, run INTEGER NOT NULL, day INTEGER NOT NULL, engine TEXT NOT NULL,
  brand INTEGER NOT NULL, attr INTEGER NOT NULL,
  n INTEGER NOT NULL, positive INTEGER NOT NULL, negative INTEGER NOT NULL,
  PRIMARY KEY (judge, run, day, engine, brand, attr)
) STRICT, WITHOUT ROWID;
CREATE TABLE pos_attr_el (
  judge INTEGER NOT NULL, span INTEGER NOT NULL, start INTEGER NOT NULL, engine TEXT NOT NULL,
  loc TEXT NOT NULL, brand INTEGER NOT NULL, attr INTEGER NOT NULL,
  n INTEGER NOT NULL, positive INTEGER NOT NULL, negative INTEGER NOT NULL,
  PRIMARY KEY (judge, span, start, engine, loc, brand, attr)
) STRICT, WITHOUT ROWID;
CREATE TABLE pos_attr_d (
  judge INTEGER NOT NULL, span INTEGER NOT NULL, start INTEGER NOT NULL,
  brand INTEGER NOT NULL, attr INTEGER NOT NULL,
  n INTEGER NOT NULL, positive INTEGER NOT NULL, negative INTEGER NOT NULL,
  PRIMARY KEY (judge, span, start, brand, attr)
) STRICT, WITHOUT ROWID;

-- Answers stored before this version: scored by the re-score job, not by the upgrade.
INSERT INTO meta (key, value)
  SELECT 'pos_rescore', json_object('reason', 'upgrade', 'after', 0, 'upTo', (SELECT max(seq) FROM vis_result),
    'done', 0, 'total', (SELECT count(*) FROM vis_result), 'fromDay', NULL, 'target', NULL,
    'startedAt', NULL, 'requested', 0)
  WHERE EXISTS (SELECT 1 FROM vis_result);
`;

/** A history without answers is up to date at once (see fillPositioningSettled). */
export function fill(db: Database.Database): void {
  fillPositioningSettled(db);
}
