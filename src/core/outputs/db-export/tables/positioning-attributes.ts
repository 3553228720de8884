import { polarityOfCode } from '../../../history';
import type { ExportTable } from '../types';
import { answerBrandColumns, col } from './column';

// One row per attribute a judge gave a brand in an answer ("expensive", negative), in the
// judge's order. The history keeps them as [attribute id, polarity…] pairs per answer × brand
// into a dictionary of attribute texts (pos_attrs); the export spells each pair out, in both
// formats (data-model.md says why no list column).

const POLARITY_SQL = `CASE json_extract(b.attrs, '$[' || (ja.key + 1) || ']') ${[-1, 0, 1]
  .map((c) => `WHEN ${c} THEN '${polarityOfCode(c)}'`)
  .join(' ')} END`;

export const positioningAttributesTable: ExportTable = {
  name: 'positioning_attributes',
  description: 'One row per attribute a judge gave a brand in an answer: its text and polarity.',
  columns: [
    ...answerBrandColumns(),
    col('judge', 'text', 'jd.name', { required: true }),
    col('position', 'integer', 'ja.key / 2 + 1', { required: true }),
    col('attribute', 'text', 'at.text', { required: true }),
    col('polarity', 'text', POLARITY_SQL, { required: true }),
  ],
  primaryKey: ['result_id', 'brand_id', 'judge', 'position'],
  indexes: [['brand_id'], ['attribute']],
  scope: 'scope_results',
  from: `temp.scope_results s
    JOIN temp.answer_ids r ON r.k = s.k
    JOIN pos_brand b ON b.seq = s.k
    JOIN pos_judges jd ON jd.id = b.judge
    JOIN pos_brands pb ON pb.id = b.brand
    JOIN brands br ON br.id = pb.brand_id
    JOIN json_each(b.attrs) ja
    JOIN pos_attrs at ON at.id = ja.value`,
  where: 'ja.key % 2 = 0',
  batchKey: 's.k',
  orderBy: 's.k, jd.name, br.name, ja.key',
  rowGroupRows: 25_000,
};
