import { hostnameOf } from '../analytics/url-normalize';
import { parseCount } from './counts';
import { priceOfField, type ParsedPrice } from './price';
import type { AdBlock, AdType, ProductSurface, SlotPrice } from './types';

// The commerce layer of one answer read from the service's own result, every engine's shape
// (../shared/spec/service-facts.md): shopping cards grouped in cards (assistant-a, -b, -d) or
// flat (assistant-e, search, search-ai), inline products, product results, and ads as a list
// (assistant-a's brand cards, the web search's blocks, the AI overview's) or as an object
// (search-ai). Brands are told apart later (commerce-brands.ts): this reads what is written.

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);
const objects = (v: unknown): Obj[] => (Array.isArray(v) ? v.filter(isObj) : []);
const text = (v: unknown): string | null => (typeof v === 'string' && v.trim() !== '' ? v.trim() : null);
const first = (...vs: unknown[]): string | null => {
  for (const v of vs) {
    const s = text(v);
    if (s !== null) return s;
  }
  return null;
};
const num = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);

export interface ExtractedProduct {
  surface: ProductSurface;
  position: number;
  title: string;
  productId: string | null;
  brandText: string | null;
  merchant: string | null;
  offerMerchants: string[];
  /** The product's offers (assistant-a, -b) and stores (product results), in order. */
  offers: ExtractedOffer[];
  price: SlotPrice | null;
  oldPrice: SlotPrice | null;
  rating: number | null;
  reviews: number | null;
  available: boolean | null;
}

export interface ExtractedOffer {
  merchant: string | null;
  price: SlotPrice | null;
  available: boolean | null;
}

export interface ExtractedAd {
  block: AdBlock;
  type: AdType;
  position: number;
  /** The advertiser's own name where the engine gives one (assistant-a's brand, a store). */
  name: string | null;
  title: string;
  domain: string | null;
}

export interface ExtractedCommerce {
  products: ExtractedProduct[];
  ads: ExtractedAd[];
}

const slotPrice = (p: ParsedPrice | null): SlotPrice | null =>
  p === null ? null : { amount: p.amount, currency: p.currency, raw: p.raw, range: p.range };

/** The service's whole response `{success, result}` or the result itself. */
function resultOf(raw: unknown): Obj {
  if (!isObj(raw)) return {};
  return isObj(raw.result) ? raw.result : raw;
}

function offersOf(p: Obj, country: string | null): ExtractedOffer[] {
  return [
    ...objects(p.offers).map((o) => ({
      merchant: first(o.merchant_name, o.merchantName, o.seller_name, o.merchant, o.store),
      price: slotPrice(
        priceOfField(o.price ?? (isObj(o.price_details) ? o.price_details.total : null), country),
      ),
      available: typeof o.available === 'boolean' ? o.available : null,
    })),
    ...objects(p.stores).map((st) => ({
      merchant: first(st.name),
      price: slotPrice(priceOfField(st.price, country)),
      available: null,
    })),
  ];
}

function offerMerchants(offers: readonly ExtractedOffer[], own: string | null): string[] {
  const names = offers.map((o) => o.merchant).filter((n): n is string => n !== null && n !== own);
  return [...new Set(names)];
}

/** The price shown and the one struck through; a discount price replaces the list price. */
function pricesOf(p: Obj, country: string | null): { price: SlotPrice | null; oldPrice: SlotPrice | null } {
  const firstStore = objects(p.stores)[0];
  const firstOffer = objects(p.offers)[0];
  const listed =
    priceOfField(p.price, country) ?? (firstStore ? priceOfField(firstStore.price, country) : null);
  const discount = isObj(p.discountPrice) ? priceOfField(p.discountPrice, country) : null;
  const old = priceOfField(p.oldPrice ?? p.old_price ?? p.original_price, country);
  const price = discount ?? listed ?? (firstOffer ? priceOfField(firstOffer.price, country) : null);
  return { price: slotPrice(price), oldPrice: slotPrice(discount ? listed : old) };
}

function productOf(
  p: Obj,
  surface: ProductSurface,
  order: number,
  country: string | null,
): ExtractedProduct | null {
  const title = first(p.title, p.name, p.product_name);
  if (title === null) return null;
  const offers = objects(p.offers);
  const offerList = offersOf(p, country);
  const merchant = first(p.merchant, p.seller, p.store, p.merchant_name, objects(p.stores)[0]?.name);
  const rating = isObj(p.rating) ? num(p.rating.value) : num(p.rating);
  const reviews = parseCount(
    p.num_reviews ?? p.numReviews ?? p.reviewCount ?? p.reviews ?? (isObj(p.rating) ? p.rating.count : null),
  );
  const idField = isObj(p.product) ? p.product.id : (p.id ?? p.productId ?? p.product_id);
  const available =
    typeof p.available === 'boolean'
      ? p.available
      : offers.some((o) => o.available === true)
        ? true
        : offers.length > 0 && offers.every((o) => o.available === false)
          ? false
          : null;
  return {
    surface,
    position: num(p.position) ?? order,
    title,
    productId: typeof idField === 'number' ? String(idField) : text(idField),
    brandText: first(p.brand, p.brandName, p.brand_name, ...offers.map((o) => o.brand)),
    merchant,
    offerMerchants: offerMerchants(offerList, merchant),
    offers: offerList,
    ...pricesOf(p, country),
    rating,
    reviews,
    available,
  };
}

function productsOf(r: Obj, engine: string, country: string | null): ExtractedProduct[] {
  const out: ExtractedProduct[] = [];
  const push = (items: Obj[], surface: ProductSurface): void => {
    items.forEach((item, i) => {
      const product = productOf(item, surface, i + 1, country);
      if (product) out.push(product);
    });
  };
  const cards = [...objects(r.shoppingCards), ...objects(r.shopping_cards)];
  push(
    cards.flatMap((c) => (Array.isArray(c.products) ? objects(c.products) : [c])),
    engine === 'search' ? 'search-shopping-card' : 'shopping-card',
  );
  push(
    objects(r.inlineProducts ?? r.inline_products).map((i) => (isObj(i.product) ? i.product : i)),
    'inline-product',
  );
  push(objects(r.productResults ?? r.product_results), 'product-result');
  return out;
}

/** An engine's block or placement word as the ad block it names. */
export const BLOCKS: Readonly<Record<string, AdBlock>> = {
  top: 'top',
  middle: 'middle',
  bottom: 'bottom',
  rhs: 'side',
  side: 'side',
  right: 'side',
  inline: 'inline',
};

const hostOf = (v: string | null): string | null => (v === null ? null : hostnameOf(v));

function searchAd(ad: Obj, block: AdBlock, order: number): ExtractedAd | null {
  const title = first(ad.title);
  if (title === null) return null;
  const kind = first(ad.type)?.toUpperCase() ?? '';
  const shopping = kind === 'SHOPPING_CARD' || kind === 'SHOPPING' || (kind === '' && ad.price !== undefined);
  return {
    block: BLOCKS[first(ad.blockPosition, ad.placement)?.toLowerCase() ?? ''] ?? block,
    type: shopping ? 'shopping' : 'text',
    position: num(ad.position) ?? order,
    name: first(ad.store, ad.advertiser),
    title,
    domain: hostOf(first(ad.domain)) ?? hostOf(first(ad.displayedUrl)) ?? hostOf(first(ad.url, ad.link)),
  };
}

/** assistant-a's ads: a brand and its cards; only ads the engine shows (not "hidden"). */
function brandAds(ad: Obj, out: ExtractedAd[]): void {
  if (first(ad.visibility)?.toLowerCase() === 'hidden' && ad.rendered !== true) return;
  const brand = isObj(ad.brand) ? ad.brand : {};
  for (const card of objects(ad.cards)) {
    const title = first(card.title);
    if (title === null) continue;
    out.push({
      block: 'inline',
      type: 'text',
      position: out.length + 1,
      name: first(brand.name),
      title,
      domain: hostOf(first(card.url, brand.url)),
    });
  }
}

function adsOf(r: Obj): ExtractedAd[] {
  const out: ExtractedAd[] = [];
  const add = (ad: ExtractedAd | null): void => {
    if (ad) out.push(ad);
  };
  if (Array.isArray(r.ads)) {
    objects(r.ads).forEach((ad, i) => {
      if (Array.isArray(ad.cards) || isObj(ad.brand)) brandAds(ad, out);
      else add(searchAd(ad, 'top', i + 1));
    });
  } else if (isObj(r.ads)) {
    objects(r.ads.ads).forEach((ad, i) => add(searchAd(ad, 'inline', i + 1)));
  }
  const aio = isObj(r.aioverview) ? r.aioverview : {};
  objects(aio.ads).forEach((ad, i) => add(searchAd(ad, 'inline', i + 1)));
  return out;
}

/** A shopping ad is also a product slot (surface 'shopping-ad'), with its price and store. */
function shoppingAdProducts(r: Obj, country: string | null): ExtractedProduct[] {
  const aio = isObj(r.aioverview) ? r.aioverview : {};
  const listed = Array.isArray(r.ads) ? objects(r.ads) : isObj(r.ads) ? objects(r.ads.ads) : [];
  const ads = [...listed, ...objects(aio.ads)].filter((ad) => {
    const kind = first(ad.type)?.toUpperCase() ?? '';
    return kind === 'SHOPPING_CARD' || kind === 'SHOPPING' || (kind === '' && ad.price !== undefined);
  });
  return ads
    .map((ad, i) => productOf(ad, 'shopping-ad', i + 1, country))
    .filter((p): p is ExtractedProduct => p !== null);
}

/**
 * Every product slot and ad slot of an answer asked on `engine` from `country` (ISO 3166
 * alpha-2: it tells "$" and "¥" apart; unknown, those prices keep no currency).
 */
export function extractCommerce(engine: string, raw: unknown, country: string | null): ExtractedCommerce {
  const r = resultOf(raw);
  return {
    products: [...productsOf(r, engine, country), ...shoppingAdProducts(r, country)],
    ads: adsOf(r),
  };
}
