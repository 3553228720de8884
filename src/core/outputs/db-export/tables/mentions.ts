import type { ExportTable } from '../types';
import { answerBrandColumns, col } from './column';

// One row per brand an answer names (the brands and competitors of the Brands view, matched by
// name and aliases as the Visibility view counts them), with the rank of its first mention and
// whether one of its domains is among the answer's sources.

export const mentionsTable: ExportTable = {
  name: 'mentions',
  description: 'One row per brand named in an answer: rank of first mention, mentions, cited.',
  columns: [
    ...answerBrandColumns(),
    col('brand_kind', 'text', 'br.kind', { required: true }),
    col('rank', 'integer', 'vb.rank'),
    col('mention_count', 'integer', 'vb.count', { required: true }),
    col('cited', 'boolean', 'vb.cited', { required: true }),
  ],
  primaryKey: ['result_id', 'brand_id'],
  indexes: [['brand_id']],
  scope: 'scope_results',
  from: `temp.scope_results s
    JOIN temp.answer_ids r ON r.k = s.k
    JOIN vis_result_brand vb ON vb.seq = s.k AND vb.mentioned = 1
    JOIN vis_brands b ON b.id = vb.brand
    JOIN brands br ON br.id = b.brand_id`,
  batchKey: 's.k',
  orderBy: 's.k, vb.rank, br.name',
  rowGroupRows: 25_000,
};
