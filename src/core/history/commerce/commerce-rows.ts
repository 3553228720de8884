import type Database from 'better-sqlite3';
import type { ExtractedCommerce } from '../../../shared/commerce';
import { AD_BLOCKS, PRODUCT_SURFACES } from '../../../shared/commerce';
import { insertRows, stmt } from '../connection';
import type { AdFacts, AnswerFacts, ProductFacts } from './commerce-contrib';
import type { RollupCell } from './commerce-rollups';

// The commerce row tables (migration 027): written from an answer's extracted commerce and read
// back as the facts its roll-up share was counted from.

const bool = (b: boolean | null): number | null => (b === null ? null : b ? 1 : 0);
/** A list of vis_brands ids as stored (JSON), NULL when empty. */
const idList = (ids: readonly number[]): string | null => (ids.length > 0 ? JSON.stringify(ids) : null);

/** Writes the answer's rows; brands: the vis_brands id of each product and ad, in order. */
export function writeCommerceRows(
  db: Database.Database,
  seq: number,
  facts: AnswerFacts,
  commerce: ExtractedCommerce,
): void {
  stmt(
    db,
    `INSERT INTO com_answer (seq, day, run, engine, loc, asked, products, ads, prompt_brands, mentioned, ad_names)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 1)`,
  ).run(
    seq,
    facts.cell.day,
    facts.cell.run,
    facts.cell.engine,
    facts.cell.loc,
    facts.asked ? 1 : 0,
    commerce.products.length,
    commerce.ads.length,
    idList(facts.promptBrands),
    idList(facts.mentioned),
  );
  const products: unknown[][] = [];
  const offers: unknown[][] = [];
  commerce.products.forEach((p, slot) => {
    const f = facts.products[slot] as ProductFacts;
    products.push([
      seq,
      slot,
      PRODUCT_SURFACES.indexOf(p.surface),
      p.position,
      p.title,
      p.productId,
      p.brandText,
      f.brand,
      p.merchant,
      p.price?.amount ?? null,
      p.price?.currency ?? null,
      p.price?.raw ?? null,
      p.price?.range ? 1 : 0,
      p.oldPrice?.amount ?? null,
      p.oldPrice?.currency ?? null,
      p.oldPrice?.raw ?? null,
      p.rating,
      p.reviews,
      bool(p.available),
    ]);
    p.offers.forEach((o, idx) =>
      offers.push([
        seq,
        slot,
        idx,
        o.merchant,
        o.price?.amount ?? null,
        o.price?.currency ?? null,
        o.price?.raw ?? null,
        bool(o.available),
      ]),
    );
  });
  insertRows(
    db,
    `INSERT INTO com_product (seq, slot, surface, position, title, product_id, brand_text, brand, merchant,
       amount, currency, price_raw, price_range, old_amount, old_currency, old_raw, rating, reviews, available)`,
    products,
  );
  insertRows(
    db,
    'INSERT INTO com_offer (seq, slot, idx, merchant, amount, currency, raw, available)',
    offers,
  );
  insertRows(
    db,
    'INSERT INTO com_ad (seq, slot, block, type, position, brand, advertiser, title, domain, name)',
    commerce.ads.map((a, slot) => {
      const f = facts.ads[slot] as AdFacts;
      return [
        seq,
        slot,
        AD_BLOCKS.indexOf(a.block),
        a.type === 'shopping' ? 1 : 0,
        a.position,
        f.brand,
        f.advertiser,
        a.title,
        a.domain,
        a.name,
      ];
    }),
  );
}

const ids = (json: string | null): number[] => (json === null ? [] : (JSON.parse(json) as number[]));

/**
 * An answer's commerce rows as stored: what its roll-up share was counted from (but its offers),
 * and what its brands are matched on, per product and ad slot in order (a brand change
 * re-derives its attribution from these, commerce-index.ts).
 */
export interface StoredAnswer {
  cell: RollupCell;
  asked: boolean;
  promptBrands: number[];
  mentioned: number[];
  products: ReadonlyArray<Omit<ProductFacts, 'offerMerchants'> & { slot: number; brandText: string | null }>;
  ads: ReadonlyArray<AdFacts & { name: string | null; domain: string | null; title: string }>;
}

/** The answer's rows, or null when it has none. */
export function readStoredAnswer(db: Database.Database, seq: number): StoredAnswer | null {
  const row = stmt(
    db,
    'SELECT day, run, engine, loc, asked, prompt_brands, mentioned FROM com_answer WHERE seq = ?',
  ).get(seq) as
    (RollupCell & { asked: number; prompt_brands: string | null; mentioned: string | null }) | undefined;
  if (!row) return null;
  return {
    cell: { day: row.day, run: row.run, engine: row.engine, loc: row.loc },
    asked: row.asked === 1,
    promptBrands: ids(row.prompt_brands),
    mentioned: ids(row.mentioned),
    products: stmt(
      db,
      `SELECT slot, brand, brand_text AS brandText, position, title, merchant, amount, currency
       FROM com_product WHERE seq = ? ORDER BY slot`,
    ).all(seq) as StoredAnswer['products'],
    ads: stmt(
      db,
      'SELECT brand, advertiser, name, domain, title FROM com_ad WHERE seq = ? ORDER BY slot',
    ).all(seq) as StoredAnswer['ads'],
  };
}

/** The facts the stored answer's roll-up share was counted from (its offers read here). */
export function factsOfStored(db: Database.Database, seq: number, stored: StoredAnswer): AnswerFacts {
  const offers = stmt(db, 'SELECT slot, merchant FROM com_offer WHERE seq = ? ORDER BY slot, idx').all(
    seq,
  ) as Array<{ slot: number; merchant: string | null }>;
  return {
    cell: stored.cell,
    asked: stored.asked,
    products: stored.products.map((p) => ({
      brand: p.brand,
      position: p.position,
      title: p.title,
      merchant: p.merchant,
      amount: p.amount,
      currency: p.currency,
      offerMerchants: [
        ...new Set(
          offers
            .filter((o) => o.slot === p.slot && o.merchant !== null && o.merchant !== p.merchant)
            .map((o) => o.merchant as string),
        ),
      ],
    })),
    ads: stored.ads.map((a) => ({ brand: a.brand, advertiser: a.advertiser })),
    promptBrands: stored.promptBrands,
    mentioned: stored.mentioned,
  };
}

/** The facts an answer's roll-up share was counted from, or null when it has no commerce rows. */
export function readCommerceFacts(db: Database.Database, seq: number): AnswerFacts | null {
  const stored = readStoredAnswer(db, seq);
  return stored && factsOfStored(db, seq, stored);
}

export function deleteCommerceRows(db: Database.Database, seq: number): void {
  for (const table of ['com_answer', 'com_product', 'com_offer', 'com_ad'])
    stmt(db, `DELETE FROM ${table} WHERE seq = ?`).run(seq);
}

/** Rewrites the answer's brand-dependent columns (the rest of its rows do not depend on the brands). */
export function writeAttribution(db: Database.Database, seq: number, facts: AnswerFacts): void {
  stmt(db, 'UPDATE com_answer SET prompt_brands = ?, mentioned = ? WHERE seq = ?').run(
    idList(facts.promptBrands),
    idList(facts.mentioned),
    seq,
  );
  const product = stmt(db, 'UPDATE com_product SET brand = ? WHERE seq = ? AND slot = ?');
  facts.products.forEach((p, slot) => product.run(p.brand, seq, slot));
  const ad = stmt(db, 'UPDATE com_ad SET brand = ?, advertiser = ? WHERE seq = ? AND slot = ?');
  facts.ads.forEach((a, slot) => ad.run(a.brand, a.advertiser, seq, slot));
}
