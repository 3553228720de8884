// The model judge's cache: what a language model answered for an
// answer text over a brand set, per judge and version, so a re-score never pays for the same
// judgement twice (a second re-score, a resume after a crash mid-batch, the same text stored
// twice). Keyed by the text's hash, not its seq: an answer replaced by the same text, or
// repeated across runs, is a hit. The verdict is the contract's positionings as JSON; the tokens
// are what the provider reported, for the cost shown later. Numbered 017: 016 is sync's.
export const sql = /* sql */ `
CREATE TABLE pos_judge_cache (
  content_hash  TEXT NOT NULL,
  brand_set     TEXT NOT NULL,
  judge         TEXT NOT NULL,
  version       TEXT NOT NULL,
  verdict_json  TEXT NOT NULL CHECK (json_valid(verdict_json)),
  input_tokens  INTEGER NOT NULL,
  output_tokens INTEGER NOT NULL,
  created_at    INTEGER NOT NULL,
  PRIMARY KEY (content_hash, brand_set, judge, version)
) STRICT, WITHOUT ROWID;
`;
