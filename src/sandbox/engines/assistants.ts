import type { AssistantRequest } from '../../shared/api/requests';
import type { Answer } from './answer';
import { basicSources, citationPills, opaqueRaw, storeHtml, type EngineContext, type Json } from './shared';

// assistant-b (snake_case fields), assistant-c (rich sources, no pills), assistant-d
// (structured shopping and map) and assistant-e (places and flat shopping cards).

function common(answer: Answer, req: AssistantRequest, ctx: EngineContext, result: Json): Json {
  const include = req.include ?? {};
  if (include.markdown) result.markdown = answer.markdown;
  if (include.html) result.html = storeHtml(ctx, answer, answer.input.prompt);
  if (include.rawResponse) result.rawResponse = opaqueRaw(answer);
  return result;
}

export function assistantB(answer: Answer, req: AssistantRequest, ctx: EngineContext): Json {
  const { locale } = answer;
  const result: Json = {
    text: answer.text,
    sources: basicSources(answer.sources),
    citationPills: citationPills(answer.sources, 1),
    related_queries: answer.questions.slice(0, 3),
    search_model_queries: answer.queries,
    videos: answer.rng.chance(0.5)
      ? [
          {
            title: answer.sources[0]?.label ?? answer.categoryName,
            url: `https://video.example${locale.tld}/watch/${answer.key % 100_000}`,
            thumbnail: `https://video.example${locale.tld}/thumb/${answer.key % 100_000}.jpg`,
            medium: 'video',
            source: 'web',
          },
        ]
      : [],
    images: [],
  };
  if (answer.category.shopping) {
    result.shopping_cards = [
      {
        tags: [answer.categoryName],
        products: answer.products.map((p, i) => ({
          title: p.title,
          id: p.id,
          url: p.url,
          price: p.price.raw,
          merchant: p.merchant,
          available: true,
          imageUrls: [p.image],
          numReviews: p.reviews,
          position: i + 1,
          rating: p.rating,
          original_price: p.oldPrice?.raw ?? null,
          offers: [
            {
              url: p.url,
              price: p.price.raw,
              merchant_name: p.merchant,
              product_name: p.title,
              available: true,
              price_details: { display_price: p.price.raw },
              original_price: p.oldPrice?.raw ?? null,
            },
          ],
        })),
      },
    ];
  }
  return common(answer, req, ctx, result);
}

export function assistantC(answer: Answer, req: AssistantRequest, ctx: EngineContext): Json {
  return common(answer, req, ctx, {
    text: answer.text,
    model: 'assistant-c-synthetic',
    searchQueries: answer.queries,
    sources: basicSources(answer.sources, (s) => ({
      preview: s.description.slice(0, 120),
      searchEngineText: s.label,
      siteName: s.siteName,
      metadataTitle: s.label,
      creator: answer.rng.pick(['Staff', 'Editorial team', 'Guest author']),
      image: `https://${s.domain}/preview.jpg`,
      favicon: `https://${s.domain}/favicon.ico`,
    })),
  });
}

export function assistantD(answer: Answer, req: AssistantRequest, ctx: EngineContext): Json {
  const { locale } = answer;
  const result: Json = {
    text: answer.text,
    searchQueries: answer.queries,
    sources: basicSources(answer.sources),
    citationPills: citationPills(answer.sources, 1),
    map: [],
  };
  if (answer.category.shopping) {
    result.shoppingCards = [
      {
        type: 'shoppingProducts',
        layout: 'Carousel',
        products: answer.products.map((p, i) => ({
          product: { id: p.id, groupId: `g${p.id}`, brandGroupId: `b${p.brand.slug}` },
          position: i + 1,
          offerId: `o${p.id}`,
          url: p.url,
          name: p.title,
          description: p.brand.reason,
          images: [{ title: p.title, url: p.image }],
          specifications: [],
          tags: [],
          price: {
            amount: p.price.value,
            currency: locale.currency,
            currencySymbol: p.price.raw.replace(/[\d\s.,]/g, ''),
          },
          discountPrice: null,
          seller: p.merchant,
          sellerLogoUrl: `${p.merchantUrl}/logo.png`,
          brandName: p.brand.name,
          rating: { value: p.rating, count: p.reviews, maxRating: 5 },
          canTrackPrice: true,
        })),
      },
    ];
  }
  return common(answer, req, ctx, result);
}

export function assistantE(answer: Answer, req: AssistantRequest, ctx: EngineContext): Json {
  const result: Json = {
    text: answer.text,
    sources: basicSources(answer.sources),
  };
  const pills = citationPills(answer.sources, 1);
  if (pills.length > 0) result.citationPills = pills;
  if (answer.category.shopping) {
    result.shoppingCards = answer.products.map((p, i) => ({
      position: i + 1,
      title: p.title,
      productLink: p.url,
      productId: p.id,
      price: p.price,
      ...(p.oldPrice ? { oldPrice: p.oldPrice } : {}),
      store: p.merchant,
      storeLink: p.merchantUrl,
      storeCount: 1 + (Number(p.id) % 5),
      rating: p.rating,
      reviews: p.reviews,
      brand: p.brand.name,
      thumbnail: p.image,
    }));
  }
  return common(answer, req, ctx, result);
}
