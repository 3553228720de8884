import type Database from 'better-sqlite3';
import { pluck } from '../connection';
import type { CommerceDrillWhat } from '../../../shared/commerce';
import { conditions, type VisFilter } from '../visibility';

// The answers behind a commerce number, the newest first, with their total: what the Commerce
// view opens in Compare. Read from the slot rows of answers asked with commerce on, so a number
// and its answers are counted over the same answers.

export interface ComDrillCell {
  engine?: string;
  location?: string;
  /** Days since the epoch, as the roll-ups keep them. */
  day?: number;
}

export interface CommerceDrillApi {
  comDrill(
    filter: VisFilter,
    what: CommerceDrillWhat,
    cell: ComDrillCell,
    limit: number,
  ): { resultIds: string[]; total: number };
}

const VIS_BRAND = '(SELECT id FROM vis_brands WHERE brand_id = @brandId)';

function whatSql(what: CommerceDrillWhat): { sql: string; params: Record<string, unknown> } {
  switch (what.kind) {
    case 'shopping':
      return { sql: 'a.products > 0', params: {} };
    case 'ads':
      return { sql: 'a.ads > 0', params: {} };
    case 'shelf':
      return {
        sql: `EXISTS (SELECT 1 FROM com_product p WHERE p.seq = a.seq AND p.brand = ${VIS_BRAND})`,
        params: { brandId: what.brandId },
      };
    case 'brand-ads':
      return {
        sql: `EXISTS (SELECT 1 FROM com_ad d WHERE d.seq = a.seq AND d.brand = ${VIS_BRAND})`,
        params: { brandId: what.brandId },
      };
    case 'advertiser':
      return {
        sql: 'EXISTS (SELECT 1 FROM com_ad d WHERE d.seq = a.seq AND d.advertiser = @advertiser)',
        params: { advertiser: what.advertiser },
      };
    case 'conquest':
      return {
        sql: `EXISTS (SELECT 1 FROM json_each(a.prompt_brands) v WHERE v.value = ${VIS_BRAND})
          AND EXISTS (SELECT 1 FROM com_ad d WHERE d.seq = a.seq
            AND d.brand = (SELECT id FROM vis_brands WHERE brand_id = @advertiserId))`,
        params: { brandId: what.brandId, advertiserId: what.advertiserId },
      };
    case 'merchant':
      return {
        sql: `(EXISTS (SELECT 1 FROM com_product p WHERE p.seq = a.seq AND p.merchant = @merchant)
          OR EXISTS (SELECT 1 FROM com_offer o WHERE o.seq = a.seq AND o.merchant = @merchant))`,
        params: { merchant: what.merchant },
      };
    case 'product':
      return {
        sql: 'EXISTS (SELECT 1 FROM com_product p WHERE p.seq = a.seq AND p.title = @title)',
        params: { title: what.title },
      };
  }
}

export function createCommerceDrillApi(db: Database.Database): CommerceDrillApi {
  return {
    comDrill(filter, what, cell, limit) {
      const c = conditions(filter, 'a');
      const w = whatSql(what);
      const conds = [c.sql, 'a.asked = 1', w.sql];
      const params: Record<string, unknown> = { ...c.params, ...w.params, limit };
      if (cell.engine !== undefined) {
        conds.push('a.engine = @engine');
        params.engine = cell.engine;
      }
      if (cell.location !== undefined) {
        conds.push('a.loc = @location');
        params.location = cell.location;
      }
      if (cell.day !== undefined) {
        conds.push('a.day = @day');
        params.day = cell.day;
      }
      const where = conds.join(' AND ');
      const resultIds = pluck(
        db,
        `SELECT r.id FROM com_answer a JOIN results r ON r.seq = a.seq WHERE ${where}
         ORDER BY a.day DESC, a.seq DESC LIMIT @limit`,
      ).all(params) as string[];
      const total =
        resultIds.length < limit
          ? resultIds.length
          : (pluck(db, `SELECT count(*) FROM com_answer a WHERE ${where}`).get(params) as number);
      return { resultIds, total };
    },
  };
}
