import { hashParts } from '../../core/prng';

// What happens on the shelves and in the ads over time, drawn per category and fortnight
// f (days 14f..14f+13) from hash(seed, kind, category, f), like the rank events (drift.ts):
//   price-cut  (75 % of fortnights): one global brand's product is 25 % cheaper in every
//              country, on every engine, for 14 days from 14f+k, k in 0-6;
//   delist     (60 %): one global brand's product leaves every shelf for 5-9 days;
//   conquest   (75 %): one global brand starts buying ads on the answers that name another
//              (the prompt or the answer's list), for 10-14 days: its ads beside a
//              competitor's name.
// Sandbox options may add scripted events (SandboxOptions.commerceEvents) on top.

export type CommerceEventKind = 'price-cut' | 'delist' | 'conquest';

export interface CommerceEvent {
  kind: CommerceEventKind;
  /** price-cut, delist: the brand whose product it is; conquest: the advertiser. */
  brand: string;
  /** conquest: the brand whose answers the advertiser's ads appear on. */
  target?: string;
  /** price-cut: the share taken off (0.25 is 25 % off). */
  cut?: number;
  /** First and last UTC day numbers (inclusive). */
  fromDay: number;
  toDay: number;
}

const PERIOD = 14;
export const PRICE_CUT = 0.25;
const unit = (h: number): number => (h % 100_000) / 100_000;

/** The commerce events that start in fortnight `period` for one category. */
export function scheduledCommerceEvents(
  seed: number,
  categoryId: string,
  brands: readonly string[],
  period: number,
): CommerceEvent[] {
  if (brands.length < 2) return [];
  const out: CommerceEvent[] = [];
  const pick = (h: number, shift: number): string => brands[(h >>> shift) % brands.length] as string;
  const cut = hashParts(seed, 'price-cut', categoryId, period);
  if (unit(cut) < 0.75) {
    const from = period * PERIOD + ((cut >>> 3) % 7);
    out.push({ kind: 'price-cut', brand: pick(cut, 7), cut: PRICE_CUT, fromDay: from, toDay: from + 13 });
  }
  const delist = hashParts(seed, 'delist', categoryId, period);
  if (unit(delist) < 0.6) {
    const from = period * PERIOD + ((delist >>> 3) % 7);
    out.push({
      kind: 'delist',
      brand: pick(delist, 7),
      fromDay: from,
      toDay: from + 4 + ((delist >>> 15) % 5),
    });
  }
  const conquest = hashParts(seed, 'conquest', categoryId, period);
  if (unit(conquest) < 0.75) {
    const from = period * PERIOD + ((conquest >>> 3) % 7);
    const advertiser = (conquest >>> 7) % brands.length;
    const target = (advertiser + 1 + ((conquest >>> 11) % (brands.length - 1))) % brands.length;
    out.push({
      kind: 'conquest',
      brand: brands[advertiser] as string,
      target: brands[target] as string,
      fromDay: from,
      toDay: from + 9 + ((conquest >>> 15) % 5),
    });
  }
  return out;
}

/** The commerce events of a category active on `day`: the scheduled ones, then the scripted ones. */
export function commerceEventsOn(
  seed: number,
  categoryId: string,
  brands: readonly string[],
  day: number,
  scripted: readonly CommerceEvent[] = [],
): CommerceEvent[] {
  const period = Math.floor(day / PERIOD);
  const out: CommerceEvent[] = [];
  // An event starts in its fortnight and lasts at most 14 days: this one's and the last one's can be on.
  for (const p of [period - 1, period])
    for (const e of scheduledCommerceEvents(seed, categoryId, brands, p))
      if (day >= e.fromDay && day <= e.toDay) out.push(e);
  for (const e of scripted) if (day >= e.fromDay && day <= e.toDay) out.push(e);
  return out;
}

/** Every scheduled commerce event that overlaps UTC days fromDay..toDay, by start. */
export function commerceEventsBetween(
  seed: number,
  categoryId: string,
  brands: readonly string[],
  fromDay: number,
  toDay: number,
): CommerceEvent[] {
  const out: CommerceEvent[] = [];
  for (let p = Math.floor(fromDay / PERIOD) - 1; p <= Math.floor(toDay / PERIOD); p++)
    for (const e of scheduledCommerceEvents(seed, categoryId, brands, p))
      if (e.toDay >= fromDay && e.fromDay <= toDay) out.push(e);
  return out.sort((a, b) => a.fromDay - b.fromDay);
}
