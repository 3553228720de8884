import type { ExportTable } from '../types';
import { col, engineLabelSql } from './column';

// The daily roll-up the Visibility view reads: per UTC day × engine × location × tracked
// brand, the answers there were and how many of them named or cited the brand (every brand
// has a row for every day and place with answers, zeros included, so shares can be taken
// directly). Summed over the runs in scope: the history keeps it per run (vis_cell,
// vis_brand_day), which is how a monitor's share is told apart from the whole history's.

const cells = `SELECT c.day, c.engine, c.loc, sum(c.answers) AS answers
  FROM vis_cell c JOIN temp.scope_vis_runs v ON v.id = c.run
  WHERE c.day > @lo AND c.day <= @hi GROUP BY c.day, c.engine, c.loc`;

const brandDays = `SELECT b.day, b.engine, b.loc, b.brand, sum(b.mentioned) AS mentioned, sum(b.cited) AS cited,
    sum(b.ranked) AS ranked, sum(b.rank_sum) AS rank_sum, sum(b.mentions) AS mentions
  FROM vis_brand_day b JOIN temp.scope_vis_runs v ON v.id = b.run
  WHERE b.day > @lo AND b.day <= @hi GROUP BY b.day, b.engine, b.loc, b.brand`;

const dash = `instr(c.loc, '-')`;

export const visibilityDailyTable: ExportTable = {
  name: 'visibility_daily',
  description:
    'Per day, engine, location and brand: answers, answers naming the brand, citing it, its average rank.',
  columns: [
    col('day', 'date', 'c.day', { required: true }),
    col('engine', 'text', 'c.engine', { required: true }),
    col('engine_label', 'text', engineLabelSql('c.engine'), { required: true }),
    col('location', 'text', 'c.loc', { required: true }),
    col('country', 'text', `CASE WHEN ${dash} > 0 THEN substr(c.loc, 1, ${dash} - 1) ELSE c.loc END`, {
      required: true,
    }),
    col('state', 'text', `CASE WHEN ${dash} > 0 THEN substr(c.loc, ${dash} + 1) END`),
    col('brand_id', 'text', 'br.id', { required: true, references: { table: 'brands', column: 'brand_id' } }),
    col('brand', 'text', 'br.name', { required: true }),
    col('brand_kind', 'text', 'br.kind', { required: true }),
    col('answers', 'integer', 'c.answers', { required: true }),
    col('mentioned', 'integer', 'coalesce(b.mentioned, 0)', { required: true }),
    col('cited', 'integer', 'coalesce(b.cited, 0)', { required: true }),
    col('ranked', 'integer', 'coalesce(b.ranked, 0)', { required: true }),
    col('avg_rank', 'real', 'CAST(b.rank_sum AS REAL) / nullif(b.ranked, 0)'),
    col('mentions', 'integer', 'coalesce(b.mentions, 0)', { required: true }),
  ],
  primaryKey: ['day', 'engine', 'location', 'brand_id'],
  indexes: [['brand_id', 'day']],
  scope: 'scope_days',
  from: `(${cells}) c
    CROSS JOIN vis_brands vb
    JOIN brands br ON br.id = vb.brand_id
    LEFT JOIN (${brandDays}) b ON b.day = c.day AND b.engine = c.engine AND b.loc = c.loc AND b.brand = vb.id
    LEFT JOIN temp.engine_labels el ON el.engine = c.engine`,
  batchKey: 'c.day',
  orderBy: 'c.day, c.engine, c.loc, br.name',
  rowGroupRows: 25_000,
};
