import type { ExportTable } from '../types';
import { answerBrandColumns, col } from './column';

// One row per fact of a brand's fact sheet that an answer naming the brand was checked
// against (fact_checks, migration 032): its verdict (supported, contradicted, not-addressed),
// the quote making the claim and its offsets, the checker, the answer's language as the checker
// told it, and that language again when the checker does not read it (its facts are then all not
// addressed). The offsets are UTF-16 ones into
// the text the checker read: the answer's Markdown when it has any, else its plain text.

export const factsTable: ExportTable = {
  name: 'facts',
  description: "One row per answer, brand and fact of the brand's sheet: verdict, quote and its offsets.",
  columns: [
    ...answerBrandColumns(),
    col('run_id', 'text', 'j.run_id', { required: true, references: { table: 'runs', column: 'run_id' } }),
    col('job_id', 'text', 'fc.job_id', { required: true, references: { table: 'jobs', column: 'job_id' } }),
    col('fact_key', 'text', 'fc.key', { required: true }),
    col('fact_kind', 'text', 'bf.kind'),
    col('verdict', 'text', 'fc.verdict', { required: true }),
    col('evidence_text', 'text', 'fc.evidence_text'),
    col('evidence_start', 'integer', 'fc.evidence_start'),
    col('evidence_end', 'integer', 'fc.evidence_end'),
    col('checker', 'text', 'fc.checker', { required: true }),
    col('language', 'text', 'fc.language'),
    col('unread_language', 'text', 'fc.unread'),
  ],
  primaryKey: ['result_id', 'brand_id', 'fact_key', 'checker'],
  indexes: [['brand_id', 'fact_key'], ['job_id']],
  scope: 'scope_results',
  from: `temp.scope_results s
    JOIN temp.answer_ids r ON r.k = s.k
    JOIN fact_checks fc ON fc.seq = s.k
    JOIN jobs j ON j.id = fc.job_id
    JOIN brands br ON br.id = fc.brand_id
    LEFT JOIN brand_facts bf ON bf.brand_id = fc.brand_id AND bf.key = fc.key`,
  batchKey: 's.k',
  orderBy: 's.k, br.name, fc.key',
  rowGroupRows: 25_000,
};
