import type { Answer } from '../answer';
import { hostOf, type ShelfProduct } from './shelf';
import type { ShelfAd } from './ads';
import { currencySymbol, type PrintedPrice } from './prices';
import { commerceOf } from './build';

// The shelf and ads in the assistants' own shapes (service facts §3.2-3.6): assistant-a's
// snake_case products with offers and its ads, assistant-b's `shopping_cards` (prices as
// strings), assistant-d's cards with `{amount, currency, currencySymbol}`, assistant-e's flat
// cards with `{value, currency, raw}` (an instalment: raw only). Positions are flat, 1-based
// across an answer's cards.

type Json = Record<string, unknown>;

const OUT_OF_STOCK: Readonly<Record<string, string>> = {
  en: 'Out of stock',
  de: 'Nicht auf Lager',
  fr: 'Rupture de stock',
  es: 'Agotado',
  it: 'Esaurito',
  pt: 'Esgotado',
  ja: '在庫切れ',
  ru: 'Нет в наличии',
  ar: 'غير متوفر',
};

/** Cards of at most four products each, as the assistants group them. */
function cards<T>(items: T[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += 4) out.push(items.slice(i, i + 4));
  return out;
}

function aProduct(answer: Answer, p: ShelfProduct, position: number): Json {
  const { phrases, locale } = answer;
  const first = p.offers[0];
  return {
    title: p.title,
    position,
    url: p.url,
    price: p.price.raw,
    featured_tag: position === 1 ? phrases.bestPrice : null,
    merchant: p.offers.length > 1 ? `${first?.merchant ?? ''} + others` : (first?.merchant ?? ''),
    image_urls: [p.image],
    rating: p.rating,
    num_reviews: p.reviews,
    id: p.id,
    offers: p.offers.map((o, i) => ({
      merchant_name: o.merchant,
      marketplace_seller: null,
      seller_name: o.merchant,
      brand: p.brand,
      product_name: p.title,
      url: o.url,
      price: o.price.raw,
      ...(i === 0 && p.oldPrice ? { original_price: p.oldPrice.raw } : {}),
      details: o.available ? phrases.inStock : (OUT_OF_STOCK[locale.lang] ?? 'Out of stock'),
      available: o.available,
      checkoutable: false,
      price_details: { base: o.price.raw, total: o.price.raw },
      tag: i === 0 ? { text: phrases.bestPrice } : null,
    })),
  };
}

/** assistant-a's shoppingCards and inlineProducts (include.shopping). */
export function assistantAShopping(answer: Answer): { shoppingCards: Json[]; inlineProducts: Json[] } | null {
  const { products } = commerceOf(answer);
  if (products.length === 0) return null;
  const shaped = products.map((p, i) => aProduct(answer, p, i + 1));
  return {
    shoppingCards: cards(shaped).map((group, i) => ({
      tags: [i === 0 ? answer.categoryName : answer.phrases.bestPrice],
      products: group,
    })),
    inlineProducts: shaped
      .slice(0, 2)
      .map((product, i) => ({ render_as: i === 0 ? 'hero' : 'inline', product })),
  };
}

/** assistant-a's ads (include.ads): one served ad renders. */
export function assistantAAds(answer: Answer): Json[] {
  return commerceOf(answer).ads.map((ad: ShelfAd, i) => ({
    brand: { name: ad.advertiser, url: `https://${ad.host}`, favicon: `https://${ad.host}/favicon.ico` },
    cards: [{ title: ad.title, body: ad.body, url: ad.url, image: `https://${ad.host}/ad.jpg` }],
    visibility: 'allowed',
    adsResponseIndex: i,
    rendered: i === 0,
  }));
}

/** assistant-b's shopping_cards (prices as strings, snake_case and camelCase mixed as it sends them). */
export function assistantBShopping(answer: Answer): Json[] | null {
  const { products } = commerceOf(answer);
  if (products.length === 0) return null;
  const shaped = products.map((p, i) => ({
    title: p.title,
    id: p.id,
    url: p.url,
    price: p.price.raw,
    merchant: p.offers[0]?.merchant ?? '',
    available: p.available,
    imageUrls: [p.image],
    numReviews: p.reviews,
    position: i + 1,
    rating: p.rating,
    original_price: p.oldPrice?.raw ?? null,
    offers: p.offers.map((o, j) => ({
      url: o.url,
      price: o.price.raw,
      merchant_name: o.merchant,
      product_name: p.title,
      available: o.available,
      price_details: { display_price: o.price.raw },
      original_price: j === 0 ? (p.oldPrice?.raw ?? null) : null,
    })),
  }));
  return cards(shaped).map((group) => ({ tags: [answer.categoryName], products: group }));
}

const amountOf = (answer: Answer, price: PrintedPrice): Json => ({
  amount: price.value,
  currency: price.currency,
  currencySymbol: currencySymbol(answer.locale),
});

/** assistant-d's shoppingCards (prices as numbers with their currency). */
export function assistantDShopping(answer: Answer): Json[] | null {
  const { products } = commerceOf(answer);
  if (products.length === 0) return null;
  const shaped = products.map((p, i) => ({
    product: { id: p.id, groupId: `g${p.id}`, brandGroupId: `b${p.brand.length}${p.id.slice(-4)}` },
    position: i + 1,
    offerId: `o${p.id}`,
    url: p.url,
    name: p.title,
    description: `${p.brand} · ${answer.categoryName}`,
    images: [{ title: p.title, url: p.image }],
    specifications: [],
    tags: p.oldPrice ? [answer.phrases.bestPrice] : [],
    price: amountOf(answer, p.price),
    discountPrice: null,
    seller: p.offers[0]?.merchant ?? '',
    sellerLogoUrl: `https://${hostOf(p.offers[0]?.merchant ?? p.brand, answer.locale)}/logo.png`,
    brandName: p.brand,
    rating: { value: p.rating, count: p.reviews, maxRating: 5 },
    canTrackPrice: true,
  }));
  return cards(shaped).map((group) => ({ type: 'shoppingProducts', layout: 'Carousel', products: group }));
}

/** A price as the search family and assistant-e send it: `{value, currency, raw}`; an instalment only its text. */
export function valuePrice(price: PrintedPrice, currency: string, rawOnly = false): Json {
  if (price.amount === null) return rawOnly ? { raw: price.raw } : { currency, raw: price.raw };
  return { value: price.amount, currency, raw: price.raw };
}

/** assistant-e's flat shoppingCards. */
export function assistantEShopping(answer: Answer): Json[] | null {
  const { products } = commerceOf(answer);
  if (products.length === 0) return null;
  const symbol = currencySymbol(answer.locale);
  return products.map((p, i) => ({
    position: i + 1,
    title: p.title,
    productLink: p.url,
    productId: p.id,
    price: valuePrice(p.price, symbol, true),
    ...(p.oldPrice ? { oldPrice: valuePrice(p.oldPrice, symbol, true) } : {}),
    store: p.offers[0]?.merchant ?? '',
    storeLink: `https://${hostOf(p.offers[0]?.merchant ?? p.brand, answer.locale)}`,
    storeCount: p.offers.length,
    rating: p.rating,
    reviews: p.reviews,
    brand: p.brand,
    thumbnail: p.image,
  }));
}
