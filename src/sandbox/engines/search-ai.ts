import type { SearchAiRequest } from '../../shared/api/requests';
import type { Answer } from './answer';
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
  const { locale, phrases } = answer;
  const include = req.include ?? {};
  const result: Json = {
    text: answer.text,
    sources: basicSources(answer.sources, (s) => ({ redirectLink: redirectLink(s.url) })),
    citationPills: citationPills(answer.sources, 1, { redirect: true }),
  };
  if (include.markdown) result.markdown = answer.markdown;
  if (include.html) result.html = storeHtml(ctx, answer, answer.input.prompt);
  let clusters = 0;
  if (answer.category.shopping) {
    result.shoppingCards = answer.products.map((p, i) => ({
      position: i + 1,
      title: p.title,
      price: p.price,
      ...(p.oldPrice ? { oldPrice: p.oldPrice } : {}),
      store: p.merchant,
      rating: p.rating,
      reviews: String(p.reviews),
      thumbnail: p.image,
      productLink: p.url,
    }));
    result.inlineProducts = answer.products.slice(0, 2).map((p, i) => ({
      title: p.title,
      position: i + 1,
      price: p.price,
      store: p.merchant,
      thumbnail: p.image,
      productLink: p.url,
    }));
    if (include.expandProducts) {
      clusters = Math.min(6, answer.products.length);
      result.productResults = answer.products.slice(0, clusters).map((p) => ({
        title: p.title,
        stores: [
          {
            name: p.merchant,
            link: p.url,
            redirectLink: redirectLink(p.url),
            price: { value: p.price.value, currency: p.price.currency, raw: p.price.raw },
            buyingOptions: [phrases.inStock],
            rating: p.rating,
            reviews: String(p.reviews),
          },
        ],
        aboutTheProduct: { description: `${p.brand.name}: ${p.brand.reason}.`, features: [] },
        images: [{ mainUrl: p.image, title: p.title }],
        rating: p.rating,
        reviews: String(p.reviews),
      }));
    }
  }
  if (answer.advertisers.length > 0) {
    result.ads = {
      title: phrases.adsHeading,
      ads: answer.advertisers.map((b, i) => {
        const url = `https://www.${b.slug}${locale.tld}/promo`;
        return {
          title: `${b.name} ${b.product}`,
          url,
          position: i + 1,
          price: { raw: '' },
          store: b.name,
          redirectLink: redirectLink(url),
        };
      }),
    };
  }
  return { result, clusters };
}
