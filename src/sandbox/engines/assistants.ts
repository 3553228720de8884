import type { AssistantRequest } from '../../shared/api/requests';
import type { Answer } from './answer';
import { assistantBShopping, assistantDShopping, assistantEShopping } from './commerce';
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
  const shopping = assistantBShopping(answer);
  if (shopping) result.shopping_cards = shopping;
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
  const result: Json = {
    text: answer.text,
    searchQueries: answer.queries,
    sources: basicSources(answer.sources),
    citationPills: citationPills(answer.sources, 1),
    map: [],
  };
  const shopping = assistantDShopping(answer);
  if (shopping) result.shoppingCards = shopping;
  return common(answer, req, ctx, result);
}

export function assistantE(answer: Answer, req: AssistantRequest, ctx: EngineContext): Json {
  const result: Json = {
    text: answer.text,
    sources: basicSources(answer.sources),
  };
  const pills = citationPills(answer.sources, 1);
  if (pills.length > 0) result.citationPills = pills;
  const shopping = assistantEShopping(answer);
  if (shopping) result.shoppingCards = shopping;
  return common(answer, req, ctx, result);
}
