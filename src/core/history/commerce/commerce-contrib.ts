import { priceBucket } from '../../../shared/commerce';
import type { RollupSink } from './commerce-delta';
import type { RollupCell } from './commerce-rollups';

// What one answer adds to (or, sign −1, takes from) every commerce roll-up, from the same facts
// whether they come from ingest or are read back from the row tables (a replaced answer).

export interface ProductFacts {
  /** vis_brands id, or null. */
  brand: number | null;
  position: number;
  title: string;
  merchant: string | null;
  /** The offers' merchants, the card's own excluded, once each. */
  offerMerchants: readonly string[];
  amount: number | null;
  currency: string | null;
}

export interface AdFacts {
  brand: number | null;
  advertiser: string;
}

export interface AnswerFacts {
  cell: RollupCell;
  asked: boolean;
  products: readonly ProductFacts[];
  ads: readonly AdFacts[];
  /** Brands the prompt names (vis_brands ids). */
  promptBrands: readonly number[];
  /** Brands the answer's text names (the Visibility's reading). */
  mentioned: readonly number[];
}

const NO_BRAND = 0;
const countBy = <T>(
  items: readonly T[],
  keyOf: (item: T) => number | string,
): Map<number | string, number> => {
  const out = new Map<number | string, number>();
  for (const item of items) out.set(keyOf(item), (out.get(keyOf(item)) ?? 0) + 1);
  return out;
};

function brandRows(r: RollupSink, a: AnswerFacts, sign: 1 | -1): void {
  const x = a.products.length;
  const xa = a.ads.length;
  const shelf = countBy(
    a.products.filter((p) => p.brand !== null),
    (p) => p.brand as number,
  );
  const paid = countBy(
    a.ads.filter((ad) => ad.brand !== null),
    (ad) => ad.brand as number,
  );
  const mentioned = new Set(a.asked ? a.mentioned : []);
  const brands = new Set<number>([...shelf.keys(), ...paid.keys(), ...mentioned] as number[]);
  for (const brand of brands) {
    const y = shelf.get(brand) ?? 0;
    const ya = paid.get(brand) ?? 0;
    const best = y > 0 ? Math.min(...a.products.filter((p) => p.brand === brand).map((p) => p.position)) : 0;
    r.add(
      'com_brands',
      a.cell,
      [brand],
      [
        y > 0 ? 1 : 0,
        y,
        y * y,
        x * y,
        best,
        ya > 0 ? 1 : 0,
        ya,
        ya * ya,
        xa * ya,
        mentioned.has(brand) ? 1 : 0,
      ],
      sign,
    );
  }
}

function productRows(r: RollupSink, a: AnswerFacts, sign: 1 | -1): void {
  const onShelf = [...new Set(a.products.flatMap((p) => (p.brand === null ? [] : [p.brand])))];
  for (const p of a.products) {
    const brand = p.brand ?? NO_BRAND;
    for (const merchant of new Set([...(p.merchant ? [p.merchant] : []), ...p.offerMerchants]))
      r.add('com_merchants', a.cell, [brand, merchant], [1], sign);
    const priced = p.amount !== null && p.amount > 0 && p.currency !== null;
    r.add(
      'com_product_day',
      a.cell,
      [p.title, brand, p.currency ?? '', p.merchant ?? ''],
      [1, p.position, priced ? 1 : 0, priced ? (p.amount as number) : 0],
      sign,
    );
    if (!priced) continue;
    const bucket = priceBucket(p.amount as number);
    if (p.brand !== null) r.addPrice(a.cell, p.brand, p.currency as string, 1, bucket, sign);
    for (const b of onShelf) r.addPrice(a.cell, b, p.currency as string, 0, bucket, sign);
  }
}

function adRows(r: RollupSink, a: AnswerFacts, sign: 1 | -1): void {
  const byAdvertiser = countBy(a.ads, (ad) => (ad.brand !== null ? `#${ad.brand}` : ad.advertiser));
  for (const [key, slots] of byAdvertiser) {
    const tracked = typeof key === 'string' && key.startsWith('#');
    const brand = tracked ? Number((key as string).slice(1)) : NO_BRAND;
    r.add('com_advertisers', a.cell, [tracked ? '' : (key as string), brand], [1, slots], sign);
  }
  const paid = countBy(
    a.ads.filter((ad) => ad.brand !== null),
    (ad) => ad.brand as number,
  );
  for (const victim of new Set(a.promptBrands))
    for (const [brand, slots] of paid)
      if (brand !== victim) r.add('com_conquest', a.cell, [victim, brand as number], [1, slots], sign);
}

/** Adds (sign 1) or takes out (sign −1) one answer's share of every roll-up. */
export function contribute(r: RollupSink, a: AnswerFacts, sign: 1 | -1): void {
  const x = a.products.length;
  const xa = a.ads.length;
  r.add(
    'com_cells',
    a.cell,
    [],
    [1, a.asked ? 1 : 0, x > 0 ? 1 : 0, xa > 0 ? 1 : 0, x, x * x, xa, xa * xa],
    sign,
  );
  brandRows(r, a, sign);
  productRows(r, a, sign);
  adRows(r, a, sign);
}
