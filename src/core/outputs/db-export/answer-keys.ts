import type Database from 'better-sqlite3';

// The keys that join the answers in scope to their jobs, looked up once per export rather than
// by every table that needs them. The history links an answer to its job and names it by
// random ids (results.job_id, results.id: UUIDs), so a table joining them row by row takes a
// random leaf of an index of a million ids (tens of MB, beside an 8 MB page cache) for every
// row, and one that needs only an answer's id reads its whole row (its compressed document
// too: 2 GB of the bench's history). The answers (their jobs), the jobs (their answers' ids),
// the sources and the mentions (their answers' ids) each did so. Instead these temp tables map
// the scope's keys to what the tables join, by rowid, in the order the tables are read:
// - temp.answer_ids   (k = results.seq, id = results.id)
// - temp.answer_jobs  (k = results.seq, job = jobs.rowid)
// - temp.job_answers  (k = jobs.rowid, id = its answer's results.id), only with the jobs' scope
//
// Every answer (no filter): read from the history's indexes of those ids in their order, where
// each join is a merge (the ids' index scanned, the jobs' index probed in the same order), then
// sorted by key: about 2 s of CPU at 1M answers, against about 10 s the tables spent on the
// lookups. A filter's scope: from the answers' rows, once (a small scope is cheaper that way
// than scanning indexes of every answer; a large one still reads each row once, not four times).

const TABLES = `CREATE TEMP TABLE answer_ids (k INTEGER PRIMARY KEY, id TEXT NOT NULL);
  CREATE TEMP TABLE answer_jobs (k INTEGER PRIMARY KEY, job INTEGER NOT NULL);
  CREATE TEMP TABLE job_answers (k INTEGER PRIMARY KEY, id TEXT NOT NULL)`;

/**
 * Every answer up to @maxSeq: the ids' indexes (sqlite_autoindex_results_1 is UNIQUE (id),
 * _2 UNIQUE (job_id); each holds the answer's seq beside it), so no answer's row is read.
 */
const FROM_INDEXES = {
  ids: `SELECT r.seq, r.id FROM results r INDEXED BY sqlite_autoindex_results_1
    WHERE @maxSeq IS NULL OR r.seq <= @maxSeq ORDER BY r.seq`,
  jobs: `SELECT r.seq, j.rowid FROM results r INDEXED BY sqlite_autoindex_results_2 CROSS JOIN jobs j
    WHERE j.id = r.job_id AND (@maxSeq IS NULL OR r.seq <= @maxSeq) ORDER BY r.seq`,
};

/** The answers of a filter's scope: each answer's row read once, in key order. */
const FROM_ROWS = {
  ids: `SELECT s.k, r.id FROM temp.scope_results s JOIN results r ON r.seq = s.k ORDER BY s.k`,
  jobs: `SELECT s.k, j.rowid FROM temp.scope_results s JOIN results r ON r.seq = s.k
    JOIN jobs j ON j.id = r.job_id ORDER BY s.k`,
};

/** The answered jobs' answers' ids, by job (from the two tables above: no history read). */
const JOB_ANSWERS = `SELECT aj.job, ai.id FROM temp.answer_jobs aj JOIN temp.answer_ids ai ON ai.k = aj.k
  ORDER BY aj.job`;

/**
 * Fills the key tables for temp.scope_results (already filled). `filtered`: the scope is a
 * filter's (else every answer up to `maxSeq`); `jobs`: the jobs' scope will be read too.
 */
export function createAnswerKeys(
  db: Database.Database,
  options: { filtered: boolean; maxSeq: number | null; jobs: boolean },
): void {
  db.exec(TABLES);
  const from = options.filtered ? FROM_ROWS : FROM_INDEXES;
  const params = options.filtered ? {} : { maxSeq: options.maxSeq };
  db.prepare(`INSERT INTO temp.answer_ids (k, id) ${from.ids}`).run(params);
  db.prepare(`INSERT INTO temp.answer_jobs (k, job) ${from.jobs}`).run(params);
  if (options.jobs) db.prepare(`INSERT INTO temp.job_answers (k, id) ${JOB_ANSWERS}`).run();
}
