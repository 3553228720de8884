// Schema version 28: the analyst's own kind for a cited domain (own, competitor, retailer,
// editorial…), which wins over the shipped list and the brands' domains. One row per domain as
// stored in the Visibility index (lower case, without www.); a subdomain's row wins over its
// parent's. Kept in the history, not the settings file, so every reader of the history (the
// app, the CLI, a report made after a run) classes a domain the same way. IF NOT EXISTS: the
// upgrade tests take a later file back to an earlier version and run it again.
export const sql = /* sql */ `
CREATE TABLE IF NOT EXISTS site_kind_overrides (
  domain     TEXT PRIMARY KEY,
  kind       TEXT NOT NULL CHECK (kind IN ('own', 'competitor', 'retailer', 'editorial', 'forum',
                                           'reference', 'video-social', 'institutional', 'other')),
  updated_at INTEGER NOT NULL
) STRICT, WITHOUT ROWID;
`;
