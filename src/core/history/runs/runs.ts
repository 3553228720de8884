import type { JobState, RunStatus } from '../../../shared/domain/run-spec';
import { HistoryStateError, stmt, toJson, toJsonOrNull, type StoreContext } from '../connection';
import { ensureTagIds } from '../library';
import { buildJobGrid } from './job-grid';
import { createJobPatcher, type JobPatcher } from './job-patch';
import { JOB_SELECT, toJob, type JobRow } from './job-rows';
import { isMaskedKeyLabel } from './key-label';
import { runListWhere } from './run-list';
import { createRunReader, type RunRow } from './run-rows';
import { createRunSessionsApi, type RunSessionsApi } from './run-sessions';
import type {
  JobChange,
  JobChangeOutcome,
  JobPatch,
  JobRecord,
  NewRun,
  RunJobTotals,
  RunListFilter,
  RunListItem,
  RunPatch,
  RunRecord,
} from './types';

export type { JobPatcher } from './job-patch';

export interface RunsApi extends RunSessionsApi {
  /** Creates the run, its prompts, tags and jobs in one transaction. */
  createRun(input: NewRun): { run: RunRecord; jobs: JobRecord[] };
  getRun(runId: string): RunRecord | null;
  updateRun(runId: string, patch: RunPatch): RunRecord;
  /** Deletes the run with its jobs, results and everything hanging off them. */
  deleteRun(runId: string): boolean;
  listRuns(filter?: RunListFilter): { runs: RunListItem[]; total: number };
  /** Runs not finished (pending, running, paused, canceling), oldest first: what to resume at start-up. */
  listUnfinishedRuns(): RunRecord[];
  getJob(jobId: string): JobRecord | null;
  listJobs(runId: string, filter?: { states?: readonly JobState[] }): JobRecord[];
  /**
   * Changes one job and commits before returning, so the run engine acts only on a state
   * that is already durable. Refuses to move a succeeded job, and (with expect) a job whose
   * state changed meanwhile.
   */
  transitionJob(jobId: string, patch: JobPatch): JobRecord;
  /**
   * Several jobs' changes in ONE transaction, committed before returning (the engine commits a
   * whole wave of 'running' jobs before sending any of their requests). Each change is checked
   * like transitionJob; a refused one is reported in its outcome and does not stop the others.
   */
  transitionJobs(changes: readonly JobChange[]): JobChangeOutcome[];
  /** Jobs queued or running (optionally of one run): at open, these were in flight when the app stopped. */
  listInFlightJobs(runId?: string): JobRecord[];
  countJobs(runId: string): RunJobTotals;
  /**
   * After a crash: running jobs (and, with includeQueued, queued ones) become 'interrupted' —
   * they may have been charged, so they are re-run only when the user asks. A run still marked
   * pending/running/paused/canceling becomes 'interrupted' too. Returns how many jobs changed.
   */
  markInterrupted(runId: string, options?: { includeQueued?: boolean }): number;
}

const FINISHED_RUN_STATUSES: readonly RunStatus[] = ['completed', 'failed', 'canceled', 'interrupted'];
const UNFINISHED_RUN_STATUSES: readonly RunStatus[] = ['pending', 'running', 'paused', 'canceling'];

export function createRunsApi(ctx: StoreContext): RunsApi & JobPatcher {
  const { db } = ctx;

  const insertRun = stmt(
    db,
    `INSERT INTO runs (id, name, status, mode, priority, engines_json, countries_json,
      states_json, repeats, prompt_count, engine_options_json, budget, webhook_url, key_label, base_url, sandbox,
      cost_estimate, summary_json, monitor_id, created_at, started_at, finished_at, updated_at)
    VALUES (@id, @name, @status, @mode, @priority, @engines_json, @countries_json, @states_json, @repeats,
      @prompt_count, @engine_options_json, @budget, @webhook_url, @key_label, @base_url, @sandbox, @cost_estimate,
      NULL, @monitor_id, @now, NULL, NULL, @now)`,
  );
  const insertPrompt = stmt(db, 'INSERT INTO run_prompts (run_id, idx, text, prompt_id) VALUES (?, ?, ?, ?)');
  const insertRunTag = stmt(db, 'INSERT OR IGNORE INTO run_tags (run_id, tag_id) VALUES (?, ?)');
  const insertJob = stmt(
    db,
    `INSERT INTO jobs (id, run_id, prompt_index, engine, country, us_state, repeat,
      request_json, idempotency_key, created_at, updated_at)
    VALUES (@id, @run_id, @prompt_index, @engine, @country, @us_state, @repeat, @request_json, @idempotency_key, @now, @now)`,
  );
  const selectJob = stmt(db, `${JOB_SELECT} WHERE j.id = ?`);
  const selectJobsOfRun = stmt(
    db,
    `${JOB_SELECT} WHERE j.run_id = ? ORDER BY j.prompt_index, j.engine, j.country, j.us_state, j.repeat`,
  );
  const deleteRunStmt = stmt(db, 'DELETE FROM runs WHERE id = ?');

  const sessions = createRunSessionsApi(ctx);
  const { findRun, requireRun, totalsFor, toListItems, toRecord } = createRunReader(ctx, sessions);
  const { applyJobPatch } = createJobPatcher(ctx);

  function checkKeyLabel(label: string | null | undefined): void {
    if (label != null && !isMaskedKeyLabel(label)) {
      throw new HistoryStateError(
        'invalid-input',
        'keyLabel must be a masked label such as sk_\u2026abcd, never the key',
      );
    }
  }

  function getJobRow(jobId: string): JobRow {
    const row = selectJob.get(jobId) as JobRow | undefined;
    if (!row) throw new HistoryStateError('not-found', `No job with id ${jobId}`);
    return row;
  }

  const createRun = db.transaction((input: NewRun) => {
    checkKeyLabel(input.keyLabel);
    const { spec } = input;
    const id = input.id ?? ctx.newId();
    const now = ctx.now();
    insertRun.run({
      id,
      name: spec.name ?? null,
      status: input.status ?? 'pending',
      mode: spec.mode,
      priority: spec.priority,
      engines_json: toJson(spec.engines),
      countries_json: toJson(spec.countries),
      states_json: toJson(spec.states),
      repeats: spec.repeats,
      prompt_count: spec.prompts.length,
      engine_options_json: toJson(spec.engineOptions),
      budget: spec.budget,
      webhook_url: spec.webhookUrl,
      key_label: input.keyLabel,
      base_url: input.baseUrl,
      sandbox: input.sandbox ? 1 : 0,
      cost_estimate: input.costEstimate,
      monitor_id: input.monitorId ?? null,
      now,
    });
    spec.prompts.forEach((text, i) => insertPrompt.run(id, i, text, input.promptIds?.[i] ?? null));
    for (const tagId of ensureTagIds(db, spec.tags)) insertRunTag.run(id, tagId);
    for (const job of input.jobs ?? buildJobGrid(spec)) {
      insertJob.run({
        id: job.id ?? ctx.newId(),
        run_id: id,
        prompt_index: job.promptIndex,
        engine: job.engine,
        country: job.country,
        us_state: job.state,
        repeat: job.repeat,
        request_json: toJsonOrNull(job.request),
        idempotency_key: job.idempotencyKey ?? null,
        now,
      });
    }
    return id;
  });

  const updateRun = db.transaction((runId: string, patch: RunPatch): void => {
    const row = requireRun(runId);
    checkKeyLabel(patch.keyLabel);
    const now = ctx.now();
    const status = patch.status ?? row.status;
    let startedAt = patch.startedAt !== undefined ? patch.startedAt : row.started_at;
    if (patch.startedAt === undefined && status === 'running' && startedAt === null) startedAt = now;
    let finishedAt = patch.finishedAt !== undefined ? patch.finishedAt : row.finished_at;
    if (patch.finishedAt === undefined && patch.status !== undefined) {
      finishedAt = FINISHED_RUN_STATUSES.includes(status) ? (row.finished_at ?? now) : null;
    }
    stmt(
      db,
      `UPDATE runs SET status = ?, name = ?, cost_estimate = ?, summary_json = ?, key_label = ?, started_at = ?,
         finished_at = ?, updated_at = ? WHERE id = ?`,
    ).run(
      status,
      patch.name !== undefined ? patch.name : row.name,
      patch.costEstimate ?? row.cost_estimate,
      patch.summary !== undefined ? toJsonOrNull(patch.summary) : row.summary_json,
      patch.keyLabel !== undefined ? patch.keyLabel : row.key_label,
      startedAt,
      finishedAt,
      now,
      runId,
    );
  });

  const transition = db.transaction((jobId: string, patch: JobPatch) => applyJobPatch(jobId, patch));

  const transitionMany = db.transaction((changes: readonly JobChange[]): JobChangeOutcome[] =>
    changes.map(({ jobId, patch }): JobChangeOutcome => {
      try {
        applyJobPatch(jobId, patch);
        return { jobId, ok: true };
      } catch (error) {
        // A refused change (conflict, not found, invalid transition) is checked before any
        // write, so the other jobs of the batch still commit; anything else aborts them all.
        if (error instanceof HistoryStateError) return { jobId, ok: false, error };
        throw error;
      }
    }),
  );

  const markInterrupted = db.transaction((runId: string, includeQueued: boolean): number => {
    const run = requireRun(runId);
    const now = ctx.now();
    const states = includeQueued ? ['running', 'queued'] : ['running'];
    const changed = stmt(
      db,
      `UPDATE jobs SET job_state = 'interrupted', finished_at = ?, updated_at = ?
         WHERE run_id = ? AND job_state IN (SELECT value FROM json_each(?))`,
    ).run(now, now, runId, JSON.stringify(states)).changes;
    if (UNFINISHED_RUN_STATUSES.includes(run.status)) {
      stmt(db, `UPDATE runs SET status = 'interrupted', finished_at = ?, updated_at = ? WHERE id = ?`).run(
        now,
        now,
        runId,
      );
    }
    return changed;
  });

  const api: RunsApi & JobPatcher = {
    ...sessions,
    applyJobPatch,
    createRun(input) {
      const id = createRun.immediate(input);
      return { run: toRecord(requireRun(id)), jobs: (selectJobsOfRun.all(id) as JobRow[]).map(toJob) };
    },
    getRun(runId) {
      const row = findRun(runId);
      return row ? toRecord(row) : null;
    },
    updateRun(runId, patch) {
      updateRun.immediate(runId, patch);
      return toRecord(requireRun(runId));
    },
    deleteRun(runId) {
      return db.transaction(() => deleteRunStmt.run(runId).changes > 0).immediate();
    },
    listRuns(filter = {}) {
      const { clause, params } = runListWhere(filter);
      const total = (stmt(db, `SELECT count(*) AS n FROM runs r ${clause}`).get(params) as { n: number }).n;
      const rows = stmt(
        db,
        `SELECT r.* FROM runs r ${clause} ORDER BY r.created_at DESC, r.id DESC LIMIT @limit OFFSET @offset`,
      ).all({ ...params, limit: filter.limit ?? 50, offset: filter.offset ?? 0 }) as RunRow[];
      return { runs: toListItems(rows), total };
    },
    listUnfinishedRuns() {
      const rows = stmt(
        db,
        // A run pulled from the team is driven by the desktop or runner that started it.
        `SELECT * FROM runs WHERE status IN ('pending','running','paused','canceling')
           AND id NOT IN (SELECT run_id FROM sync_pulled_runs) ORDER BY created_at`,
      ).all() as RunRow[];
      return rows.map(toRecord);
    },
    getJob(jobId) {
      const row = selectJob.get(jobId) as JobRow | undefined;
      return row ? toJob(row) : null;
    },
    listJobs(runId, filter = {}) {
      if (!filter.states) return (selectJobsOfRun.all(runId) as JobRow[]).map(toJob);
      const rows = stmt(
        db,
        `${JOB_SELECT} WHERE j.run_id = ? AND j.job_state IN (SELECT value FROM json_each(?))
           ORDER BY j.prompt_index, j.engine, j.country, j.us_state, j.repeat`,
      ).all(runId, JSON.stringify(filter.states)) as JobRow[];
      return rows.map(toJob);
    },
    transitionJob(jobId, patch) {
      // better-sqlite3 commits when the transaction function returns: the change is on disk
      // (in the WAL) before the caller acts on it.
      transition.immediate(jobId, patch);
      return toJob(getJobRow(jobId));
    },
    transitionJobs(changes) {
      return changes.length === 0 ? [] : transitionMany.immediate(changes);
    },
    listInFlightJobs(runId) {
      // The literal IN list matches the partial index jobs_in_flight.
      const rows = stmt(
        db,
        `${JOB_SELECT} WHERE j.job_state IN ('queued', 'running') ${runId === undefined ? '' : 'AND j.run_id = @runId'}
           ORDER BY j.run_id, j.prompt_index, j.engine, j.country, j.us_state, j.repeat`,
      ).all(runId === undefined ? {} : { runId }) as JobRow[];
      return rows.map(toJob);
    },
    countJobs(runId) {
      requireRun(runId);
      return totalsFor([runId]).get(runId) as RunJobTotals;
    },
    markInterrupted(runId, options = {}) {
      return markInterrupted.immediate(runId, options.includeQueued ?? false);
    },
  };
  return api;
}
