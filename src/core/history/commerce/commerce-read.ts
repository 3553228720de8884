import type Database from 'better-sqlite3';
import { stmt } from '../connection';
import { conditions, type VisFilter } from '../visibility';

// The commerce roll-ups summed over a filter (the Visibility's: period, runs, engines,
// locations), as raw sums: src/core/analysis/commerce turns them into rates and intervals.

export type CommerceDim = 'engine' | 'loc' | 'day';

export interface ComCellSums {
  bucket: string | number | null;
  answers: number;
  asked: number;
  shop: number;
  ads: number;
  pslots: number;
  pslotsSq: number;
  aslots: number;
  aslotsSq: number;
}

export interface ComBrandSums {
  bucket: string | number | null;
  brandId: string;
  shelf: number;
  pslots: number;
  pslotsSq: number;
  pcross: number;
  rankSum: number;
  adAnswers: number;
  aslots: number;
  aslotsSq: number;
  across: number;
  mentioned: number;
}

export interface ComMerchantSums {
  brandId: string | null;
  merchant: string;
  slots: number;
}

export interface ComPriceCount {
  brandId: string;
  currency: string;
  own: number;
  bucket: number;
  n: number;
}

export interface ComAdvertiserSums {
  advertiser: string;
  brandId: string | null;
  answers: number;
  slots: number;
}

export interface ComConquestSums {
  victimId: string;
  brandId: string;
  engine: string;
  answers: number;
  slots: number;
}

export interface ComProductDay {
  title: string;
  brandId: string | null;
  loc: string;
  currency: string;
  merchant: string;
  day: number;
  slots: number;
  posSum: number;
  priced: number;
  priceSum: number;
}

export interface ComCellPair {
  engine: string;
  loc: string;
  brandId: string;
  answers: number;
}

export interface CommerceReadApi {
  /** Answers with a shopping surface per engine × location (brandId ''), or per brand showing its products. */
  comShelfCells(filter: VisFilter, perBrand: boolean): ComCellPair[];
  comCells(filter: VisFilter, by?: CommerceDim): ComCellSums[];
  comBrands(filter: VisFilter, by?: CommerceDim): ComBrandSums[];
  comMerchants(filter: VisFilter): ComMerchantSums[];
  comPrices(filter: VisFilter): ComPriceCount[];
  comAdvertisers(filter: VisFilter): ComAdvertiserSums[];
  comConquest(filter: VisFilter): ComConquestSums[];
  /** Per product, location, currency, merchant and day, for the `limit` products with most slots. */
  comProductDays(filter: VisFilter, limit: number): ComProductDay[];
}

const BRAND = (column: string): string => `(SELECT brand_id FROM vis_brands WHERE id = ${column})`;

export function createCommerceReadApi(db: Database.Database): CommerceReadApi {
  function sums<T>(sql: (where: string) => string, filter: VisFilter, alias = ''): T[] {
    const c = conditions(filter, alias);
    return stmt(db, sql(c.sql)).all(c.params) as T[];
  }
  const bucketOf = (by: CommerceDim | undefined): string => (by ? by : 'NULL');
  return {
    comShelfCells(filter, perBrand) {
      return sums<ComCellPair>(
        (where) =>
          perBrand
            ? `SELECT engine, loc, ${BRAND('brand')} AS brandId, sum(shelf) AS answers FROM com_brands
               WHERE ${where} GROUP BY engine, loc, brand HAVING sum(shelf) > 0`
            : `SELECT engine, loc, '' AS brandId, sum(shop) AS answers FROM com_cells
               WHERE ${where} GROUP BY engine, loc HAVING sum(shop) > 0`,
        filter,
      );
    },
    comCells(filter, by) {
      return sums<ComCellSums>(
        (where) => `SELECT ${bucketOf(by)} AS bucket, sum(answers) AS answers, sum(asked) AS asked,
          sum(shop) AS shop, sum(ads) AS ads, sum(pslots) AS pslots, sum(pslots_sq) AS pslotsSq,
          sum(aslots) AS aslots, sum(aslots_sq) AS aslotsSq
          FROM com_cells WHERE ${where} ${by ? `GROUP BY ${by}` : ''}`,
        filter,
      ).filter((r) => r.answers !== null);
    },
    comBrands(filter, by) {
      return sums<ComBrandSums>(
        (where) => `SELECT ${bucketOf(by)} AS bucket, ${BRAND('brand')} AS brandId, sum(shelf) AS shelf,
          sum(pslots) AS pslots, sum(pslots_sq) AS pslotsSq, sum(pcross) AS pcross, sum(rank_sum) AS rankSum,
          sum(ad_answers) AS adAnswers, sum(aslots) AS aslots, sum(aslots_sq) AS aslotsSq, sum(across) AS across,
          sum(mentioned) AS mentioned
          FROM com_brands WHERE ${where} GROUP BY ${by ? `${by}, ` : ''}brand`,
        filter,
      );
    },
    comMerchants(filter) {
      return sums<ComMerchantSums>(
        (where) => `SELECT CASE WHEN brand = 0 THEN NULL ELSE ${BRAND('brand')} END AS brandId, merchant,
          sum(slots) AS slots FROM com_merchants WHERE ${where} GROUP BY brand, merchant ORDER BY slots DESC`,
        filter,
      );
    },
    comPrices(filter) {
      return sums<ComPriceCount>(
        (where) => `SELECT ${BRAND('brand')} AS brandId, currency, own, bucket, sum(n) AS n
          FROM com_prices WHERE ${where} GROUP BY brand, currency, own, bucket`,
        filter,
      );
    },
    comAdvertisers(filter) {
      return sums<ComAdvertiserSums>(
        (where) => `SELECT advertiser, CASE WHEN brand = 0 THEN NULL ELSE ${BRAND('brand')} END AS brandId,
          sum(answers) AS answers, sum(slots) AS slots FROM com_advertisers WHERE ${where}
          GROUP BY advertiser, brand ORDER BY slots DESC`,
        filter,
      );
    },
    comConquest(filter) {
      return sums<ComConquestSums>(
        (where) => `SELECT ${BRAND('victim')} AS victimId, ${BRAND('brand')} AS brandId, engine,
          sum(answers) AS answers, sum(slots) AS slots FROM com_conquest WHERE ${where}
          GROUP BY victim, brand, engine ORDER BY answers DESC`,
        filter,
      );
    },
    comProductDays(filter, limit) {
      const c = conditions(filter);
      return stmt(
        db,
        `WITH top AS (SELECT title, brand FROM com_product_day WHERE ${c.sql}
           GROUP BY title, brand ORDER BY sum(slots) DESC, title LIMIT @limit)
         SELECT p.title, CASE WHEN p.brand = 0 THEN NULL ELSE ${BRAND('p.brand')} END AS brandId, p.loc,
           p.currency, p.merchant, p.day, sum(p.slots) AS slots, sum(p.pos_sum) AS posSum,
           sum(p.priced) AS priced, sum(p.price_sum) AS priceSum
         FROM com_product_day p JOIN top t ON t.title = p.title AND t.brand = p.brand
         WHERE ${conditions(filter, 'p').sql}
         GROUP BY p.title, p.brand, p.loc, p.currency, p.merchant, p.day`,
      ).all({ ...c.params, limit }) as ComProductDay[];
    },
  };
}
