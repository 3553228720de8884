import { hashParts } from '../../core/prng';
import type { Answer } from '../answer';
import { productLineOf, slug } from '../catalog';
import { smooth } from '../drift';
import type { Locale } from '../locales';
import { XSS_PAYLOADS } from '../xss';
import { commerceEventsOn, type CommerceEvent } from './events';
import { merchantsOf } from './merchants';
import { moneyOf, printPrice, scaleMoney, type Money, type PriceStyle, type PrintedPrice } from './prices';

// The products an answer's shopping surfaces show, beside (not from) its text: which brands are
// on the shelf (the answer's brands are likelier, but a named brand can be missing and an
// unnamed one shown), in what order, at what price from which shops, drifting by day with the
// commerce events (events.ts). Everything is a hash of the seed, engine, prompt, country and day:
// the answer's own random draws are left alone, so its text, sources and brands stay the same
// whether commerce is asked for or not.

export interface ShelfOffer {
  merchant: string;
  url: string;
  price: PrintedPrice;
  available: boolean;
}

export interface ShelfProduct {
  id: string;
  title: string;
  brand: string;
  price: PrintedPrice;
  /** The price before a cut or a sale, printed plain. */
  oldPrice?: PrintedPrice;
  /** Best first: the product's own price is the first offer's. */
  offers: ShelfOffer[];
  rating: number;
  reviews: number;
  available: boolean;
  url: string;
  image: string;
}

const unit = (h: number): number => (h % 100_000) / 100_000;

export function hostOf(name: string, locale: Locale): string {
  return `www.${slug(name) || `shop${hashParts(name) % 1000}`}${locale.tld}`;
}

/** A price style for one product on one engine: mostly plain; ranges in GB, instalments in BR. */
function styleOf(answer: Answer, brand: string): PriceStyle {
  const { seed, engine, country } = answer.input;
  const h = hashParts(seed, 'price-style', engine, brand, country) % 100;
  if (country === 'GB' && h < 25) return 'range';
  if (country === 'BR' && h < 25) return 'installment';
  if (h < 8) return 'from';
  if (h < 13) return 'range';
  if (h < 18) return 'installment';
  return 'plain';
}

/** The brands on the shelf, best placed first (at most 6, without delisted ones). */
function shelfBrands(answer: Answer, events: readonly CommerceEvent[]): string[] {
  const { seed, engine, country, day } = answer.input;
  const named = new Set(answer.brands.map((b) => b.name));
  const locals = answer.brands.filter((b) => b.local).map((b) => b.name);
  const delisted = new Set(events.filter((e) => e.kind === 'delist').map((e) => e.brand));
  const candidates = [...new Set([...answer.category.global, ...locals])].filter((b) => !delisted.has(b));
  const scored = candidates.map((brand) => ({
    brand,
    score:
      unit(hashParts(seed, 'shelf', engine, country, brand)) +
      (named.has(brand) ? 0.35 : 0) +
      0.25 * smooth(hashParts(seed, 'shelf-trend', country, brand), day, 10),
  }));
  scored.sort((a, b) => b.score - a.score || (a.brand < b.brand ? -1 : 1));
  const count = 4 + (hashParts(seed, 'shelf-size', engine, answer.input.prompt, country) % 3);
  return scored.slice(0, count).map((s) => s.brand);
}

/** The product's price today in the country: list price, a little daily drift, a cut when one is on. */
function pricesOf(
  answer: Answer,
  brand: string,
  events: readonly CommerceEvent[],
): { now: Money; was?: Money } {
  const { seed, country, day } = answer.input;
  const [lo, hi] = answer.category.usd;
  const list = lo + ((hashParts(brand, answer.category.id) % 1000) / 1000) * (hi - lo);
  const drifted = list * (1 + 0.03 * smooth(hashParts(seed, 'price', brand, country), day, 7));
  const cut = events.find((e) => e.kind === 'price-cut' && e.brand === brand)?.cut ?? 0;
  const onSale = cut === 0 && unit(hashParts(seed, 'sale', brand, country, Math.floor(day / 7))) < 0.15;
  const now = moneyOf(answer.locale, drifted * (1 - cut) * (onSale ? 0.85 : 1));
  return cut > 0 || onSale ? { now, was: moneyOf(answer.locale, drifted) } : { now };
}

function offersOf(answer: Answer, brand: string, product: string, now: Money): ShelfOffer[] {
  const { seed, country, day } = answer.input;
  const shops = merchantsOf(answer.locale.region);
  const week = Math.floor(day / 7);
  const count = 1 + (hashParts(seed, 'offers', brand, country, week) % 3);
  const first = hashParts(seed, 'stock', brand, country, week) % shops.length;
  return Array.from({ length: count }, (_, i) => {
    const merchant = shops[(first + i * 2) % shops.length] as string;
    const money = i === 0 ? now : scaleMoney(now, 1 + 0.04 * i);
    return {
      merchant,
      url: `https://${hostOf(merchant, answer.locale)}/p/${slug(brand)}-${slug(product)}`,
      price: printPrice(answer.locale, money, 'plain'),
      available: i === 0 || unit(hashParts(seed, 'available', merchant, brand, country, day)) < 0.85,
    };
  });
}

/** The shelf of one answer (empty for categories nobody shops for). */
export function shelfOf(answer: Answer): ShelfProduct[] {
  if (!answer.category.shopping) return [];
  const { seed, country, day } = answer.input;
  const events = commerceEventsOn(
    seed,
    answer.category.id,
    answer.category.global,
    day,
    answer.input.commerceEvents,
  );
  return shelfBrands(answer, events).map((brand, i) => {
    const line = productLineOf(answer.category, brand);
    const { now, was } = pricesOf(answer, brand, events);
    const offers = offersOf(answer, brand, line, now);
    const price = printPrice(answer.locale, now, styleOf(answer, brand));
    const hostile = answer.xss ? ` ${XSS_PAYLOADS[i % XSS_PAYLOADS.length]}` : '';
    if (answer.xss && offers[0]) offers[0].merchant += ` ${XSS_PAYLOADS[(i + 2) % XSS_PAYLOADS.length]}`;
    return {
      id: String(hashParts(brand, line, country)),
      title: `${brand} ${line}${hostile}`,
      brand,
      price,
      ...(was ? { oldPrice: printPrice(answer.locale, was, 'plain') } : {}),
      offers,
      rating: Math.round((3.8 + (hashParts(brand, 'rating') % 110) / 100) * 10) / 10,
      reviews: 50 + (hashParts(brand, 'reviews', country) % 25_000),
      available: unit(hashParts(seed, 'in-stock', brand, country, day)) < 0.92,
      url: offers[0]?.url ?? `https://${hostOf(brand, answer.locale)}/`,
      image: `https://img.${slug(brand) || 'brand'}${answer.locale.tld}/${slug(line) || 'product'}.jpg`,
    };
  });
}
