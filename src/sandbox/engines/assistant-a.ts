import type { AssistantARequest } from '../../shared/api/requests';
import type { Answer } from './answer';
import { assistantAAds, assistantAShopping, commerceOf } from './commerce';
import { basicSources, chunk, citationPills, storeHtml, type EngineContext, type Json } from './shared';

// assistant-a: chat assistant with web search, shopping cards, brand entities and ads.
// Two shapes: the legacy streamed interface (model, searchQueries, mapSearchQueries filled)
// when `legacy` is asked and served (most of the time), the mobile-web shape otherwise.
// Shopping cards, inline products and ads only when include.shopping / include.ads ask.

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
  if (include.shopping) {
    const shopping = assistantAShopping(answer);
    if (shopping) Object.assign(result, shopping);
  }
  if (include.ads) result.ads = assistantAAds(answer);
  return result;
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
      products: commerceOf(answer).products.map((p) => ({ id: p.id, title: p.title })),
    });
  events.push({ type: 'message.end', reason: 'stop' });
  return events;
}
