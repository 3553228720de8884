import type { BrandView } from '../../../shared/ipc/channels/library';
import {
  evidenceWords,
  medianOfBuckets,
  rateOf,
  shareOf,
  type CommerceBrandRow,
  type CommerceSurfaces,
} from '../../../shared/commerce';
import type { ComBrandSums, ComCellSums, ComMerchantSums, ComPriceCount } from '../../history';

// A brand's commerce numbers from the roll-ups' sums: presences as Wilson proportions of
// answers, shares as ratio estimators over answers as clusters (src/shared/commerce/stats.ts).

export const NO_CELLS: ComCellSums = {
  bucket: null,
  answers: 0,
  asked: 0,
  shop: 0,
  ads: 0,
  pslots: 0,
  pslotsSq: 0,
  aslots: 0,
  aslotsSq: 0,
};

export function surfacesOf(c: ComCellSums): CommerceSurfaces {
  return {
    answers: c.asked,
    withShopping: c.shop,
    withAds: c.ads,
    productSlots: c.pslots,
    adSlots: c.aslots,
    shoppingRate: rateOf(c.shop, c.asked),
  };
}

export const NO_SUMS = (brandId: string): ComBrandSums => ({
  bucket: null,
  brandId,
  shelf: 0,
  pslots: 0,
  pslotsSq: 0,
  pcross: 0,
  rankSum: 0,
  adAnswers: 0,
  aslots: 0,
  aslotsSq: 0,
  across: 0,
  mentioned: 0,
});

export interface PriceIndex {
  value: number | null;
  currency: string | null;
}

/**
 * The brand's median price over the median of every product in the answers it is on, in the
 * currency it is most often priced in (never across currencies).
 */
export function priceIndexOf(brandId: string, prices: readonly ComPriceCount[]): PriceIndex {
  const mine = prices.filter((p) => p.brandId === brandId);
  const perCurrency = new Map<string, number>();
  for (const p of mine)
    if (p.own === 1) perCurrency.set(p.currency, (perCurrency.get(p.currency) ?? 0) + p.n);
  const currency = [...perCurrency].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))[0]?.[0];
  if (currency === undefined) return { value: null, currency: null };
  const counts = (own: number) =>
    mine.filter((p) => p.currency === currency && p.own === own).map((p) => [p.bucket, p.n] as const);
  const brand = medianOfBuckets(counts(1));
  const all = medianOfBuckets(counts(0));
  return { value: brand !== null && all !== null && all > 0 ? brand / all : null, currency };
}

export interface BrandRowInputs {
  cells: ComCellSums;
  sums: ComBrandSums | undefined;
  prices: readonly ComPriceCount[];
  merchants: readonly ComMerchantSums[];
}

export function brandRow(brand: BrandView, inputs: BrandRowInputs): CommerceBrandRow {
  const c = inputs.cells;
  const b = inputs.sums ?? NO_SUMS(brand.id);
  const price = priceIndexOf(brand.id, inputs.prices);
  const few = [evidenceWords(c.shop), evidenceWords(c.ads)];
  return {
    brand: brand.name,
    brandId: brand.id,
    kind: brand.kind,
    shelfPresence: rateOf(b.shelf, c.shop),
    shelfShare: shareOf({
      m: c.shop,
      sumY: b.pslots,
      sumX: c.pslots,
      sumY2: b.pslotsSq,
      sumX2: c.pslotsSq,
      sumXY: b.pcross,
    }),
    bestRank: b.shelf > 0 ? b.rankSum / b.shelf : null,
    priceIndex: price.value,
    priceCurrency: price.currency,
    adPresence: rateOf(b.adAnswers, c.ads),
    adShare: shareOf({
      m: c.ads,
      sumY: b.aslots,
      sumX: c.aslots,
      sumY2: b.aslotsSq,
      sumX2: c.aslotsSq,
      sumXY: b.across,
    }),
    merchants: inputs.merchants
      .filter((m) => m.brandId === brand.id)
      .slice(0, 10)
      .map((m) => ({ merchant: m.merchant, slots: m.slots })),
    note:
      few[0] !== null
        ? `shelf: ${few[0]} with a shopping surface`
        : few[1] !== null
          ? `ads: ${few[1]} with ads`
          : null,
  };
}
