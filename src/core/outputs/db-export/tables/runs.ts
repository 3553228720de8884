import type { ExportTable } from '../types';
import { col, demoRunSql } from './column';

// One row per run the export covers (its totals are the whole run's, even when a period keeps
// only some of its answers).

const perRun = (select: string, where = ''): string =>
  `(SELECT ${select} FROM jobs j WHERE j.run_id = ru.id${where})`;

export const runsTable: ExportTable = {
  name: 'runs',
  description: 'One row per run: its settings, status, times and totals.',
  columns: [
    col('run_id', 'text', 'ru.id', { required: true }),
    col('name', 'text', 'ru.name'),
    col('status', 'text', 'ru.status', { required: true }),
    col('mode', 'text', 'ru.mode', { required: true }),
    col('monitor_id', 'text', 'ru.monitor_id'),
    col('monitor_name', 'text', 'm.name'),
    col('created_at', 'timestamp', 'ru.created_at', { required: true }),
    col('started_at', 'timestamp', 'ru.started_at'),
    col('finished_at', 'timestamp', 'ru.finished_at'),
    col('engines', 'text', 'ru.engines_json', { required: true }),
    col('countries', 'text', 'ru.countries_json', { required: true }),
    col('states', 'text', 'ru.states_json', { required: true }),
    col('repeats', 'integer', 'ru.repeats', { required: true }),
    col('prompt_count', 'integer', 'ru.prompt_count', { required: true }),
    col('job_count', 'integer', perRun('count(*)'), { required: true }),
    col('answers', 'integer', perRun('count(*)', ` AND j.job_state = 'succeeded'`), { required: true }),
    col('failed_jobs', 'integer', perRun('count(*)', ` AND j.job_state = 'failed'`), { required: true }),
    col('credits_charged', 'real', perRun('coalesce(sum(j.credits_charged), 0)'), { required: true }),
    col('cost_estimate', 'real', 'ru.cost_estimate', { required: true }),
    col('budget', 'integer', 'ru.budget'),
    col('synthetic', 'boolean', 'ru.sandbox', { required: true }),
    col('demo', 'boolean', demoRunSql('ru.id'), { required: true }),
  ],
  primaryKey: ['run_id'],
  indexes: [['monitor_id', 'created_at']],
  scope: 'scope_runs',
  from: `temp.scope_runs s
    JOIN runs ru ON ru.rowid = s.k
    LEFT JOIN monitors m ON m.id = ru.monitor_id`,
  batchKey: 's.k',
  orderBy: 'ru.created_at, ru.id',
};
