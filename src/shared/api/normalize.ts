import { parsePrice } from '../commerce/price';
import type { EngineName } from './engines';
import type {
  NormalizedAd,
  NormalizedEntity,
  NormalizedOffer,
  NormalizedPeopleAlsoAsk,
  NormalizedProduct,
  NormalizedResult,
  NormalizedSource,
  SourceKind,
} from '../domain/result';
import { assistantAShape, unwrapResult } from './responses';

// Maps every engine's result (service facts §3) onto the engine-independent NormalizedResult
// the store indexes and the analytics read. Defensive throughout: any member may be missing,
// null, of another type or renamed (camelCase and snake_case variants both read), and a part
// an engine lacks yields an empty list or null. The raw JSON is stored beside this view.

type Obj = Record<string, unknown>;

const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);
const objects = (v: unknown): Obj[] => (Array.isArray(v) ? v.filter(isObj) : []);
const str = (v: unknown): string | null => (typeof v === 'string' && v.length > 0 ? v : null);
const firstStr = (...vs: unknown[]): string | null => {
  for (const v of vs) {
    const s = str(v);
    if (s !== null) return s;
  }
  return null;
};
const strings = (v: unknown): string[] =>
  Array.isArray(v) ? v.filter((s): s is string => typeof s === 'string' && s.length > 0) : [];
/** Items that are objects, or bare URL strings read as `{ url }` (sources, citations, references). */
const links = (v: unknown): Obj[] =>
  Array.isArray(v)
    ? v.flatMap((i): Obj[] =>
        typeof i === 'string' ? (i.length > 0 ? [{ url: i }] : []) : isObj(i) ? [i] : [],
      )
    : [];
/** Search queries as strings or `{ query, engine, limit }` objects. */
const queries = (v: unknown): string[] =>
  Array.isArray(v)
    ? v
        .map((q: unknown) => (typeof q === 'string' ? q : isObj(q) ? firstStr(q.query, q.q, q.text) : null))
        .filter((q): q is string => q !== null && q.length > 0)
    : [];
/**
 * The answer text: `text`, or `content` as some deployments name it; a `content` that is a
 * list of parts (`[{ type: 'text', text }]` or strings) is joined.
 */
function answerText(r: Obj): string | null {
  const own = firstStr(r.text, r.content);
  if (own !== null) return own;
  if (!Array.isArray(r.content)) return null;
  const parts = r.content
    .map((p: unknown) => (typeof p === 'string' ? p : isObj(p) ? firstStr(p.text, p.content) : null))
    .filter((p): p is string => p !== null);
  return parts.length > 0 ? parts.join('\n\n') : null;
}

/** Numbers, numeric strings and counts like "2.3k", "26K", "1,284", "1.2M". */
export function toNumber(v: unknown): number | null {
  if (typeof v === 'number') return Number.isFinite(v) ? v : null;
  if (typeof v !== 'string') return null;
  const m = /(-?\d[\d,]*(?:\.\d+)?)\s*([kKmM])?/.exec(v);
  if (!m?.[1]) return null;
  const n = Number(m[1].replace(/,/g, ''));
  if (!Number.isFinite(n)) return null;
  const suffix = m[2]?.toLowerCase();
  return suffix === 'k' ? Math.round(n * 1_000) : suffix === 'm' ? Math.round(n * 1_000_000) : n;
}

/**
 * An http(s) URL whose host is plain ASCII labels (letters, digits, hyphens; the last starting
 * with a letter, so not an IPv4 address; none punycode) right after "//", then its end or a
 * path, query or fragment: the WHATWG parser's hostname is that host in lower case.
 */
const PLAIN_HOST = /^https?:\/\/((?:[a-z0-9-]+\.)*[a-z][a-z0-9-]*)(?=[/?#]|$)/i;
const PUNYCODE = /(?:^|\.)xn--/i;

/** Host of a URL, lower case, without a leading www. ('' when it is not a URL). */
export function domainOf(url: string | null): string {
  if (!url) return '';
  // Parsing a URL costs about ten times this match, for every source of every answer.
  const plain = PLAIN_HOST.exec(url)?.[1];
  const host = plain !== undefined && !PUNYCODE.test(plain) ? plain.toLowerCase() : parsedHost(url);
  return host.startsWith('www.') ? host.slice(4) : host;
}

function parsedHost(url: string): string {
  try {
    return new URL(url).hostname.toLowerCase();
  } catch {
    return '';
  }
}

/**
 * The amount of a displayed price: "$1,057.50", "57,00 €", "1.234,56 EUR", "¥12,000", a range's
 * low end; null for an instalment ("4x R$ 50,00"). The commerce parser's reading, so a price
 * reads the same in Compare and in the commerce numbers.
 */
export function priceAmount(text: string): number | null {
  return parsePrice(text, null).amount;
}

interface Price {
  price: string | null;
  priceValue: number | null;
  currency: string | null;
}

/** "$57.00", {value, currency, raw} (search family) or {amount, currency, currencySymbol} (assistant-d). */
export function readPrice(v: unknown): Price {
  if (typeof v === 'number') return { price: String(v), priceValue: v, currency: null };
  if (typeof v === 'string') {
    const currency =
      /^\s*([^\d\s.,-][^\d]*?)\s*\d/.exec(v)?.[1] ?? /\d\s*([A-Z]{3}|[^\d\s.,]+)\s*$/.exec(v)?.[1] ?? null;
    return { price: v.length > 0 ? v : null, priceValue: priceAmount(v), currency };
  }
  if (isObj(v)) {
    const value = toNumber(v.value ?? v.amount);
    const currency = firstStr(v.currency, v.currencySymbol);
    const raw = firstStr(v.raw, v.display_price, v.total);
    const price = raw ?? (value !== null ? `${str(v.currencySymbol) ?? ''}${value}` : null);
    return { price, priceValue: value ?? (raw ? priceAmount(raw) : null), currency };
  }
  return { price: null, priceValue: null, currency: null };
}

// ---------------------------------------------------------------------------------------
// Sources

function sourcesOf(items: Obj[], kind: SourceKind, useOwnPosition: boolean): NormalizedSource[] {
  const out: NormalizedSource[] = [];
  for (const item of items) {
    const url = firstStr(item.url, item.uri, item.link, item.websiteUrl, item.website, item.productLink);
    if (!url) continue;
    const own = toNumber(item.position);
    out.push({
      position: useOwnPosition && own !== null && own > 0 ? own : out.length + 1,
      kind,
      url,
      domain:
        domainOf(url) ||
        (str(item.domain)
          ?.toLowerCase()
          .replace(/^www\./, '') ??
          ''),
      title: firstStr(item.label, item.title, item.name, item.siteName, item.metadataTitle),
      snippet: firstStr(item.description, item.snippet, item.preview),
      redirectLink: str(item.redirectLink),
      datePublished: firstStr(item.datePublished, item.date),
    });
  }
  return out;
}

/**
 * `sources`, then `citations` and `references` (other deployments' names for the answer's
 * cited pages), as one list of cited sources: a URL given under two names counts once.
 */
function citedSources(r: Obj): NormalizedSource[] {
  const cited = sourcesOf(links(r.sources), 'cited', true);
  const seen = new Set(cited.map((s) => s.url));
  for (const name of ['citations', 'references'] as const) {
    for (const extra of sourcesOf(links(r[name]), 'cited', false)) {
      if (seen.has(extra.url)) continue;
      seen.add(extra.url);
      cited.push({ ...extra, position: cited.length + 1 });
    }
  }
  return cited;
}

function allSources(r: Obj): NormalizedSource[] {
  const aio = isObj(r.aioverview) ? r.aioverview : {};
  const paaSources = objects(r.peopleAlsoAsk).flatMap((q) => objects(q.sources));
  const videos = [...objects(r.videos), ...objects(aio.videos)];
  const places = [
    ...objects(r.places),
    ...objects(r.map),
    ...objects(r.hotels),
    ...objects(aio.places),
    ...objects(aio.map),
  ];
  return [
    ...citedSources(r),
    ...sourcesOf(objects(r.citationPills), 'citation-pill', false),
    ...sourcesOf(objects(r.organicResults), 'organic', true),
    ...sourcesOf(objects(r.newsResults), 'news', true),
    ...sourcesOf(objects(aio.sources), 'aio-source', true),
    ...sourcesOf(objects(aio.citationPills), 'aio-pill', false),
    ...sourcesOf(paaSources, 'paa-source', false),
    ...sourcesOf(videos, 'video', false),
    ...sourcesOf(places, 'place', false),
  ];
}

// ---------------------------------------------------------------------------------------
// Products

function offersOf(p: Obj): NormalizedOffer[] {
  const offers = objects(p.offers).map((o): NormalizedOffer => {
    const price = readPrice(o.price ?? o.price_details);
    return {
      merchant: firstStr(o.merchant_name, o.merchantName, o.merchant, o.seller_name, o.store, o.name),
      title: firstStr(o.product_name, o.productName, o.title),
      url: firstStr(o.url, o.link),
      price: price.price,
      priceValue: price.priceValue,
      currency: price.currency,
      available: typeof o.available === 'boolean' ? o.available : null,
    };
  });
  const stores = objects(p.stores).map((s): NormalizedOffer => {
    const price = readPrice(s.price);
    return {
      merchant: firstStr(s.name),
      title: null,
      url: firstStr(s.link, s.url),
      price: price.price,
      priceValue: price.priceValue,
      currency: price.currency,
      available: null,
    };
  });
  return [...offers, ...stores];
}

function productOf(p: Obj, origin: NormalizedProduct['origin'], position: number): NormalizedProduct | null {
  const title = firstStr(p.title, p.name, p.product_name);
  if (!title) return null;
  const price = readPrice(p.price ?? p.discountPrice);
  const rating = isObj(p.rating) ? toNumber(p.rating.value) : toNumber(p.rating);
  const reviews =
    toNumber(p.num_reviews ?? p.numReviews ?? p.reviewCount ?? p.reviews) ??
    (isObj(p.rating) ? toNumber(p.rating.count) : null);
  const firstStore = objects(p.stores)[0];
  return {
    position,
    origin,
    title,
    url: firstStr(p.url, p.productLink, p.link, firstStore?.link),
    brand: firstStr(p.brand, p.brandName),
    merchant: firstStr(p.merchant, p.store, p.seller, p.merchant_name, firstStore?.name),
    price: price.price ?? (firstStore ? readPrice(firstStore.price).price : null),
    priceValue: price.priceValue ?? (firstStore ? readPrice(firstStore.price).priceValue : null),
    currency: price.currency ?? (firstStore ? readPrice(firstStore.price).currency : null),
    rating,
    reviews,
    offers: offersOf(p),
  };
}

function allProducts(r: Obj): NormalizedProduct[] {
  const out: NormalizedProduct[] = [];
  const push = (items: Obj[], origin: NormalizedProduct['origin']): void => {
    let n = 0;
    for (const item of items) {
      const product = productOf(item, origin, n + 1);
      if (product) {
        out.push(product);
        n += 1;
      }
    }
  };
  // Cards are either groups holding products[] (assistant-a, -b, -d) or products themselves.
  const cards = [...objects(r.shoppingCards), ...objects(r.shopping_cards)];
  push(
    cards.flatMap((c) => (Array.isArray(c.products) ? objects(c.products) : [c])),
    'shopping-card',
  );
  push(
    objects(r.inlineProducts ?? r.inline_products).map((i) => (isObj(i.product) ? i.product : i)),
    'inline-product',
  );
  push(objects(r.productResults ?? r.product_results), 'product-result');
  return out;
}

// ---------------------------------------------------------------------------------------
// Ads, People Also Ask, related searches

function allAds(r: Obj): NormalizedAd[] {
  const out: NormalizedAd[] = [];
  const add = (a: Omit<NormalizedAd, 'position'>): void => {
    out.push({ position: out.length + 1, ...a });
  };
  const adItem = (ad: Obj, placement: string | null): void => {
    const title = firstStr(ad.title);
    if (!title) return;
    const url = firstStr(ad.url, ad.link);
    add({
      title,
      body: firstStr(ad.description, ad.body, ad.snippet),
      url,
      domain:
        firstStr(ad.domain)
          ?.toLowerCase()
          .replace(/^www\./, '') ??
        (domainOf(url) || null),
      advertiser: firstStr(ad.store, ad.advertiser, ad.displayedUrl, ad.domain),
      placement: firstStr(ad.blockPosition, ad.placement) ?? placement,
    });
  };
  if (Array.isArray(r.ads)) {
    for (const ad of objects(r.ads)) {
      if (Array.isArray(ad.cards) || isObj(ad.brand)) {
        // assistant-a: one brand with cards; at most one ad is rendered.
        const brand = isObj(ad.brand) ? ad.brand : {};
        const placement = ad.rendered === true ? 'rendered' : firstStr(ad.visibility);
        for (const card of objects(ad.cards)) {
          const title = firstStr(card.title);
          if (!title) continue;
          const url = firstStr(card.url, brand.url);
          add({
            title,
            body: firstStr(card.body),
            url,
            domain: domainOf(url) || null,
            advertiser: firstStr(brand.name),
            placement,
          });
        }
      } else {
        adItem(ad, null);
      }
    }
  } else if (isObj(r.ads)) {
    // search-ai: { title: section heading, ads: [...] }
    for (const ad of objects(r.ads.ads)) adItem(ad, 'sponsored');
  }
  const aio = isObj(r.aioverview) ? r.aioverview : {};
  for (const ad of objects(aio.ads)) adItem(ad, 'aioverview');
  return out;
}

function peopleAlsoAsk(r: Obj): NormalizedPeopleAlsoAsk[] {
  const out: NormalizedPeopleAlsoAsk[] = [];
  for (const q of objects(r.peopleAlsoAsk ?? r.people_also_ask)) {
    const question = firstStr(q.question, q.title);
    if (!question) continue;
    out.push({
      position: out.length + 1,
      question,
      snippet: firstStr(q.snippet, q.markdown),
      url: firstStr(q.link, q.url),
      type: firstStr(q.type),
    });
  }
  return out;
}

function relatedSearches(r: Obj): string[] {
  const items = Array.isArray(r.relatedSearches)
    ? r.relatedSearches
    : Array.isArray(r.related_queries)
      ? r.related_queries
      : [];
  return items
    .map((i: unknown) => (typeof i === 'string' ? i : isObj(i) ? firstStr(i.query, i.title) : null))
    .filter((s: string | null): s is string => s !== null);
}

function htmlUrls(v: unknown): string[] {
  const list = typeof v === 'string' ? [v] : strings(v);
  return list.filter((s) => /^https?:\/\//i.test(s.trim()));
}

function entities(r: Obj): NormalizedEntity[] {
  return objects(r.entities)
    .map((e) => ({ type: firstStr(e.type) ?? 'unknown', name: firstStr(e.name) ?? '' }))
    .filter((e) => e.name.length > 0);
}

// ---------------------------------------------------------------------------------------

/**
 * The engine-independent view of one result. Accepts the bare `result` object or the whole
 * `{ success, result }` envelope (an async task's response may be either).
 */
export function normalizeResult(engine: EngineName, rawResult: unknown): NormalizedResult {
  const r: Obj = unwrapResult(rawResult) ?? {};
  const aio = isObj(r.aioverview) ? r.aioverview : isObj(r.aiOverview) ? r.aiOverview : null;
  const aiOverview = aio ? { text: answerText(aio) ?? '', markdown: firstStr(aio.markdown) } : null;
  const ownText = answerText(r);
  const searchQueries = queries(r.searchQueries);
  return {
    engine,
    text: ownText ?? aiOverview?.text ?? '',
    markdown: firstStr(r.markdown) ?? (ownText === null ? (aiOverview?.markdown ?? null) : null),
    htmlUrls: htmlUrls(r.html),
    model: firstStr(r.model),
    searchQueries: searchQueries.length > 0 ? searchQueries : queries(r.search_model_queries),
    sources: allSources(aio && !isObj(r.aioverview) ? { ...r, aioverview: aio } : r),
    entities: entities(r),
    products: allProducts(r),
    ads: allAds(r),
    peopleAlsoAsk: peopleAlsoAsk(r),
    aiOverview,
    relatedSearches: relatedSearches(r),
    shape: engine === 'assistant-a' ? assistantAShape(r) : null,
  };
}
