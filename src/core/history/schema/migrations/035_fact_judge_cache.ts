// Schema version 35: the model judge's verdicts on brand facts, cached. One row per (answer text
// hash, fact hash, judge, version): what the analyst's model said about one fact of one brand in
// one answer text (supported, contradicted or not addressed, with the quote found in the text and
// its offsets), and its share of the tokens the provider reported for the call. The fact hash
// covers the brand's names and the fact's kind, value and words, so a changed fact is asked
// again and an unchanged one never is, whatever answer repeats the text. The verdicts
// themselves are fact_checks rows whose checker is the model's id ("model:<provider>:<model>").
export const sql = /* sql */ `
CREATE TABLE IF NOT EXISTS fact_judge_cache (
  content_hash   TEXT    NOT NULL,
  fact_hash      TEXT    NOT NULL,
  judge          TEXT    NOT NULL,
  version        TEXT    NOT NULL,
  verdict        TEXT    NOT NULL CHECK (verdict IN ('supported', 'contradicted', 'not-addressed')),
  evidence_text  TEXT,
  evidence_start INTEGER,
  evidence_end   INTEGER,
  input_tokens   INTEGER NOT NULL,
  output_tokens  INTEGER NOT NULL,
  created_at     INTEGER NOT NULL,
  PRIMARY KEY (content_hash, fact_hash, judge, version)
) STRICT, WITHOUT ROWID;
`;
