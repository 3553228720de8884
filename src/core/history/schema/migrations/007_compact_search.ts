// Schema version 7: a compact history and a search index that answers at a million answers.
//
// Compact: the raw JSON of a result moves from result_raw (TEXT) to result_docs (zstd, see
// compress.ts), and the answer's Markdown to results.markdown_zstd (answer_markdown becomes NULL;
// readers use the zstd_text() SQL function registered at open, see MARKDOWN_SQL). Both are
// about a fifth of their text size.
//
// Search: answer_search replaces answer_fts. It adds
// - a facets column: one token per filter value of the result (engine, country, US state, run,
//   UTC day, month and year; see search-facets.ts), so a filtered search is one FTS5 query whose
//   filters are intersected inside the index instead of joined and checked after it;
// - prefix indexes for 2 to 6 characters, so "runni*" reads one doclist instead of merging the
//   doclists of every word it starts.
// results.facets is '' for a result not in answer_search yet; the triggers index only results
// with facets, so an unindexed row is never "deleted" from the index (which would corrupt it).
//
// The SQL here only changes the schema (instant on any size). Existing rows are compressed and
// indexed by a resumable backfill at open, in batches of their own transactions (see
// compact-backfill.ts): a million rows are never one transaction. The backfill ends by dropping
// answer_fts and result_raw; `parallax db compact` then gives the freed pages back.
export const sql = /* sql */ `
CREATE TABLE result_docs (
  result_seq INTEGER PRIMARY KEY REFERENCES results (seq) ON DELETE CASCADE,
  raw_zstd   BLOB NOT NULL
) STRICT;

ALTER TABLE results ADD COLUMN markdown_zstd BLOB;
ALTER TABLE results ADD COLUMN facets TEXT NOT NULL DEFAULT '';

CREATE VIRTUAL TABLE answer_search USING fts5 (
  answer_text, source_titles, facets,
  content = 'results', content_rowid = 'seq',
  tokenize = 'unicode61 remove_diacritics 2',
  prefix = '2 3 4 5 6'
);
CREATE TRIGGER results_search_insert AFTER INSERT ON results WHEN new.facets <> '' BEGIN
  INSERT INTO answer_search (rowid, answer_text, source_titles, facets)
    VALUES (new.seq, new.answer_text, new.source_titles, new.facets);
END;
CREATE TRIGGER results_search_delete AFTER DELETE ON results WHEN old.facets <> '' BEGIN
  INSERT INTO answer_search (answer_search, rowid, answer_text, source_titles, facets)
    VALUES ('delete', old.seq, old.answer_text, old.source_titles, old.facets);
END;
CREATE TRIGGER results_search_update AFTER UPDATE OF answer_text, source_titles, facets ON results BEGIN
  INSERT INTO answer_search (answer_search, rowid, answer_text, source_titles, facets)
    SELECT 'delete', old.seq, old.answer_text, old.source_titles, old.facets WHERE old.facets <> '';
  INSERT INTO answer_search (rowid, answer_text, source_titles, facets)
    SELECT new.seq, new.answer_text, new.source_titles, new.facets WHERE new.facets <> '';
END;

-- The backfill's place: every result with seq above it may still need compressing and indexing.
INSERT INTO meta (key, value) VALUES ('compact_backfill_after', '0');
`;
