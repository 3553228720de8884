import { sourceCountSql } from '../../../history';
import type { ExportTable } from '../types';
import { cellColumns, col, DAY_MS_SQL, demoRunSql } from './column';

// One row per stored answer: where and when it was asked, and its text (read from the
// compressed document the history keeps it in) as plain text and as the engine's Markdown.

export const answersTable: ExportTable = {
  name: 'answers',
  description: 'One row per answer: its run, monitor, prompt, engine, location, time and text.',
  columns: [
    col('result_id', 'text', 'r.id', { required: true }),
    col('run_id', 'text', 'j.run_id', { required: true, references: { table: 'runs', column: 'run_id' } }),
    col('job_id', 'text', 'j.id', { required: true, references: { table: 'jobs', column: 'job_id' } }),
    col('monitor_id', 'text', 'ru.monitor_id'),
    col('monitor_name', 'text', 'm.name'),
    ...cellColumns(),
    col('fetched_at', 'timestamp', 'r.fetched_at', { required: true }),
    col('day', 'date', `r.fetched_at / ${DAY_MS_SQL}`, { required: true }),
    col('model', 'text', 'r.model'),
    // Parts 0 and 2 of the answer's document (store/result-doc.ts), read once per answer.
    col('answer_text', 'text', 'r.answer_text', { required: true, docPart: { doc: 'r.doc', part: 0 } }),
    col('answer_markdown', 'text', 'r.markdown_text', { docPart: { doc: 'r.doc', part: 2 } }),
    col('source_count', 'integer', sourceCountSql('r.seq'), { required: true }),
    col('synthetic', 'boolean', 'ru.sandbox', { required: true }),
    col('demo', 'boolean', demoRunSql('j.run_id'), { required: true }),
  ],
  primaryKey: ['result_id'],
  indexes: [['run_id'], ['job_id'], ['fetched_at'], ['monitor_id', 'day']],
  scope: 'scope_results',
  from: `temp.scope_results s
    JOIN results r ON r.seq = s.k
    JOIN temp.answer_jobs aj ON aj.k = s.k
    JOIN jobs j ON j.rowid = aj.job
    JOIN runs ru ON ru.id = j.run_id
    JOIN run_prompts p ON p.run_id = j.run_id AND p.idx = j.prompt_index
    LEFT JOIN monitors m ON m.id = ru.monitor_id
    LEFT JOIN temp.engine_labels el ON el.engine = j.engine`,
  batchKey: 's.k',
  orderBy: 's.k',
  // About 2.5 KB of text an answer: 5,000 rows is a row group of ~12 MB before compression.
  rowGroupRows: 5_000,
};
