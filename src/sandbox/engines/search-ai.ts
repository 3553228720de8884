import type { SearchAiRequest } from '../../shared/api/requests';
import type { Answer } from './answer';
import { searchAiAds, searchAiProductResults, searchAiShopping } from './commerce';
import { redirectLink } from './redirect';
import { basicSources, citationPills, storeHtml, type EngineContext, type Json } from './shared';

// The search engine's AI answer mode: text with sources and pills (each with a redirect
// link), shopping cards, an ads object, and merchant offers per product cluster when
// include.expandProducts is on (the caller charges +1 per cluster returned).

export function searchAi(
  answer: Answer,
  req: SearchAiRequest,
  ctx: EngineContext,
): { result: Json; clusters: number } {
  const include = req.include ?? {};
  const result: Json = {
    text: answer.text,
    sources: basicSources(answer.sources, (s) => ({ redirectLink: redirectLink(s.url) })),
    citationPills: citationPills(answer.sources, 1, { redirect: true }),
  };
  if (include.markdown) result.markdown = answer.markdown;
  if (include.html) result.html = storeHtml(ctx, answer, answer.input.prompt);
  let clusters = 0;
  const shopping = searchAiShopping(answer);
  if (shopping) Object.assign(result, shopping);
  if (include.expandProducts) {
    const expanded = searchAiProductResults(answer);
    clusters = expanded.length;
    if (clusters > 0) result.productResults = expanded;
  }
  const ads = searchAiAds(answer);
  if (ads) result.ads = ads;
  return { result, clusters };
}
