// Schema version 6: the pages a result links to (`html`: one URL, or one per search page),
// archived at ingest because the service's links expire 24 hours after the answer.
// - A row per result × page, written as 'pending' in the ingest transaction, so a crash
//   between the answer and its download leaves the page to fetch at the next start.
// - 'archived' keeps the page without scripts, zstd-compressed (html_zstd) with its sizes;
//   'failed' keeps why it could not be archived (reason_code for programs, reason for people).
// - A transient failure stays 'pending' with its attempt count and next_attempt_at (backoff).
// - Deleting a result (its run) deletes its pages.
// Results stored before this version get their pending rows here; the archiver records the
// ones past the link lifetime as expired without asking the network.
export const sql = /* sql */ `
CREATE TABLE page_archive (
  result_seq      INTEGER NOT NULL REFERENCES results (seq) ON DELETE CASCADE,
  page_index      INTEGER NOT NULL CHECK (page_index >= 0),
  url             TEXT NOT NULL,
  state           TEXT NOT NULL CHECK (state IN ('pending', 'archived', 'failed')),
  attempts        INTEGER NOT NULL DEFAULT 0,
  next_attempt_at INTEGER NOT NULL DEFAULT 0,
  reason_code     TEXT CHECK (reason_code IS NULL OR reason_code IN ('expired', 'too-large',
                    'timeout', 'not-html', 'http-error', 'network', 'not-http')),
  reason          TEXT,
  content_type    TEXT,
  page_bytes      INTEGER,
  stored_bytes    INTEGER,
  html_zstd       BLOB,
  archived_at     INTEGER,
  PRIMARY KEY (result_seq, page_index),
  CHECK ((state = 'archived') = (html_zstd IS NOT NULL))
) STRICT, WITHOUT ROWID;
CREATE INDEX page_archive_due ON page_archive (next_attempt_at) WHERE state = 'pending';

INSERT INTO page_archive (result_seq, page_index, url, state)
  SELECT r.seq, CAST(u.key AS INTEGER), u.value, 'pending'
  FROM results r, json_each(r.html_urls_json) u
  WHERE r.html_urls_json <> '[]' AND u.type = 'text';
`;
