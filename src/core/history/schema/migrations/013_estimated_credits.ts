// Schema version 13: a job's credits can be an estimate. An async task record
// without `credits` (some published examples have none), or an answer without
// X-Credits-Charged, leaves its job's charge unknown; when the session that collected it ends,
// the account balance says what the session cost beyond the charges recorded, and that is shared
// out over those jobs as their credits, flagged here, instead of counting them as 0 while the
// balance fell (src/core/runs/engine/credit-estimates.ts).
export const sql = /* sql */ `
ALTER TABLE jobs ADD COLUMN credits_estimated INTEGER NOT NULL DEFAULT 0 CHECK (credits_estimated IN (0, 1));
`;
