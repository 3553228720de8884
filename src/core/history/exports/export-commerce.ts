import { JOB_ORDER, jsonObjectSql } from './export-sql';

// The commerce rows of a run's answers as the exports write them: the product and ad slots the
// history kept at ingest (com_product, com_offer, com_ad; migration 024), never re-read from the
// engine's answer. JSON and NDJSON carry them in each job's object (the member below, made in
// SQL like the rest of the line); CSV and XLSX read them as flat rows, one per slot.

/** A product slot's surface as its name (the order of PRODUCT_SURFACES). */
export const productSurfaceSql = (alias: string): string =>
  `CASE ${alias}.surface WHEN 0 THEN 'shopping-card' WHEN 1 THEN 'inline-product'
  WHEN 2 THEN 'product-result' WHEN 3 THEN 'search-shopping-card' ELSE 'shopping-ad' END`;

/** An ad slot's block as its name (the order of AD_BLOCKS). */
export const adBlockSql = (alias: string): string =>
  `CASE ${alias}.block WHEN 0 THEN 'top' WHEN 1 THEN 'middle' WHEN 2 THEN 'bottom'
  WHEN 3 THEN 'side' ELSE 'inline' END`;

export const adTypeSql = (alias: string): string =>
  `CASE ${alias}.type WHEN 1 THEN 'shopping' ELSE 'text' END`;

/** The tracked brand's id (as the workspace names it) of a row's vis_brands key. */
export const brandIdSql = (alias: string): string =>
  `(SELECT vb.brand_id FROM vis_brands vb WHERE vb.id = ${alias}.brand)`;

const jsonBool = (sql: string): string =>
  `CASE ${sql} WHEN 1 THEN 'true' WHEN 0 THEN 'false' ELSE 'null' END`;

export const jsonArray = (element: string, from: string, order: string): string =>
  `(SELECT coalesce('[' || group_concat(${element}, ',' ORDER BY ${order}) || ']', '[]') ${from})`;

/** A price as {amount, currency, raw}, null when the slot shows none. */
const priceSql = (amount: string, currency: string, raw: string, range?: string): string =>
  `CASE WHEN ${amount} IS NULL AND ${raw} IS NULL THEN 'null' ELSE ${jsonObjectSql([
    ['amount', amount],
    ['currency', currency],
    ['raw', raw],
    ...(range ? [['range', jsonBool(range), 'json'] as const] : []),
  ])} END`;

const OFFER_OBJECT = jsonObjectSql([
  ['merchant', 'o.merchant'],
  ['price', priceSql('o.amount', 'o.currency', 'o.raw'), 'json'],
  ['available', jsonBool('o.available'), 'json'],
]);

const PRODUCT_OBJECT = jsonObjectSql([
  ['slot', 'c.slot + 1'],
  ['surface', productSurfaceSql('c')],
  ['position', 'c.position'],
  ['title', 'c.title'],
  ['productId', 'c.product_id'],
  ['brandText', 'c.brand_text'],
  ['brandId', brandIdSql('c')],
  ['merchant', 'c.merchant'],
  [
    'offers',
    jsonArray(OFFER_OBJECT, 'FROM com_offer o WHERE o.seq = c.seq AND o.slot = c.slot', 'o.idx'),
    'json',
  ],
  ['price', priceSql('c.amount', 'c.currency', 'c.price_raw', 'c.price_range'), 'json'],
  ['oldPrice', priceSql('c.old_amount', 'c.old_currency', 'c.old_raw'), 'json'],
  ['rating', 'c.rating'],
  ['reviews', 'c.reviews'],
  ['available', jsonBool('c.available'), 'json'],
]);

const AD_OBJECT = jsonObjectSql([
  ['slot', 'd.slot + 1'],
  ['block', adBlockSql('d')],
  ['type', adTypeSql('d')],
  ['position', 'd.position'],
  ['brandId', brandIdSql('d')],
  ['advertiser', 'd.advertiser'],
  ['title', 'd.title'],
  ['domain', 'd.domain'],
]);

/**
 * A job's commerce as a member of its JSON object: {products, ads} of its answer (empty lists
 * when the answer shows none), null for a job without an answer.
 */
export const COMMERCE_MEMBER = [
  'commerce',
  `CASE WHEN r.seq IS NULL THEN 'null' ELSE ${jsonObjectSql([
    ['products', jsonArray(PRODUCT_OBJECT, 'FROM com_product c WHERE c.seq = r.seq', 'c.slot'), 'json'],
    ['ads', jsonArray(AD_OBJECT, 'FROM com_ad d WHERE d.seq = r.seq', 'd.slot'), 'json'],
  ])} END`,
  'json',
] as const;

/** The answer a slot belongs to: the columns every flat commerce row starts with. */
export interface ExportSlotCell {
  jobId: string;
  resultId: string;
  promptIndex: number;
  prompt: string;
  engine: string;
  country: string;
  state: string;
  repeat: number;
}

export interface ExportProductRow extends ExportSlotCell {
  slot: number;
  surface: string;
  position: number;
  title: string;
  productId: string | null;
  brandText: string | null;
  brandId: string | null;
  merchant: string | null;
  /** The offers' merchant names in offer order, joined by "; ". */
  offerMerchants: string;
  price: number | null;
  currency: string | null;
  priceRaw: string | null;
  /** 1 when the price is a range's low end. */
  priceRange: number;
  oldPrice: number | null;
  oldCurrency: string | null;
  oldPriceRaw: string | null;
  rating: number | null;
  reviews: number | null;
  /** 1 in stock, 0 not, null unknown. */
  available: number | null;
}

export interface ExportAdRow extends ExportSlotCell {
  slot: number;
  block: string;
  type: string;
  position: number;
  brandId: string | null;
  advertiser: string;
  title: string;
  domain: string | null;
}

export const CELL_COLUMNS = `j.id AS jobId, r.id AS resultId, j.prompt_index AS promptIndex, p.text AS prompt,
  j.engine, j.country, coalesce(j.us_state, '') AS state, j.repeat`;
export const RUN_ANSWERS = `FROM jobs j JOIN run_prompts p ON p.run_id = j.run_id AND p.idx = j.prompt_index
  JOIN results r ON r.job_id = j.id`;

/** A run's product slots, answers in the matrix order, slots in their order. */
export const RUN_PRODUCTS_SQL = `SELECT ${CELL_COLUMNS}, c.slot + 1 AS slot, ${productSurfaceSql('c')} AS surface,
    c.position, c.title, c.product_id AS productId, c.brand_text AS brandText, ${brandIdSql('c')} AS brandId,
    c.merchant,
    coalesce((SELECT group_concat(o.merchant, '; ' ORDER BY o.idx) FROM com_offer o
      WHERE o.seq = c.seq AND o.slot = c.slot AND o.merchant IS NOT NULL), '') AS offerMerchants,
    c.amount AS price, c.currency, c.price_raw AS priceRaw, c.price_range AS priceRange,
    c.old_amount AS oldPrice, c.old_currency AS oldCurrency, c.old_raw AS oldPriceRaw,
    c.rating, c.reviews, c.available
  ${RUN_ANSWERS} JOIN com_product c ON c.seq = r.seq
  WHERE j.run_id = ? ORDER BY ${JOB_ORDER}, c.slot`;

/** A run's ad slots, answers in the matrix order, slots in their order. */
export const RUN_ADS_SQL = `SELECT ${CELL_COLUMNS}, d.slot + 1 AS slot, ${adBlockSql('d')} AS block,
    ${adTypeSql('d')} AS type, d.position, ${brandIdSql('d')} AS brandId, d.advertiser, d.title, d.domain
  ${RUN_ANSWERS} JOIN com_ad d ON d.seq = r.seq
  WHERE j.run_id = ? ORDER BY ${JOB_ORDER}, d.slot`;
