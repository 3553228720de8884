import type { ExportTable } from '../types';
import { cellColumns, col } from './column';

// One row per job (one prompt × engine × location × repeat of a run), answered or not: its
// state, error and the credits it cost. An answered job's answer is answers.result_id.

export const jobsTable: ExportTable = {
  name: 'jobs',
  description: 'One row per job of a run: its state, error, attempts, latency and credits.',
  columns: [
    col('job_id', 'text', 'j.id', { required: true }),
    col('run_id', 'text', 'j.run_id', { required: true, references: { table: 'runs', column: 'run_id' } }),
    col('result_id', 'text', 'r.id', { references: { table: 'answers', column: 'result_id' } }),
    ...cellColumns(),
    col('job_state', 'text', 'j.job_state', { required: true }),
    col('attempts', 'integer', 'j.attempts', { required: true }),
    col('http_status', 'integer', 'j.http_status'),
    col('error_code', 'text', 'j.error_code'),
    col('error_message', 'text', 'j.error_message'),
    col('latency_ms', 'integer', 'j.latency_ms'),
    col('credits_charged', 'real', 'j.credits_charged'),
    col('created_at', 'timestamp', 'j.created_at', { required: true }),
    col('started_at', 'timestamp', 'j.started_at'),
    col('finished_at', 'timestamp', 'j.finished_at'),
  ],
  primaryKey: ['job_id'],
  indexes: [['run_id'], ['result_id']],
  scope: 'scope_jobs',
  from: `temp.scope_jobs s
    JOIN jobs j ON j.rowid = s.k
    JOIN run_prompts p ON p.run_id = j.run_id AND p.idx = j.prompt_index
    LEFT JOIN temp.job_answers r ON r.k = s.k
    LEFT JOIN temp.engine_labels el ON el.engine = j.engine`,
  batchKey: 's.k',
  orderBy: 's.k',
  rowGroupRows: 25_000,
};
