import type { JobState } from '../../../shared/domain/run-spec';
import { HistoryStateError, stmt, toJsonOrNull, type StoreContext } from '../connection';
import type { JobRow } from './job-rows';
import type { JobPatch } from './types';

const FINISHED_JOB_STATES: readonly JobState[] = ['succeeded', 'failed', 'interrupted', 'canceled'];

/** The patch fields that map one-to-one onto a column. */
const PLAIN_COLUMNS = [
  ['requestId', 'request_id'],
  ['taskId', 'task_id'],
  ['idempotencyKey', 'idempotency_key'],
  ['httpStatus', 'http_status'],
  ['latencyMs', 'latency_ms'],
  ['creditsCharged', 'credits_charged'],
] as const;

/** Used by ingestion to change a job inside its own transaction. */
export interface JobPatcher {
  applyJobPatch(jobId: string, patch: JobPatch): void;
}

/** The UPDATE for one job; also used by ingestion so a result and its job change together. */
export function createJobPatcher(ctx: StoreContext): JobPatcher {
  const { db } = ctx;

  // What a patch needs of the current row: its state, attempts and timestamps. The UPDATE
  // sets only the columns the patch changes (one compiled statement per combination, a
  // handful in practice): rewriting every column re-ran the CHECKs (json_valid of the stored
  // request) and touched indexes for nothing, twice per job.
  const selectJobState = stmt(
    db,
    'SELECT job_state, attempts, started_at, finished_at FROM jobs WHERE id = ?',
  );

  function applyJobPatch(jobId: string, patch: JobPatch): void {
    const row = selectJobState.get(jobId) as
      Pick<JobRow, 'job_state' | 'attempts' | 'started_at' | 'finished_at'> | undefined;
    if (!row) throw new HistoryStateError('not-found', `No job with id ${jobId}`);
    if (patch.expect && !patch.expect.includes(row.job_state)) {
      throw new HistoryStateError(
        'conflict',
        `Job ${jobId} is ${row.job_state}, expected ${patch.expect.join(' or ')}`,
      );
    }
    const next = patch.jobState ?? row.job_state;
    if (row.job_state === 'succeeded' && next !== 'succeeded') {
      throw new HistoryStateError(
        'invalid-transition',
        `Job ${jobId} has succeeded; it cannot become ${next}`,
      );
    }
    const now = ctx.now();
    let startedAt = patch.startedAt !== undefined ? patch.startedAt : row.started_at;
    if (patch.startedAt === undefined && next === 'running' && startedAt === null) startedAt = now;
    let finishedAt = patch.finishedAt !== undefined ? patch.finishedAt : row.finished_at;
    if (patch.finishedAt === undefined && patch.jobState !== undefined && patch.jobState !== row.job_state) {
      finishedAt = FINISHED_JOB_STATES.includes(next) ? now : null;
    }
    let sets = 'job_state = ?, updated_at = ?';
    const values: unknown[] = [next, now];
    if (patch.incrementAttempts) {
      sets += ', attempts = ?';
      values.push(row.attempts + 1);
    }
    if (patch.request !== undefined) {
      sets += ', request_json = ?';
      values.push(toJsonOrNull(patch.request));
    }
    for (const [field, column] of PLAIN_COLUMNS) {
      const value = patch[field];
      if (value === undefined) continue;
      sets += `, ${column} = ?`;
      values.push(value);
    }
    if (patch.creditsEstimated !== undefined) {
      sets += ', credits_estimated = ?';
      values.push(patch.creditsEstimated ? 1 : 0);
    }
    const error = patch.error;
    if (error !== undefined) {
      sets += ', error_code = ?, error_message = ?, error_details_json = ?';
      values.push(error?.code ?? null, error?.message ?? null, toJsonOrNull(error?.details));
    }
    if (startedAt !== row.started_at) {
      sets += ', started_at = ?';
      values.push(startedAt);
    }
    if (finishedAt !== row.finished_at) {
      sets += ', finished_at = ?';
      values.push(finishedAt);
    }
    values.push(jobId);
    stmt(db, `UPDATE jobs SET ${sets} WHERE id = ?`).run(values);
  }

  return { applyJobPatch };
}
