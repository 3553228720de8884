import { searchTextSql } from '../../codec';

// Schema version 12: the search index holds the first SEARCH_INDEX_CHARS characters of each
// answer's text and source titles (search-head.ts), not all of it. Rows already in the index
// stay as they were (re-indexing them all would read every answer of the history); the rows
// stored from now on (seq from 'search_head_from') are indexed capped. The triggers that take
// a row out of the index, or re-index it, give FTS5 the text as that row was indexed.
const old = (column: string): string => searchTextSql('old', column);
const neu = (column: string): string => searchTextSql('new', column);

export const sql = /* sql */ `
INSERT INTO meta (key, value) SELECT 'search_head_from', CAST(coalesce(max(seq), 0) + 1 AS TEXT) FROM results;

DROP TRIGGER results_search_delete;
DROP TRIGGER results_search_update;

CREATE TRIGGER results_search_delete AFTER DELETE ON results WHEN old.facets <> '' BEGIN
  INSERT INTO answer_search (answer_search, rowid, answer_text, source_titles, facets)
    VALUES ('delete', old.seq, ${old('answer_text')}, ${old('source_titles')}, old.facets);
END;

CREATE TRIGGER results_search_update AFTER UPDATE OF facets, doc ON results
  WHEN (old.answer_text, old.source_titles, old.facets) IS NOT (new.answer_text, new.source_titles, new.facets)
BEGIN
  INSERT INTO answer_search (answer_search, rowid, answer_text, source_titles, facets)
    SELECT 'delete', old.seq, ${old('answer_text')}, ${old('source_titles')}, old.facets WHERE old.facets <> '';
  INSERT INTO answer_search (rowid, answer_text, source_titles, facets)
    SELECT new.seq, ${neu('answer_text')}, ${neu('source_titles')}, new.facets WHERE new.facets <> '';
END;
`;
