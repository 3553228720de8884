import type { ExportTable } from '../types';
import { col } from './column';

// One row per source an answer cites or lists, in the engine's order (the history keeps each
// distinct source once and an answer's list of them; the export spells every row out).

export const sourcesTable: ExportTable = {
  name: 'sources',
  description: 'One row per source of an answer: its position, URL, domain and title.',
  columns: [
    col('result_id', 'text', 'r.id', {
      required: true,
      references: { table: 'answers', column: 'result_id' },
    }),
    col('position', 'integer', 'src.position', { required: true }),
    col('kind', 'text', 'src.kind', { required: true }),
    col('url', 'text', 'src.url', { required: true }),
    col('domain', 'text', 'src.domain', { required: true }),
    col('title', 'text', 'src.title'),
    col('snippet', 'text', 'src.snippet'),
    col('date_published', 'text', 'src.date_published'),
  ],
  indexes: [['result_id', 'position'], ['domain']],
  scope: 'scope_results',
  from: `temp.scope_results s
    JOIN temp.answer_ids r ON r.k = s.k
    JOIN sources src ON src.result_seq = s.k`,
  batchKey: 's.k',
  orderBy: 's.k, src.id',
  // A row group is held whole until written: 25,000 rows (not 100,000) took about 70 MB off the
  // peak of a small export on one thread (db-export.md#memory).
  rowGroupRows: 25_000,
  // Parquet: ~10 rows an answer, every text shared by many answers; DuckDB expands the lists.
  listed: {
    lists: `temp.scope_results s
    JOIN temp.answer_ids r ON r.k = s.k
    JOIN source_lists l ON l.result_seq = s.k`,
    ids: 'l.text_ids',
    positions: 'l.positions',
    perList: ['result_id'],
    position: 'position',
    tuples: 'source_texts src',
    tupleId: 'src.id',
  },
};
