// Team schema version 8: an answer's normalised document is refused at push unless it is what a
// pull can read: a JSON object whose "text" is a string (what every Parallax writes, and what
// src/core/team/sync/normalized.ts takes). Before, a member could store any JSON there; one
// answer whose document was a JSON string failed every pull of its workspace, for every teammate.
// (A CHECK passes when it is NULL: "IS NOT DISTINCT FROM" refuses a document without "text" too.)
// NOT VALID: rows already stored are not checked (a desktop's pull skips and names those), so the
// upgrade never fails on a team that holds one; every row written from now on is.
export const resultShapeSql = /* sql */ `
ALTER TABLE parallax.results ADD CONSTRAINT results_normalized_shape
  CHECK (jsonb_typeof(normalized_json) = 'object'
    AND jsonb_typeof(normalized_json -> 'text') IS NOT DISTINCT FROM 'string') NOT VALID;
`;
