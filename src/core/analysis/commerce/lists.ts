import type { BrandView } from '../../../shared/ipc/channels/library';
import {
  rateOf,
  type AdList,
  type AdvertiserRow,
  type ConquestRow,
  type ProductPrice,
  type ProductRow,
} from '../../../shared/commerce';
import type { ComFilter, ComProductDay, HistoryStore } from '../../history';
import { isoDay } from '../visibility';
import { NO_CELLS } from './brand-rows';

// `parallax products` and `parallax ads`: the top products with their prices per location and
// merchant and how they moved, the advertisers (tracked or not) and the conquest list.

function priceOf(rows: readonly ComProductDay[]): ProductPrice {
  const first = rows[0] as ComProductDay;
  const priced = rows.filter((r) => r.priced > 0).sort((a, b) => a.day - b.day);
  const sumOf = (f: (r: ComProductDay) => number) => rows.reduce((s, r) => s + f(r), 0);
  const dayMean = (r: ComProductDay | undefined) =>
    r ? { day: isoDay(r.day), mean: r.priceSum / r.priced } : null;
  const firstDay = dayMean(priced[0]);
  const lastDay = dayMean(priced[priced.length - 1]);
  const pricedSlots = sumOf((r) => r.priced);
  return {
    location: first.loc,
    currency: first.currency,
    merchant: first.merchant === '' ? null : first.merchant,
    slots: sumOf((r) => r.slots),
    mean: pricedSlots > 0 ? sumOf((r) => r.priceSum) / pricedSlots : null,
    first: firstDay,
    last: priced.length > 1 ? lastDay : null,
    change:
      firstDay && lastDay && priced.length > 1 && firstDay.mean > 0 ? lastDay.mean / firstDay.mean - 1 : null,
  };
}

function groupBy<T>(items: readonly T[], keyOf: (item: T) => string): Map<string, T[]> {
  const out = new Map<string, T[]>();
  for (const item of items) {
    const key = keyOf(item);
    const group = out.get(key);
    if (group) group.push(item);
    else out.set(key, [item]);
  }
  return out;
}

export function productList(
  store: HistoryStore,
  filter: ComFilter,
  brands: readonly BrandView[],
  onlyBrand: string | undefined,
  limit: number,
): ProductRow[] {
  const days = store.comProductDays(filter);
  const products = groupBy(days, (r) => `${r.title}\u0001${r.brandId ?? ''}`);
  const rows = [...products.values()].map((rows): ProductRow => {
    const first = rows[0] as ComProductDay;
    const slots = rows.reduce((s, r) => s + r.slots, 0);
    const prices = [...groupBy(rows, (r) => `${r.loc}\u0001${r.currency}\u0001${r.merchant}`).values()]
      .map(priceOf)
      .sort((a, b) => b.slots - a.slots);
    return {
      title: first.title,
      brand: brands.find((b) => b.id === first.brandId)?.name ?? null,
      brandId: first.brandId,
      slots,
      avgPosition: slots > 0 ? rows.reduce((s, r) => s + r.posSum, 0) / slots : null,
      prices,
    };
  });
  return rows
    .filter((r) => onlyBrand === undefined || r.brandId === onlyBrand)
    .sort((a, b) => b.slots - a.slots || a.title.localeCompare(b.title))
    .slice(0, limit);
}

export function adList(
  store: HistoryStore,
  filter: ComFilter,
  brands: readonly BrandView[],
): Omit<AdList, 'period'> {
  const cells = store.comCells(filter)[0] ?? NO_CELLS;
  const byId = new Map(brands.map((b) => [b.id, b]));
  const advertisers = store.comAdvertisers(filter).map((a): AdvertiserRow => {
    const brand = a.brandId === null ? undefined : byId.get(a.brandId);
    return {
      advertiser: brand?.name ?? a.advertiser,
      brandId: a.brandId,
      kind: brand?.kind ?? null,
      answers: a.answers,
      slots: a.slots,
      presence: rateOf(a.answers, cells.ads),
    };
  });
  const conquest = store.comConquest(filter).flatMap((c): ConquestRow[] => {
    const victim = byId.get(c.victimId);
    const rival = byId.get(c.brandId);
    if (victim?.kind !== 'brand' || rival?.kind !== 'competitor') return [];
    return [
      {
        brand: victim.name,
        brandId: victim.id,
        advertiser: rival.name,
        advertiserId: rival.id,
        engine: c.engine,
        answers: c.answers,
        slots: c.slots,
      },
    ];
  });
  return {
    answers: cells.asked,
    withAds: cells.ads,
    adSlots: cells.aslots,
    advertisers,
    untracked: advertisers.filter((a) => a.brandId === null),
    conquest,
  };
}
