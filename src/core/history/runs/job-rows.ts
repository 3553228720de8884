import type { EngineName } from '../../../shared/api/engines';
import type { JobState } from '../../../shared/domain/run-spec';
import { parseJson } from '../connection';
import type { JobRecord } from './types';

// A job as its row in the jobs table, and the record the store returns for it.

export interface JobRow {
  id: string;
  run_id: string;
  prompt_index: number;
  prompt: string;
  engine: string;
  country: string;
  us_state: string | null;
  repeat: number;
  request_json: string | null;
  job_state: JobState;
  attempts: number;
  request_id: string | null;
  task_id: string | null;
  idempotency_key: string | null;
  http_status: number | null;
  error_code: string | null;
  error_message: string | null;
  error_details_json: string | null;
  latency_ms: number | null;
  credits_charged: number | null;
  credits_estimated: number;
  created_at: number;
  started_at: number | null;
  finished_at: number | null;
  updated_at: number;
}

// The prompt text through a correlated subquery rather than a JOIN: same rows (every job has
// its prompt, by foreign key), but a single-job lookup runs about 5x faster this way in
// better-sqlite3 (measured: ~4 µs against ~20 µs per call), and the engine reads jobs often.
export const JOB_SELECT = `SELECT j.*, (SELECT p.text FROM run_prompts p WHERE p.run_id = j.run_id AND p.idx = j.prompt_index)
  AS prompt FROM jobs j`;

export function toJob(row: JobRow): JobRecord {
  return {
    id: row.id,
    runId: row.run_id,
    promptIndex: row.prompt_index,
    prompt: row.prompt,
    engine: row.engine as EngineName,
    country: row.country,
    state: row.us_state,
    repeat: row.repeat,
    request: parseJson(row.request_json),
    jobState: row.job_state,
    attempts: row.attempts,
    requestId: row.request_id,
    taskId: row.task_id,
    idempotencyKey: row.idempotency_key,
    httpStatus: row.http_status,
    errorCode: row.error_code,
    errorMessage: row.error_message,
    errorDetails: parseJson(row.error_details_json),
    latencyMs: row.latency_ms,
    creditsCharged: row.credits_charged,
    creditsEstimated: row.credits_estimated === 1,
    createdAt: row.created_at,
    startedAt: row.started_at,
    finishedAt: row.finished_at,
    updatedAt: row.updated_at,
  };
}
