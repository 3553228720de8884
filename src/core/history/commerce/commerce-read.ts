import type Database from 'better-sqlite3';
import { stmt } from '../connection';
import { conditions, type VisFilter } from '../visibility';
import { ALL_CELLS, levelRun, periodLevels, type SummedRows } from './commerce-levels';
import { addHist, COMMERCE_ROLLUPS, PRICE_SUMS, type RollupTable } from './commerce-rollups';

// The commerce roll-ups summed over a filter (the Visibility's: period, runs, engines,
// locations), as raw sums: src/core/analysis/commerce turns them into rates and intervals.

export type CommerceDim = 'engine' | 'loc' | 'day';

/** The Visibility's filter; with monitorId, the monitor's runs read from its own levels (runIds unused). */
export type ComFilter = VisFilter & { monitorId?: string };

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
  /** The engine when read per engine; null over the whole filter. */
  engine: string | null;
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
  comShelfCells(filter: ComFilter, perBrand: boolean): ComCellPair[];
  comCells(filter: ComFilter, by?: CommerceDim): ComCellSums[];
  comBrands(filter: ComFilter, by?: CommerceDim): ComBrandSums[];
  comMerchants(filter: ComFilter): ComMerchantSums[];
  /** The price histograms' bucket counts over the filter, or per engine. */
  comPrices(filter: ComFilter, perEngine?: boolean): ComPriceCount[];
  comAdvertisers(filter: ComFilter): ComAdvertiserSums[];
  comConquest(filter: ComFilter): ComConquestSums[];
  /**
   * Per product, location, currency, merchant and time bucket (day: its first day; a day, or 8
   * or 64 days without a run filter, see commerce-levels.ts).
   */
  comProductDays(filter: ComFilter): ComProductDay[];
}

/** How a read groups its rows by cell: 'loc' needs each location's rows, 'engine' each engine's. */
type CellSplit = 'engine' | 'loc' | null;

/**
 * Which rows of the every-run levels a read of a table with `summed` rows takes: the summed
 * rows over every engine and location without an engine or location filter or split; each
 * engine's summed rows without a location filter or split; else each engine × location's.
 */
function levelCells(filter: ComFilter, a: string, summed: readonly SummedRows[], split: CellSplit): string {
  const byLoc = (filter.locations?.length ?? 0) > 0 || split === 'loc';
  const byEngine = (filter.engines?.length ?? 0) > 0 || split === 'engine';
  if (!byLoc && !byEngine && summed.includes('all'))
    return `${a}engine = '${ALL_CELLS}' AND ${a}loc = '${ALL_CELLS}'`;
  if (!byLoc && summed.includes('engine')) return `${a}engine <> '${ALL_CELLS}' AND ${a}loc = '${ALL_CELLS}'`;
  return `${a}engine <> '${ALL_CELLS}' AND ${a}loc <> '${ALL_CELLS}'`;
}

/** What a read of a roll-up takes: its summed rows, how it splits cells, per day or by levels. */
interface ReadShape {
  summed: readonly SummedRows[];
  split: CellSplit;
  daily: boolean;
}

const shapeOf = (table: RollupTable, split: CellSplit = null, daily = false): ReadShape => ({
  summed: COMMERCE_ROLLUPS[table].summed,
  split,
  daily,
});

/**
 * The filter as conditions on a roll-up's columns: its runs' rows, else the every-run rows of
 * the levels that tile the period (per day when split by day); the period's days listed, so
 * each day × run is a seek on the key.
 */
function where(
  filter: ComFilter,
  monitor: number | null | undefined,
  shape: ReadShape,
  alias = '',
): { sql: string; params: Record<string, unknown> } {
  if (filter.promptIds) throw new Error('Commerce roll-ups are kept per run, not per prompt');
  if (monitor === null) return { sql: '0', params: {} };
  if (filter.runIds && monitor === undefined) return conditions(filter, alias, true);
  const a = alias ? `${alias}.` : '';
  const c = conditions({ fromDay: 0, toDay: 0, engines: filter.engines, locations: filter.locations }, alias);
  const rest = c.sql.replace(/^.*?day BETWEEN @fromDay AND @toDay( AND )?/, '');
  const span = filter.toDay - filter.fromDay + 1;
  const levels = shape.daily
    ? JSON.stringify(
        Array.from({ length: span }, (_, i) => [levelRun(1, monitor ?? null), filter.fromDay + i]),
      )
    : periodLevels(filter.fromDay, filter.toDay, monitor ?? null);
  // The level's runs bounded both ways: a seek on day × run reads no other level's rows.
  const runs = [levelRun(64, monitor ?? null), levelRun(1, monitor ?? null)];
  const period = `${a}day IN (SELECT value ->> 1 FROM json_each(@levels))
    AND ${a}run BETWEEN ${Math.min(...runs)} AND ${Math.max(...runs)}
    AND (${a}run, ${a}day) IN (SELECT value ->> 0, value ->> 1 FROM json_each(@levels))`;
  const { fromDay: _f, toDay: _t, ...params } = c.params;
  // A monitor's levels have no summed rows.
  const cells = monitor !== undefined ? '' : levelCells(filter, a, shape.summed, shape.split);
  const sql = [period, rest, cells].filter((part) => part !== '').join(' AND ');
  return { sql, params: { ...params, levels } };
}

const BRAND = (column: string): string => `(SELECT brand_id FROM vis_brands WHERE id = ${column})`;

/** The price histograms of a filter summed per brand, currency and side, as bucket counts. */
function mergedPrices(
  rows: ReadonlyArray<{ engine: string | null; brand: number; currency: string; own: number; hist: string }>,
  brandIds: ReadonlyMap<number, string>,
): ComPriceCount[] {
  const sums = new Map<string, Map<number, number>>();
  for (const row of rows) {
    const key = `${row.brand}\u0001${row.currency}\u0001${row.own}\u0001${row.engine ?? ''}`;
    let hist = sums.get(key);
    if (!hist) sums.set(key, (hist = new Map()));
    addHist(hist, row.hist);
  }
  return [...sums].flatMap(([key, hist]) => {
    const [brand, currency, own, engine] = key.split('\u0001') as [string, string, string, string];
    const brandId = brandIds.get(Number(brand));
    if (brandId === undefined) return [];
    return [...hist].map(([bucket, n]) => ({
      engine: engine === '' ? null : engine,
      brandId,
      currency,
      own: Number(own),
      bucket: Number(bucket),
      n,
    }));
  });
}

export function createCommerceReadApi(db: Database.Database): CommerceReadApi {
  const brandIds = (): Map<number, string> =>
    new Map(
      (stmt(db, 'SELECT id, brand_id FROM vis_brands').all() as Array<{ id: number; brand_id: string }>).map(
        (r) => [r.id, r.brand_id],
      ),
    );
  /** The monitor's com_monitors id (null: it has no commerce rows), undefined without one. */
  const monitorOf = (filter: ComFilter): number | null | undefined =>
    filter.monitorId === undefined
      ? undefined
      : ((
          stmt(db, 'SELECT id FROM com_monitors WHERE monitor_id = ?').get(filter.monitorId) as
            { id: number } | undefined
        )?.id ?? null);
  function sums<T>(sql: (where: string) => string, filter: ComFilter, shape: ReadShape): T[] {
    const c = where(filter, monitorOf(filter), shape);
    return stmt(db, sql(c.sql)).all(c.params) as T[];
  }
  const bucketOf = (by: CommerceDim | undefined): string => (by ? by : 'NULL');
  /** A split by engine or location reads its rows; by day, the daily level's. */
  const byShape = (table: RollupTable, by: CommerceDim | undefined): ReadShape =>
    shapeOf(table, by === 'day' || by === undefined ? null : by, by === 'day');
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
        shapeOf(perBrand ? 'com_brands' : 'com_cells', 'loc'),
      );
    },
    comCells(filter, by) {
      return sums<ComCellSums>(
        (where) => `SELECT ${bucketOf(by)} AS bucket, sum(answers) AS answers, sum(asked) AS asked,
          sum(shop) AS shop, sum(ads) AS ads, sum(pslots) AS pslots, sum(pslots_sq) AS pslotsSq,
          sum(aslots) AS aslots, sum(aslots_sq) AS aslotsSq
          FROM com_cells WHERE ${where} ${by ? `GROUP BY ${by}` : ''}`,
        filter,
        byShape('com_cells', by),
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
        byShape('com_brands', by),
      );
    },
    comMerchants(filter) {
      const ids = brandIds();
      return sums<{ brand: number; merchant: string; slots: number }>(
        (where) => `SELECT brand, merchant, sum(slots) AS slots FROM com_merchants WHERE ${where}
          GROUP BY brand, merchant ORDER BY slots DESC`,
        filter,
        shapeOf('com_merchants'),
      ).map(({ brand, ...row }) => ({ ...row, brandId: ids.get(brand) ?? null }));
    },
    comPrices(filter, perEngine = false) {
      const rows = sums<{
        engine: string | null;
        brand: number;
        currency: string;
        own: number;
        hist: string;
      }>(
        (where) =>
          `SELECT ${perEngine ? 'engine' : 'NULL AS engine'}, brand, currency, own, hist FROM com_prices WHERE ${where}`,
        filter,
        { summed: PRICE_SUMS, split: perEngine ? 'engine' : null, daily: false },
      );
      return mergedPrices(rows, brandIds());
    },
    comAdvertisers(filter) {
      return sums<ComAdvertiserSums>(
        (where) => `SELECT advertiser, CASE WHEN brand = 0 THEN NULL ELSE ${BRAND('brand')} END AS brandId,
          sum(answers) AS answers, sum(slots) AS slots FROM com_advertisers WHERE ${where}
          GROUP BY advertiser, brand ORDER BY slots DESC`,
        filter,
        shapeOf('com_advertisers'),
      );
    },
    comConquest(filter) {
      return sums<ComConquestSums>(
        (where) => `SELECT ${BRAND('victim')} AS victimId, ${BRAND('brand')} AS brandId, engine,
          sum(answers) AS answers, sum(slots) AS slots FROM com_conquest WHERE ${where}
          GROUP BY victim, brand, engine ORDER BY answers DESC`,
        filter,
        shapeOf('com_conquest', 'engine'),
      );
    },
    comProductDays(filter) {
      const c = where(filter, monitorOf(filter), shapeOf('com_product_day', 'loc'));
      const ids = brandIds();
      const rows = stmt(
        db,
        `SELECT title, brand, loc, currency, merchant, day, sum(slots) AS slots, sum(pos_sum) AS posSum,
           sum(priced) AS priced, sum(price_sum) AS priceSum
         FROM com_product_day WHERE ${c.sql}
         GROUP BY title, brand, loc, currency, merchant, day`,
      ).all(c.params) as Array<Omit<ComProductDay, 'brandId'> & { brand: number }>;
      return rows.map(({ brand, ...row }) => ({ ...row, brandId: ids.get(brand) ?? null }));
    },
  };
}
