import type Database from 'better-sqlite3';
import { PAGE_FAILURE_CODES } from '../../../shared/domain/page-archive';
import type { NormalizedResult } from '../../../shared/domain/result';
import type { ResultsApi } from '../answers';
import { RAW_IN_DOC } from '../codec';
import type { IngestItem } from '../runs';
import { pluck, stmt } from '../connection';
import { ensureTagIds } from '../library';
import { JOBS, RUNS, type ReplicaRow } from './columns';

// Applying what a pull brought of the recorded tables. Recorded data only moves forward: a run
// or a job is replaced only by a later version of itself (updated_at), a result only by a
// later fetch, a page's archived copy is never replaced by a failure, and a session only gains
// its end and its reconciliation. A row whose parent is not here (a job whose run was not
// pulled yet) is reported as missing, for the caller to fetch the parent first; a row this
// history cannot hold (a value its checks refuse) is skipped and counted, never the batch.
// Each call runs inside the pull's transaction (replica.applying).
//
// Rows are written straight into that transaction, without a savepoint each (a savepoint per
// row, and one around a page's ingest, made a pull several times slower, growing with the
// file). A row refused on the way throws CarefulRetry: applying() rolls the page back and
// applies it again carefully, each row in a savepoint of its own, so only the refused rows are
// left out.

/** A result as a pull hands it to ingest. */
export interface PulledResult {
  id: string;
  jobId: string;
  fetchedAt: number;
  normalized: NormalizedResult;
  /**
   * null: only in the document packed ahead and offered for this answer (a large pull's
   * read-ahead thread kept the text; ingest takes it as RAW_IN_DOC, doc-ahead.ts).
   */
  rawJson: string | null;
}

/** What one call did with its rows. */
export interface ApplyOutcome {
  applied: number;
  /** Already here in this version or a later one (or a tombstone of something never here). */
  skipped: number;
  /** Refused by this history's checks (malformed), skipped. */
  rejected: number;
  /** Keys of the parents not here (run ids for jobs and sessions, job ids for results, result ids for pages). */
  missing: string[];
}

export interface RecordedApplyApi {
  /** Runs (a tombstone deletes the run here), with the prompts of the ones new here. */
  applyRuns(rows: readonly ReplicaRow[], prompts: readonly ReplicaRow[]): ApplyOutcome & { deleted: number };
  applyJobs(rows: readonly ReplicaRow[]): ApplyOutcome;
  /** Results through the same ingest as a run's answers (search, Visibility, discovery indexes). */
  applyResults(rows: readonly PulledResult[]): ApplyOutcome;
  applyPages(rows: readonly ReplicaRow[]): ApplyOutcome;
  applySessions(rows: readonly ReplicaRow[]): ApplyOutcome;
  /** Which of these runs, jobs or results are here. */
  presentKeys(kind: 'run' | 'job' | 'result', keys: readonly string[]): Set<string>;
  /** Which of these jobs have their answer here. */
  answeredJobs(jobIds: readonly string[]): Set<string>;
}

/** A row of the page was refused in the fast pass: the page is rolled back and applied again row by row. */
export class CarefulRetry extends Error {
  constructor(readonly reason: unknown) {
    super(
      `a row was refused (${reason instanceof Error ? reason.message : String(reason)}); applying row by row`,
    );
    this.name = 'CarefulRetry';
  }
}

/** Whether the current pass applies each row in a savepoint of its own (set by applying()). */
export interface ApplyMode {
  careful: boolean;
}

const isConstraint = (error: unknown): boolean =>
  error instanceof Error && 'code' in error && String(error.code).startsWith('SQLITE_CONSTRAINT');

const emptyOutcome = (): ApplyOutcome => ({ applied: 0, skipped: 0, rejected: 0, missing: [] });

const PAGE_REASONS: ReadonlySet<string> = new Set(PAGE_FAILURE_CODES);

/** INSERT … ON CONFLICT (key) DO UPDATE … WHERE the stored row is older, for a local table. */
function forwardUpsert(table: string, columns: readonly string[], key: string): string {
  const names = columns.join(', ');
  const params = columns.map((c) => `@${c}`).join(', ');
  const sets = columns
    .filter((c) => c !== key)
    .map((c) => `${c} = excluded.${c}`)
    .join(', ');
  return `INSERT INTO ${table} (${names}) VALUES (${params})
    ON CONFLICT (${key}) DO UPDATE SET ${sets} WHERE ${table}.updated_at < excluded.updated_at`;
}

const RUN_COLUMNS = Object.keys(RUNS.columns).filter((c) => c !== 'tags');
const JOB_COLUMNS = Object.keys(JOBS.columns);
// Built once, not per row: a first sync applies every job and run through them.
const UPSERT_RUN = forwardUpsert('runs', RUN_COLUMNS, 'id');
const UPSERT_JOB = forwardUpsert('jobs', JOB_COLUMNS, 'id');

export function createRecordedApplyApi(
  db: Database.Database,
  deps: { results: ResultsApi; deleteRun: (runId: string) => boolean },
  mode: ApplyMode = { careful: true },
): RecordedApplyApi {
  const has = (sql: string) => (key: unknown) => pluck(db, sql).get(key) !== undefined;
  const hasRun = has('SELECT 1 FROM runs WHERE id = ?');
  const hasJob = has('SELECT 1 FROM jobs WHERE id = ?');
  const hasMonitor = has('SELECT 1 FROM monitors WHERE id = ?');
  const hasPrompt = has('SELECT 1 FROM prompts WHERE id = ?');

  /**
   * Runs fn for one row. Careful: in a savepoint, a row the history refuses is counted, not
   * fatal. Fast: in the page's transaction, a refused row sends the page round again carefully.
   */
  function guarded(outcome: ApplyOutcome, fn: () => 'applied' | 'skipped'): void {
    try {
      outcome[mode.careful ? db.transaction(fn)() : fn()] += 1;
    } catch (error) {
      if (!isConstraint(error)) throw error;
      if (!mode.careful) throw new CarefulRetry(error);
      outcome.rejected += 1;
    }
  }

  /** Results through ingest: in the page's transaction (fast), or one by one on a refusal (careful). */
  function ingest(outcome: ApplyOutcome, items: readonly IngestItem[]): void {
    if (!mode.careful) {
      try {
        deps.results.ingestResultsInTransaction(items);
      } catch (error) {
        throw new CarefulRetry(error);
      }
      outcome.applied += items.length;
      return;
    }
    try {
      deps.results.ingestResults(items);
      outcome.applied += items.length;
    } catch {
      // One malformed answer must not hold back the others: each on its own.
      for (const item of items) {
        try {
          deps.results.ingestResults([item]);
          outcome.applied += 1;
        } catch {
          outcome.rejected += 1;
        }
      }
    }
  }

  function insertNewRunParts(row: ReplicaRow, prompts: readonly ReplicaRow[]): void {
    const id = row['id'] as string;
    const insertPrompt = stmt(
      db,
      'INSERT OR IGNORE INTO run_prompts (run_id, idx, text, prompt_id) VALUES (?, ?, ?, ?)',
    );
    for (const p of prompts) {
      if (p['run_id'] !== id) continue;
      insertPrompt.run(id, p['idx'], p['text'], hasPrompt(p['prompt_id']) ? p['prompt_id'] : null);
    }
    const tag = stmt(db, 'INSERT OR IGNORE INTO run_tags (run_id, tag_id) VALUES (?, ?)');
    for (const tagId of ensureTagIds(db, (row['tags'] as string[] | null) ?? [])) tag.run(id, tagId);
    // Driven elsewhere: never resumed nor checked for alerts here.
    stmt(db, 'INSERT OR IGNORE INTO sync_pulled_runs (run_id) VALUES (?)').run(id);
  }

  return {
    applyRuns(rows, prompts) {
      const outcome = { ...emptyOutcome(), deleted: 0 };
      for (const row of rows) {
        const id = row['id'] as string;
        if (row['deleted_at'] !== null && row['deleted_at'] !== undefined) {
          if (deps.deleteRun(id)) outcome.deleted += 1;
          else outcome.skipped += 1;
          continue;
        }
        guarded(outcome, () => {
          const isNew = !hasRun(id);
          const values = Object.fromEntries(RUN_COLUMNS.map((c) => [c, row[c] ?? null]));
          values['monitor_id'] = hasMonitor(row['monitor_id']) ? (row['monitor_id'] ?? null) : null;
          const changed = stmt(db, UPSERT_RUN).run(values).changes > 0;
          if (isNew) insertNewRunParts(row, prompts);
          return changed ? 'applied' : 'skipped';
        });
      }
      return outcome;
    },
    applyJobs(rows) {
      const outcome = emptyOutcome();
      // A pull brings a job twice (with its answer, then in the jobs' pass): the second time one
      // index look-up says it is here already, at this version or later, where the upsert built
      // its values and did nothing.
      const current = pluck(db, 'SELECT 1 FROM jobs WHERE id = ? AND updated_at >= ?');
      for (const row of rows) {
        if (current.get(row['id'], row['updated_at'] ?? null) !== undefined) {
          outcome.skipped += 1;
          continue;
        }
        if (!hasRun(row['run_id'])) {
          outcome.missing.push(row['run_id'] as string);
          continue;
        }
        guarded(outcome, () => {
          const values = Object.fromEntries(JOB_COLUMNS.map((c) => [c, row[c] ?? null]));
          return stmt(db, UPSERT_JOB).run(values).changes > 0 ? 'applied' : 'skipped';
        });
      }
      return outcome;
    },
    applyResults(rows) {
      const outcome = emptyOutcome();
      const fetchedOf = pluck(db, 'SELECT fetched_at FROM results WHERE id = ?');
      const fresh = rows.filter((row) => {
        if (!hasJob(row.jobId)) {
          outcome.missing.push(row.jobId);
          return false;
        }
        const here = fetchedOf.get(row.id) as number | undefined;
        if (here !== undefined && here >= row.fetchedAt) {
          outcome.skipped += 1;
          return false;
        }
        return true;
      });
      const items = fresh.map((r) => ({
        jobId: r.jobId,
        resultId: r.id,
        raw: r.rawJson ?? RAW_IN_DOC,
        normalized: r.normalized,
        fetchedAt: r.fetchedAt,
      }));
      if (items.length > 0) ingest(outcome, items);
      return outcome;
    },
    applyPages(rows) {
      const outcome = emptyOutcome();
      const seqOf = pluck(db, 'SELECT seq FROM results WHERE id = ?');
      for (const row of rows) {
        const seq = seqOf.get(row['result_id']) as number | undefined;
        if (seq === undefined) {
          outcome.missing.push(row['result_id'] as string);
          continue;
        }
        guarded(outcome, () => applyPage(db, seq, row));
      }
      return outcome;
    },
    applySessions(rows) {
      const outcome = emptyOutcome();
      for (const row of rows) {
        if (!hasRun(row['run_id'])) {
          outcome.missing.push(row['run_id'] as string);
          continue;
        }
        guarded(outcome, () => applySession(db, row));
      }
      return outcome;
    },
    presentKeys(kind, keys) {
      const table = kind === 'run' ? 'runs' : kind === 'job' ? 'jobs' : 'results';
      return new Set(
        pluck(db, `SELECT id FROM ${table} WHERE id IN (SELECT value FROM json_each(?))`).all(
          JSON.stringify(keys),
        ) as string[],
      );
    },
    answeredJobs(jobIds) {
      return new Set(
        pluck(db, 'SELECT job_id FROM results WHERE job_id IN (SELECT value FROM json_each(?))').all(
          JSON.stringify(jobIds),
        ) as string[],
      );
    },
  };
}

function applyPage(db: Database.Database, seq: number, row: ReplicaRow): 'applied' | 'skipped' {
  const here = stmt(db, 'SELECT state FROM page_archive WHERE result_seq = ? AND page_index = ?').get(
    seq,
    row['page_index'],
  ) as { state: string } | undefined;
  // An archived copy here is kept; a failure here gives way to the team's archived copy.
  if (here?.state === 'archived' || (here?.state === 'failed' && row['state'] !== 'archived'))
    return 'skipped';
  const reasonCode = PAGE_REASONS.has(String(row['reason_code'])) ? row['reason_code'] : null;
  stmt(
    db,
    `INSERT INTO page_archive (result_seq, page_index, url, state, reason_code, reason, content_type,
       page_bytes, stored_bytes, html_zstd, archived_at)
     VALUES (@seq, @page_index, @url, @state, @reason_code, @reason, @content_type, @page_bytes, @stored_bytes,
       @html_zstd, @archived_at)
     ON CONFLICT (result_seq, page_index) DO UPDATE SET url = excluded.url, state = excluded.state,
       attempts = 0, next_attempt_at = 0, reason_code = excluded.reason_code, reason = excluded.reason,
       content_type = excluded.content_type, page_bytes = excluded.page_bytes,
       stored_bytes = excluded.stored_bytes, html_zstd = excluded.html_zstd, archived_at = excluded.archived_at`,
  ).run({
    seq,
    page_index: row['page_index'],
    url: row['url'],
    state: row['state'],
    reason_code: reasonCode,
    reason: row['reason'] ?? null,
    content_type: row['content_type'] ?? null,
    page_bytes: row['page_bytes'] ?? null,
    stored_bytes: row['stored_bytes'] ?? null,
    html_zstd: row['html_zstd'] ?? null,
    archived_at: row['archived_at'] ?? null,
  });
  return 'applied';
}

const SESSION_COLUMNS = [
  'ended_at',
  'cut',
  'balance_start',
  'balance_end',
  'recorded_start',
  'reconciled_at',
  'reconcile_state',
  'unreceived_credits',
  'interrupted_jobs',
  'reconcile_note',
] as const;

function applySession(db: Database.Database, row: ReplicaRow): 'applied' | 'skipped' {
  const here = stmt(
    db,
    'SELECT id, ended_at, reconciled_at FROM run_sessions WHERE run_id = ? AND started_at = ?',
  ).get(row['run_id'], row['started_at']) as
    { id: number; ended_at: number | null; reconciled_at: number | null } | undefined;
  const values = Object.fromEntries(SESSION_COLUMNS.map((c) => [c, row[c] ?? null]));
  if (!here) {
    stmt(
      db,
      `INSERT INTO run_sessions (run_id, started_at, ${SESSION_COLUMNS.join(', ')})
       VALUES (@run_id, @started_at, ${SESSION_COLUMNS.map((c) => `@${c}`).join(', ')})`,
    ).run({ ...values, run_id: row['run_id'], started_at: row['started_at'] });
    return 'applied';
  }
  // A session only gains its end, then its reconciliation.
  const gains =
    (here.ended_at === null && row['ended_at'] !== null) ||
    (here.reconciled_at === null && row['reconciled_at'] !== null);
  if (!gains) return 'skipped';
  stmt(
    db,
    `UPDATE run_sessions SET ${SESSION_COLUMNS.map((c) => `${c} = @${c}`).join(', ')} WHERE id = @id`,
  ).run({ ...values, id: here.id });
  return 'applied';
}
