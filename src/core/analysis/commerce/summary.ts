import type { BrandView } from '../../../shared/ipc/channels/library';
import {
  rateOf,
  type CommerceBucket,
  type CommerceBy,
  type CommerceSummary,
  type PaidOrganicRow,
} from '../../../shared/commerce';
import type {
  CommerceDim,
  ComBrandSums,
  ComCellSums,
  ComFilter,
  ComPriceCount,
  HistoryStore,
} from '../../history';
import { isoDay } from '../visibility';
import { brandRow, NO_CELLS, NO_SUMS, surfacesOf } from './brand-rows';

// `parallax commerce` and the Commerce view's leaderboard: surfaces, the brands' shelf and ads,
// paid vs organic per engine, and the same split by engine, country, day or merchant. The cells
// and the brands' sums are read once per engine; the whole filter's are their sums.

const DIM: Readonly<Record<Exclude<CommerceBy, 'merchant'>, CommerceDim>> = {
  engine: 'engine',
  country: 'loc',
  day: 'day',
};

/** The focus brands first (by name), then by shelf presence. */
function ordered(rows: CommerceSummary['brands']): CommerceSummary['brands'] {
  return [...rows].sort(
    (a, b) =>
      (a.kind === 'brand' ? 0 : 1) - (b.kind === 'brand' ? 0 : 1) ||
      (b.shelfPresence.value ?? 0) - (a.shelfPresence.value ?? 0) ||
      a.brand.localeCompare(b.brand),
  );
}

/** Per engine's cells and brand sums, as read once for the whole summary. */
interface EngineReads {
  cells: readonly ComCellSums[];
  sums: readonly ComBrandSums[];
}

/** Rows of sums added field by field (every number but the bucket's). */
function added<T extends { bucket: string | number | null }>(rows: readonly T[], zero: T): T {
  const out = { ...zero };
  for (const row of rows)
    for (const key of Object.keys(zero) as Array<keyof T>)
      if (typeof zero[key] === 'number' && key !== 'bucket')
        out[key] = ((out[key] as number) + (row[key] as number)) as T[keyof T];
  return out;
}

function paidVsOrganic(reads: EngineReads, brands: readonly BrandView[]): PaidOrganicRow[] {
  const cells = new Map(reads.cells.map((c) => [String(c.bucket), c]));
  return reads.sums
    .flatMap((b): PaidOrganicRow[] => {
      const brand = brands.find((x) => x.id === b.brandId);
      const c = cells.get(String(b.bucket));
      if (!brand || !c || c.asked === 0) return [];
      return [
        {
          brand: brand.name,
          brandId: brand.id,
          engine: String(b.bucket),
          answers: c.asked,
          mentionRate: rateOf(b.mentioned, c.asked),
          shelfPresence: rateOf(b.shelf, c.shop),
          adPresence: rateOf(b.adAnswers, c.ads),
        },
      ];
    })
    .sort((a, b) => a.brand.localeCompare(b.brand) || a.engine.localeCompare(b.engine));
}

function bucketLabel(by: CommerceBy, bucket: string | number | null): string {
  return by === 'day' ? isoDay(Number(bucket)) : String(bucket);
}

function dimBuckets(
  store: HistoryStore,
  filter: ComFilter,
  by: Exclude<CommerceBy, 'merchant'>,
  brands: readonly BrandView[],
  perEngine: EngineReads,
): CommerceBucket[] {
  const { cells, sums } =
    by === 'engine'
      ? perEngine
      : { cells: store.comCells(filter, DIM[by]), sums: store.comBrands(filter, DIM[by]) };
  // Each engine's price index; a country's or a day's is not kept (no histograms per location read).
  const prices = new Map<string | null, ComPriceCount[]>();
  for (const p of by === 'engine' ? store.comPrices(filter, true) : []) {
    const own = prices.get(p.engine);
    if (own) own.push(p);
    else prices.set(p.engine, [p]);
  }
  return cells.map((c) => ({
    bucket: bucketLabel(by, c.bucket),
    surfaces: surfacesOf(c),
    brands: ordered(
      brands.map((brand) =>
        brandRow(brand, {
          cells: c,
          sums: sums.find((s) => s.bucket === c.bucket && s.brandId === brand.id),
          prices: prices.get(String(c.bucket)) ?? [],
          merchants: [],
        }),
      ),
    ),
  }));
}

/** Per merchant: each brand's share of the merchant's slots (slots counted, not answers). */
function merchantBuckets(
  store: HistoryStore,
  filter: ComFilter,
  brands: readonly BrandView[],
): CommerceBucket[] {
  const rows = store.comMerchants(filter);
  const merchants = [...new Set(rows.map((r) => r.merchant))];
  return merchants.map((merchant) => {
    const own = rows.filter((r) => r.merchant === merchant);
    const slots = own.reduce((sum, r) => sum + r.slots, 0);
    const cells: ComCellSums = { ...NO_CELLS, pslots: slots };
    return {
      bucket: merchant,
      surfaces: surfacesOf(cells),
      brands: brands.map((brand) => {
        const row = brandRow(brand, { cells, sums: undefined, prices: [], merchants: own });
        const k = own.find((r) => r.brandId === brand.id)?.slots ?? 0;
        return {
          ...row,
          shelfShare: rateOf(k, slots),
          note: 'share of the merchant’s slots (slots, not answers)',
        };
      }),
    };
  });
}

/** The whole filter's brand sums, from each engine's. */
function brandTotals(sums: readonly ComBrandSums[]): Map<string, ComBrandSums> {
  const perBrand = new Map<string, ComBrandSums[]>();
  for (const s of sums) perBrand.set(s.brandId, [...(perBrand.get(s.brandId) ?? []), s]);
  return new Map([...perBrand].map(([brandId, rows]) => [brandId, added(rows, NO_SUMS(brandId))]));
}

export function commerceSummary(
  store: HistoryStore,
  filter: ComFilter,
  allBrands: readonly BrandView[],
  onlyBrand: string | undefined,
  by: CommerceBy | undefined,
): Omit<CommerceSummary, 'period'> {
  const brands = onlyBrand ? allBrands.filter((b) => b.id === onlyBrand) : allBrands;
  const perEngine: EngineReads = {
    cells: [...store.comCells(filter, 'engine')].sort((a, b) =>
      String(a.bucket).localeCompare(String(b.bucket)),
    ),
    sums: store.comBrands(filter, 'engine'),
  };
  const cells = added(perEngine.cells, NO_CELLS);
  const sums = brandTotals(perEngine.sums);
  const prices = store.comPrices(filter);
  const merchants = store.comMerchants(filter);
  const rows = brands.map((brand) => brandRow(brand, { cells, sums: sums.get(brand.id), prices, merchants }));
  const buckets =
    by === undefined
      ? []
      : by === 'merchant'
        ? merchantBuckets(store, filter, brands)
        : dimBuckets(store, filter, by, brands, perEngine);
  return {
    surfaces: surfacesOf(cells),
    engines: perEngine.cells
      .filter((c) => c.asked > 0)
      .map((c) => ({ engine: String(c.bucket), ...surfacesOf(c) })),
    brands: ordered(rows),
    paidVsOrganic: paidVsOrganic(perEngine, brands),
    by: by ?? null,
    buckets,
    empty:
      cells.asked === 0
        ? 'No answers asked with shopping or ads in this period and filter'
        : brands.length === 0
          ? 'No tracked brands: add brands to measure their shelf and ads'
          : null,
  };
}
