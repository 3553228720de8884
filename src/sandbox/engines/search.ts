import type { SearchNewsRequest, SearchRequest } from '../../shared/api/requests';
import type { Answer, Brand, Source } from './answer';
import { overviewAds, searchAds, searchProductResults, searchShopping } from './commerce';
import { renderHtmlPage } from './files';
import { fill } from './phrases';
import { redirectLink, searchPageUrl } from './redirect';
import { basicSources, citationPills, type EngineContext, type Json } from './shared';

// Web search and news search: ten results per page, organic results on local domains,
// People Also Ask, related searches, ads on some queries, the AI overview when asked.

const PER_PAGE = 10;

/**
 * The results: the pages the answer cites, then (for a product query) retailers' pages of the
 * products it names, titled as shops title them ("Veloxa Trail 3 | SportShop"), then more pages
 * of the same sites.
 */
function organicPool(answer: Answer, count: number): Source[] {
  const retail: Source[] = answer.category.shopping
    ? answer.products.map((p) => ({
        url: p.url,
        domain: new URL(p.url).hostname,
        label: `${p.title} | ${p.merchant}`,
        description: `${p.price.raw} · ${answer.phrases.inStock}`,
        siteName: p.merchant,
      }))
    : [];
  const listed = [...answer.sources, ...retail];
  const extra: Source[] = [];
  for (let i = listed.length; i < count; i++) {
    const base = answer.sources[i % answer.sources.length] as Source;
    const host = base.domain.replace(/^www\./, `www${(i % 9) + 2}.`);
    extra.push({ ...base, url: `https://${host}/p/${(answer.key + i) % 100_000}`, domain: host });
  }
  return [...listed, ...extra].slice(0, count);
}

/** The brand whose own site (any of its hosts) serves this page, if one does. */
function siteBrand(answer: Answer, host: string): Brand | undefined {
  return answer.brands.find((b) => host.endsWith(`.${b.slug}${answer.locale.tld}`));
}

/**
 * A result's title as a results page shows it: a brand's own page is titled by the brand and
 * its product, as real pages are ("Veloxa Trail 3 | Veloxa"), so a page can name the brand a
 * publisher's headline leaves out; other pages keep their headline.
 */
function organicTitle(answer: Answer, s: Source): string {
  const brand = siteBrand(answer, s.domain);
  return brand ? `${brand.name} ${brand.product} | ${brand.name}` : s.label;
}

function htmlPages(answer: Answer, ctx: EngineContext, pages: number, items: Source[]): string[] {
  const out: string[] = [];
  for (let p = 0; p < pages; p++) {
    out.push(
      ctx.files.put(
        renderHtmlPage({
          title: `${answer.input.prompt} – page ${p + 1}`,
          lang: answer.locale.lang,
          paragraphs: [],
          links: items.slice(p * PER_PAGE, (p + 1) * PER_PAGE).map((s) => ({ url: s.url, label: s.label })),
        }),
      ),
    );
  }
  return out;
}

export function search(answer: Answer, req: SearchRequest, pages: number, ctx: EngineContext): Json {
  const { locale, phrases, rng } = answer;
  const pool = organicPool(answer, pages * PER_PAGE);
  const include = req.include ?? {};
  const result: Json = {
    organicResults: pool.map((s, i) => ({
      position: i + 1,
      title: organicTitle(answer, s),
      link: s.url,
      displayedLink: `https://${s.domain}`,
      snippet: s.description,
      ...(s.datePublished ? { date: s.datePublished } : {}),
      page: Math.floor(i / PER_PAGE) + 1,
      redirectLink: redirectLink(s.url),
    })),
    peopleAlsoAsk: answer.questions.map((q, i) => {
      const s = answer.sources[i % answer.sources.length] as Source;
      const aio = i === 0;
      const item: Json = {
        question: q,
        type: aio ? 'AIOVERVIEW' : 'LINK',
        snippet: fill(phrases.answers[i % phrases.answers.length] ?? '', {
          brand: answer.brands[0]?.name ?? '',
          brand2: answer.brands[1]?.name ?? '',
        }),
        title: s.label,
      };
      if (!aio) Object.assign(item, { link: s.url, redirectLink: redirectLink(s.url) });
      if (aio && include.paaAioverview) {
        item.markdown = `**${answer.brands[0]?.name ?? ''}** – ${answer.brands[0]?.reason ?? ''}`;
        item.sources = answer.sources.slice(0, 2).map((x, j) => ({
          label: x.label,
          url: x.url,
          description: x.description,
          position: j + 1,
          redirectLink: redirectLink(x.url),
        }));
      }
      return item;
    }),
    relatedSearches: answer.queries.map((q) => ({ query: q, link: searchPageUrl(q, locale.country) })),
  };
  const ads = searchAds(answer);
  if (ads.length > 0) result.ads = ads;
  const shopping = searchShopping(answer);
  if (shopping) result.shoppingCards = shopping;
  const products = searchProductResults(answer);
  if (products) result.productResults = products;
  const top = answer.brands[0];
  if (top && rng.chance(0.5)) {
    const site = `https://www.${top.slug}${locale.tld}`;
    result.knowledgeGraph = {
      title: top.name,
      type: answer.categoryName,
      kgmid: `/g/${answer.key.toString(36)}`,
      description: `${top.name}: ${top.reason}.`,
      website: site,
      source: {
        name: answer.sources[0]?.siteName ?? top.name,
        link: answer.sources[0]?.url ?? site,
        redirectLink: redirectLink(answer.sources[0]?.url ?? site),
      },
      attributes: [{ key: 'Rating', value: String(top.rating) }],
      redirectLink: redirectLink(site),
    };
  }
  if (include.aioverview) {
    result.aioverview = {
      text: answer.text,
      ...(include.aioverview.markdown ? { markdown: answer.markdown } : {}),
      sources: basicSources(answer.sources, (s) => ({ redirectLink: redirectLink(s.url) })),
      citationPills: citationPills(answer.sources, 1, { redirect: true }),
    };
    const aiAds = overviewAds(answer);
    if (aiAds.length > 0) (result.aioverview as Json).ads = aiAds;
  }
  if (include.html) result.html = htmlPages(answer, ctx, pages, pool);
  return result;
}

export function news(answer: Answer, req: SearchNewsRequest, ctx: EngineContext): Json {
  const { locale, phrases, rng } = answer;
  const pages = req.pages ?? 1;
  const outlets = phrases.publishers.slice(3).concat(phrases.publishers.slice(0, 3));
  const items: Json[] = [];
  for (let i = 0; i < pages * PER_PAGE; i++) {
    const outlet = outlets[i % outlets.length] as string;
    const host = `www.${outlet}${locale.tld}`;
    const title = fill(phrases.newsTitles[i % phrases.newsTitles.length] ?? '', {
      brand: answer.brands[i % answer.brands.length]?.name ?? '',
      brand2: answer.brands[(i + 1) % answer.brands.length]?.name ?? '',
      cat: answer.categoryName,
      country: locale.countryName,
    });
    const link = `https://${host}/news/${(answer.key + i * 7919) % 1_000_000}`;
    const hours = 1 + rng.int(0, 30) + i * 3;
    items.push({
      position: i + 1,
      title,
      link,
      snippet: fill(phrases.sourceDescription, { n: 3 + (i % 5), cat: answer.categoryName }),
      source: outlet,
      date:
        hours < 24
          ? fill(phrases.hoursAgo, { n: hours })
          : fill(phrases.daysAgo, { n: Math.floor(hours / 24) }),
      page: Math.floor(i / PER_PAGE) + 1,
      thumbnail: `https://${host}/img/${i}.jpg`,
      redirectLink: redirectLink(link),
    });
  }
  const result: Json = { newsResults: items };
  if (req.include?.html) {
    const asSources: Source[] = items.map((n) => ({
      url: String(n.link),
      domain: '',
      label: String(n.title),
      description: '',
      siteName: '',
    }));
    result.html = htmlPages(answer, ctx, pages, asSources);
  }
  return result;
}
