import type Database from 'better-sqlite3';

// Schema version 22: a source text is kept by its URL's id in the Visibility index
// (source_texts.url_id = vis_urls.id), no longer by its URL's text, when it has one.
//
// Every new URL went into two indexes of URL texts at a random place: this table's and
// vis_urls' own. In a large history each commit of a sync's page then rewrote most pages of both
// (at 600,000 answers, a commit of 4,000 answers wrote 24,182 of this index's 32,188 pages and
// 23,815 of vis_urls' 31,915: 70 % of what it wrote). vis_urls keeps every cited URL's text once
// anyway, and a new URL's id there is the next one, so an index of url_id grows at its end.
//
// The tuples stored before this version keep url_id NULL and stay found by their URL, now in a
// partial index of those rows only (rebuilt here once); a tuple stored from now on without an id
// (a source without a host, which the Visibility index leaves out) joins them. The text
// dictionary looks up both (text-dictionary.ts); a tuple it missed would only be stored twice.
//
// Written to run again on a file that has it (the upgrade tests take a later file back to an
// earlier version): the column is added only when missing.
export const sql = '';

export function keepSourceTextsByUrlId(db: Database.Database): void {
  const columns = db.prepare('SELECT name FROM pragma_table_info(?)').pluck().all('source_texts');
  if (!columns.includes('url_id')) db.exec('ALTER TABLE source_texts ADD COLUMN url_id INTEGER');
  db.exec(/* sql */ `
    DROP INDEX IF EXISTS source_texts_by_url;
    CREATE INDEX source_texts_by_url ON source_texts (url) WHERE url_id IS NULL;
    CREATE INDEX IF NOT EXISTS source_texts_by_url_id ON source_texts (url_id) WHERE url_id IS NOT NULL;
  `);
}
