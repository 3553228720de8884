// Schema version 24: the Visibility and positioning-status roll-ups per day and prompt, so the Prompts table (and any
// read leaving branded prompts out) sums a few rows a day and prompt instead of every answer's
// rows. prompt is the result's run_prompts.id, as vis_result keeps it; the reads group the ids
// by their text. Kept at ingest by the indexer beside the other roll-ups, cleared and
// recomputed with the brand roll-ups when brands change; filled here from the per-result rows.
// Runs again on a file that has it (the upgrade tests take a later file back to an earlier
// version): the tables are kept and filled anew.
export const sql = /* sql */ `
CREATE TABLE IF NOT EXISTS vis_prompt_cell (
  day INTEGER NOT NULL, prompt INTEGER NOT NULL,
  answers INTEGER NOT NULL,
  PRIMARY KEY (day, prompt)
) STRICT, WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS vis_prompt_brand (
  day INTEGER NOT NULL, prompt INTEGER NOT NULL, brand INTEGER NOT NULL,
  mentioned INTEGER NOT NULL, cited INTEGER NOT NULL,
  ranked INTEGER NOT NULL, rank_sum INTEGER NOT NULL, rank_sq INTEGER NOT NULL,
  mentions INTEGER NOT NULL, present INTEGER NOT NULL,
  PRIMARY KEY (day, prompt, brand)
) STRICT, WITHOUT ROWID;

CREATE TABLE IF NOT EXISTS pos_status_prompt (
  judge INTEGER NOT NULL, day INTEGER NOT NULL, prompt INTEGER NOT NULL, brand INTEGER NOT NULL,
  n INTEGER NOT NULL, top INTEGER NOT NULL, recommended INTEGER NOT NULL, mentioned INTEGER NOT NULL,
  cautioned INTEGER NOT NULL, positive INTEGER NOT NULL, neutral INTEGER NOT NULL, negative INTEGER NOT NULL,
  score_sum INTEGER NOT NULL, score_sq INTEGER NOT NULL,
  PRIMARY KEY (judge, day, prompt, brand)
) STRICT, WITHOUT ROWID;

DELETE FROM pos_status_prompt;
DELETE FROM vis_prompt_cell;
DELETE FROM vis_prompt_brand;
INSERT INTO vis_prompt_cell (day, prompt, answers)
  SELECT day, prompt, count(*) FROM vis_result WHERE prompt IS NOT NULL GROUP BY day, prompt;
INSERT INTO vis_prompt_brand (day, prompt, brand, mentioned, cited, ranked, rank_sum, rank_sq, mentions, present)
  SELECT f.day, f.prompt, b.brand, sum(b.mentioned), sum(b.cited), sum(b.rank IS NOT NULL),
    sum(coalesce(b.rank, 0)), sum(coalesce(b.rank * b.rank, 0)), sum(b.count), count(*)
  FROM vis_result f JOIN vis_result_brand b ON b.seq = f.seq
  WHERE f.prompt IS NOT NULL
  GROUP BY f.day, f.prompt, b.brand;
INSERT INTO pos_status_prompt (judge, day, prompt, brand, n, top, recommended, mentioned, cautioned,
    positive, neutral, negative, score_sum, score_sq)
  SELECT b.judge, f.day, f.prompt, b.brand, count(*), sum(b.status = 0), sum(b.status = 1),
    sum(b.status = 2), sum(b.status = 3), sum(b.sentiment = 1), sum(b.sentiment = 0),
    sum(b.sentiment = -1), sum(b.score), sum(b.score * b.score)
  FROM pos_brand b JOIN vis_result f ON f.seq = b.seq
  WHERE f.prompt IS NOT NULL
  GROUP BY b.judge, f.day, f.prompt, b.brand;
`;
