import type Database from 'better-sqlite3';
import { recordCommerceFill } from '../../commerce';

// Schema version 27: the commerce layer of every answer, one row per product slot and per ad
// slot, written in the answer's ingest transaction, and the roll-ups the commerce numbers read
// (docs/internals/commerce.md). Commerce has tables of its own: the organic numbers (Visibility,
// positioning) never read them.
//
// - com_answer: one row per stored answer, its cell (day × run × engine × location, as
//   vis_result), asked: 1 when it was asked with shopping or ads on an engine that shows them;
//   products/ads: its slot counts; prompt_brands: the tracked brands its prompt names
//   (vis_brands ids, JSON), for conquesting; mentioned: the brands its text names (the
//   Visibility's reading, JSON), for paid vs organic.
// - com_product: a product slot. surface 0 shopping card, 1 inline product, 2 product result,
//   3 search shopping card, 4 shopping ad; brand a vis_brands id (the explicit brand field's
//   brand, else the matcher's on the title) or NULL; amounts in the currency's units, currency
//   ISO 4217 or NULL (never guessed), range 1 when the amount is a range's low end.
// - com_offer: the offers of a product slot (merchant, price).
// - com_ad: an ad slot. block 0 top, 1 middle, 2 bottom, 3 side, 4 inline; type 0 text,
//   1 shopping; brand the tracked advertiser or NULL; advertiser its name or landing domain.
// - Roll-ups, every one per cell (day, run, engine, loc) so a run's rows go with it, and the
//   same summed over every run at three levels, so a query without a run filter reads few rows:
//   run 0 per day, run −8 per 8 days and run −64 per 64 days (day: the bucket's first day, a
//   multiple of its span; a period is read as the fewest whole buckets that tile it); a monitor's
//   runs are summed the same way at run −(1000·m + span), m its com_monitors id:
//     com_cells       answers, asked, with shopping, with ads, slot sums and sums of squares
//     com_brands      per brand: answers on the shelf, slots Σy, Σy², Σxy (x: the answer's
//                     slots), Σ best position; the same for ads; asked answers naming it organically
//     com_merchants   slots per brand (0: none) and merchant
//     com_prices      priced slots per brand and currency by log-price bucket (hist: JSON
//                     [bucket, slots, …], one row instead of one per bucket); own 1 the brand's
//                     own products, own 0 every product of the answers the brand is on
//     com_advertisers answers and slots per advertiser
//     com_conquest    answers and slots of a competitor's ads on prompts naming a brand
//     com_product_day slots, position and price sums per product (title, brand), currency and merchant
// Written to run again on a file that has it (the upgrade tests take a later file back to an
// earlier version): the tables are made only when missing, and the fill skips answers that have
// their rows.
// Existing answers are read into rows after this schema change, in the background (the app)
// or by the commerce commands, from the job recorded here: the upgrade itself stays short.
export const sql = /* sql */ `
CREATE TABLE IF NOT EXISTS com_answer (
  seq           INTEGER PRIMARY KEY REFERENCES results (seq) ON DELETE CASCADE,
  day           INTEGER NOT NULL,
  run           INTEGER NOT NULL,
  engine        TEXT NOT NULL,
  loc           TEXT NOT NULL,
  asked         INTEGER NOT NULL,
  products      INTEGER NOT NULL,
  ads           INTEGER NOT NULL,
  prompt_brands TEXT,
  mentioned     TEXT
) STRICT;
CREATE INDEX IF NOT EXISTS com_answer_by_run ON com_answer (run);

CREATE TABLE IF NOT EXISTS com_monitors (
  id         INTEGER PRIMARY KEY,
  monitor_id TEXT NOT NULL UNIQUE
) STRICT;

CREATE TABLE IF NOT EXISTS com_product (
  seq          INTEGER NOT NULL REFERENCES com_answer (seq) ON DELETE CASCADE,
  slot         INTEGER NOT NULL,
  surface      INTEGER NOT NULL,
  position     INTEGER NOT NULL,
  title        TEXT NOT NULL,
  product_id   TEXT,
  brand_text   TEXT,
  brand        INTEGER,
  merchant     TEXT,
  amount       REAL,
  currency     TEXT,
  price_raw    TEXT,
  price_range  INTEGER NOT NULL DEFAULT 0,
  old_amount   REAL,
  old_currency TEXT,
  old_raw      TEXT,
  rating       REAL,
  reviews      INTEGER,
  available    INTEGER,
  PRIMARY KEY (seq, slot)
) STRICT, WITHOUT ROWID;

CREATE TABLE IF NOT EXISTS com_offer (
  seq       INTEGER NOT NULL REFERENCES com_answer (seq) ON DELETE CASCADE,
  slot      INTEGER NOT NULL,
  idx       INTEGER NOT NULL,
  merchant  TEXT,
  amount    REAL,
  currency  TEXT,
  raw       TEXT,
  available INTEGER,
  PRIMARY KEY (seq, slot, idx)
) STRICT, WITHOUT ROWID;

CREATE TABLE IF NOT EXISTS com_ad (
  seq        INTEGER NOT NULL REFERENCES com_answer (seq) ON DELETE CASCADE,
  slot       INTEGER NOT NULL,
  block      INTEGER NOT NULL,
  type       INTEGER NOT NULL,
  position   INTEGER NOT NULL,
  brand      INTEGER,
  advertiser TEXT NOT NULL,
  title      TEXT NOT NULL,
  domain     TEXT,
  PRIMARY KEY (seq, slot)
) STRICT, WITHOUT ROWID;

CREATE TABLE IF NOT EXISTS com_cells (
  day INTEGER NOT NULL, run INTEGER NOT NULL, engine TEXT NOT NULL, loc TEXT NOT NULL,
  answers INTEGER NOT NULL, asked INTEGER NOT NULL, shop INTEGER NOT NULL, ads INTEGER NOT NULL,
  pslots INTEGER NOT NULL, pslots_sq INTEGER NOT NULL, aslots INTEGER NOT NULL, aslots_sq INTEGER NOT NULL,
  PRIMARY KEY (day, run, engine, loc)
) STRICT, WITHOUT ROWID;

CREATE TABLE IF NOT EXISTS com_brands (
  day INTEGER NOT NULL, run INTEGER NOT NULL, engine TEXT NOT NULL, loc TEXT NOT NULL,
  brand INTEGER NOT NULL,
  shelf INTEGER NOT NULL, pslots INTEGER NOT NULL, pslots_sq INTEGER NOT NULL, pcross INTEGER NOT NULL,
  rank_sum INTEGER NOT NULL,
  ad_answers INTEGER NOT NULL, aslots INTEGER NOT NULL, aslots_sq INTEGER NOT NULL, across INTEGER NOT NULL,
  mentioned INTEGER NOT NULL,
  PRIMARY KEY (day, run, engine, loc, brand)
) STRICT, WITHOUT ROWID;

CREATE TABLE IF NOT EXISTS com_merchants (
  day INTEGER NOT NULL, run INTEGER NOT NULL, engine TEXT NOT NULL, loc TEXT NOT NULL,
  brand INTEGER NOT NULL, merchant TEXT NOT NULL, slots INTEGER NOT NULL,
  PRIMARY KEY (day, run, engine, loc, brand, merchant)
) STRICT, WITHOUT ROWID;

CREATE TABLE IF NOT EXISTS com_prices (
  day INTEGER NOT NULL, run INTEGER NOT NULL, engine TEXT NOT NULL, loc TEXT NOT NULL,
  brand INTEGER NOT NULL, currency TEXT NOT NULL, own INTEGER NOT NULL, hist TEXT NOT NULL,
  PRIMARY KEY (day, run, engine, loc, brand, currency, own)
) STRICT, WITHOUT ROWID;

CREATE TABLE IF NOT EXISTS com_advertisers (
  day INTEGER NOT NULL, run INTEGER NOT NULL, engine TEXT NOT NULL, loc TEXT NOT NULL,
  advertiser TEXT NOT NULL, brand INTEGER NOT NULL, answers INTEGER NOT NULL, slots INTEGER NOT NULL,
  PRIMARY KEY (day, run, engine, loc, advertiser, brand)
) STRICT, WITHOUT ROWID;

CREATE TABLE IF NOT EXISTS com_conquest (
  day INTEGER NOT NULL, run INTEGER NOT NULL, engine TEXT NOT NULL, loc TEXT NOT NULL,
  victim INTEGER NOT NULL, brand INTEGER NOT NULL, answers INTEGER NOT NULL, slots INTEGER NOT NULL,
  PRIMARY KEY (day, run, engine, loc, victim, brand)
) STRICT, WITHOUT ROWID;

CREATE TABLE IF NOT EXISTS com_product_day (
  day INTEGER NOT NULL, run INTEGER NOT NULL, engine TEXT NOT NULL, loc TEXT NOT NULL,
  title TEXT NOT NULL, brand INTEGER NOT NULL, currency TEXT NOT NULL, merchant TEXT NOT NULL,
  slots INTEGER NOT NULL, pos_sum INTEGER NOT NULL, priced INTEGER NOT NULL, price_sum REAL NOT NULL,
  PRIMARY KEY (day, run, engine, loc, title, brand, currency, merchant)
) STRICT, WITHOUT ROWID;
`;

export function fill(db: Database.Database): void {
  recordCommerceFill(db);
}
