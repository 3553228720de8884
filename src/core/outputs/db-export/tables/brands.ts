import type { ExportTable } from '../types';
import { col } from './column';

// The brands and competitors tracked (Brands view): the names and domains mentions and
// visibility_daily are counted by.

export const brandsTable: ExportTable = {
  name: 'brands',
  description: 'The brands and competitors tracked, with the aliases and domains they are matched by.',
  columns: [
    col('brand_id', 'text', 'br.id', { required: true }),
    col('name', 'text', 'br.name', { required: true }),
    col('kind', 'text', 'br.kind', { required: true }),
    col('aliases', 'text', `coalesce(json_extract(br.variants_json, '$.aliases'), '[]')`, { required: true }),
    col('domains', 'text', `coalesce(json_extract(br.variants_json, '$.domains'), '[]')`, { required: true }),
    col('created_at', 'timestamp', 'br.created_at', { required: true }),
  ],
  primaryKey: ['brand_id'],
  scope: 'scope_brands',
  from: 'temp.scope_brands s JOIN brands br ON br.rowid = s.k',
  batchKey: 's.k',
  orderBy: 'br.name',
};
