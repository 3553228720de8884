import type { AssistantARequest } from '../../shared/api/requests';
import type { Answer } from './answer';
import { slug } from './catalog';
import type { Entrant } from './entrants';
import { basicSources, chunk, citationPills, storeHtml, type EngineContext, type Json } from './shared';

// assistant-a: chat assistant with web search, shopping cards, brand entities and ads.
// Two shapes: the legacy streamed interface (model, searchQueries, mapSearchQueries filled)
// when `legacy` is asked and served (most of the time), the mobile-web shape otherwise.

const MODEL = 'assistant-a-synthetic-2026-09';

export function assistantA(answer: Answer, req: AssistantARequest, ctx: EngineContext): Json {
  const include = req.include ?? {};
  const rng = answer.rng;
  const legacyServed = req.legacy === true && rng.chance(0.85);
  const webSearch = req.disableWebSearch !== true || rng.chance(0.2);
  const sources = webSearch ? answer.sources : [];

  const result: Json = {
    text: answer.text,
    sources: basicSources(sources, (s) => ({
      footnote: false,
      ...(s.datePublished ? { datePublished: s.datePublished } : {}),
    })),
    model: legacyServed ? MODEL : null,
    searchQueries: webSearch && (legacyServed || include.searchQueries === true) ? answer.queries : [],
    mapSearchQueries: legacyServed && webSearch ? [`${answer.categoryName} ${answer.locale.city.name}`] : [],
    entities: [
      ...answer.brands.map((b) => ({ type: 'brand', name: b.name })),
      ...answer.entrants.map((e) => ({ type: 'brand', name: e.entityName })),
      ...answer.products.map((p) => ({ type: 'product', name: p.title })),
    ],
    map: [],
  };
  const pills = citationPills(sources, 0, { type: true });
  if (pills.length > 0) result.citationPills = pills;
  if (include.markdown) result.markdown = answer.markdown;
  if (include.html) result.html = storeHtml(ctx, answer, answer.input.prompt);
  if (include.rawResponse) result.rawResponse = streamEvents(answer, include.shopping === true);
  if (include.shopping && answer.category.shopping) {
    const products = answer.products.map((p, i) => ({
      title: p.title,
      position: i + 1,
      url: p.url,
      price: p.price.raw,
      featured_tag: i === 0 ? answer.phrases.bestPrice : null,
      merchant: `${p.merchant} + others`,
      image_urls: [p.image],
      rating: p.rating,
      num_reviews: p.reviews,
      id: p.id,
      offers: [
        {
          merchant_name: p.merchant,
          marketplace_seller: null,
          seller_name: p.merchant,
          brand: p.brand.name,
          product_name: p.title,
          url: p.url,
          price: p.price.raw,
          details: answer.phrases.inStock,
          available: true,
          checkoutable: false,
          price_details: { base: p.price.raw, total: p.price.raw },
          tag: i === 0 ? { text: answer.phrases.bestPrice } : null,
        },
      ],
      rating_grouped_citation: {
        title: answer.sources[0]?.label ?? p.title,
        url: answer.sources[0]?.url ?? p.url,
        supporting_websites: answer.sources.slice(1, 3).map((s) => ({ title: s.label, url: s.url })),
      },
    }));
    result.shoppingCards = [{ tags: [answer.categoryName], products }];
    result.inlineProducts = products.slice(0, 1).map((product) => ({ render_as: 'hero', product }));
  }
  if (include.ads) {
    const newcomers = answer.entrants.filter((e) => e.advertises).map((e) => entrantAd(answer, e));
    result.ads = answer.advertisers.map((b, i) => ({
      brand: {
        name: b.name,
        url: `https://www.${b.slug}${answer.locale.tld}`,
        favicon: `https://www.${b.slug}${answer.locale.tld}/favicon.ico`,
      },
      cards: [
        {
          title: `${b.name} ${b.product}`,
          body: answer.phrases.adBody,
          url: `https://www.${b.slug}${answer.locale.tld}/promo`,
          image: `https://www.${b.slug}${answer.locale.tld}/ad.jpg`,
        },
      ],
      visibility: 'allowed',
      adsResponseIndex: i,
      rendered: i === 0,
    }));
    (result.ads as Json[]).push(...newcomers);
  }
  return result;
}

/** A newcomer buying an ad on the answer (its site is its slug on the locale's domain). */
function entrantAd(answer: Answer, entrant: Entrant): Json {
  const host = `www.${slug(entrant.name) || 'newcomer'}${answer.locale.tld}`;
  return {
    brand: { name: entrant.entityName, url: `https://${host}`, favicon: `https://${host}/favicon.ico` },
    cards: [
      {
        title: entrant.name,
        body: answer.phrases.adBody,
        url: `https://${host}/promo`,
        image: `https://${host}/ad.jpg`,
      },
    ],
    visibility: 'allowed',
    adsResponseIndex: answer.advertisers.length,
    rendered: false,
  };
}

function streamEvents(answer: Answer, shopping: boolean): Json[] {
  const conversationId = `conv_${answer.key.toString(16)}`;
  const events: Json[] = [
    { type: 'conversation.created', conversation_id: conversationId },
    {
      type: 'message.start',
      message: { id: `msg_${answer.key.toString(36)}`, role: 'assistant', model: MODEL },
    },
    ...chunk(answer.text, 8).map((token) => ({
      type: 'message.delta',
      delta: { content: [{ type: 'text', text_delta: token }] },
    })),
  ];
  if (shopping)
    events.push({
      type: 'product.update',
      products: answer.products.map((p) => ({ id: p.id, title: p.title })),
    });
  events.push({ type: 'message.end', reason: 'stop' });
  return events;
}
