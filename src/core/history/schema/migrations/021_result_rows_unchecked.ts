// Schema version 21: a result's rows in the Visibility index (its cited domains and fan-out
// queries: vis_result_domain, vis_result_query) and the discovery index (its names:
// disc_result) without a foreign key to results, as vis_result_brand has been since version 2.
// Ingest writes each result's rows of a table in one multi-row INSERT (about ten cited domains
// an answer); with the key, SQLite checked each row's result and kept a statement journal for
// the statement (copying every page it touched first, in case a later row failed the check):
// about half of these statements' cost, some 5 % of a first sync's main thread. The key's
// ON DELETE CASCADE did no work of its own: the store takes a result out of both indexes,
// deleting these rows, before it replaces the result or deletes its run (unindexResult,
// unindexRuns); deleting a run's results any other way would leave the roll-ups wrong anyway,
// and vis_runs' trigger refuses that.
//
// Each table is rebuilt with the same columns, key and index (SQLite cannot drop a foreign key
// in place), its rows copied in this one transaction.
const rebuilt = (table: string, columns: string, key: string, by: string) => /* sql */ `
CREATE TABLE ${table}_new (
  ${columns},
  PRIMARY KEY (${key})
) STRICT, WITHOUT ROWID;
INSERT INTO ${table}_new SELECT * FROM ${table};
DROP TABLE ${table};
ALTER TABLE ${table}_new RENAME TO ${table};
CREATE INDEX ${table}_by_${by} ON ${table} (${by}, seq);
`;

export const sql = [
  rebuilt(
    'vis_result_domain',
    'seq INTEGER NOT NULL, domain INTEGER NOT NULL, best INTEGER NOT NULL',
    'seq, domain',
    'domain',
  ),
  rebuilt('vis_result_query', 'seq INTEGER NOT NULL, query INTEGER NOT NULL', 'seq, query', 'query'),
  rebuilt(
    'disc_result',
    'seq INTEGER NOT NULL, name INTEGER NOT NULL, form INTEGER NOT NULL, origins INTEGER NOT NULL',
    'seq, name',
    'name',
  ),
].join('');
