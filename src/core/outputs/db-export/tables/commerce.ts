import { adBlockSql, adTypeSql, brandIdSql, productSurfaceSql } from '../../../history';
import type { ExportTable } from '../types';
import { col } from './column';

// The commerce layer of the answers: one row per product slot (shopping cards, inline products,
// product results, the search engine's shopping cards and shopping ads), per merchant offer of a
// product, and per ad slot, as the history keeps them at ingest (docs/internals/commerce.md).
// Prices are an amount and an ISO 4217 currency, or only their raw text when unreadable.

const resultId = () =>
  col('result_id', 'text', 'r.id', { required: true, references: { table: 'answers', column: 'result_id' } });
const brandOf = (alias: string) =>
  col('brand_id', 'text', brandIdSql(alias), {
    references: { table: 'brands', column: 'brand_id' },
  });

export const productsTable: ExportTable = {
  name: 'products',
  description: 'One row per product slot of an answer: surface, position, title, brand, merchant, price.',
  columns: [
    resultId(),
    col('slot', 'integer', 'p.slot + 1', { required: true }),
    col('surface', 'text', productSurfaceSql('p'), { required: true }),
    col('position', 'integer', 'p.position', { required: true }),
    col('title', 'text', 'p.title', { required: true }),
    col('product_id', 'text', 'p.product_id'),
    col('brand_text', 'text', 'p.brand_text'),
    brandOf('p'),
    col('merchant', 'text', 'p.merchant'),
    col('price', 'real', 'p.amount'),
    col('currency', 'text', 'p.currency'),
    col('price_text', 'text', 'p.price_raw'),
    col('price_is_range_low', 'boolean', 'p.price_range', { required: true }),
    col('old_price', 'real', 'p.old_amount'),
    col('old_currency', 'text', 'p.old_currency'),
    col('rating', 'real', 'p.rating'),
    col('reviews', 'integer', 'p.reviews'),
    col('available', 'boolean', 'p.available'),
  ],
  primaryKey: ['result_id', 'slot'],
  indexes: [['brand_id'], ['merchant']],
  scope: 'scope_results',
  from: `temp.scope_results s
    JOIN temp.answer_ids r ON r.k = s.k
    JOIN com_product p ON p.seq = s.k`,
  batchKey: 's.k',
  orderBy: 's.k, p.slot',
  rowGroupRows: 25_000,
};

export const offersTable: ExportTable = {
  name: 'offers',
  description: 'One row per merchant offer of a product slot: merchant, price, availability.',
  columns: [
    resultId(),
    col('slot', 'integer', 'o.slot + 1', { required: true }),
    col('offer', 'integer', 'o.idx + 1', { required: true }),
    col('merchant', 'text', 'o.merchant'),
    col('price', 'real', 'o.amount'),
    col('currency', 'text', 'o.currency'),
    col('price_text', 'text', 'o.raw'),
    col('available', 'boolean', 'o.available'),
  ],
  primaryKey: ['result_id', 'slot', 'offer'],
  indexes: [['merchant']],
  scope: 'scope_results',
  from: `temp.scope_results s
    JOIN temp.answer_ids r ON r.k = s.k
    JOIN com_offer o ON o.seq = s.k`,
  batchKey: 's.k',
  orderBy: 's.k, o.slot, o.idx',
  rowGroupRows: 25_000,
};

export const adsTable: ExportTable = {
  name: 'ads',
  description: 'One row per ad slot of an answer: block, type, position, advertiser, title, landing domain.',
  columns: [
    resultId(),
    col('slot', 'integer', 'd.slot + 1', { required: true }),
    col('block', 'text', adBlockSql('d'), { required: true }),
    col('type', 'text', adTypeSql('d'), { required: true }),
    col('position', 'integer', 'd.position', { required: true }),
    brandOf('d'),
    col('advertiser', 'text', 'd.advertiser', { required: true }),
    col('title', 'text', 'd.title', { required: true }),
    col('domain', 'text', 'd.domain'),
  ],
  primaryKey: ['result_id', 'slot'],
  indexes: [['brand_id'], ['advertiser']],
  scope: 'scope_results',
  from: `temp.scope_results s
    JOIN temp.answer_ids r ON r.k = s.k
    JOIN com_ad d ON d.seq = s.k`,
  batchKey: 's.k',
  orderBy: 's.k, d.slot',
  rowGroupRows: 25_000,
};
