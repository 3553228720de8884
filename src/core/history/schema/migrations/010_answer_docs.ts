// Schema version 10: a result's answer text, source titles, Markdown, raw JSON and search
// queries kept as one zstd frame, results.doc (see result-doc.ts for its layout). The texts are
// copies of parts of the raw JSON: compressed with it they add about 0.1 KB an answer, where as
// plain text (answer text, titles) and a frame of their own (Markdown) they took 1.66 KB on the
// issue's 20,000-answer run. Search, compare, exports and Visibility read the same columns:
// - answer_text, source_titles, search_queries_json and markdown_text are generated columns
//   (VIRTUAL: computed when read, never stored) that take their part from doc, or, for a row
//   stored before this version and not moved yet, from its old columns (renamed answer_head,
//   source_titles_plain and search_queries_plain, which keeps '[]' once moved for its
//   json_valid check; answer_markdown and markdown_zstd keep their names). markdown_text
//   replaces the coalesce(zstd_text(markdown_zstd), answer_markdown) every Markdown reader wrote.
// - answer_head keeps a packed row's first 100 characters (result-doc.ts HEAD_CHARS) as plain
//   text: lists of a run's answers (the run view, `parallax show`) show an excerpt of each of
//   up to 20,000 answers, and reading each from doc would cost a decompression per answer
//   (about 30 µs, most of it node:zlib's fixed cost per call).
// - The search index keeps results as its external content: its snippets and the delete
//   trigger's old texts come through the generated columns. Ingest adds the index rows of a
//   batch itself, in one statement at the end of it (results.ts), so there is no insert
//   trigger; the update trigger (a replaced result, migration 7's backfill setting facets)
//   re-indexes a row only when its indexed texts or facets changed, so moving a row into doc
//   leaves the index alone.
//
// Existing rows move into doc after this schema change, in batches that each commit with a
// cursor (doc-backfill.ts), so an upgrade interrupted half-way keeps every moved row and goes
// on at the next open; each document is checked by decompression before its row's old columns
// are emptied and its result_docs row (the raw JSON alone) is deleted.
export const sql = /* sql */ `
DROP TRIGGER results_search_insert;
DROP TRIGGER results_search_delete;
DROP TRIGGER results_search_update;

ALTER TABLE results RENAME COLUMN answer_text TO answer_head;
ALTER TABLE results RENAME COLUMN source_titles TO source_titles_plain;
ALTER TABLE results RENAME COLUMN search_queries_json TO search_queries_plain;
ALTER TABLE results ADD COLUMN doc BLOB;
ALTER TABLE results ADD COLUMN answer_text TEXT
  GENERATED ALWAYS AS (CASE WHEN doc IS NULL THEN answer_head ELSE doc_text(doc, 0) END) VIRTUAL;
ALTER TABLE results ADD COLUMN source_titles TEXT
  GENERATED ALWAYS AS (CASE WHEN doc IS NULL THEN source_titles_plain ELSE doc_text(doc, 1) END) VIRTUAL;
ALTER TABLE results ADD COLUMN search_queries_json TEXT
  GENERATED ALWAYS AS (CASE WHEN doc IS NULL THEN search_queries_plain ELSE doc_text(doc, 4) END) VIRTUAL;
ALTER TABLE results ADD COLUMN markdown_text TEXT
  GENERATED ALWAYS AS (CASE WHEN doc IS NULL THEN coalesce(zstd_text(markdown_zstd), answer_markdown)
    ELSE doc_text(doc, 2) END) VIRTUAL;

CREATE TRIGGER results_search_delete AFTER DELETE ON results WHEN old.facets <> '' BEGIN
  INSERT INTO answer_search (answer_search, rowid, answer_text, source_titles, facets)
    VALUES ('delete', old.seq, old.answer_text, old.source_titles, old.facets);
END;

CREATE TRIGGER results_search_update AFTER UPDATE OF facets, doc ON results
  WHEN (old.answer_text, old.source_titles, old.facets) IS NOT (new.answer_text, new.source_titles, new.facets)
BEGIN
  INSERT INTO answer_search (answer_search, rowid, answer_text, source_titles, facets)
    SELECT 'delete', old.seq, old.answer_text, old.source_titles, old.facets WHERE old.facets <> '';
  INSERT INTO answer_search (rowid, answer_text, source_titles, facets)
    SELECT new.seq, new.answer_text, new.source_titles, new.facets WHERE new.facets <> '';
END;

INSERT INTO meta (key, value) SELECT 'doc_backfill_after', '0' WHERE EXISTS (SELECT 1 FROM results);
`;
