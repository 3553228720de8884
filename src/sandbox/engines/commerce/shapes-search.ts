import type { Answer } from '../answer';
import { redirectLink } from '../redirect';
import type { ShelfAd } from './ads';
import { commerceOf } from './build';
import { currencySymbol, type PrintedPrice } from './prices';
import { valuePrice } from './shapes-assistants';
import type { ShelfProduct } from './shelf';

// The shelf and ads in the search family's shapes (service facts §3.1, 3.7, 3.9): web search's
// shopping cards (reviews as a string such as "1.2K", no product link), its ads with their
// block (top, middle, bottom, rhs) and type (RESULT, SHOPPING_CARD), the AI overview's ads
// (TEXT, SHOPPING, `old_price`), at most one product result; the AI mode's cards, inline
// products (ISO currency codes), its ads object and the product results include.expandProducts
// asks for.

type Json = Record<string, unknown>;

/** "845", "1.2K", "26K": review counts as the search engine prints them. */
export function compactCount(n: number): string {
  if (n < 1000) return String(n);
  const k = n / 1000;
  return `${k < 10 ? Math.round(k * 10) / 10 : Math.round(k)}K`;
}

const SEARCH_BLOCK: Readonly<Record<ShelfAd['block'], string>> = {
  top: 'top',
  middle: 'middle',
  bottom: 'bottom',
  side: 'rhs',
};

/** Web search's shoppingCards (popular products first). */
export function searchShopping(answer: Answer): Json[] | null {
  const { products } = commerceOf(answer);
  if (products.length === 0) return null;
  const symbol = currencySymbol(answer.locale);
  return products.map((p, i) => ({
    title: p.title,
    position: i + 1,
    ...(p.oldPrice ? { promoLabel: answer.phrases.bestPrice } : {}),
    category: i < 3 ? 'Popular products' : 'More products',
    ...cardFields(p, symbol),
  }));
}

/** What every search-family shopping card carries: price, old price, shop, rating, reviews, image. */
function cardFields(p: ShelfProduct, symbol: string): Json {
  return {
    price: valuePrice(p.price, symbol),
    ...(p.oldPrice ? { oldPrice: valuePrice(p.oldPrice, symbol) } : {}),
    store: p.offers[0]?.merchant ?? '',
    rating: p.rating,
    reviews: compactCount(p.reviews),
    thumbnail: p.image,
  };
}

/** Web search's ads: text results and shopping cards, each in its block. */
export function searchAds(answer: Answer): Json[] {
  const symbol = currencySymbol(answer.locale);
  return commerceOf(answer).ads.map((ad, i) => ({
    position: i + 1,
    blockPosition: SEARCH_BLOCK[ad.block],
    type: ad.type === 'shopping' ? 'SHOPPING_CARD' : 'RESULT',
    title: ad.title,
    url: ad.url,
    page: 1,
    displayedUrl: ad.host,
    domain: ad.host,
    description: ad.body,
    ...(ad.product ? shoppingAdFields(ad.product, ad, symbol, answer) : {}),
  }));
}

function shoppingAdFields(p: ShelfProduct, ad: ShelfAd, symbol: string, answer: Answer): Json {
  return {
    category: answer.categoryName,
    price: valuePrice(p.price, symbol),
    ...(p.oldPrice ? { oldPrice: valuePrice(p.oldPrice, symbol) } : {}),
    store: ad.kind === 'retailer' ? ad.advertiser : (p.offers[0]?.merchant ?? ad.advertiser),
    imageUrl: p.image,
  };
}

/** The AI overview's ads (type TEXT or SHOPPING; its old price is `old_price`). */
export function overviewAds(answer: Answer): Json[] {
  const symbol = currencySymbol(answer.locale);
  return commerceOf(answer)
    .ads.filter((ad) => ad.block === 'top')
    .map((ad, i) => ({
      position: i + 1,
      title: ad.title,
      url: ad.url,
      type: ad.product ? 'SHOPPING' : 'TEXT',
      domain: ad.host,
      description: ad.body,
      ...(ad.product
        ? {
            price: valuePrice(ad.product.price, symbol),
            ...(ad.product.oldPrice ? { old_price: valuePrice(ad.product.oldPrice, symbol) } : {}),
            store: ad.product.offers[0]?.merchant ?? ad.advertiser,
            image: ad.product.image,
          }
        : {}),
    }));
}

/** One product's merchant offers (ProductResult): prices with their ISO code. */
export function productResult(p: ShelfProduct): Json {
  const iso = (price: PrintedPrice): Json => ({
    value: price.value,
    currency: price.currency,
    raw: price.raw,
  });
  return {
    title: p.title,
    stores: p.offers.map((o) => ({
      name: o.merchant,
      link: o.url,
      redirectLink: redirectLink(o.url),
      price: iso(o.price),
      ...(o.available ? {} : { buyingOptions: ['Out of stock'] }),
      rating: p.rating,
      reviews: compactCount(p.reviews),
    })),
    aboutTheProduct: { description: `${p.brand} · ${p.title}`, features: [] },
    images: [{ mainUrl: p.image, title: p.title }],
    rating: p.rating,
    reviews: compactCount(p.reviews),
  };
}

/** Web search's product result: at most one, for the first product, on some product queries. */
export function searchProductResults(answer: Answer): Json[] | null {
  const first = commerceOf(answer).products[0];
  if (!first || answer.key % 2 === 0) return null;
  return [productResult(first)];
}

/** The AI mode's shoppingCards and inlineProducts (the inline ones priced with ISO codes). */
export function searchAiShopping(answer: Answer): { shoppingCards: Json[]; inlineProducts: Json[] } | null {
  const { products } = commerceOf(answer);
  if (products.length === 0) return null;
  const symbol = currencySymbol(answer.locale);
  return {
    shoppingCards: products.map((p, i) => ({
      position: i + 1,
      title: p.title,
      ...cardFields(p, symbol),
      productLink: p.url,
    })),
    inlineProducts: products.slice(0, 2).map((p, i) => ({
      title: p.title,
      position: i + 1,
      price: valuePrice(p.price, p.price.currency),
      ...(p.oldPrice ? { oldPrice: valuePrice(p.oldPrice, p.oldPrice.currency) } : {}),
      store: p.offers[0]?.merchant ?? '',
      thumbnail: p.image,
      productLink: p.url,
    })),
  };
}

/** The AI mode's ads object: a heading and its shopping ads. */
export function searchAiAds(answer: Answer): Json | null {
  const ads = commerceOf(answer).ads;
  if (ads.length === 0) return null;
  const symbol = currencySymbol(answer.locale);
  return {
    title: answer.phrases.adsHeading,
    ads: ads.map((ad, i) => ({
      title: ad.title,
      url: ad.url,
      position: i + 1,
      price: ad.product ? valuePrice(ad.product.price, symbol) : { raw: '' },
      store: ad.kind === 'retailer' ? ad.advertiser : (ad.product?.offers[0]?.merchant ?? ad.advertiser),
      ...(ad.product ? { rating: ad.product.rating, reviews: compactCount(ad.product.reviews) } : {}),
      redirectLink: redirectLink(ad.url),
      imageUrl: `https://${ad.host}/ad.jpg`,
    })),
  };
}

/** The AI mode's productResults (include.expandProducts): at most six clusters, +1 credit each. */
export function searchAiProductResults(answer: Answer): Json[] {
  return commerceOf(answer).products.slice(0, 6).map(productResult);
}
